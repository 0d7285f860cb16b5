import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies list`: movies with an actor, most popular first.
    struct List: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Movies with an actor, most popular first (default: movies.default_person).",
            discussion: """
                Examples:
                  toolbox movies list
                  toolbox movies list --actor "Cate Blanchett"
                  toolbox movies list --person 31 --all --json
                """
        )

        @Option(help: "The TMDB person id.")
        var person: Int?

        @Option(help: "An actor's name, resolved through actor search.")
        var actor: String?

        @Flag(help: "Every page (fetched concurrently).")
        var all = false

        @OptionGroup var pages: PageOptions
        @OptionGroup var global: GlobalOptions

        var configurationOverrides: [ConfigKey: String] {
            person.map { [MoviesPlugin.Keys.defaultPerson: String($0)] } ?? [:]
        }

        func validate() throws {
            if person != nil && actor != nil { throw ValidationError("use --person or --actor, not both") }
            if all && pages.page != nil { throw ValidationError("use --page or --all, not both") }
        }

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(MovieCatalog.self)
            let (personID, who) = try await person(catalog, context: context)
            let fetch: @Sendable (Int) async throws -> TMDBPage<MovieItem> = { try await catalog.movies(withPerson: personID, page: $0) }
            var movies: [MovieItem]
            if all {
                let output = context.output
                movies = try await TMDBPaging.all(key: \.id, progress: { output.progress("Fetching pages", total: $0) }, fetch: fetch)
                if let limit = pages.limit { movies = Array(movies.prefix(limit)) }
            } else {
                movies = try await TMDBPaging.collect(from: pages.start, limit: pages.limit, key: \.id, fetch: fetch)
            }
            try present(movies, empty: "No movies found for \(who).", in: context)
        }

        /// The person to list, and how to name them.
        private func person(_ catalog: MovieCatalog, context: CommandContext) async throws -> (Int, String) {
            guard let actor else {
                let id = try context.configuration.int(MoviesPlugin.Keys.defaultPerson)
                return (id, "person \(id)")
            }
            guard let match = try await catalog.actors(named: actor).first else {
                throw ToolboxError.notFound("No actor found for “\(actor)”", hint: "check the spelling, or try `toolbox movies actors NAME`")
            }
            context.output.notice("Showing movies with \(match.name) (person \(match.id))")
            return (match.id, match.name)
        }
    }
}
