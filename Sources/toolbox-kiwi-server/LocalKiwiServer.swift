import Foundation
import KiwiServer
import KiwiServerCommands
import KiwiServerSettings
import KiwiWire
import Logging
import PluginAPI
import Synchronization

/// The server's host in its own program: `kiwi serve`, `migrate`, `approve` and `role` run in this process.
struct LocalKiwiServer: KiwiServerHost {
    func serve(_ given: ServeCommand, in context: CommandContext) async throws {
        var configured = given
        if given.mediaStoreAddress == nil, let address = context.configuration.string(KiwiServerKeys.mediaStore) {
            // Checked as the option is, in the words of the key.
            do {
                _ = try KiwiMediaStore(parsing: address)
            } catch let error as ToolboxError {
                throw ToolboxError(.configuration, "kiwi.media_store: \(error.message)", hint: error.hint)
            }
            configured.mediaStoreAddress = address
        }
        let command = configured
        let web = try context.resolve(WebClient.self)
        let books = BookSearch(baseURL: try context.configuration.url(KiwiServerKeys.booksURL), web: web)
        let covers = CoverSource(baseURL: try context.configuration.url(KiwiServerKeys.coversURL), web: web)
        let console = context.output.console
        let logger = Logger(label: "kiwi") { _ in ConsoleLogHandler(console: console, level: context.options.quiet ? .error : .info) }
        let output = context.output
        let app = try buildApplication(command, dataHome: context.paths.data, books: books, covers: covers, logger: logger) { started in
            output.notice("Kiwi is listening on http://\(command.host):\(started.port)")
            output.notice("data: \(started.database), uploads: \(started.uploads)")
            output.notice(
                "open files: \(started.openFiles), so up to \(started.maxConnections) connections "
                    + "(\(command.maxConnectionsPerAddress) from one address) and \(started.maxStreams) live streams; "
                    + "registrations \(command.registrations.rawValue)"
            )
            output.notice("open \(command.browserURL(port: started.port)) in a browser")
        }
        try await app.runService()
    }

