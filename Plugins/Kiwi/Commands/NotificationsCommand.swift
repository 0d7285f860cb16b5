import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi notifications`
    struct Notifications: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "notifications",
            abstract: "Who liked or commented on your posts and who followed you, newest first; marks them read.",
            discussion: """
                Shows the newest \(pageSize) (every one with --all) and marks them read, unless --keep. \
                `toolbox kiwi watch` prints them as they happen.

                Examples:
                  toolbox kiwi notifications
                  toolbox kiwi notifications --unread --keep
                  toolbox kiwi notifications --all --json
                """
        )
        static let pageSize = 20
        @Flag(help: "Only the unread ones.") var unread = false
        @Flag(help: "Every one, not just the newest \(pageSize).") var all = false
        @Flag(help: "Leave them unread.") var keep = false
        @OptionGroup var options: ClientOptions
        @OptionGroup var warnings: SpoilerOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let size = all ? 100 : Self.pageSize
            let found =
                all
                ? try await client.allNotifications(pageSize: size, unreadOnly: unread)
                : try await client.notifications(page: 1, pageSize: size, unreadOnly: unread)
            try context.output.list(
                found,
                columns: KiwiPresentation.notificationColumns(spoilers: warnings.spoilers),
                plain: { KiwiPresentation.spoken($0, spoilers: warnings.spoilers) },
                empty: unread ? "No unread notifications." : "No notifications yet."
            )
            if !keep, let newest = found.first, found.contains(where: { !$0.read }) { _ = try await client.markRead(upTo: newest.id) }
        }
    }
}
