import Foundation
import Synchronization

/// How data is written to stdout.
public enum OutputFormat: Sendable, Equatable {
    /// Aligned columns for a person at a terminal.
    case table
    /// Tab-separated lines, no header, nothing cut (stdout is not a terminal).
    case lines
    /// One JSON document.
    case json
    /// One sentence per item, for screen readers.
    case plain
}

/// The shared output layer: data to stdout in the chosen format, notices and
/// progress to stderr, colour only where it belongs.
public struct Output: Sendable {
    public let console: Console
    public let format: OutputFormat
    /// ANSI colour on stdout.
    public let color: Bool
    /// Notices are suppressed; errors still show.
    public let quiet: Bool

    public init(console: Console, format: OutputFormat, color: Bool, quiet: Bool) {
        self.console = console
        self.format = format
        self.color = color
        self.quiet = quiet
    }

    /// The format and colour rules of cli.md applied to the global options.
    public init(console: Console, options: GlobalOptions, environment: [String: String]) {
        let format: OutputFormat = options.json ? .json : options.plain ? .plain : console.isOutputTerminal ? .table : .lines
        let colorAllowed = environment["NO_COLOR"].map(\.isEmpty) ?? true
        let color = console.isOutputTerminal && colorAllowed && environment["TERM"] != "dumb" && !options.noColor
        self.init(console: console, format: format, color: color, quiet: options.quiet)
    }

    // MARK: stdout

    /// Writes one line of data to stdout.
    public func line(_ text: String) {
        console.write(text + "\n", to: .standardOutput)
    }

    /// Writes one JSON document to stdout (camelCase keys as the models name them, sorted).
    public func json<Value: Encodable>(_ value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        line(String(decoding: data, as: UTF8.self))
    }

