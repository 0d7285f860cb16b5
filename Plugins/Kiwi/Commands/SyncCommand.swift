import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi sync`
    struct Sync: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Send the writes that wait in the outbox, in order, and say what landed.",
            discussion: "Exit status 75 when some still wait (the server is still out of reach).\n\nExample:\n  toolbox kiwi sync"
        )
        @OptionGroup var options: ClientOptions
        /// It sends them itself, and says so out loud.
        static var sendsWhatWaits: Bool { false }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            _ = try client.session()
            let report = try await context.resolve(KiwiSync.self).sendWaiting()
            KiwiSyncReport.say(report, in: context, quietly: false)
            if report.landed.isEmpty, report.refused.isEmpty, report.waiting.isEmpty { context.output.notice("Nothing waits in the outbox.") }
            if !report.waiting.isEmpty {
                throw ToolboxError.deferred(
                    "\(KiwiSync.count(report.waiting.count, "write")) still \(report.waiting.count == 1 ? "waits" : "wait")",
                    hint: "the server is still out of reach; `toolbox kiwi sync` tries again"
                )
            }
        }
    }
}
