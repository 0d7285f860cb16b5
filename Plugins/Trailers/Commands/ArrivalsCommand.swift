import ArgumentParser
import Foundation
import PluginAPI
import TMDB

extension TrailersCommand {
    /// `toolbox trailers arrivals`
    struct Arrivals: TMDBRegionalCommand {
        static let configuration = CommandConfiguration(
            commandName: "arrivals",
            abstract: "What on your watchlist and favourites is newly on your streaming services.",
            discussion: """
                Looks up every title of your watchlist and of `toolbox movies favorites` on your \
                services (tmdb.services) in the region, and names each one that is there in a way \
                it was not at the last look: streaming, free or with ads. Each arrival is told \
                once; what it has told is kept in the data folder. Streaming data by JustWatch.

                Exits 0 when something arrived and 1 when nothing did (no error), so that cron or \
                a notifier can act on it; other failures keep their exit codes and tell nothing. \
                Answers are cached for 6 hours: --refresh asks TMDB again.

                Examples:
                  toolbox trailers arrivals
                  toolbox trailers arrivals --json
                  toolbox trailers arrivals --refresh && notify-send "New on your services"
                """
        )

        @OptionGroup var region: RegionOption
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(TrailerCatalog.self).client
            let services = try await client.requiredStreamingServices()
            let titles = try KeptTitles.load([KeptTitles.watchlist, KeptTitles.favorites], dataFolder: context.paths.data)
            guard !titles.isEmpty else {
                context.output.notice(
                    "Your watchlist and favourites are empty: add with `toolbox trailers watchlist add TITLE` or `toolbox movies favorites add MOVIE`."
                )
                throw ExitStatus.noMatch
            }
            let look = try await ArrivalWatch(dataFolder: context.paths.data)
                .look(at: titles, services: services, client: client, web: try context.resolve(WebClient.self))
            for title in look.gone { context.output.notice("TMDB no longer has \(title.name); it was not looked up.") }
            let since = look.previous.map { " (last look \(RelativeTime.ago(Date().timeIntervalSince($0))))" } ?? ""
            let checked = "\(NumberStyle.grouped(titles.count)) \(titles.count == 1 ? "title" : "titles")"
            try context.output.list(
                look.arrivals,
                columns: Arrival.columns,
                plain: \.spoken,
                empty: "Nothing new on your services for your \(checked) in \(client.locale.region)\(since).",
                attribution: WatchOptions.credit
            )
            if look.arrivals.isEmpty { throw ExitStatus.noMatch }
        }
    }
}
