import ArgumentParser
import PluginAPI

extension SurfCommand.LogCommand {
    /// `toolbox surf log remove N`
    struct Remove: ToolboxCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a session from your log, by its number.")
        @Argument(help: "The session's number, as `toolbox surf log` shows it.") var number: Int
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            guard let removed = try context.resolve(SurfLog.self).remove(number) else {
                throw ToolboxError.notFound("no session \(number) in your log", hint: "see the numbers with `toolbox surf log`")
            }
            context.output.notice("Removed session \(removed.number): \(removed.spot), \(SessionText.when(removed.start)).")
        }
    }
}
