import ArgumentParser
import Foundation
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi comment POST_ID TEXT`
    struct Comment: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "comment", abstract: "Comment on a post.",
                                                        discussion: "Example:\n  toolbox kiwi comment 42 \"That chapter made me cry\"")
        @Argument(help: "The post's id.") var id: String
        @Argument(help: "What you want to say.") var text: String
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if text.trimmed.isEmpty { throw ValidationError("the comment is empty") }
        }

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            try await client.call("POST", "comments", body: .form([("operation", "create"), ("postid", id), ("text", text)]),
                                  authenticated: true, notFound: "no post \(id)")
            context.output.notice("Commented on post \(id).")
        }
    }

    /// `toolbox kiwi comments POST_ID`
    struct Comments: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "comments", abstract: "A post's comments, oldest first.")
        @Argument(help: "The post's id.") var id: String
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            let comments = try client.decode([RemoteComment].self, try await client.call("GET", "posts/\(id)/comments", notFound: "no post \(id)"))
            try context.output.list(comments, columns: KiwiPresentation.commentColumns, plain: { "\($0.author.username) said: \($0.text)" },
                                    empty: "No comments on post \(id) yet.")
        }
    }

    /// `toolbox kiwi uncomment COMMENT_ID`
    struct Uncomment: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "uncomment", abstract: "Delete one of your comments.")
        @Argument(help: "The comment's id.") var id: String
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            try await client.call("POST", "comments", body: .form([("operation", "delete"), ("commentid", id)]), authenticated: true,
                                  notFound: "no comment \(id)")
            context.output.notice("Deleted comment \(id).")
        }
    }

    /// `toolbox kiwi follow USERNAME`
    struct Follow: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "follow", abstract: "Follow a reader.")
        @Argument(help: "Their username.") var username: String
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            try await context.resolve(KiwiClient.self).call("POST", "users/\(username)/follow", authenticated: true, notFound: "no user \(username)")
            context.output.notice("Following \(username).")
        }
    }

    /// `toolbox kiwi unfollow USERNAME`
    struct Unfollow: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "unfollow", abstract: "Stop following a reader.")
        @Argument(help: "Their username.") var username: String
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            try await context.resolve(KiwiClient.self).call("DELETE", "users/\(username)/follow", authenticated: true, notFound: "no user \(username)")
            context.output.notice("No longer following \(username).")
        }
    }

    /// `toolbox kiwi followers [USERNAME]`
    struct Followers: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "followers", abstract: "Who follows a reader (you by default).")
        @Argument(help: "Their username (default: you).") var username: String?
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            try await KiwiCommand.people("followers", of: username, context: context)
        }
    }

    /// `toolbox kiwi following [USERNAME]`
    struct Following: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "following", abstract: "Whom a reader follows (you by default).")
        @Argument(help: "Their username (default: you).") var username: String?
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            try await KiwiCommand.people("following", of: username, context: context)
        }
    }

    static func people(_ relation: String, of username: String?, context: CommandContext) async throws {
        let client = try context.resolve(KiwiClient.self)
        let name = try username ?? client.session().user.username
        let users = try client.decode([RemoteUser].self, try await client.call("GET", "users/\(name)/\(relation)", notFound: "no user \(name)"))
        try context.output.list(users, columns: KiwiPresentation.userColumns, plain: { $0.displayName ?? $0.username },
                                empty: relation == "followers" ? "Nobody follows \(name) yet." : "\(name) follows nobody yet.")
    }

    /// `toolbox kiwi profile [USERNAME]`
    struct Profile: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "profile", abstract: "A reader: followers, following, their reading streak and their posts.",
            discussion: "Examples:\n  toolbox kiwi profile\n  toolbox kiwi profile ada --json")
        @Argument(help: "Their username (default: you).") var username: String?
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        struct Summary: Encodable {
            var user: RemoteUser
            var followers: Int
            var following: Int
            /// Days in a row with a post, ending today or yesterday; nil when the server gives no dates.
            var streakDays: Int?
            var posts: [RemotePost]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(user, forKey: .user)
                try container.encode(followers, forKey: .followers)
                try container.encode(following, forKey: .following)
                try container.encode(streakDays, forKey: .streakDays)
                try container.encode(posts, forKey: .posts)
            }

            enum CodingKeys: String, CodingKey { case user, followers, following, streakDays, posts }
        }

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            let name = try username ?? client.session().user.username
            let user = try client.decode(RemoteUser.self, try await client.call("GET", "users/\(name)", notFound: "no user \(name)"))
            async let followers = client.call("GET", "users/\(name)/followers", notFound: "no user \(name)")
            async let following = client.call("GET", "users/\(name)/following", notFound: "no user \(name)")
            // Our server lists one reader's posts; with a base-contract server, page through everyone's.
            let posts = await client.supports("users/\(name)/posts")
                ? try await client.allPosts(path: "users/\(name)/posts")
                : try await client.allPosts().filter { $0.author.username == name }
            let dates = posts.compactMap(\.created)
            let summary = Summary(
                user: user, followers: try client.decode([RemoteUser].self, try await followers).count,
                following: try client.decode([RemoteUser].self, try await following).count,
                streakDays: dates.isEmpty && !posts.isEmpty ? nil : KiwiTime.streak(dates), posts: posts)
            switch context.output.format {
            case .json:
                try context.output.json(summary)
            default:
                let streak = summary.streakDays.map { "\($0) \($0 == 1 ? "day" : "days")" } ?? "–"
                try context.output.detail(summary, fields: [
                    ("Reader", "\(user.displayName ?? user.username) (\(user.username))"), ("Followers", "\(summary.followers)"),
                    ("Following", "\(summary.following)"), ("Streak", streak), ("Posts", "\(posts.count)"),
                ], plain: "\(user.displayName ?? user.username) has \(summary.followers) followers, follows \(summary.following), a reading streak of \(streak), and \(posts.count) posts.")
                if context.output.format == .table, !posts.isEmpty {
                    context.output.line("")
                    try KiwiPresentation.list(posts, empty: "", in: context)
                }
            }
        }
    }
}
