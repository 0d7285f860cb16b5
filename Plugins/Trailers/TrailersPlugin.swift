import ArgumentParser
import Foundation
import PluginAPI
import TMDB

/// `toolbox trailers`: the Trailers app on the command line.
public enum TrailersPlugin: ToolboxPlugin {
    enum Keys {
        // trailers.region and trailers.language live with the TMDB keys: Movies reads them too.
        static let all = TMDBKeys.all
    }

    public static let descriptor = PluginDescriptor(name: "Trailers", command: TrailersCommand.self, configurationKeys: Keys.all)

    public static func register(into container: inout Container) {
        container.register(TrailerCatalog.self) { container in
            let cache = try container.resolve(ToolboxPaths.self).cache
            return TrailerCatalog(
                client: try TMDBClient.live(from: container, namespace: descriptor.identifier),
                genreNamesFile: CompletionNames.file("genre", cacheFolder: cache, namespace: descriptor.identifier),
                seen: SeenTitles(cacheFolder: cache)
            )
        }
        // Without a usable key the list is shown as kept, unaudited.
        container.registerSavedList(of: TitleItem.self, named: "watchlist", by: descriptor) { container in
            guard let catalog = try? container.resolve(TrailerCatalog.self) else { return nil }
            return { await catalog.gone($0) }
        }
    }
}

struct TrailersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trailers",
        abstract:
            "Trending and discover for movies and TV, where to watch and what arrived on your services, ranked trailers, watchlist and its release calendar (TMDB).",
        discussion: TMDBKeys.discussion(examples: [
            "toolbox trailers browse",
            "toolbox trailers browse --type all --sort newest --genre \"science fiction\" --limit 40",
            "toolbox trailers browse --provider Netflix --kind stream --region GB",
            "toolbox trailers show 550",
            "toolbox trailers show https://www.themoviedb.org/tv/1399",
            "toolbox trailers play 1399 --type tv",
            "toolbox config set tmdb.services \"Netflix, Disney Plus\"",
            "toolbox trailers browse --on-my-services",
            "toolbox trailers arrivals",
            "toolbox trailers calendar --ics ~/watchlist.ics",
        ]),
        subcommands: [
            Browse.self, Trending.self, Genres.self, Providers.self, Show.self, Play.self, WatchlistCommand.self, Arrivals.self,
            ReleaseCalendar.self,
        ]
    )
}
