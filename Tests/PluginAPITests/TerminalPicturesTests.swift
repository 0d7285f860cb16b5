import Foundation
import Testing

@testable import PluginAPI

/// Pictures in the terminal: which protocol, when none, and what is written.
@Suite struct TerminalPicturesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static func fixture(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent("Fixtures/\(name)")) }
    static let cell = (width: 10, height: 20)

    @Test(arguments: [
        (["TERM": "xterm-kitty"], PictureProtocol.kitty),
        (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], .kitty),
        (["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], .kitty),
        (["TERM": "xterm-256color", "KONSOLE_VERSION": "230804"], .kitty),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .iterm),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm", "WEZTERM_PANE": "0"], .iterm),
        (["TERM": "xterm", "TERM_PROGRAM": "mintty"], .iterm),
        (["TERM": "foot"], .sixel),
        (["TERM": "mlterm"], .sixel),
        (["TERM": "xterm-256color", "WT_SESSION": "b3c1"], .sixel),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .blocks(truecolor: true)),
        (["TERM": "xterm-256color", "COLORTERM": "24bit"], .blocks(truecolor: true)),
        (["TERM": "xterm-256color"], .blocks(truecolor: false)),
        (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"], .blocks(truecolor: false)),
        (["TERM": "screen", "STY": "1.pts-0", "TERM_PROGRAM": "iTerm.app", "COLORTERM": "truecolor"], .blocks(truecolor: true)),
    ])
    func eachTerminalGetsItsBestProtocol(environment: [String: String], expected: PictureProtocol) {
        #expect(PictureProtocol.detect(environment) == expected)
    }

    func pictures(
        _ environment: [String: String] = ["TERM": "xterm-kitty"],
        format: OutputFormat = .table,
        terminal: Bool = true,
        setting: PictureSetting = .auto,
        disabled: Bool = false
    ) -> TerminalPictures {
        let output = Output(console: .memory(terminal: terminal), format: format, color: true, quiet: false)
        return TerminalPictures(output: output, environment: environment, setting: setting, disabled: disabled)
    }

    @Test func noPictureUnlessAPersonIsLookingAtATerminal() {
        #expect(pictures().method == .kitty)
        #expect(pictures(terminal: false).method == nil, "piped")
        #expect(pictures(format: .json).method == nil)
        #expect(pictures(format: .plain).method == nil)
        #expect(pictures(["TERM": "xterm-kitty", "NO_COLOR": "1"]).method == nil)
        #expect(pictures(["TERM": "dumb"]).method == nil)
        #expect(pictures(disabled: true).method == nil, "--no-images")
        #expect(pictures(setting: .never).method == nil)
        #expect(pictures(["TERM": "xterm-kitty", "NO_COLOR": ""]).method == .kitty, "an empty NO_COLOR is unset")
    }

    @Test func theSettingOverridesDetection() {
        #expect(pictures(setting: .sixel).method == .sixel)
        #expect(pictures(setting: .iterm).method == .iterm)
        #expect(pictures(["TERM": "xterm", "COLORTERM": "truecolor"], setting: .kitty).method == .kitty)
        #expect(pictures(["TERM": "xterm-kitty"], setting: .blocks).method == .blocks(truecolor: false))
        #expect(pictures(["TERM": "xterm-kitty", "COLORTERM": "truecolor"], setting: .blocks).method == .blocks(truecolor: true))
    }

    /// The exact bytes per protocol, for a JPEG and a PNG with transparency (UPDATE_SNAPSHOTS=1 rewrites them).
    @Test(arguments: ["gradient-16x24.jpg", "half-transparent-12x12.png"])
    func eachProtocolWritesTheSameBytesEveryTime(fixture: String) throws {
        let methods: [(String, PictureProtocol)] = [
            ("kitty", .kitty), ("iterm", .iterm), ("sixel", .sixel), ("truecolor", .blocks(truecolor: true)), ("256", .blocks(truecolor: false)),
        ]
        for (name, method) in methods {
            let picture = try TerminalPictures.render(try Self.fixture(fixture), as: method, columns: 6, rows: 20, cell: Self.cell)
            let snapshot = Self.folder.appendingPathComponent("Snapshots/pictures/\(fixture)-\(name).txt")
            if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] != nil {
                try FileManager.default.createDirectory(at: snapshot.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(picture.text.utf8).write(to: snapshot)
            }
            #expect(picture.text == String(decoding: try Data(contentsOf: snapshot), as: UTF8.self), "\(fixture) as \(name)")
        }
    }

    /// A 274-byte PNG that declares 50,000 × 50,000 pixels (10 GB as RGBA) is refused once its
    /// header is read, in words, at once; `picture` says so in one line and draws nothing.
    @Test func aPictureThatDeclaresTooManyPixelsIsRefusedBeforeItIsDecoded() throws {
        let bomb = try Self.fixture("declares-50000x50000.png")
        let refusal = #expect(throws: ToolboxError.self) { try TerminalPictures.render(bomb, as: .kitty, columns: 6, rows: 20, cell: Self.cell) }
        #expect(refusal?.message == "the picture is 50000 × 50000 pixels, more than 40 megapixels")
        let console = Console.memory(terminal: true)
        let output = Output(console: console, format: .table, color: true, quiet: false)
        let pictures = TerminalPictures(output: output, environment: ["TERM": "xterm-kitty"], setting: .auto, disabled: false)
        #expect(pictures.picture(bomb, columns: 6) == nil)
        #expect(console.captured.standardError == "cannot draw the picture: the picture is 50000 × 50000 pixels, more than 40 megapixels\n")
    }

    /// A picture larger than its cells is decoded smaller where the format allows it; its cells
    /// keep the shape it declares.
    @Test func aLargePhotoKeepsItsShapeInFewCells() throws {
        let poster = try Data(contentsOf: Self.folder.appendingPathComponent("../Benchmarks/poster-500x750.jpg"))
        let picture = try TerminalPictures.render(poster, as: .kitty, columns: 6, rows: 20, cell: Self.cell)
        #expect((picture.columns, picture.rows) == (6, 5), "500 × 750 in cells of 10 × 20")
    }

    @Test func eachProtocolSpeaksItsOwnLanguage() throws {
        let jpeg = try Self.fixture("gradient-16x24.jpg")
        let kitty = try TerminalPictures.render(jpeg, as: .kitty, columns: 6, rows: 20, cell: Self.cell)
        #expect(kitty.text.hasPrefix("\u{1B}_G"), "an APC graphics command")
        #expect(!kitty.isText)
        let iterm = try TerminalPictures.render(jpeg, as: .iterm, columns: 6, rows: 20, cell: Self.cell)
        #expect(iterm.text.hasPrefix("\u{1B}]1337;File="))
        let sixel = try TerminalPictures.render(jpeg, as: .sixel, columns: 6, rows: 20, cell: Self.cell)
        #expect(sixel.text.contains("\u{1B}P") && sixel.text.contains("q"), "a DCS sixel string")
        let indexed = try TerminalPictures.render(jpeg, as: .blocks(truecolor: false), columns: 6, rows: 20, cell: Self.cell)
        #expect(indexed.text.contains("38;5;") && !indexed.text.contains("38;2;"), "the 256-colour palette only")
    }

    @Test func besideTheTextBlockArtLineByLineAndGraphicsByMovingTheCursor() throws {
        let jpeg = try Self.fixture("gradient-16x24.jpg")
        let blocks = try TerminalPictures.render(jpeg, as: .blocks(truecolor: true), columns: 4, rows: 20, cell: Self.cell)
        let lines = TerminalPictures.compose(blocks, beside: ["Title: Fight Club", "Year: 1999", "a third line", "and a fourth"], room: 80)
            .split(separator: "\n")
        #expect(lines.count == 4, "three rows of art, and the fourth line under a blank")
        #expect(lines[0].hasSuffix("▀\u{1B}[0m  Title: Fight Club") && lines[3] == "      and a fourth")
        let sixel = try TerminalPictures.render(jpeg, as: .sixel, columns: 4, rows: 20, cell: Self.cell)
        let bytes = TerminalPictures.compose(sixel, beside: ["Title: Fight Club"], room: 80)
        // Room below, cursor saved at the picture's top, the picture, back to the top, the text at column 7, then below.
        #expect(bytes.hasPrefix(String(repeating: "\n", count: sixel.rows) + "\u{1B}[\(sixel.rows)A\u{1B}7\u{1B}P"))
        #expect(bytes.hasSuffix("\u{1B}8\u{1B}[7GTitle: Fight Club\n\u{1B}[\(sixel.rows - 1)B"))
        let cut = TerminalPictures.compose(sixel, beside: [String(repeating: "x", count: 100)], room: 80)
        #expect(cut.contains("\u{1B}[7G" + String(repeating: "x", count: 73) + "…\n"), "a line the terminal would wrap is cut")
    }

    @Test func aListsTextStartsInOneColumnWhateverEachPicturesShape() throws {
        let tall = try TerminalPictures.render(
            try Self.fixture("gradient-16x24.jpg"),
            as: .blocks(truecolor: true),
            columns: 8,
            rows: 2,
            cell: Self.cell
        )
        #expect(tall.columns < 8, "held by its height")
        let line = try #require(TerminalPictures.compose(tall, beside: ["Row"], room: 80, columns: 8).split(separator: "\n").first)
        #expect(DisplayWidth.of(String(line.prefix { $0 != "R" })) == 10, "eight cells, then two spaces")
    }

    @Test func aPictureKeepsItsShapeInCells() throws {
        let jpeg = try Self.fixture("gradient-16x24.jpg")
        // 16×24 pixels in cells of 10×20: 2 columns take 1.5 rows of height per column.
        let wide = try TerminalPictures.render(jpeg, as: .blocks(truecolor: true), columns: 16, rows: 100, cell: Self.cell)
        #expect((wide.columns, wide.rows) == (16, 12))
        let capped = try TerminalPictures.render(jpeg, as: .blocks(truecolor: true), columns: 16, rows: 6, cell: Self.cell)
        #expect((capped.columns, capped.rows) == (8, 6), "too tall: the height decides")
        let square = try TerminalPictures.render(jpeg, as: .blocks(truecolor: true), columns: 16, rows: 100, cell: (10, 10))
        #expect((square.columns, square.rows) == (16, 24), "square cells")
    }

    /// `▀` cells decoded back to pixels: the top pixel is the foreground, the bottom the background.
    static func pixels(ofBlocks text: String) -> [[(Int, Int, Int)?]] {
        var rows: [[(Int, Int, Int)?]] = []
        for line in text.split(separator: "\n") {
            var top: [(Int, Int, Int)?] = []
            var bottom: [(Int, Int, Int)?] = []
            var foreground: (Int, Int, Int)?
            var background: (Int, Int, Int)?
            var rest = Substring(line)
            while let first = rest.first {
                if first == "\u{1B}", let end = rest.firstIndex(of: "m") {
                    let codes = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";").map { Int($0) ?? 0 }
                    var index = 0
                    while index < codes.count {
                        switch codes[index] {
                        case 0: (foreground, background) = (nil, nil)
                        case 39: foreground = nil
                        case 49: background = nil
                        case 38 where index + 4 < codes.count && codes[index + 1] == 2:
                            foreground = (codes[index + 2], codes[index + 3], codes[index + 4])
                            index += 4
                        case 48 where index + 4 < codes.count && codes[index + 1] == 2:
                            background = (codes[index + 2], codes[index + 3], codes[index + 4])
                            index += 4
                        default: break
                        }
                        index += 1
                    }
                    rest = rest[rest.index(after: end)...]
                    continue
                }
                top.append(first == "▀" ? foreground : background)
                bottom.append(background)
                rest = rest.dropFirst()
            }
            rows += [top, bottom]
        }
        return rows
    }

    @Test func blockArtDecodedBackMatchesTheJPEG() throws {
        let picture = try TerminalPictures.render(
            try Self.fixture("gradient-16x24.jpg"),
            as: .blocks(truecolor: true),
            columns: 16,
            rows: 100,
            cell: Self.cell
        )
        let pixels = Self.pixels(ofBlocks: picture.text)
        #expect(pixels.count == 24 && pixels.allSatisfy { $0.count == 16 }, "one cell a pixel wide, two high")
        var worst = 0
        for y in 0..<min(24, pixels.count) {
            for x in 0..<min(16, pixels[y].count) {
                // The fixture was drawn as (255 − 10y, 15x, 10y), then saved as a JPEG.
                guard let (r, g, b) = pixels[y][x] else {
                    Issue.record("pixel \(x),\(y) has no colour")
                    continue
                }
                worst = max(worst, abs(r - (255 - 10 * y)), abs(g - 15 * x), abs(b - 10 * y))
            }
        }
        #expect(worst <= 40, "within a JPEG's error: \(worst)")
    }

    @Test(arguments: [("red-then-blue-8x12.gif", (255, 0, 0)), ("green-8x12.webp", (0, 160, 0))])
    func aGIFShowsItsFirstFrameAndWebPDecodes(fixture: String, colour: (Int, Int, Int)) throws {
        let picture = try TerminalPictures.render(try Self.fixture(fixture), as: .blocks(truecolor: true), columns: 8, rows: 100, cell: Self.cell)
        let pixels = Self.pixels(ofBlocks: picture.text).flatMap { $0 }
        #expect(pixels.count == 8 * 12)
        #expect(pixels.allSatisfy { $0.map { abs($0.0 - colour.0) + abs($0.1 - colour.1) + abs($0.2 - colour.2) <= 6 } == true }, "\(fixture)")
    }

    @Test func transparencyLeavesTheTerminalsBackground() throws {
        let picture = try TerminalPictures.render(
            try Self.fixture("half-transparent-12x12.png"),
            as: .blocks(truecolor: true),
            columns: 12,
            rows: 100,
            cell: Self.cell
        )
        let pixels = Self.pixels(ofBlocks: picture.text)
        #expect(pixels.count == 12)
        let green = pixels[0][0]
        #expect(green.map { $0.0 < 40 && $0.1 > 215 && $0.2 < 40 } == true, "opaque green on the left")
        #expect(pixels[11][11] == nil, "fully transparent: no colour of its own")
    }

    @Test func aBrokenImageIsBadDataAndANoticeNeverAFailure() throws {
        let jpeg = try Self.fixture("gradient-16x24.jpg")
        let error = #expect(throws: ToolboxError.self) {
            try TerminalPictures.render(jpeg.prefix(jpeg.count / 2), as: .blocks(truecolor: true), columns: 8, rows: 8, cell: Self.cell)
        }
        #expect(error?.kind == .badData)
        let console = Console.memory(terminal: true)
        let output = Output(console: console, format: .table, color: true, quiet: false)
        let pictures = TerminalPictures(output: output, environment: ["TERM": "xterm-256color"], setting: .auto, disabled: false)
        #expect(pictures.picture(Data("not an image".utf8), columns: 8) == nil)
        pictures.show(jpeg.prefix(100), beside: ["Title: Fight Club"])
        #expect(console.captured.standardOutput == "Title: Fight Club\n", "the text, whole")
        #expect(console.captured.standardError.split(separator: "\n").count == 2, "one notice a picture")
        #expect(console.captured.standardError.hasPrefix("cannot draw the picture: "))
    }
}
