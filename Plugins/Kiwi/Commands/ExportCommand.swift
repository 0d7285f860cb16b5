import ArgumentParser
import Foundation
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi export [--output FILE]`
    struct Export: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Download your archive: everything of yours on the server, in one zip.",
            discussion: """
                Examples:
                  toolbox kiwi export
                  toolbox kiwi export --output ~/kiwi-archive.zip

                The zip holds kiwi.json (your profile, posts, comments, likes, follows and followers, and \
                every reading on your shelves, with their reviews), every photo of yours at its largest and \
                your avatar, shelves.csv in Goodreads' columns (for Goodreads, StoryGraph or `toolbox kiwi \
                import`), and index.html, which shows it all in a browser, offline. A download that stops \
                leaves no file under the name asked for.
                """
        )
        @Option(help: "Where to write it (default: kiwi-USERNAME-DAY.zip here); an existing file is kept.") var output: String?
        @OptionGroup var options: ClientOptions

        struct Answer: Encodable {
            var file: String
            var bytes: Int
            var files: Int?
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let (path, bytes, files) = try await ArchiveDownload.fetch(client, to: output, context: context)
            let answer = Answer(file: path, bytes: bytes, files: files)
            if context.output.format == .json { return try context.output.json(answer) }
            let size = ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file)
            let counted = files.map { " (\(KiwiSync.count($0, "file")))" } ?? ""
            context.output.line("Saved your archive to \(path): \(size)\(counted). Open index.html inside it to read it in a browser.")
        }
    }
}
