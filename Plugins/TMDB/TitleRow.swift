import ArgumentParser
import PluginAPI

/// A title as either plugin's lists show it: its columns, its sentence, its poster, and the
/// client of the plugin that lists it.
public protocol TitleRow: ListedTitle, Encodable {
    static var columns: [Column<Self>] { get }
    var spoken: String { get }
    var posterURL: String? { get }
    /// The client of the plugin whose lists show it; throws without a usable key.
    static func client(in context: CommandContext) throws -> TMDBClient
}

extension TitleRow {
    /// Shows a list of titles the way every list looks; with `images`, a small poster per row;
    /// with `viewer`, where each is on the user's services, and what the viewer left out.
    public static func present(
        _ items: [Self],
        empty: String,
        images: Bool = false,
        viewer: ViewerPreferences? = nil,
        in context: CommandContext
    ) async throws {
        // Pictures need the key; a saved list shows without one.
        let client = try? Self.client(in: context)
        try await context.resolve(TerminalPictures.self).list(
            items,
            columns: viewer?.columns(columns) ?? columns,
            plain: \.spoken,
            empty: empty,
            attribution: viewer?.attribution,
            wanted: images
        ) {
            try await client?.picture(at: $0.posterURL, size: TMDBImageSize.thumbnail)
        }
        viewer?.report(to: context.output)
    }
}

/// `… list` of the favourites and the watchlist: the saved list, without what was hidden, each title
/// marked with where it is on the user's services (and with `--on-my-services`, only those).
public struct SavedTitlesListCommand<Item: TitleRow & SavedItem>: TMDBCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: "Show \(Item.savedListTitle).")
    }

    @OptionGroup var services: ServicesOption
    @OptionGroup public var tmdb: TMDBOptions

    public init() {}

    public func run(in context: CommandContext) async throws {
        // Without a usable key the list is shown as kept; only --on-my-services needs one.
        let client = services.onMyServices ? try Item.client(in: context) : try? Item.client(in: context)
        var viewer: ViewerPreferences?
        if let client { viewer = try await ViewerPreferences.load(client: client, context: context, onlyMine: services.onMyServices) }
        try await context.resolve(SavedList<Item>.self).runList(in: context) { items, empty in
            try await Item.present(await viewer?.shape(items) ?? items, empty: empty, viewer: viewer, in: context)
        }
    }
}
