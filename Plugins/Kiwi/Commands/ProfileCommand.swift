import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi profile [USERNAME]`
    struct Profile: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "profile",
            abstract: "A reader: what they are reading, their shelves, followers, following, reading streak and posts.",
            discussion: "Examples:\n  toolbox kiwi profile\n  toolbox kiwi profile ada --json"
        )
        @OptionGroup var reader: ReaderOrYou
        @OptionGroup var warnings: SpoilerOptions
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
            var fields = [
                ("Reader", "\(user.shownName) (\(user.username))"), ("Followers", "\(profile.followers)"),
                ("Following", "\(profile.following)"), ("Streak", streak), ("Posts", "\(posts.count)"),
            ]
            var plain =
                "\(user.shownName) has \(profile.followers) followers, follows \(profile.following), a reading streak of \(streak), and \(posts.count) posts."
            if let shelves = profile.shelves {
                let reading = shelves.reading.map { "\($0.book.title)  \(KiwiShelfText.bar($0.progress))" }
                fields.insert(("Reading", reading.isEmpty ? "nothing now" : reading.joined(separator: "\n")), at: 1)
                fields.insert(("Read this year", "\(shelves.readThisYear)"), at: 2)
                let counts = KiwiWire.Shelf.allCases.map { "\(shelves[$0].count) \($0.title.lowercased())" }.joined(separator: " · ")
                fields.insert(("Shelves", counts), at: 3)
                let now = shelves.reading.map { "\($0.book.title) (\(KiwiShelfText.place($0)))" }
                plain += " Reading \(now.isEmpty ? "nothing now" : now.joined(separator: ", ")); \(shelves.readThisYear) read this year."
            }
            try context.output.detail(profile, fields: fields, plain: plain)
            // The posts follow in every format: piped output has the rows a table shows.
            guard !posts.isEmpty else { return }
            if context.output.format == .table { context.output.line("") }
            try await KiwiPresentation.list(posts, empty: "", spoilers: warnings.spoilers, in: context)
        }
    }
}
