import ArgumentParser
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi shelf [want|reading|read] [--user NAME]`
    struct Shelf: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "shelf",
            abstract: "A reader's shelves: want to read, reading (with progress) and read.",
            discussion: """
                Examples:
                  toolbox kiwi shelf
                  toolbox kiwi shelf reading
                  toolbox kiwi shelf read --user ada --json
                  toolbox kiwi shelf read --spoilers

                Move books with `toolbox kiwi want|start|progress|finish BOOK`; bring a Goodreads or \
                StoryGraph library in with `toolbox kiwi import FILE`.
                """
        )
        @Argument(help: "want, reading or read (default: all three).", completion: .list(KiwiWire.Shelf.allCases.map(\.rawValue)))
        var shelf: String?
        @Option(help: "Whose shelves (default: yours).") var user: String?
        @OptionGroup var warnings: SpoilerOptions
        @OptionGroup var options: ClientOptions

        func validate() throws {
            if let shelf, KiwiWire.Shelf(rawValue: shelf) == nil { throw ValidationError("the shelf must be want, reading or read, not “\(shelf)”") }
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let name = try user ?? client.session().user.username
            let shelves = try await client.shelves(of: name)
            let chosen = shelf.flatMap(KiwiWire.Shelf.init(rawValue:)).map { [$0] } ?? KiwiWire.Shelf.allCases
            let entries = chosen.flatMap { shelves[$0] }
            // All three: the object the server answers (with the year's count); one: its list.
            if context.output.format == .json, shelf == nil { return try context.output.json(shelves) }
            var columns = [
                Column<KiwiWire.ShelfEntry>("Title", flexible: true) { $0.book.title },
                Column("Authors", flexible: true) { $0.book.authors?.joined(separator: ", ") ?? "–" },
                Column("Where") { $0.shelf == .reading ? KiwiShelfText.bar($0.progress) : $0.finished ?? "–" },
                Column("ISBN-13") { $0.book.isbn13 ?? "–" },
            ]
            if shelf == nil { columns.insert(Column("Shelf") { $0.shelf.title }, at: 0) }
            if entries.contains(where: { $0.review != nil }) {
                columns.append(Column("Review", flexible: true) { KiwiShelfText.review($0, spoilers: warnings.spoilers) ?? "–" })
            }
            let whose = user.map { "\($0)'s" } ?? "Your"
            try context.output.list(
                entries,
                columns: columns,
                plain: { KiwiShelfText.spoken($0, spoilers: warnings.spoilers) },
                empty: shelf.flatMap(KiwiWire.Shelf.init(rawValue:)).map { "\(whose) “\($0.title)” shelf is empty." } ?? "\(whose) shelves are empty."
            )
            if context.output.format == .table, shelf == nil || shelf == "read" {
                context.output.notice("\(shelves.readThisYear) read this year. See the year with `toolbox kiwi year`.")
            }
        }
    }
}
