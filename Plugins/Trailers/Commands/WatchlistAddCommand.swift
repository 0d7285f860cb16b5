import ArgumentParser
import PluginAPI
import TMDB

extension TrailersCommand.WatchlistCommand {
    struct Add: TMDBCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a title (checked against TMDB first).")
        @OptionGroup var title: SingleTitle
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            guard let (catalog, id, type) = try await title.resolve(in: context) else { return }
            try await context.resolve(Watchlist.self).runAdd(in: context) { try await catalog.details(id, type: type).item }
        }
    }
}
