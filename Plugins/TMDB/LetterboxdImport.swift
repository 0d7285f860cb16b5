import Foundation
import PluginAPI

/// What an import of Letterboxd rows into one of the user's lists (the diary, the watchlist)
/// would do: the entries it adds, those already kept, and the rows it cannot place, never guessed.
public struct LetterboxdImport<Entry: Encodable & Sendable>: Sendable {
    public struct Skipped: Sendable, Encodable {
        public var line: Int
        public var title: String
        public var reason: String
    }

    /// Why a row cannot be placed, in a phrase: "TMDB has no single movie called that".
    public struct Unplaced: Error, Sendable {
        public var text: String

        public init(_ text: String) { self.text = text }
    }

    public var adding: [Entry] = []
    public var already: [Entry] = []
    public var skipped: [Skipped] = []

    /// Places every row at once (the web client caps requests per host); an entry whose `key` is
    /// among `kept`, or came earlier in the file, is already there.
    public init<Key: Hashable & Sendable>(
        _ rows: [LetterboxdCSV.Row],
        kept: Set<Key>,
        key: (Entry) -> Key,
        place: @escaping @Sendable (LetterboxdCSV.Row) async -> Result<Entry, Unplaced>
    ) async throws {
        let placed = try await rows.concurrentMap { await place($0) }
        var keys = kept
        for (row, result) in zip(rows, placed) {
            switch result {
            case .success(let entry):
                if keys.insert(key(entry)).inserted { adding.append(entry) } else { already.append(entry) }
            case .failure(let reason):
                skipped.append(Skipped(line: row.line, title: row.title ?? row.imdbID ?? "(no title)", reason: reason.text))
            }
        }
    }

    /// Shows the plan (the entries to add as a list, or the plan as JSON with `alreadyIn<List>`),
    /// asks unless `yes`, and adds; `list` names the list ("diary"), `count` an amount of entries.
    public func run(
        in context: CommandContext,
        yes: Bool,
        list: String,
        columns: [Column<Entry>],
        plain: (Entry) -> String,
        count: (Int) -> String,
        add: ([Entry]) throws -> [Entry]
    ) throws {
        if context.output.format == .json {
            try context.output.json(JSONPlan(adding: adding, already: already.count, skipped: skipped, list: list))
        } else {
            try context.output.list(adding, columns: columns, plain: plain, empty: "Nothing new to add.")
        }
        if !already.isEmpty { context.output.notice("\(count(already.count)) already in your \(list), left alone.") }
        for row in skipped { context.output.notice("Skipped line \(row.line), “\(row.title)”: \(row.reason).") }
        guard !adding.isEmpty else { return }
        if !yes, try !context.confirm("Add \(count(adding.count)) to your \(list)?", for: "confirming the import", instead: "--yes") {
            return context.output.notice("Nothing imported.")
        }
        let added = try add(adding)
        context.output.notice("Added \(count(added.count)) to your \(list).")
    }

    /// `{adding, alreadyIn<List>, skipped}`.
    private struct JSONPlan: Encodable {
        var adding: [Entry]
        var already: Int
        var skipped: [Skipped]
        var list: String

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(adding, forKey: Key("adding"))
            try container.encode(already, forKey: Key("alreadyIn" + list.prefix(1).uppercased() + list.dropFirst()))
            try container.encode(skipped, forKey: Key("skipped"))
        }
    }
}

extension LetterboxdCSV {
    /// The rows of the CSV file at `path`; a file that cannot be read, or is not such a CSV, says so.
    public static func read(file path: String) throws -> [Row] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ToolboxError.io("cannot read \(path)", hint: "check that the file exists and that you may read it")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ToolboxError.badData("\(path) is not UTF-8 text") }
        return try read(text, file: path)
    }
}
