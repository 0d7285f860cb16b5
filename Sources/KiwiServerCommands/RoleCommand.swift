import ArgumentParser
import KiwiServerSettings
import PluginAPI

/// `toolbox kiwi role USERNAME admin|moderator|member`
public struct RoleCommand: ToolboxCommand {
    public static let configuration = CommandConfiguration(
        commandName: "role",
        abstract: "Make a member an admin or a moderator, or a member again.",
        discussion: """
            The operator names the community's first admin here, on its database itself, beside its \
            running servers or not; admins then give roles from the web pages or the API. An admin \
            gives roles and moderates; a moderator acts on reports and accounts. The change holds at \
            once on every server.

            Examples:
              toolbox kiwi role ada admin
              toolbox kiwi role bob moderator --database postgres://kiwi:secret@db/kiwi
              toolbox kiwi role bob member
            """
    )

    @Argument(help: "The member.") public var username: String
    @Argument(help: "admin, moderator or member.") public var role: KiwiRole
    @OptionGroup public var community: CommunityDatabase
    @OptionGroup public var global: GlobalOptions

    public init() {}

    public func run(in context: CommandContext) async throws {
        try await context.resolve((any KiwiServerHost).self).giveRole(self, in: context)
    }
}
