import ArgumentParser
import Foundation
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies watched MOVIE [--rating N] [--on DATE] [--rewatch]`
    struct Watched: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "watched",
            abstract: "Record a movie you watched in your diary, with a rating out of five.",
            discussion: """
                The diary is kept on this computer (see `toolbox movies diary`). One movie on one day \
                is one entry: recording it again changes nothing.

                Examples:
                  toolbox movies watched 550 --rating 4.5
                  toolbox movies watched "past lives" --on 2026-03-02 --rating 5
                  toolbox movies watched tt0137523 --rewatch
                """
        )

        @OptionGroup var movie: MovieArgument
        @Option(help: ArgumentHelp("Your rating: 0.5 to 5, in half stars.", valueName: "stars")) var rating: Double?
        @Option(help: ArgumentHelp("The day you watched it, YYYY-MM-DD (default: today).", valueName: "date")) var on: String?
        @Flag(help: "You had seen it before.") var rewatch = false
        @OptionGroup var tmdb: TMDBOptions

        func validate() throws {
            if let rating, !DiaryEntry.isRating(rating) { throw ValidationError("--rating is 0.5 to 5 in half stars, such as 3.5") }
            if let on {
                guard DateStyle.parse(isoDate: on) != nil else { throw ValidationError("--on takes a date as YYYY-MM-DD, not '\(on)'") }
                if on > Self.today() { throw ValidationError("--on \(on) is in the future") }
            }
        }

        /// Today in the local calendar, as `YYYY-MM-DD`.
        static func today(_ now: Date = Date(), calendar: Calendar = .current) -> String {
            let parts = calendar.dateComponents([.year, .month, .day], from: now)
            return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
        }

        func run(in context: CommandContext) async throws {
            guard let (catalog, id) = try await movie.resolve(in: context) else { return }
            let found = try await catalog.movie(id)
            let item = catalog.item(found)
            let entry = DiaryEntry(
                tmdbID: id,
                imdbID: found.imdbID,
                title: item.title,
                year: item.year,
                watchedDate: on ?? Self.today(),
                rating: rating,
                rewatch: rewatch
            )
            let added = try context.resolve(Diary.self).add([entry])
            if context.output.format == .json { try context.output.json(entry) }
            context.output.notice(
                added.isEmpty
                    ? "“\(entry.title)” (\(entry.year)) is already in your diary on \(entry.displayDate)."
                    : "Added “\(entry.title)” (\(entry.year)) to your diary on \(entry.displayDate)\(rating.map { ", \(entry.stars) (\(NumberStyle.oneDecimal($0)))" } ?? "")."
            )
        }
    }
}
