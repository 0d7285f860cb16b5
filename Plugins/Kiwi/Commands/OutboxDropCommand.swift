import ArgumentParser
import PluginAPI

extension KiwiCommand.OutboxCommand {
    /// `toolbox kiwi outbox drop ID`
    struct Drop: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "drop",
            abstract: "Forget a write that waits, without sending it.",
            discussion: "Example:\n  toolbox kiwi outbox drop 3f9a1c2b"
        )
        @Argument(help: "Its ID, as `toolbox kiwi outbox` lists it.") var id: String
        @OptionGroup var options: ClientOptions
        static var sendsWhatWaits: Bool { false }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let outbox = try context.resolve(KiwiSync.self).outbox
            guard let entry = try outbox.entries().first(where: { $0.id == id }) else {
                throw ToolboxError.notFound("nothing waits in the outbox as \(id)", hint: "`toolbox kiwi outbox` lists what waits")
            }
            try outbox.remove(entry)
            context.output.notice("Dropped the kept \(entry.write.kind) \(entry.write.target).")
        }
    }
}