    func migrate(_ command: MigrateCommand, in context: CommandContext) async throws {
        let (source, target): (KiwiDatabase, KiwiDatabase)
        switch try command.move {
        case .database(let from, let to): (source, target) = (from, to)
        case .mediaTo(let store): return try await movePhotos(.toStore, store, command, in: context)
        case .mediaFrom(let store): return try await movePhotos(.fromStore, store, command, in: context)
        }
        let folder = source.uploads(given: command.uploads)
        let output = context.output
        let logger = Logger(label: "kiwi-migrate") { _ in ConsoleLogHandler(console: output.console, level: .error) }
        output.notice("copying \(source) to \(target)")
        let progress = MigrationProgress(output: output)
        let report = try await KiwiMigration(from: source, to: target, uploads: folder, logger: logger).run { table, done, total in
            progress.show(table, done, total)
        }
        progress.finish()
        if !report.missingImages.isEmpty {
            output.notice(
                "\(report.missingImages.count) images named by posts or avatars were not in the source database, its media store or \(folder ?? "an uploads folder"): "
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

extension LocalKiwiServer {
    /// `migrate --media-to` and `--media-from`.
    private func movePhotos(
        _ direction: KiwiMediaMove.Direction,
        _ store: KiwiMediaStore,
        _ command: MigrateCommand,
        in context: CommandContext
    ) async throws {
        let output = context.output
        let logger = Logger(label: "kiwi-migrate") { _ in ConsoleLogHandler(console: output.console, level: .error) }
        let database = command.community.resolved(dataHome: context.paths.data)
        output.notice(direction == .toStore ? "moving the photos of \(database) into \(store)" : "moving the photos of \(database) out of \(store)")
        let progress = MigrationProgress(output: output)
        let move = KiwiMediaMove(
            direction,
            database: database,
            store: store,
            uploads: command.uploads,
            mediaFolder: command.mediaFolder,
            dataHome: context.paths.data,
            logger: logger
        )
        let report = try await move.run { done, total in progress.show("photos", done, total) }
        progress.finish()
        if output.format == .json { return try output.json(report) }
        output.notice(
            "\(report.photos) photos: \(report.moved) moved now, \(report.there) there from an earlier run"
                + (report.missing.isEmpty ? "" : ", \(report.missing.count) found nowhere")
        )
        if !report.missing.isEmpty {
            output.notice(
                "not found, in the database or its folders: " + report.missing.prefix(5).joined(separator: ", ")
                    + (report.missing.count > 5 ? ", …" : "")
            )
        }
        output.notice(
            direction == .toStore
                ? "the bucket is the community's: start the servers with --media-store '\(command.mediaTo ?? "")'"
                : "the photos are back in the community's folders: start the servers without --media-store"
        )
    }

    func checkMedia(_ command: MediaCommand.Check, in context: CommandContext) async throws {
        let output = context.output
        let logger = Logger(label: "kiwi-media") { _ in ConsoleLogHandler(console: output.console, level: .error) }
        guard let address = command.mediaStoreAddress ?? context.configuration.string(KiwiServerKeys.mediaStore) else {
            throw ToolboxError(
                .configuration,
                "no media store to check",
                hint: "give --media-store s3://BUCKET?endpoint=URL, or set kiwi.media_store"
            )
        }
        let store = try KiwiMediaStore(parsing: address)
        let check = try KiwiMediaCheck(
            database: command.community.resolved(dataHome: context.paths.data),
            store: store,
            repair: command.repair,
            logger: logger
        )
        let report = try await check.run()
        if output.format == .json {
            try output.json(report)
        } else {
            output.notice("\(report.photos) photos named by the community, \(report.stored) in the bucket")
            for name in report.withoutObjects { output.line("missing from the bucket: \(name)") }
            for name in report.withoutRows {
                output.line(command.repair ? "its objects' rows written again: \(name)" : "its objects' rows missing in the database: \(name)")
            }
            for name in report.withoutRow {
                output.line(report.removed.contains(name) ? "removed (named by nothing): \(name)" : "named by nothing: \(name)")
            }
            if !report.recent.isEmpty {
                output.notice("\(report.recent.count) written in the last ten minutes, left alone: their posts may be being written")
            }
        }
        let left = report.withoutRow.count - report.removed.count
        let rowsLeft = command.repair ? 0 : report.withoutRows.count
        guard report.withoutObjects.isEmpty, left == 0, rowsLeft == 0 else {
            throw ToolboxError(
                .failure,
                [
                    report.withoutObjects.isEmpty ? nil : "\(report.withoutObjects.count) photos the community names are not whole in the bucket",
                    rowsLeft == 0 ? nil : "\(rowsLeft) photos' objects are not in the database as the bucket has them",
                    left == 0 ? nil : "\(left) photos in the bucket are named by nothing",
                ].compactMap { $0 }.joined(separator: "; "),
                hint: left + rowsLeft > 0 ? "run it again with --repair" : "move them again with `toolbox kiwi migrate --media-to`"
            )
        }
        if output.format != .json { output.notice("every photo has its objects, and every object its photo") }
    }

    func approve(_ command: ApproveCommand, in context: CommandContext) async throws {
        let output = context.output
        let logger = Logger(label: "kiwi-approve") { _ in ConsoleLogHandler(console: output.console, level: .error) }
        let moderation = KiwiModeration(database: command.community.resolved(dataHome: context.paths.data), logger: logger)
        guard !command.usernames.isEmpty else {
            try output.list(
                try await moderation.waiting(),
                columns: [
                    Column("Username") { $0.username }, Column("Name") { $0.name ?? "–" }, Column("Email") { $0.email ?? "–" },
                    Column("Signed up") { RelativeTime.ago(Date().timeIntervalSince($0.signedUp)) },
                ],
                plain: { "\($0.username) signed up \(RelativeTime.ago(Date().timeIntervalSince($0.signedUp)))" },
                empty: "No sign-ups wait for approval."
            )
            return
        }
        let notWaiting = try await moderation.decide(command.usernames, approved: !command.reject)
        for username in command.usernames where !notWaiting.contains(username) {
            output.notice(command.reject ? "\(username)'s sign-up is removed" : "\(username) can log in now")
        }
        if let first = notWaiting.first {
            throw ToolboxError.notFound(
                "\(notWaiting.count == 1 ? first : notWaiting.joined(separator: ", ")) \(notWaiting.count == 1 ? "is" : "are") not waiting for approval",
                hint: "list the sign-ups that wait with `toolbox kiwi approve`"
            )
        }
    }
    func giveRole(_ command: RoleCommand, in context: CommandContext) async throws {
        let output = context.output
        let logger = Logger(label: "kiwi-role") { _ in ConsoleLogHandler(console: output.console, level: .error) }
        let moderation = KiwiModeration(database: command.community.resolved(dataHome: context.paths.data), logger: logger)
        guard try await moderation.giveRole(command.role, to: command.username) else {
            throw ToolboxError.notFound("there is no member \(command.username)", hint: "check the username: it is the one they log in with")
        }
        output.notice(
            command.role == .member
                ? "\(command.username) is a member, with no role"
                : "\(command.username) is now \(command.role == .admin ? "an" : "a") \(command.role.rawValue)"
        )
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
