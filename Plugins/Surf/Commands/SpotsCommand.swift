import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf spots [REGION]`
    struct Spots: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "spots",
            abstract: "Surf spots: region, type, which way the beach faces, coordinates.",
            discussion: "Examples:\n  toolbox surf spots\n  toolbox surf spots kerry --json"
        )

        @Argument(help: "A region, e.g. donegal.", completion: SurfCommand.placeCompletion) var region: String?
        @Option(help: "The country (default: surf.country).") var country: String?
        @OptionGroup var global: GlobalOptions

        var configurationOverrides: [ConfigKey: String] { country.map { [SurfPlugin.Keys.country: $0] } ?? [:] }

        func run(in context: CommandContext) async throws {
            let provider = try context.resolve((any SurfProvider).self)
            let country = try context.configuration.required(SurfPlugin.Keys.country)
            let spots = try await provider.spots(country: country, region: region)
            try context.output.list(
                spots,
                columns: [
                    Column("Spot", flexible: true) { $0.name },
                    Column("Region") { $0.region },
                    Column("Type") { $0.type },
                    Column("Faces") { "\(Compass.name($0.facing)) (\(Int($0.facing))°)" },
                    Column("Where") { String(format: "%.4f, %.4f", $0.latitude, $0.longitude) },
                    Column("Name") { $0.path },
                ],
                plain: { "\($0.name), \($0.region): a \($0.type) facing \(Compass.name($0.facing))." },
                empty: "No spots known in \(region ?? country)."
            )
        }
    }
}
