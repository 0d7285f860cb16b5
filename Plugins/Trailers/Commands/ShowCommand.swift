import ArgumentParser
import PluginAPI

extension TrailersCommand {
    /// `toolbox trailers show ID`
    struct Show: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "One title in full: its poster on a terminal, certification, runtime and ranked trailers.",
            discussion: "Examples:\n  toolbox trailers show 550\n  toolbox trailers show 1399 --type tv --json"
        )

        @OptionGroup var title: SingleTitle
        @OptionGroup var picture: PictureOptions
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(TrailerCatalog.self)
            let details = try await catalog.details(title.id, type: title.type)
            let spoken =
                "\(details.item.spoken). \(details.runtime ?? ""). Rated \(details.certification). "
                + (details.trailers.first.map { "Best trailer: \($0.summary)." } ?? "No trailer available.")
            try await context.resolve(TerminalPictures.self).detail(
                details.json,
                fields: details.fields,
                plain: spoken,
                width: picture.imageWidth
            ) { try await catalog.picture(at: details.item.posterURL) }
        }
    }
}
