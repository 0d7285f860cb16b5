import ArgumentParser
import KiwiServerSettings
import PluginAPI

/// `toolbox kiwi migrate --from DATABASE --to DATABASE`
public struct MigrateCommand: ToolboxCommand {
    public static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Move a community between SQLite and PostgreSQL, ids, times and logins kept.",
        discussion: """
            Copies members (with their password hashes and sessions), posts, images, likes, \
            comments and follows. The target must be empty, or hold only what an earlier run of \
            the same migration copied: an interrupted run continues where it stopped, and a second \
            run copies nothing. Images kept as files (SQLite's uploads folder) go into the target's \
            database. Stop the servers of both stores first. Ends with each table's counts, read back \
            from both sides and compared row by row.

            Examples:
              toolbox kiwi migrate --from sqlite:/srv/kiwi/kiwi.sqlite --to postgres://kiwi:secret@db/kiwi
              toolbox kiwi migrate --from postgres://kiwi:secret@db/kiwi --to sqlite:backup.sqlite
            """
    )

    @Option(help: ArgumentHelp("The community to copy: sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE.", valueName: "database"))
    public var from: KiwiDatabase
    @Option(help: ArgumentHelp("Where to copy it: sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE.", valueName: "database"))
    public var to: KiwiDatabase
    @Option(help: "The source's uploads folder (default: 'uploads' beside an SQLite source).", completion: .directory)
    public var uploads: String?
    @OptionGroup public var global: GlobalOptions

    public init() {}

    public func validate() throws {
        for (flag, database) in [("--from", from), ("--to", to)] where database == .memory {
            throw ValidationError("\(flag): a memory store holds nothing to move; name sqlite:PATH or a postgres:// URL")
        }
        guard from != to else { throw ValidationError("--from and --to name the same database") }
    }

    public func run(in context: CommandContext) async throws {
        try await context.resolve((any KiwiServerHost).self).migrate(self, in: context)
    }
}
