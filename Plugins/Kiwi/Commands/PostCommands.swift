import ArgumentParser
import Foundation
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi feed`
    struct Feed: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "feed", abstract: "Everyone's posts, newest first (or, with --following, the people you follow).",
            discussion: "Examples:\n  toolbox kiwi feed\n  toolbox kiwi feed --following --page 2\n  toolbox kiwi feed --all --json")
        @Option(help: "The page, from 1.") var page = 1
        @Option(help: "Posts a page, 1 to 100.") var pageSize = 10
        @Flag(help: "Every page to the end.") var all = false
        @Flag(help: "Only you and the people you follow (needs a server with /feed).") var following = false
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard page >= 1 else { throw ValidationError("--page counts from 1") }
            guard (1...100).contains(pageSize) else { throw ValidationError("--page-size must be between 1 and 100") }
        }

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            var path = "posts"
            if following {
                _ = try client.session()
                guard await client.supports("feed") else {
                    throw ToolboxError.usage("\(client.server.absoluteString) has no following feed (GET /feed)", hint: "use `toolbox kiwi feed` for everyone's posts")
                }
                path = "feed"
            }
            let posts = all ? try await client.allPosts(path: path) : try await client.posts(page: page, pageSize: pageSize, path: path)
            try KiwiPresentation.list(posts, empty: page > 1 ? "No posts on page \(page)." : "No posts yet.", in: context)
        }
    }

    /// `toolbox kiwi post --image PATH`
    struct Post: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "post", abstract: "Share a photo and a reflection about your book.",
            discussion: "Example:\n  toolbox kiwi post --image page-42.jpg --caption \"The storm chapter\"")
        @Option(help: "A JPEG, PNG, GIF, WebP or HEIC image.", completion: .file()) var image: String
        @Option(help: "Your reflection.") var caption: String?
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            _ = try client.session()
            // Everything is checked before a byte is sent, so nothing half-posts.
            let (data, kind) = try ImageCheck.load(image)
            let (body, boundary) = ImageCheck.multipart(data, kind: kind, caption: caption.flatMap { $0.isEmpty ? nil : $0 })
            // A bar for large files (on a terminal only), in KiB sent.
            let progress = data.count > 512 * 1024 ? context.output.progress("Uploading (KiB)", total: body.count / 1024) : nil
            defer { progress?.finish() }
            var report: (@Sendable (Int) -> Void)?
            if let progress { report = { sent in progress.update(sent / 1024) } }
            let answer = try await client.call("POST", "posts", body: .multipart(body, boundary: boundary), authenticated: true,
                                               uploadProgress: report)
            progress?.finish()
            let post = try client.decode(RemotePost.self, answer)
            if context.output.format == .json { try context.output.json(post); return }
            context.output.line(post.id)
            context.output.notice("Posted \(post.id): \(post.imageURL ?? "")")
        }
    }

    /// `toolbox kiwi show POST_ID`
    struct Show: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "A post with its comments.",
                                                        discussion: "Example:\n  toolbox kiwi show 42")
        @Argument(help: "The post's id.") var id: String
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        struct Full: Encodable {
            var post: RemotePost
            var comments: [RemoteComment]

            func encode(to encoder: any Encoder) throws {
                try post.encode(to: encoder)
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(comments, forKey: .comments)
            }

            enum CodingKeys: String, CodingKey { case comments }
        }

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            let loggedIn = (try? client.session()) != nil
            let post = try client.decode(RemotePost.self, try await client.call("GET", "posts/\(id)", authenticated: loggedIn, notFound: "no post \(id)"))
            let comments = try client.decode([RemoteComment].self, try await client.call("GET", "posts/\(id)/comments", notFound: "no post \(id)"))
            var fields: [(String, String)] = [("Post", post.id), ("Author", "\(post.author.displayName ?? post.author.username) (\(post.author.username))"),
                                             ("Posted", KiwiTime.age(post.created)), ("Caption", post.caption ?? "–"), ("Likes", "\(post.likes)"),
                                             ("Image", post.imageURL ?? "–")]
            fields += comments.map { ("\($0.author.username)", $0.text) }
            try context.output.detail(Full(post: post, comments: comments), fields: fields,
                                      plain: KiwiPresentation.spoken(post) + " \(comments.count) comments.")
        }
    }

    /// `toolbox kiwi delete POST_ID`
    struct Delete: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete one of your posts (asks first).",
                                                        discussion: "Example:\n  toolbox kiwi delete 42 --yes")
        @Argument(help: "The post's id.") var id: String
        @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            _ = try client.session()
            if !yes {
                try context.requireTerminal(for: "confirming the deletion", instead: "--yes")
                context.output.console.write("Delete post \(id) with its likes and comments? [y/N] ", to: .standardError)
                guard context.output.console.readLine(secret: false)?.lowercased().hasPrefix("y") == true else {
                    context.output.notice("Kept post \(id).")
                    return
                }
            }
            try await client.call("DELETE", "posts/\(id)", authenticated: true, notFound: "no post \(id)")
            context.output.notice("Deleted post \(id).")
        }
    }

    /// `toolbox kiwi like POST_ID`
    struct Like: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "like", abstract: "Like a post; prints the new count.")
        @Argument(help: "The post's id.") var id: String
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            try await KiwiCommand.changeLike(id, method: "POST", context: context)
        }
    }

    /// `toolbox kiwi unlike POST_ID`
    struct Unlike: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "unlike", abstract: "Take back a like; prints the new count.")
        @Argument(help: "The post's id.") var id: String
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            try await KiwiCommand.changeLike(id, method: "DELETE", context: context)
        }
    }

    struct LikeCount: Codable { var likes: Int }

    static func changeLike(_ id: String, method: String, context: CommandContext) async throws {
        let client = try context.resolve(KiwiClient.self)
        let count = try client.decode(LikeCount.self, try await client.call(method, "posts/\(id)/like", authenticated: true, notFound: "no post \(id)"))
        if context.output.format == .json { try context.output.json(count) } else { context.output.line("\(count.likes)") }
    }
}
