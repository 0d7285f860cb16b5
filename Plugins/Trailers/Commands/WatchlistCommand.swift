import ArgumentParser
import PluginAPI

/// Titles to watch, kept in `$XDG_DATA_HOME/toolbox/trailers/watchlist.json`.
typealias Watchlist = SavedList<TitleItem>

extension TrailersCommand {
    /// `toolbox trailers watchlist list | add ID | remove ID`
    struct WatchlistCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watchlist",
            abstract: "Titles you want to watch, kept on this computer.",
            discussion: "Examples:\n  toolbox trailers watchlist add 1399 --type tv\n  toolbox trailers watchlist list",
            subcommands: [SavedListShow<TitleItem>.self, Add.self, Remove.self]
        )

        struct Add: ToolboxCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a title (checked against TMDB first).")
            @OptionGroup var title: SingleTitle
            @OptionGroup var global: GlobalOptions

            func run(in context: CommandContext) async throws {
                let catalog = try context.resolve(TrailerCatalog.self)
                try await context.resolve(Watchlist.self).runAdd(in: context) { try await catalog.details(title.id, type: title.type).item }
            }
        }

        struct Remove: ToolboxCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a title from your watchlist.")
            @OptionGroup var title: SingleTitle
            @OptionGroup var global: GlobalOptions

            func run(in context: CommandContext) async throws {
                let key = TitleItem.listKey(id: title.id, type: title.type)
                try context.resolve(Watchlist.self).runRemove(key, described: "\(title.type.label) \(title.id)", in: context)
            }
        }
    }
}
