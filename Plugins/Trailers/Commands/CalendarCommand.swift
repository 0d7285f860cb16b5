import ArgumentParser
import PluginAPI
import TMDB

extension TrailersCommand {
    /// `toolbox trailers calendar [--days N] [--ics FILE]`
    struct ReleaseCalendar: TMDBRegionalCommand {
        static let configuration = CommandConfiguration(
            commandName: "calendar",
            abstract: "The coming releases of your watchlist in your region, by date, or as an iCalendar file.",
            discussion: """
                A movie's releases come from TMDB's release dates for the region (premiere, \
                limited, theatrical, digital, physical, TV), the first of each kind in the window; \
                a show's from its next episode. --ics writes an iCalendar file of all-day events, \
                one per title and kind of release with a stable UID, so that a calendar app that \
                subscribes to the file moves an event when its date changes.

                Examples:
                  toolbox trailers calendar
                  toolbox trailers calendar --days 365 --region GB
                  toolbox trailers calendar --ics ~/Calendars/watchlist.ics
                """
        )

        @Option(help: "How many days ahead, from today.") var days = 90
        @Option(help: "Write the releases to this iCalendar (.ics) file instead.", completion: .file(extensions: ["ics"]))
        var ics: String?
        @OptionGroup var region: RegionOption
        @OptionGroup var tmdb: TMDBOptions

        func validate() throws {
            if !(1...730).contains(days) { throw ValidationError("--days must be between 1 and 730") }
        }

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(TrailerCatalog.self)
            let items = try context.resolve(Watchlist.self).items()
            guard !items.isEmpty else {
                return context.output.notice("Your watchlist is empty: add with `toolbox trailers watchlist add TITLE`.")
            }
            let calendar = try await catalog.releases(of: items, days: days)
            for (item, error) in calendar.failed { context.output.notice("Left out \(item.savedName): \(error.message).") }
            if let ics {
                let text = ICalendar.write(
                    calendar.releases.map(\.event),
                    name: "Watchlist releases (\(catalog.region))",
                    product: "-//toolbox//Trailers release calendar//EN"
                )
                try context.output.export(text, to: ics) { path in
                    "Wrote \(NumberStyle.grouped(calendar.releases.count)) \(calendar.releases.count == 1 ? "release" : "releases") to \(path)."
                }
                return
            }
            try context.output.list(
                calendar.releases,
                columns: UpcomingRelease.columns,
                plain: \.spoken,
                empty: "Nothing on your watchlist comes out in \(catalog.region) in the next \(days) days."
            )
        }
    }
}
