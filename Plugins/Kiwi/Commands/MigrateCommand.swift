import ArgumentParser
import Foundation
import KiwiServer
import Logging
import PluginAPI
import Synchronization

extension KiwiCommand {
    /// `toolbox kiwi migrate --from DATABASE --to DATABASE`
    struct Migrate: ToolboxCommand {
        static let configuration = CommandConfiguration(
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
        var from: String
        @Option(help: ArgumentHelp("Where to copy it: sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE.", valueName: "database"))
        var to: String
        @Option(help: "The source's uploads folder (default: 'uploads' beside an SQLite source).", completion: .directory)
        var uploads: String?
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            for (flag, value) in [("--from", from), ("--to", to)] {
                guard let database = KiwiDatabase(value), database != .memory else {
                    throw ValidationError("\(flag) takes sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE")
                }
            }
            guard from != to else { throw ValidationError("--from and --to name the same database") }
        }

        func run(in context: CommandContext) async throws {
            guard let source = KiwiDatabase(from), let target = KiwiDatabase(to) else { return }
            var folder = uploads
            if folder == nil, case .sqlite(let path) = source {
                folder = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("uploads")
            }
            let output = context.output
            let logger = Logger(label: "kiwi-migrate") { _ in ConsoleLogHandler(console: output.console, level: .error) }
            output.notice("copying \(source.described) to \(target.described)")
            let progress = MigrationProgress(output: output)
            let report = try await KiwiMigration(from: source, to: target, uploads: folder, logger: logger).run { table, done, total in
                progress.show(table, done, total)
            }
            progress.finish()
            if !report.missingImages.isEmpty {
                output.notice(
                    "\(report.missingImages.count) images named by posts or avatars were in neither the source database nor \(folder ?? "an uploads folder"): "
                        + report.missingImages.prefix(5).joined(separator: ", ") + (report.missingImages.count > 5 ? ", …" : "")
                )
            }
            try output.list(
                report.tables,
                columns: [
                    Column("Table") { $0.table }, Column("Source", rightAligned: true) { "\($0.source)" },
                    Column("Target", rightAligned: true) { "\($0.target)" }, Column("Copied now", rightAligned: true) { "\($0.copied)" },
                ],
                plain: { "\($0.table): \($0.source) in the source, \($0.target) in the target, \($0.copied) copied now" },
                empty: ""
            )
            output.notice("verified: the target holds every row of the source, compared column by column")
        }
    }
}

/// One progress line per table, drawn on a terminal.
private final class MigrationProgress: Sendable {
    private let output: Output
    private let current = Mutex<(table: String, line: ProgressIndicator)?>(nil)

    init(output: Output) { self.output = output }

    func show(_ table: String, _ done: Int, _ total: Int) {
        current.withLock { current in
            if current?.table != table {
                current?.line.finish()
                current = (table, output.progress("copying \(table)", total: total))
            }
            current?.line.update(done)
        }
    }

    func finish() { current.withLock { $0?.line.finish() } }
}
