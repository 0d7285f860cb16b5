import ArgumentParser
import PluginAPI
import TMDB

extension TrailersCommand.WatchlistCommand {
    struct Remove: ToolboxCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a title from your watchlist.")
        // An id, not a lookup: a title TMDB removed can still be taken off.
        @Argument(help: "The TMDB id.") var id: Int
        @Option(help: "movie or tv.") var type: MediaType = .movie
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let key = TitleItem.listKey(id: id, type: type)
            try context.resolve(Watchlist.self).runRemove(key, described: "\(type.label) \(id)", in: context)
        }
    }
}
