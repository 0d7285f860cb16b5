import ArgumentParser
import PluginAPI

extension TrailersCommand {
    /// `toolbox trailers watchlist list | add ID | remove ID`
    struct WatchlistCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watchlist",
            abstract: "Titles you want to watch, kept on this computer.",
            discussion: "Examples:\n  toolbox trailers watchlist add 1399 --type tv\n  toolbox trailers watchlist list",
            subcommands: [List.self, Add.self, Remove.self])

        struct List: ToolboxCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "Show your watchlist.")
            @OptionGroup var global: GlobalOptions

            func run(in context: CommandContext) async throws {
                try present(try context.resolve(Watchlist.self).list(),
                            empty: "Your watchlist is empty: add a title with `toolbox trailers watchlist add ID`.", in: context)
            }
        }

        struct Add: ToolboxCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a title (checked against TMDB first).")
            @OptionGroup var title: SingleTitle
            @OptionGroup var global: GlobalOptions

            func run(in context: CommandContext) async throws {
                // An id TMDB does not know fails here, before anything is stored.
                let item = TitleDetails(try await context.resolve(TrailerCatalog.self).details(title.id, type: title.type), type: title.type).item
                let added = try context.resolve(Watchlist.self).add(item)
                context.output.notice(added ? "Added “\(item.title)” (\(item.year), \(item.type.label)) to your watchlist." : "“\(item.title)” is already on your watchlist.")
            }
        }

        struct Remove: ToolboxCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a title from your watchlist.")
            @OptionGroup var title: SingleTitle
            @OptionGroup var global: GlobalOptions

            func run(in context: CommandContext) async throws {
                guard let removed = try context.resolve(Watchlist.self).remove(title.id, type: title.type) else {
                    throw ToolboxError.notFound("\(title.type.label) \(title.id) is not on your watchlist", hint: "see it with `toolbox trailers watchlist list`")
                }
                context.output.notice("Removed “\(removed.title)” from your watchlist.")
            }
        }
    }
}
