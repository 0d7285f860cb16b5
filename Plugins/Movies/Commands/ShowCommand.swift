import ArgumentParser
import Foundation
import PluginAPI

extension MoviesCommand {
    /// `toolbox movies show ID`
    struct Show: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "One movie in full: tagline, release date, rating, overview, images.",
            discussion: "Example:\n  toolbox movies show 550"
        )

        @Argument(help: "The TMDB movie id.")
        var id: Int

        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(MovieCatalog.self)
            let details = try await catalog.details(id)
            let spoken = "\(details.item.spoken). Released \(details.displayDate). \(details.more.overview ?? "")"
            try context.output.detail(details.json, fields: details.fields, plain: spoken.trimmed)
        }
    }
}
