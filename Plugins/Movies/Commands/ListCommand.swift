import ArgumentParser
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies list`: movies with an actor, most popular first.
    struct List: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Movies with an actor, most popular first (default: movies.default_person).",
            discussion: """
                Examples:
                  toolbox movies list
                  toolbox movies list --actor "Cate Blanchett"
                  toolbox movies list --person 31 --all --json
                  toolbox movies list --genre thriller --years 2010..2019 --min-rating 7 --sort rating
                  toolbox movies list --on-my-services
                """
        )

        @Option(help: "The TMDB person id.")
        var person: Int?

        @Option(help: "An actor's name, resolved through actor search.")
        var actor: String?

        @Flag(help: "Every page (fetched concurrently).")
        var all = false

        @OptionGroup var filters: MovieFilterOptions
        @OptionGroup var services: ServicesOption
        @OptionGroup var pages: PageOptions
        @OptionGroup var pictures: ListPictureOptions
        @OptionGroup var tmdb: TMDBOptions

        var configurationOverrides: [ConfigKey: String] {
            tmdb.overrides.merging(person.map { [MoviesPlugin.Keys.defaultPerson: String($0)] } ?? [:]) { $1 }
        }

        func validate() throws {
            if person != nil && actor != nil { throw ValidationError("use --person or --actor, not both") }
            if all && pages.page != nil { throw ValidationError("use --page or --all, not both") }
        }

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(MovieCatalog.self)
            let (personID, chosen) = try await person(catalog, context: context)
            async let named = chosen == nil ? catalog.personName(personID) : chosen
            let filter = try await catalog.filter(filters)
            let viewer = try await catalog.viewer(services, in: context)
            let fetch: @Sendable (Int) async throws -> TMDBPage<MovieItem> = {
                let page = try await catalog.movies(withPerson: personID, filter: filter, viewer: viewer.discoverQuery, page: $0)
                return await viewer.shape(page.map(catalog.item))
            }
            let answer: TMDBPage<MovieItem>
            if all {
                let output = context.output
                answer = try await TMDBPaging.all(key: \.id, progress: { output.progress("Fetching pages", total: $0) }, fetch: fetch)
            } else {
                answer = try await TMDBPaging.collect(from: pages.start, limit: pages.limit, key: \.id, fetch: fetch)
            }
            let movies = all ? Array(answer.results.prefix(pages.limit ?? .max)) : answer.results
            // Whose movies these are, as the MMDB app's title says: on stderr, so the rows stay clean.
            let who = await named ?? "person \(personID)"
            let count = answer.totalResults
            context.output.notice(
                "\(who) — \(NumberStyle.grouped(count)) \(count == 1 ? "movie" : "movies")\(chosen == nil ? "" : " (person \(personID))")"
            )
            let filtered = filter == MovieFilter() && !services.onMyServices ? "" : " with these filters"
            try await MovieItem.present(movies, empty: "No movies found for \(who)\(filtered).", images: pictures.images, viewer: viewer, in: context)
        }

        /// The person to list, and their name when `--actor` chose them.
        private func person(_ catalog: MovieCatalog, context: CommandContext) async throws -> (Int, String?) {
            guard let actor else { return (try context.configuration.int(MoviesPlugin.Keys.defaultPerson), nil) }
            guard let match = try await catalog.actors(named: actor).first else {
                throw ToolboxError.notFound("No actor found for “\(actor)”", hint: "check the spelling, or try `toolbox movies actors NAME`")
            }
            return (match.id, match.name)
        }
    }
}
