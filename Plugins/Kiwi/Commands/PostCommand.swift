import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi post --image PATH`
    struct Post: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "post",
            abstract: "Share a photo and a reflection about your book.",
            discussion:
                "Examples:\n  toolbox kiwi post --image page-42.jpg --caption \"The storm chapter\"\n"
                + "  toolbox kiwi post --image page-42.jpg --alt \"A dog-eared page of The Tempest, a pencil beside it\"\n"
                + "  toolbox kiwi post --image page-42.jpg --book 9780141439600\n"
                + "  toolbox kiwi post --image page-42.jpg --book \"the tempest\"\n"
                + "  toolbox kiwi post --image last-page.jpg --book 9780141441146 --spoiler \"the ending of Jane Eyre\"\n\n"
                + "The photo is checked against the limits the server states (bytes, pixels, kinds) before it is sent. "
                + "A book named by its title is looked up first: of several matches, you are asked which on a terminal, "
                + "and elsewhere they are listed with their ISBN-13s."
        )
        @Option(help: "A JPEG, PNG, GIF, WebP or HEIC image.", completion: .file()) var image: String
        @Option(help: "Your reflection.") var caption: String?
        @Option(help: "What the photo shows, for people who cannot see it.") var alt: String?
        @Option(help: "The book: its ISBN-13, or words of its title.") var book: String?
        @Option(help: "What your reflection gives away, shown in its place until a reader asks (at most 200 characters).")
        var spoiler: String?
        @OptionGroup var options: ClientOptions

        func validate() throws {
            if let book, book.trimmed.isEmpty { throw ValidationError("--book takes an ISBN-13 or words of a title") }
            try SpoilerWarning.check(spoiler)
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            _ = try client.session()
            // Everything is checked before a byte is sent, so nothing half-posts.
            let photo = try KiwiPhoto(path: image)
            let limits = await client.mediaLimits()
            try photo.check(against: limits)
            let alt = alt.flatMap { $0.trimmed.isEmpty ? nil : $0 }
            if let alt, let limit = limits?.descriptionLimit, alt.count > limit {
                throw ToolboxError.usage(
                    "--alt is \(alt.count) characters; the server takes at most \(limit)",
                    hint: "describe the photo more briefly"
                )
            }
            // A title is looked up (and perhaps asked about) only once the photo and its words pass.
            let isbn13 = if let book { try await BookChoice.isbn13(book, option: "--book", client: client, in: context) } else { String?.none }
            // A bar for large files (on a terminal only), in KiB sent.
            let progress = photo.data.count > 512 * 1024 ? context.output.progress("Uploading (KiB)", total: photo.data.count / 1024) : nil
            defer { progress?.finish() }
            var report: (@Sendable (Int) -> Void)?
            if let progress { report = { sent in progress.update(sent / 1024) } }
            let answer = try await context.resolve(KiwiSync.self).deliver(
                .post(caption: caption.flatMap { $0.isEmpty ? nil : $0 }, book: isbn13, imageAlt: alt, spoiler: SpoilerWarning.kept(spoiler)),
                photo: photo,
                progress: report
            )
            progress?.finish()
            guard case .post(let post) = answer else { return }
            if context.output.format == .json {
                try context.output.json(post)
                return
            }
            context.output.line(post.id)
            context.output.notice("Posted \(post.id): \(post.imageURL ?? "")")
        }
    }
}
