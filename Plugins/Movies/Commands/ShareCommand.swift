import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies share MOVIE [--copy]`
    struct Share: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "share",
            abstract: "One line to share a movie: title, year, rating and its TMDB link.",
            discussion: """
                --copy also puts the line on the clipboard through the terminal (OSC 52), which works \
                over SSH in terminals that allow it (kitty, iTerm2, WezTerm, foot, Windows Terminal; \
                tmux with set-clipboard on). Where there is no terminal to copy through, it says so.

                Examples:
                  toolbox movies share 550
                  toolbox movies share "the power of the dog" --copy
                """
        )

        @OptionGroup var movie: MovieArgument
        @Flag(help: "Also copy the line to the clipboard through the terminal (OSC 52).") var copy = false
        @OptionGroup var tmdb: TMDBOptions

        /// What `--json` adds to the movie's list fields.
        struct Shared: Encodable {
            var line: String
            var url: String
        }

        func run(in context: CommandContext) async throws {
            guard let (catalog, id) = try await movie.resolve(in: context) else { return }
            let details = try await catalog.details(id)
            let line = details.shareLine
            if context.output.format == .json {
                try context.output.json(Flattened(details.item, Shared(line: line, url: details.more.tmdbURL)))
            } else {
                context.output.line(line)
            }
            guard copy else { return }
            let clipboard = TerminalClipboard(console: context.output.console, environment: context.environment)
            if clipboard.copy(line) {
                context.output.notice("Sent to the clipboard through the terminal (OSC 52).")
            } else {
                context.output.notice("Not copied: \(clipboard.obstacle ?? "the terminal cannot take it"); the line is above.")
            }
        }
    }
}
