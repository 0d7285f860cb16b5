import ArgumentParser
import PluginAPI
import TMDB

/// The title a command is about, and `--type movie|tv` (movie unless a link says otherwise).
struct SingleTitle: ParsableArguments {
    @Argument(help: ArgumentHelp("A TMDB id, a themoviedb.org or IMDb link or id, or words from the title.", valueName: "title"))
    var title: String

    @Option(help: "movie or tv (default: movie, or what a link names).")
    var type: MediaType?

    /// The catalog, and the title's id and type; nil when words matched several, which were listed.
    func resolve(in context: CommandContext) async throws -> (catalog: TrailerCatalog, id: Int, type: MediaType)? {
        let catalog = try context.resolve(TrailerCatalog.self)
        let reference = try TitleReference(parsing: title)
        if case .tmdb(let id, let linked) = reference, let linked, let type, linked != type {
            throw ToolboxError.usage(
                "that link is to a \(linked.noun), but --type says \(type.rawValue)",
                hint: "leave out --type, or use --type \(linked.rawValue) (id \(id))"
            )
        }
        switch try await catalog.client.resolve(reference, type: type ?? .movie, strict: type != nil) {
        case .one(let id, let type):
            return (catalog, id, type)
        case .several(let titles, let type):
            context.output.notice("Several titles match; run the command again with one of these ids:")
            try await TitleItem.present(titles.compactMap { TitleItem($0, type: type, imageURL: catalog.client.imageURL) }, empty: "", in: context)
            return nil
        }
    }
}
