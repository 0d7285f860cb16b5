import ArgumentParser
import Foundation
import PluginAPI

extension MoviesCommand {
    /// `toolbox movies show ID`
    struct Show: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "One movie in full: its poster on a terminal, tagline, release date, rating, overview.",
            discussion: "Example:\n  toolbox movies show 550"
        )

        @Argument(help: "The TMDB movie id.")
        var id: Int

        @OptionGroup var picture: PictureOptions
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(MovieCatalog.self)
            let details = try await catalog.details(id)
            let spoken = "\(details.item.spoken). Released \(details.displayDate). \(details.more.overview ?? "")"
            try await context.resolve(TerminalPictures.self).detail(
                details.json,
                fields: details.fields,
                plain: spoken.trimmed,
                width: picture.imageWidth
            ) { try await catalog.picture(at: details.item.posterURL) }
        }
    }
}
