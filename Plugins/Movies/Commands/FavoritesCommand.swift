import ArgumentParser
import PluginAPI

extension MoviesCommand {
    /// `toolbox movies favorites list | add ID | remove ID`
    struct FavoritesCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "favorites",
            abstract: "Your favourite movies, kept on this computer.",
            discussion: "Examples:\n  toolbox movies favorites add 550\n  toolbox movies favorites list",
            subcommands: [List.self, Add.self, Remove.self],
            aliases: ["favourites"])

        struct List: ToolboxCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "Show your favourites.")
            @OptionGroup var global: GlobalOptions

            func run(in context: CommandContext) async throws {
                let items = try context.resolve(Favorites.self).list()
                try present(items, empty: "No favourites yet: add one with `toolbox movies favorites add ID`.", in: context)
            }
        }

        struct Add: ToolboxCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a movie (checked against TMDB first).")
            @Argument(help: "The TMDB movie id.") var id: Int
            @OptionGroup var global: GlobalOptions

            func run(in context: CommandContext) async throws {
                let catalog = try context.resolve(MovieCatalog.self)
                // A movie TMDB does not know fails here, before anything is stored.
                let item = catalog.item(try await catalog.details(id))
                let added = try context.resolve(Favorites.self).add(item)
                context.output.notice(added ? "Added “\(item.title)” (\(item.year)) to your favourites." : "“\(item.title)” is already a favourite.")
            }
        }

        struct Remove: ToolboxCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a movie from your favourites.")
            @Argument(help: "The TMDB movie id.") var id: Int
            @OptionGroup var global: GlobalOptions

            func run(in context: CommandContext) async throws {
                guard let removed = try context.resolve(Favorites.self).remove(id) else {
                    throw ToolboxError.notFound("movie \(id) is not among your favourites", hint: "see them with `toolbox movies favorites list`")
                }
                context.output.notice("Removed “\(removed.title)” from your favourites.")
            }
        }
    }
}
