import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand.LogCommand {
    /// `toolbox surf log add SPOT [--when TIME] [--hours H] [--rating 1-5] [--board B] [--note N]`
    struct Add: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Log a session at a spot, with the conditions at its hour.",
            discussion: """
                Examples:
                  toolbox surf log add donegal/bundoran
                  toolbox surf log add clare/lahinch --when "yesterday 18:00" --hours 2 --rating 4 --board "7'2 mid"
                """
        )

        @Argument(help: "REGION/SPOT.", completion: SurfCommand.placeCompletion) var place: String
        @Option(help: "When it began: now, \"today 07:30\", \"yesterday 18:00\", 07:30 or \"2026-11-28 07:30\" (Irish time).")
        var when = "now"
        @Option(help: "How long, in hours.") var hours = 1.0
        @Option(help: "How it was, 1 to 5.") var rating: Int?
        @Option(help: "The board you rode.") var board: String?
        @Option(help: "A note.") var note: String?
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard hours > 0, hours <= 24 else { throw ValidationError("--hours must be more than 0 and at most 24") }
            if let rating, !(1...5).contains(rating) { throw ValidationError("--rating must be between 1 and 5") }
        }

        func run(in context: CommandContext) async throws {
            let now = Date()
            let start = try SessionTime.parse(when, now: now)
            let spot = try await context.resolve(SurfPlaces.self).spot(SpotQuery(place))
            var conditions = await try context.resolve(SurfRecord.self).conditions(at: spot, time: start, now: now)
            // The tide then, at the spot's station, beside the sea and wind it goes with.
            if conditions != nil {
                let (tables, _) = await try context.resolve(TidePredictions.self).tables(near: [spot], around: start)
                if let table = tables[spot.path]?.table, let stage = table.stage(at: start), let height = table.height(at: start) {
                    conditions?.tideStage = (stage * 100).rounded() / 100
                    conditions?.tideRising = table.height(at: start.addingTimeInterval(600)).map { $0 > height }
                }
            }
            let blank: (String?) -> String? = { $0.flatMap { $0.trimmed.isEmpty ? nil : $0.trimmed } }
            let session = try context.resolve(SurfLog.self).add(
                SurfSession(
                    number: 0,
                    spot: spot.name,
                    region: spot.region,
                    path: spot.path,
                    start: start,
                    hours: hours,
                    rating: rating,
                    board: blank(board),
                    note: blank(note),
                    conditions: conditions
                )
            )
            if conditions == nil {
                context.output.notice("no buoy reading or kept forecast has that hour: the session is logged without its conditions")
            }
            let units = try units(context)
            try context.output.detail(
                session,
                fields: [("Logged", "session \(session.number)")] + Self.fields(session, units: units),
                plain: "Logged " + SessionText.spoken(session, units: units)
            )
        }

        static func fields(_ session: SurfSession, units: UnitSystem) -> [(label: String, value: String)] {
            [
                ("Spot", "\(session.spot), \(session.region)"), ("When", SessionText.when(session.start)),
                ("Hours", NumberStyle.oneDecimal(session.hours)), ("Rating", SessionText.stars(session.rating)),
                ("Conditions", SessionText.conditions(session.conditions, units: units)), ("From", session.conditions?.said ?? "–"),
            ] + (session.board.map { [("Board", $0)] } ?? []) + (session.note.map { [("Note", $0)] } ?? [])
        }
    }
}
