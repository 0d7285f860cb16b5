import ArgumentParser
import Foundation
import PluginAPI
import TMDB

extension TrailersCommand {
    /// `toolbox trailers browse`: trending or discover, filtered and sorted, movies and TV merged.
    struct Browse: TMDBRegionalCommand {
        static let configuration = CommandConfiguration(
            commandName: "browse",
            abstract: "Browse movies and TV: trending, or discover with filters and sorts.",
            discussion: """
                Defaults: --type all --sort trending --dates all-time. Trending cannot be combined \
                with a filter (it becomes popularity), and upcoming titles sort by newest; a notice \
                says so when that changes what you typed. --certification alone means --type movie. \
                --provider and --kind keep titles you can watch on any of those providers, in any \
                of those ways, in --region (else tmdb.region, else trailers.region). \
                --on-my-services keeps titles included with your services (tmdb.services): \
                streaming, free or with ads.

                Examples:
                  toolbox trailers browse
                  toolbox trailers browse --sort top-rated --genre drama --limit 50
                  toolbox trailers browse --dates upcoming --type movie --certification PG-13
                  toolbox trailers browse --provider Netflix --provider "Disney Plus" --kind stream --region GB
                  toolbox trailers browse --genre documentary --all --json
                  toolbox trailers browse --on-my-services --sort newest --type movie
                """
        )

        @Option(help: "all, movie or tv.") var type: ContentType?
        @Option(help: "trending, popularity, newest, oldest, top-rated or lowest-rated.") var sort: Sort?
        @Option(help: "A genre name (see `toolbox trailers genres`).", completion: CompletionNames.completion("genre", namespace: "trailers"))
        var genre: String?
        @Option(help: "upcoming, this-month, last-30-days, last-90-days, this-year or all-time.") var dates: DateRange?
        @Option(help: "A US rating for movies: G, PG, PG-13, R or NC-17.") var certification: Certification?
        @Option(
            name: .customLong("provider"),
            help: ArgumentHelp("A watch provider (see `toolbox trailers providers`); repeat for any of several.", valueName: "name"),
            completion: ProviderNames.completion
        )
        var providers: [String] = []
        @Option(name: .customLong("kind"), help: "stream, free, ads, rent or buy; repeat for any of several.") var kinds: [WatchKind] = []
        @OptionGroup var services: ServicesOption
        @OptionGroup var region: RegionOption
        @Flag(help: "Every page (fetched concurrently), to the end.") var all = false
        @OptionGroup var paging: PageOptions
        @OptionGroup var pictures: ListPictureOptions
        @OptionGroup var tmdb: TMDBOptions

        func validate() throws {
            if all && paging.page != nil { throw ValidationError("use --page or --all, not both") }
            if services.onMyServices && !providers.isEmpty { throw ValidationError("use --provider or --on-my-services, not both") }
            if certification != nil, let type, type != .movie {
                throw ValidationError("--certification applies to movies only; it cannot be combined with --type \(type.rawValue)")
            }
        }

        /// The filter the flags describe, with the notices for what the rules changed.
        func filter() -> (TrailerFilter, [String]) {
            var filter = TrailerFilter()
            var notices: [TrailerFilter.Override] = []
            if let type = type ?? (certification != nil ? .movie : nil) { notices += filter.setContentType(type) }
            if let sort { notices += filter.setSort(sort) }
            if let genre { notices += filter.setGenre(genre) }
            if let dates { notices += filter.setDates(dates) }
            if let certification { notices += filter.setCertification(certification) }
            if !providers.isEmpty { notices += filter.setProviders(providers) }
            if !kinds.isEmpty { notices += filter.setKinds(kinds) }
            if services.onMyServices { notices += filter.setOnlyMyServices(true) }
            var said: [String] = []
            for override in notices where !said.contains(override.notice) { said.append(override.notice) }
            return (filter, said)
        }

        func run(in context: CommandContext) async throws {
            let (filter, notices) = filter()
            notices.forEach(context.output.notice)
            let output = context.output
            let catalog = try context.resolve(TrailerCatalog.self)
            let viewer = try await catalog.viewer(services, in: context)
            let found = try await catalog.browse(filter, viewer: viewer, paging: paging, all: all) {
                output.progress("Fetching pages", total: $0)
            }
            let items = all ? Array(found.prefix(paging.limit ?? .max)) : found
            try await TitleItem.present(items, empty: "No titles found for these filters.", images: pictures.images, viewer: viewer, in: context)
        }
    }
}
