import ArgumentParser
import PluginAPI

extension SurfCommand {
    /// `toolbox surf reports REGION/SPOT` (TrebleSurf only)
    struct Reports: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "reports",
            abstract: "Surfers' reports of the day for a spot (needs the treblesurf provider).",
            discussion: "Example:\n  toolbox surf reports donegal/bundoran"
        )

        @Argument(help: "REGION/SPOT.", completion: SurfCommand.placeCompletion) var place: String
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let places = try context.resolve(SurfPlaces.self)
            let spot = try await places.spot(SpotQuery(place))
            let reports = try await places.provider.reports(at: spot)
            try context.output.list(
                reports,
                columns: [
                    Column("Time") { $0.time.map { SpotTime.display($0) } ?? "–" },
                    Column("Size") { $0.surfSize ?? "–" },
                    Column("Quality") { $0.quality ?? "–" },
                    Column("Wind") { [$0.windAmount, $0.windDirection].compactMap { $0 }.joined(separator: " ") },
                    Column("Reporter", flexible: true) { $0.reporter ?? "a surfer" },
                ],
                plain: { "\($0.reporter ?? "A surfer") reported \($0.surfSize ?? "unknown size"), \($0.quality ?? "unrated")." },
                empty: "No reports for \(spot.name) today."
            )
        }
    }
}
