import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf reports REGION[/SPOT]` (TrebleSurf only)
    struct Reports: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "reports",
            abstract: "Surfers' reports of a spot or a region (treblesurf provider, with a session).",
            discussion: """
                The latest report is shown whatever its date, with that date: "today 09:42 IST" \
                or "3 Oct 2025".

                Examples:
                  toolbox surf reports donegal/bundoran
                  toolbox surf reports donegal
                  toolbox surf reports donegal/bundoran --all --limit 20
                """
        )

        @Argument(help: "REGION (every spot of it) or REGION/SPOT.", completion: SurfCommand.placeCompletion) var place: String
        @Flag(help: "Recent reports, newest first, instead of each spot's latest.") var all = false
        @Option(help: "How many reports --all shows, 1 to 50.") var limit = 10
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard (1...50).contains(limit) else { throw ValidationError("--limit must be between 1 and 50") }
        }

        func run(in context: CommandContext) async throws {
            let places = try context.resolve(SurfPlaces.self)
            let query = SpotQuery(place)
            let spots = try await places.spots(query)
            let reports = try await places.provider.reports(at: spots, limit: all ? limit : nil)
            let now = Date()
            let whose = query.spot == nil ? "the spots of \(spots.first?.region ?? query.region)" : spots.map(\.name).joined()
            try context.output.list(
                reports,
                columns: [
                    Column("Spot") { $0.spot },
                    Column("Reported") { SpotTime.reported($0.time, now: now) },
                    Column("Size") { $0.surfSize ?? "–" },
                    Column("Quality") { $0.quality ?? "–" },
                    Column("Surface") { $0.messiness ?? "–" },
                    Column("Wind") { Self.wind($0) ?? "–" },
                    Column("Reporter", flexible: true) { $0.reporter ?? "a surfer" },
                ],
                plain: { report in
                    let said = [report.surfSize, report.quality, Self.wind(report).map { "\($0) wind" }].compactMap { $0 }
                    let label = all ? SpotTime.reported(report.time, now: now) : "latest report: \(SpotTime.reported(report.time, now: now))"
                    return
                        "\(report.spot) (\(label)): \(said.isEmpty ? "no details" : said.joined(separator: ", ")), by \(report.reporter ?? "a surfer")."
                },
                empty: "No reports for \(whose) yet."
            )
        }

        static func wind(_ report: SurfReport) -> String? {
            let words = [report.windAmount, report.windDirection].compactMap { $0 }
            return words.isEmpty ? nil : words.joined(separator: " ")
        }
    }
}
