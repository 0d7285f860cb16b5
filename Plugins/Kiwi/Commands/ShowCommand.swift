import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi show POST_ID`
    struct Show: KiwiPostCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "A post with its photo (on a terminal) and its comments.",
            discussion: "Example:\n  toolbox kiwi show 42"
        )
        @OptionGroup var post: PostTarget
        @OptionGroup var picture: PictureOptions
        @OptionGroup var warnings: SpoilerOptions

        /// What `--json` adds to the post.
        struct Discussion: Encodable {
            var comments: [KiwiWire.Comment]
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            async let post = client.post(id)
            async let comments = client.comments(on: id)
            let (shown, discussion) = (try await post, try await comments)
            let spoilers = warnings.spoilers
            let hidden = KiwiPresentation.hidden(shown.spoiler, unless: spoilers)
            var fields: [(String, String)] = [
                ("Post", shown.id), ("Author", "\(shown.author.shownName) (\(shown.author.username))"), ("Posted", KiwiTime.age(shown.created)),
                ("Caption", hidden ?? shown.caption ?? "–"), ("Likes", "\(shown.likes)"), ("Image", shown.imageURL ?? "–"),
            ]
            if let alt = shown.imageAlt, hidden == nil { fields.insert(("Photo shows", alt), at: 4) }
            if let warning = shown.spoiler, hidden == nil { fields.insert(("Spoiler", warning), at: 3) }
            if let liked = shown.likedByMe { fields.append(("Liked by you", liked ? "yes" : "no")) }
            if let book = shown.book {
                let authors = book.authors.map { " by " + $0.joined(separator: ", ") } ?? ""
                fields.append(("Book", "\(book.title)\(authors)\(book.isbn13.map { " (ISBN \($0))" } ?? "")"))
            }
            fields += discussion.map { ($0.author.username, KiwiPresentation.hidden($0.spoiler, unless: spoilers) ?? $0.text) }
            try await context.resolve(TerminalPictures.self).detail(
                Flattened(shown, Discussion(comments: discussion)),
                fields: fields,
                plain: KiwiPresentation.spoken(shown, spoilers: spoilers) + " \(discussion.count) comments.",
                width: picture.imageWidth
            ) {
                // The picture takes about 40 % of the terminal unless --image-width says otherwise.
                let cells = picture.imageWidth ?? context.output.console.width * 2 / 5
                // A photo behind a warning stays hidden with the words.
                return shown.imageURL == nil || hidden != nil ? nil : try await client.photo(of: shown, filling: cells * KiwiClient.cellPixels)
            }
        }
    }
}
