import ArgumentParser
import Foundation
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi photo POST_ID [--output PATH]`
    struct Photo: KiwiPostCommand {
        static let configuration = CommandConfiguration(
            commandName: "photo",
            abstract: "A post's photo: drawn on a terminal, or saved with --output.",
            discussion: """
                On a terminal the photo is fetched in the smallest size the server keeps that fills the \
                picture; --full fetches the whole photo. --output saves the whole photo.

                Examples:
                  toolbox kiwi photo 42
                  toolbox kiwi photo 42 --full
                  toolbox kiwi photo 42 --output reading.jpg
                """
        )
        @OptionGroup var post: PostTarget
        @Option(name: .shortAndLong, help: "Write the photo to this file.", completion: .file()) var output: String?
        @Flag(help: "Fetch the whole photo rather than the size the terminal's picture needs.") var full = false
        @OptionGroup var picture: PictureOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let width = picture.imageWidth ?? min(context.output.console.width, 60)
            let pixels = full || output != nil ? nil : width * KiwiClient.cellPixels
            let photo = try await client.photo(of: try await client.post(id), filling: pixels)
            if let output {
                try LocalFile.writeAtomically(photo, to: output)
                context.output.notice("Saved the photo of post \(id) to \(output)")
                return
            }
            guard let drawn = try context.resolve(TerminalPictures.self).picture(photo, columns: width) else {
                throw ToolboxError.usage("there is no terminal to draw the photo on", hint: "save it with --output PATH")
            }
            context.output.console.write(drawn.text + "\n", to: .standardOutput)
        }
    }
}
