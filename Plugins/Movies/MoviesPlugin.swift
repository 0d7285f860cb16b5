import ArgumentParser
import PluginAPI
import TMDB

/// `toolbox movies`: the MMDB app on the command line.
public enum MoviesPlugin: ToolboxPlugin {
    enum Keys {
        static let defaultPerson = ConfigKey(
            "movies.default_person",
            type: .integer,
            default: "71580",
            summary: "The TMDB person whose movies `movies list` shows (71580: Benedict Cumberbatch)."
        )

        static let all = TMDBKeys.all + [defaultPerson]
    }

    public static let descriptor = PluginDescriptor(name: "Movies", command: MoviesCommand.self, configurationKeys: Keys.all)

    public static func register(into container: inout Container) {
        container.register(MovieCatalog.self) { container in
            MovieCatalog(
                client: try TMDBClient.live(from: container, namespace: descriptor.identifier),
                genreNamesFile: CompletionNames.file(
                    "genre",
                    cacheFolder: try container.resolve(ToolboxPaths.self).cache,
                    namespace: descriptor.identifier
                )
            )
        }
        container.register(Diary.self) { container in Diary(dataFolder: try container.resolve(ToolboxPaths.self).data) }
        // Without a usable key the list is shown as kept, unaudited.
        container.registerSavedList(of: MovieItem.self, named: "favorites", by: descriptor) { container in
            guard let catalog = try? container.resolve(MovieCatalog.self) else { return nil }
            return { await catalog.gone($0) }
        }
    }
}

struct MoviesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "movies",
        abstract:
            "Movies by actor or filter, search, details with where to watch, similar and recommended, trailers, favourites, a diary and your year in film (TMDB).",
        discussion: TMDBKeys.discussion(examples: [
            "toolbox movies list",
            "toolbox movies list --actor \"Tilda Swinton\" --limit 10",
            "toolbox movies search \"fight club\"",
            "toolbox movies list --genre comedy --years 1990..1999 --sort rating",
            "toolbox movies show https://www.themoviedb.org/movie/550-fight-club --region GB",
            "toolbox movies similar 550",
            "toolbox movies watched 550 --rating 4.5",
            "toolbox movies poster 550 --output poster.jpg",
            "toolbox movies list --on-my-services",
            "toolbox movies hide --genre horror",
            "toolbox movies diary stats --year 2026",
        ]),
        subcommands: [
            List.self, Search.self, Actors.self, Show.self, Share.self, PlayTrailer.self, Similar.self, Recommended.self, Poster.self,
            FavoritesCommand.self, Watched.self, DiaryCommand.self, Hide.self, Hidden.self, Unhide.self,
        ]
    )
}
