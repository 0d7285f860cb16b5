import ArgumentParser
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi profile [USERNAME]`
    struct Profile: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "profile",
            abstract: "A reader: followers, following, their reading streak and their posts.",
            discussion: "Examples:\n  toolbox kiwi profile\n  toolbox kiwi profile ada --json"
        )
        @OptionGroup var reader: ReaderOrYou
        var options: ClientOptions { reader.options }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let profile = try await client.profile(of: try reader.username ?? client.session().user.username)
            if context.output.format == .json {
                try context.output.json(profile)
                return
            }
            let user = profile.user
            let posts = profile.posts
            let streak = profile.streakDays.map { "\($0) \($0 == 1 ? "day" : "days")" } ?? "–"
            try context.output.detail(
                profile,
                fields: [
                    ("Reader", "\(user.shownName) (\(user.username))"), ("Followers", "\(profile.followers)"),
                    ("Following", "\(profile.following)"), ("Streak", streak), ("Posts", "\(posts.count)"),
                ],
                plain:
                    "\(user.shownName) has \(profile.followers) followers, follows \(profile.following), a reading streak of \(streak), and \(posts.count) posts."
            )
            // The posts follow in every format: piped output has the rows a table shows.
            guard !posts.isEmpty else { return }
            if context.output.format == .table { context.output.line("") }
            try await KiwiPresentation.list(posts, empty: "", in: context)
        }
    }
}
