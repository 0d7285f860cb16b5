import ArgumentParser
import PluginAPI
import TMDB

extension TrailersCommand {
    /// `toolbox trailers providers [--region XX]`
    struct Providers: TMDBRegionalCommand {
        static let configuration = CommandConfiguration(
            commandName: "providers",
            abstract: "The streaming services and stores of a region, with their ids, for browse --provider.",
            discussion: """
                Provider names complete in the shells once this (or a --provider browse) has run. \
                Streaming data by JustWatch.

                Examples:
                  toolbox trailers providers
                  toolbox trailers providers --region IE --json
                """
        )

        @OptionGroup var region: RegionOption
        @OptionGroup var tmdb: TMDBOptions

        func run(in context: CommandContext) async throws {
            let catalog = try context.resolve(TrailerCatalog.self)
            let providers = try await catalog.client.regionProviders()
            try context.output.list(
                providers,
                columns: [
                    Column("ID", rightAligned: true) { "\($0.id)" },
                    Column("Provider", flexible: true) { $0.name },
                    Column("Has") { [$0.movies ? "movies" : nil, $0.tv ? "TV" : nil].compactMap { $0 }.joined(separator: ", ") },
                ],
                plain: { "\($0.name), provider \($0.id)" },
                empty: "TMDB lists no watch providers in \(catalog.region).",
                attribution: WatchOptions.credit
            )
        }
    }
}