    /// Writes one JSON object on a line of its own (a stream of them: one a line, as they happen).
    public func jsonLine<Value: Encodable>(_ value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        line(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// A file's text (an export): to `path` when one is given, written atomically and `written(path)`
    /// said on stderr, else as it is to stdout, so that it can be piped.
    public func export(_ text: String, to path: String?, written: (String) -> String) throws {
        guard let path else { return console.write(text, to: .standardOutput) }
        try LocalFile.writeAtomically(Data(text.utf8), to: path)
        notice(written(path))
    }

    /// A list of items in the chosen format. `empty` is said (on stderr) when there are none.
    /// `attribution` credits data whose licence asks for it: see `credit(_:)`; in JSON every item carries it.
    public func list<Item: Encodable>(
        _ items: [Item],
        columns: [Column<Item>],
        plain: (Item) -> String,
        empty: String,
        attribution: String? = nil
    ) throws {
        if format == .json, let attribution {
            try json(items.map { Flattened($0, Credit(attribution: attribution)) })
            return
        }
        defer { if let attribution, !items.isEmpty { credit(attribution) } }
        switch format {
        case .json:
            try json(items)
            return
        case _ where items.isEmpty:
            notice(empty)
        case .plain:
            for item in items { line(plain(item)) }
        case .lines:
            for item in items { line(columns.map { Self.cell($0.value(item)) }.joined(separator: "\t")) }
        case .table:
            tableLines(items, columns: columns, width: console.width).forEach(line)
        }
    }

    /// The header, then one line per item, as a terminal shows them within `width` columns.
    public func tableLines<Item>(_ items: [Item], columns: [Column<Item>], width: Int) -> [String] {
        TextTable(
            headers: columns.map { $0.title.uppercased() },
            rows: items.map { item in columns.map { $0.value(item) } },
            flexible: Set(columns.indices.filter { columns[$0].flexible }),
            rightAligned: Set(columns.indices.filter { columns[$0].rightAligned })
        ).render(maxWidth: width, header: bold)
    }

    /// One item: labelled fields on a terminal, `label<TAB>value` lines when piped.
    /// `attribution` credits data whose licence asks for it, as in `list`.
    public func detail<Item: Encodable>(_ item: Item, fields: [(label: String, value: String)], plain: String, attribution: String? = nil) throws {
        if format == .json, let attribution {
            try json(Flattened(item, Credit(attribution: attribution)))
            return
        }
        defer { if let attribution { credit(attribution) } }
        switch format {
        case .json:
            try json(item)
        case .plain:
            line(plain)
        case .lines:
            for field in fields { line("\(field.label)\t\(Self.cell(field.value))") }
        case .table:
            detailLines(fields, width: console.width).forEach(line)
        }
    }

    /// Labelled fields as a terminal shows them, wrapped to `width` columns.
    public func detailLines(_ fields: [(label: String, value: String)], width: Int) -> [String] {
        let labelWidth = fields.map { DisplayWidth.of($0.label) }.max() ?? 0
        return fields.flatMap { field in
            let label = bold(DisplayWidth.pad(field.label + ":", to: labelWidth + 1))
            let room = max(20, width - labelWidth - 2)
            let wrapped = field.value.contains("\n") ? field.value.components(separatedBy: "\n") : DisplayWidth.wrap(field.value, to: room)
            return ["\(label) \(wrapped.first ?? "")"] + wrapped.dropFirst().map { String(repeating: " ", count: labelWidth + 2) + $0 }
        }
    }

    /// A tab-separated cell never contains a tab or a line break (each becomes a space).
    static func cell(_ text: String) -> String {
        let breaksCells = { (character: Character) in character == "\t" || character.isNewline }
        guard text.contains(where: breaksCells) else { return text }
        return String(text.map { breaksCells($0) ? " " : $0 })
    }

    /// The `attribution` field that JSON items carry.
    struct Credit: Encodable {
        var attribution: String
    }

    /// A credit line after the data (CC BY asks for one): at a terminal it follows the text on
    /// stdout; piped, it goes to stderr, so scripts get clean data; `--quiet` leaves it out.
    public func credit(_ text: String) {
        guard !quiet else { return }
        console.write((color ? "\u{1B}[2m\(text)\u{1B}[0m" : text) + "\n", to: console.isOutputTerminal ? .standardOutput : .standardError)
    }

    // MARK: stderr

    /// A notice on stderr (suppressed by `--quiet`).
    public func notice(_ text: String) {
        guard !quiet else { return }
        console.write(text + "\n", to: .standardError)
    }

    /// An error in the `error: …` / `hint: …` form of cli.md.
    public func error(_ error: ToolboxError) {
        let prefix = console.isErrorTerminal && color ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
        console.write("\(prefix) \(error.message)\nhint: \(error.hint)\n", to: .standardError)
    }

    /// Bold on a colour terminal, unchanged otherwise.
    public func bold(_ text: String) -> String {
        color ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    /// A progress line on stderr, drawn only on a terminal.
    public func progress(_ label: String, total: Int) -> ProgressIndicator {
        ProgressIndicator(label: label, total: total, console: console, visible: console.isErrorTerminal && !quiet)
    }
}

/// Progress of a known number of steps, redrawn in place on stderr.
public final class ProgressIndicator: Sendable {
    private let label: String
    private let total: Int
    private let console: Console
    private let visible: Bool
    private let done = Mutex(0)

    init(label: String, total: Int, console: Console, visible: Bool) {
        self.label = label
        self.total = total
        self.console = console
        self.visible = visible
        draw(0)
    }

    /// One more step finished.
    public func advance() {
        let count = done.withLock { value -> Int in
            value += 1
            return value
        }
        draw(count)
    }

    /// Sets how many steps are done.
    public func update(_ count: Int) {
        done.withLock { $0 = count }
        draw(count)
    }

    /// Clears the line.
    public func finish() {
        if visible { console.write("\r\u{1B}[K", to: .standardError) }
    }

    private func draw(_ count: Int) {
        guard visible else { return }
        console.write("\r\u{1B}[K\(label) \(count)/\(total)", to: .standardError)
    }
}
