import Foundation
import PluginAPI
import Testing

@Suite struct OutputTests {
    struct Film: Encodable {
        var title: String
        var year: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(year, forKey: .year)
        }

        enum CodingKeys: String, CodingKey { case title, year }
    }

    let columns: [Column<Film>] = [Column("Title", flexible: true) { $0.title }, Column("Year") { $0.year ?? "TBA" }]
    let films = [Film(title: "Amélie", year: "2001"), Film(title: "千と千尋の神隠し", year: "2001"), Film(title: "🎬 Cut", year: nil)]

    @Test func displayWidthCountsWideAndCombiningCharacters() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("千と千尋") == 8)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("🎬") == 2)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.truncate("千と千尋の神隠し", to: 7) == "千と千…")
        #expect(DisplayWidth.of("\u{1B}[1mTitle\u{1B}[0m") == 5, "colour codes take no columns")
    }

    @Test func tablesAlignByDisplayWidth() throws {
        let console = Console.memory(terminal: true, width: 80)
        let output = Output(console: console, format: .table, color: false, quiet: false)
        try output.list(films, columns: columns, plain: { $0.title }, empty: "none")
        let lines = console.captured.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        // The year column starts at the same display column on every line.
        let starts = lines.dropFirst().map { line in
            DisplayWidth.of(String(line[..<line.range(of: line.hasSuffix("TBA") ? "TBA" : "2001")!.lowerBound]))
        }
        #expect(Set(starts).count == 1)
        #expect(lines[0].hasPrefix("TITLE"))
    }

    @Test func tablesAreCutToTheTerminalWidth() throws {
        let console = Console.memory(terminal: true, width: 20)
        let output = Output(console: console, format: .table, color: false, quiet: false)
        let long = [Film(title: "A very long title that cannot fit in twenty columns", year: "1999")]
        try output.list(long, columns: columns, plain: { $0.title }, empty: "none")
        for line in console.captured.standardOutput.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 20)
        }
        #expect(console.captured.standardOutput.contains("…"))
    }

    @Test func pipedOutputIsTabSeparatedWithoutHeaderAndUncut() throws {
        let console = Console.memory(terminal: false, width: 10)
        let output = Output(console: console, options: try GlobalOptions.parse([]), environment: [:])
        try output.list(films, columns: columns, plain: { $0.title }, empty: "none")
        #expect(console.captured.standardOutput == "Amélie\t2001\n千と千尋の神隠し\t2001\n🎬 Cut\tTBA\n")
    }

    @Test func pipedCellsNeverBreakTheLineOrTheColumns() throws {
        let console = Console.memory(terminal: false)
        let messy = [Film(title: "Tabs\tand\r\nbreaks\nhere", year: "2001")]
        try Output(console: console, format: .lines, color: false, quiet: false).list(messy, columns: columns, plain: { $0.title }, empty: "none")
        #expect(console.captured.standardOutput == "Tabs and breaks here\t2001\n")
    }

    @Test func trimmingRemovesWhiteSpaceAndLineBreaksAtBothEnds() {
        #expect("  key\t\r\n".trimmed == "key")
        #expect("\u{00A0}a b\u{2003}".trimmed == "a b", "Unicode spaces count")
        #expect(" \n ".trimmed == "")
        #expect("x".dropFirst().trimmed == "")
    }

    @Test func jsonHasNullsForMissingValues() throws {
        let console = Console.memory()
        try Output(console: console, options: try GlobalOptions.parse(["--json"]), environment: [:]).list(
            films,
            columns: columns,
            plain: { $0.title },
            empty: "none"
        )
        let decoded = try JSONSerialization.jsonObject(with: Data(console.captured.standardOutput.utf8)) as? [[String: Any]]
        #expect(decoded?.count == 3)
        #expect(decoded?[2]["year"] is NSNull)
    }

    @Test func emptyListsSaySoOnStderrAndJSONIsAnEmptyArray() throws {
        let console = Console.memory()
        try Output(console: console, format: .lines, color: false, quiet: false).list(
            [Film](),
            columns: columns,
            plain: { $0.title },
            empty: "No movies found for “x”."
        )
        #expect(console.captured.standardOutput.isEmpty)
        #expect(console.captured.standardError == "No movies found for “x”.\n")
        let json = Console.memory()
        try Output(console: json, format: .json, color: false, quiet: false).list([Film](), columns: columns, plain: { $0.title }, empty: "none")
        #expect(json.captured.standardOutput == "[\n\n]\n")
    }

    @Test func colourFollowsTheRules() throws {
        let terminal = Console.memory(terminal: true)
        #expect(Output(console: terminal, options: try GlobalOptions.parse([]), environment: ["TERM": "xterm"]).color)
        #expect(!Output(console: terminal, options: try GlobalOptions.parse([]), environment: ["NO_COLOR": "1"]).color)
        #expect(!Output(console: terminal, options: try GlobalOptions.parse([]), environment: ["TERM": "dumb"]).color)
        #expect(!Output(console: terminal, options: try GlobalOptions.parse(["--no-color"]), environment: [:]).color)
        #expect(!Output(console: Console.memory(terminal: false), options: try GlobalOptions.parse([]), environment: [:]).color)
    }

    @Test func quietSilencesNoticesButNotErrors() {
        let console = Console.memory()
        let output = Output(console: console, format: .lines, color: false, quiet: true)
        output.notice("fetching")
        output.error(.notFound("no such movie"))
        #expect(console.captured.standardError == "error: no such movie\nhint: check the name or id and try again\n")
    }

    @Test func relativeTimes() {
        #expect(RelativeTime.ago(10) == "just now")
        #expect(RelativeTime.ago(5 * 60) == "5 min ago")
        #expect(RelativeTime.ago(3 * 3600 + 5) == "3 h ago")
        #expect(RelativeTime.ago(86_400 * 2) == "2 days ago")
    }
}
