import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies unhide ID [--type tv] | --genre NAME`
    struct Unhide: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "unhide",
            abstract: "Show a hidden title or genre in the lists again.",
            discussion: """
                Examples:
                  toolbox movies unhide 550
                  toolbox movies unhide 1399 --type tv
                  toolbox movies unhide --genre horror
                """
        )

        // An id, not a lookup: what was hidden is found without TMDB.
        @Argument(help: "The TMDB id of the hidden title (see `toolbox movies hidden`).")
        var id: Int?

        @Option(help: "movie or tv.")
        var type: MediaType = .movie

        @Option(help: "A hidden genre's name.")
        var genre: String?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if (id == nil) == (genre == nil) { throw ValidationError("give an id or --genre NAME, one of them") }
        }

        func run(in context: CommandContext) async throws {
            let hidden = HiddenTitles(dataFolder: context.paths.data)
            if let genre {
                guard let shown = try hidden.unhide(genre: genre) else {
                    throw ToolboxError.notFound("the genre “\(genre)” is not hidden", hint: "see what is with `toolbox movies hidden`")
                }
                return context.output.notice("The genre \(shown.name) shows again.")
            }
            guard let id, let shown = try hidden.unhide(id: id, type: type) else {
                throw ToolboxError.notFound("\(type.label) \(id ?? 0) is not hidden", hint: "see what is with `toolbox movies hidden`")
            }
            context.output.notice("\(shown.name) shows again.")
        }
    }
}
