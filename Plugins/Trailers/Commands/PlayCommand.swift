import ArgumentParser
import PluginAPI

extension TrailersCommand {
    /// `toolbox trailers play ID`
    struct Play: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "play",
            abstract: "Open the best trailer (or --pick N) in the browser.",
            discussion: """
                Opens with $BROWSER, xdg-open or open; prints the link with --print or when \
                nothing can open it.

                Examples:
                  toolbox trailers play 550
                  toolbox trailers play 1399 --type tv --pick 2 --print
                """
        )

        @OptionGroup var title: SingleTitle
        @Option(help: "The trailer's place in the ranking, from 1.") var pick: Int?
        @Flag(help: "Print the link instead of opening it.") var print = false
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let pick, pick < 1 { throw ValidationError("--pick counts from 1") }
        }

        func run(in context: CommandContext) async throws {
            let details = try await context.resolve(TrailerCatalog.self).details(title.id, type: title.type)
            guard !details.trailers.isEmpty else {
                throw ToolboxError.notFound("No trailer available for “\(details.item.title)”", hint: "TMDB lists no YouTube video for it")
            }
            let index = (pick ?? 1) - 1
            guard details.trailers.indices.contains(index) else {
                throw ToolboxError.usage(
                    "“\(details.item.title)” has \(details.trailers.count) trailer\(details.trailers.count == 1 ? "" : "s")",
                    hint: "pick 1 to \(details.trailers.count)"
                )
            }
            let trailer = details.trailers[index]
            if context.output.format == .json { try context.output.json(trailer) }
            if print || context.output.format == .json {
                if context.output.format != .json { context.output.line(trailer.url) }
                return
            }
            if TrailerOpener(environment: context.environment).open(trailer.url) {
                context.output.notice("Opened \(trailer.summary): \(trailer.name)")
            } else {
                context.output.notice("Nothing can open links here; the trailer is at:")
                context.output.line(trailer.url)
            }
        }
    }
}
