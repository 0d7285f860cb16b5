import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi feed`
    struct Feed: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "feed",
            abstract: "Everyone's posts, newest first (or, with --following, the people you follow).",
            discussion: "Examples:\n  toolbox kiwi feed\n  toolbox kiwi feed --following --page 2 --images\n  toolbox kiwi feed --all --json"
        )
        @Option(help: "The page, from 1.") var page = 1
        @Option(help: "Posts a page, 1 to 100.") var pageSize = 10
        @Flag(help: "Every page to the end.") var all = false
        @Flag(help: "Only you and the people you follow (needs a server with /feed).") var following = false
        @OptionGroup var options: ClientOptions
        @OptionGroup var pictures: ListPictureOptions
        @OptionGroup var warnings: SpoilerOptions

        func validate() throws {
            guard page >= 1 else { throw ValidationError("--page counts from 1") }
            guard (1...100).contains(pageSize) else { throw ValidationError("--page-size must be between 1 and 100") }
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let which = following ? KiwiPostList.feed(of: try client.session().user.username) : .everyone
            let posts = all ? try await client.allPosts(which) : try await client.posts(which, page: page, pageSize: pageSize)
            try await KiwiPresentation.list(
                posts,
                empty: page > 1 ? "No posts on page \(page)." : "No posts yet.",
                images: pictures.images,
                spoilers: warnings.spoilers,
                in: context
            )
        }
    }
}
