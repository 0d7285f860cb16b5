import ArgumentParser
import Foundation
import PluginAPI

extension SurfCommand {
    /// `toolbox surf spots [REGION]`
    struct Spots: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "spots",
            abstract: "Surf spots: region, type, which way the beach faces, coordinates.",
            discussion: """
                With --images, each spot's photo is drawn beside it on a terminal: TrebleSurf's, kept \
                for 30 days (the treblesurf provider). The keyless catalogue has no photos.

                Examples:
                  toolbox surf spots
                  toolbox surf spots kerry --json
                  toolbox surf spots donegal --images
                """
        )

        @Argument(help: "A region, e.g. donegal.", completion: SurfCommand.placeCompletion) var region: String?
        @Option(help: "The country (default: surf.country).") var country: String?
        @Flag(help: "Draw each spot's photo on a terminal (TrebleSurf's; the keyless catalogue has none).") var images = false
        @OptionGroup var global: GlobalOptions

        var configurationOverrides: [ConfigKey: String] { country.map { [SurfPlugin.Keys.country: $0] } ?? [:] }

        func run(in context: CommandContext) async throws {
            let provider = try context.resolve((any SurfProvider).self)
            let country = try context.configuration.required(SurfPlugin.Keys.country)
            let spots = try await provider.spots(country: country, region: region)
            if images, context.output.format == .table {
                let photos = spots.map { provider.photo(of: $0) }
                if photos.allSatisfy({ $0 == nil }) {
                    context.output.notice(
                        "no photos of these spots: they come from TrebleSurf (surf.provider treblesurf); the keyless catalogue has none"
                    )
                }
                let pictures = try context.resolve(TerminalPictures.self)
                for (index, (spot, photo)) in zip(spots, photos).enumerated() {
                    if index > 0 { context.output.line("") }
                    pictures.show(
                        photo,
                        beside: [
                            context.output.bold("\(spot.name), \(spot.region)"), "a \(spot.type) facing \(Compass.name(spot.facing))",
                            String(format: "%.4f, %.4f", spot.latitude, spot.longitude), spot.path,
                        ],
                        width: 36
                    )
                }
                return
            }
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
