import ArgumentParser
import KiwiServerSettings
import PluginAPI

/// `toolbox kiwi approve [USERNAME…] [--reject]`
public struct ApproveCommand: ToolboxCommand {
    public static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Let in the sign-ups that wait for a moderator, or list them.",
        discussion: """
            A community served with --registrations approval keeps each sign-up waiting: its name is \
            taken, but it cannot log in. With no username this lists them, oldest first; with usernames \
            it lets each in (they can log in at once) or, with --reject, removes them (the name is free \
            again). It works on the community's database itself, beside its running servers or not.

            Examples:
              toolbox kiwi approve
              toolbox kiwi approve ada bob
              toolbox kiwi approve spammer --reject
              toolbox kiwi approve --database postgres://kiwi:secret@db/kiwi ada
            """
    )

    @Argument(help: "The sign-ups to decide on (none: list those that wait).") public var usernames: [String] = []
    @Flag(help: "Remove these sign-ups instead of letting them in.") public var reject = false
    @OptionGroup public var community: CommunityDatabase
    @OptionGroup public var global: GlobalOptions

    public init() {}

    public func validate() throws {
        if reject, usernames.isEmpty { throw ValidationError("--reject needs the usernames of the sign-ups to remove") }
    }

    public func run(in context: CommandContext) async throws {
        try await context.resolve((any KiwiServerHost).self).approve(self, in: context)
    }
}
