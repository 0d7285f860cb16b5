import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi unshelve BOOK`
    struct Unshelve: KiwiBookCommand {
        static let configuration = CommandConfiguration(
            commandName: "unshelve",
            abstract: "Take a book off your shelves, every reading of it.",
            discussion: "Examples:\n  toolbox kiwi unshelve 9780141439600"
        )
        @OptionGroup var target: BookTarget

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let isbn13 = try await isbn13(client: client, in: context)
            _ = try await context.resolve(KiwiSync.self).deliver(.unshelve(isbn13: isbn13))
            context.output.notice("Took \(isbn13) off your shelves.")
        }
    }
}
