import ArgumentParser
import Foundation
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies poster ID`
    struct Poster: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "poster",
            abstract: "A movie's poster: drawn on a terminal, its cached file's path when piped, or saved to a file.",
            discussion: """
                On a terminal the poster is drawn (and its path said on stderr); piped, the path of the \
                cached file is printed. A poster is downloaded once; later requests use the cached file.

                Examples:
                  toolbox movies poster 550
                  toolbox movies poster 550 --size w185 --output fight-club.jpg
                """
        )

        @OptionGroup var movie: MovieArgument

        @Option(
            help: ArgumentHelp("The size: \(TMDBImageSize.all.joined(separator: ", ")).", valueName: "size"),
            completion: .list(TMDBImageSize.all)
        )
        var size = TMDBImageSize.poster

        @Option(name: .shortAndLong, help: "Also write the image to this file.", completion: .file())
        var output: String?

        @OptionGroup var picture: PictureOptions
        @OptionGroup var tmdb: TMDBOptions

        func validate() throws {
            guard TMDBImageSize.all.contains(size) else {
                throw ValidationError("unknown poster size '\(size)'; TMDB serves \(TMDBImageSize.all.joined(separator: ", "))")
            }
        }

        func run(in context: CommandContext) async throws {
            guard let (catalog, id) = try await movie.resolve(in: context) else { return }
            let poster = try await catalog.poster(of: id, size: size)
            let cached = poster.file
            guard let output else {
                // On a terminal the poster is drawn; piped, its path is what a script wants.
                let pictures = try context.resolve(TerminalPictures.self)
                let width = picture.imageWidth ?? min(context.output.console.width, 60)
                if let image = FileManager.default.contents(atPath: cached), let drawn = pictures.picture(image, columns: width) {
                    context.output.console.write(drawn.text + "\n", to: .standardOutput)
                    context.output.notice(cached)
                } else {
                    context.output.line(cached)
                }
                return
            }
            guard let data = FileManager.default.contents(atPath: cached) else {
                throw ToolboxError.io("cannot read the cached poster \(cached)")
            }
            try LocalFile.writeAtomically(data, to: output)
            context.output.notice("Saved the poster of “\(poster.title)” (\(size)) to \(output)")
            if context.output.format == .json { try context.output.json(["file": output, "url": poster.url]) }
        }
    }
}
