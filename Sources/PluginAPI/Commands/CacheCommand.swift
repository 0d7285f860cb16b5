import ArgumentParser
import Foundation

/// `toolbox cache stats | clear [--plugin NAME]`.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or clear the response and image cache.",
        subcommands: [Stats.self, Clear.self]
    )

    /// The registry's plugin names, for completing `--plugin`.
    static let pluginNames: CompletionKind = .custom { _, _, _ in PluginRegistry.current?.pluginIdentifiers ?? [] }

    struct Stats: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Show how much each plugin has cached.",
            discussion: "Example:\n  toolbox cache stats"
        )

        @OptionGroup var global: GlobalOptions

        struct Usage: Encodable {
            var plugin: String
            var entries: Int
            var expired: Int
            var bytes: Int
        }

        func run(in context: CommandContext) async throws {
            let now = Date()
            let usage = context.registry.pluginIdentifiers.map { plugin -> Usage in
                let files = ResponseCache.files(under: "\(context.paths.cache)/\(plugin)")
                let expired = files.filter { file in
                    // Images never expire; an answer toolbox cannot read (an older format) is as good as expired.
                    guard file.path.contains("/http/"), let data = FileManager.default.contents(atPath: file.path) else { return false }
                    return ResponseCache.decode(data).map { !$0.isFresh(at: now) } ?? true
                }.count
                return Usage(plugin: plugin, entries: files.count, expired: expired, bytes: files.reduce(0) { $0 + $1.size })
            }
            try context.output.list(
                usage,
                columns: [
                    Column("Plugin") { $0.plugin },
                    Column("Entries", rightAligned: true) { "\($0.entries)" },
                    Column("Expired", rightAligned: true) { "\($0.expired)" },
                    Column("Size", rightAligned: true) { ByteCountFormatter.string(fromByteCount: Int64($0.bytes), countStyle: .file) },
                ],
                plain: { "\($0.plugin): \($0.entries) entries, \($0.expired) expired, \($0.bytes) bytes." },
                empty: "No plugins."
            )
            if context.output.format == .table { context.output.notice("cache folder: \(context.paths.cache)") }
        }
    }

    struct Clear: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Delete cached answers and images.",
            discussion: "Examples:\n  toolbox cache clear\n  toolbox cache clear --plugin PLUGIN   (names: `toolbox plugins`)"
        )

        @Option(help: "Only this plugin's cache.", completion: CacheCommand.pluginNames)
        var plugin: String?

        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let known = context.registry.pluginIdentifiers
            if let plugin, !known.contains(plugin) {
                let hint = Suggestion.closest(to: plugin, among: known).map { "did you mean '\($0)'?" }
                throw ToolboxError.usage("unknown plugin '\(plugin)'", hint: hint ?? "plugins: \(known.joined(separator: ", "))")
            }
            let targets = plugin.map { [$0] } ?? known
            var removed = 0
            for target in targets {
                let folder = "\(context.paths.cache)/\(target)"
                removed += ResponseCache.files(under: folder).count
                try? FileManager.default.removeItem(atPath: folder)
            }
            context.output.notice("Removed \(removed) cached \(removed == 1 ? "entry" : "entries")\(plugin.map { " of \($0)" } ?? "").")
        }
    }
}
