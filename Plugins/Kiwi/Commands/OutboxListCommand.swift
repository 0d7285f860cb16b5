import ArgumentParser
import Foundation
import PluginAPI

extension KiwiCommand.OutboxCommand {
    /// `toolbox kiwi outbox [list]`
    struct List: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the writes that wait (kind, target, age, tries, last error).",
            discussion: "Examples:\n  toolbox kiwi outbox\n  toolbox kiwi outbox --json"
        )
        @OptionGroup var options: ClientOptions
        /// Looking at the outbox sends nothing.
        static var sendsWhatWaits: Bool { false }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let entries = try context.resolve(KiwiSync.self).outbox.entries()
            let now = Date()
            try context.output.list(
                entries.map(Waiting.init),
                columns: [
                    Column("ID") { $0.id },
                    Column("Kind") { $0.kind },
                    Column("Target", flexible: true) { $0.target },
                    Column("Age") { RelativeTime.ago(now.timeIntervalSince($0.createdAt)) },
                    Column("Tries") { "\($0.tries)" },
                    Column("Last error", flexible: true) { $0.lastError ?? "–" },
                ],
                plain: { "\($0.kind) \($0.target), kept \(RelativeTime.ago(now.timeIntervalSince($0.createdAt))), tried \($0.tries) times." },
                empty: "Nothing waits in the outbox."
            )
        }

        /// A kept write as `--json` shows it.
        struct Waiting: Encodable {
            var id, kind, target, server, account: String
            var createdAt: Date
            var tries: Int
            @Nullable var lastError: String?

            init(_ entry: KeptWrite) {
                id = entry.id
                kind = entry.write.kind
                target = entry.write.target
                server = entry.server
                account = entry.account
                createdAt = entry.createdAt
                tries = entry.tries
                lastError = entry.lastError
            }
        }
    }
}
