import ArgumentParser
import CTerminalImage
import Foundation
import Synchronization

/// The `output.images` setting: how pictures are drawn, or `auto` to ask the environment.
public enum PictureSetting: String, CaseIterable, Sendable {
    case auto, kitty, iterm, sixel, blocks, never
}

/// The way a terminal is sent a picture.
public enum PictureProtocol: Sendable, Equatable {
    /// The kitty graphics protocol (kitty, Ghostty, Konsole).
    case kitty
    /// iTerm2 inline images (iTerm2, WezTerm, mintty).
    case iterm
    /// DEC sixel (foot, mlterm, Windows Terminal).
    case sixel
    /// `▀` with a foreground and a background colour per cell: 24-bit colour, or the 256-colour palette.
    case blocks(truecolor: Bool)

    /// Which protocol this environment's terminal speaks best. Inside tmux or screen, blocks:
    /// the multiplexer, not the terminal, draws the screen.
    public static func detect(_ environment: [String: String]) -> PictureProtocol {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        let truecolor = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
        if environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") {
            return .blocks(truecolor: truecolor)
        }
        if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || term == "xterm-ghostty" || program == "ghostty"
            || environment["KONSOLE_VERSION"] != nil
        {
            return .kitty
        }
        if program == "iTerm.app" || program == "WezTerm" || program == "mintty" || environment.keys.contains(where: { $0.hasPrefix("WEZTERM_") }) {
            return .iterm
        }
        if term.hasPrefix("foot") || term.hasPrefix("mlterm") || environment["WT_SESSION"] != nil {
            return .sixel
        }
        return .blocks(truecolor: truecolor)
    }

    /// Block art is text; the other protocols place an image themselves.
    var isText: Bool {
        if case .blocks = self { return true }
        return false
    }

    /// The same choice, as the C side names it.
    var drawing: tb_image_method {
        switch self {
        case .kitty: TB_IMAGE_KITTY
        case .iterm: TB_IMAGE_ITERM
        case .sixel: TB_IMAGE_SIXEL
        case .blocks(let truecolor): truecolor ? TB_IMAGE_BLOCKS_TRUECOLOR : TB_IMAGE_BLOCKS_256
        }
    }
}

/// A picture ready for the terminal: the bytes to write and the cells they cover.
public struct TerminalPicture: Sendable {
    public var text: String
    public var columns: Int
    public var rows: Int
    /// Block art is text: it can sit beside other text line by line.
    public var isText: Bool
}

/// Pictures in the terminal, through libchafa (drawing) and gdk-pixbuf (decoding), which
/// are opened only when a picture is drawn. Knows nothing of what the pictures show.
public struct TerminalPictures: Sendable {
    /// nil: no pictures this run (not a terminal, `--json`, `--plain`, `NO_COLOR`, `TERM=dumb`,
    /// `--no-images`, or `output.images = never`).
    public let method: PictureProtocol?
    let output: Output
    /// Cell size in pixels; 1:2 when the terminal does not say.
    let cell: (width: Int, height: Int)

    public init(output: Output, environment: [String: String], setting: PictureSetting, disabled: Bool) {
        self.output = output
        cell = output.console.cellPixels ?? (10, 20)
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        guard output.format == .table, output.console.isOutputTerminal, !noColor, environment["TERM"] != "dumb", !disabled else {
            method = nil
            return
        }
        let truecolor = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
        switch setting {
        case .never: method = nil
        case .auto: method = PictureProtocol.detect(environment)
        case .kitty: method = .kitty
        case .iterm: method = .iterm
        case .sixel: method = .sixel
        case .blocks: method = .blocks(truecolor: truecolor)
        }
    }

    /// The picture in at most `columns` × `rows` cells, keeping its shape; nil when pictures
    /// are off. A picture that cannot be drawn is a one-line notice, never a failure.
    public func picture(_ data: Data, columns: Int, rows: Int = 60) -> TerminalPicture? {
        guard let method else { return nil }
        do {
            return try Self.render(data, as: method, columns: columns, rows: rows, cell: cell)
        } catch {
            output.notice("cannot draw the picture: \(ToolboxError.from(error).message)")
            return nil
        }
    }

    /// Draws `data` with `method`; throws `badData` with the decoder's words. Only a JPEG, PNG,
    /// GIF, WebP or HEIC whose header says its size, within `ImageSize.pixelLimit`, reaches the
    /// decoder: gdk-pixbuf sniffs a file's first kilobytes before it decodes, so a small file that
    /// declares billions of pixels could not be stopped there (the decoder refuses one that passes
    /// the limit too, once its size is known).
    public static func render(
        _ data: Data,
        as method: PictureProtocol,
        columns: Int,
        rows: Int,
        cell: (width: Int, height: Int)
    ) throws -> TerminalPicture {
        guard ImageSignature.kind(of: data) != nil else { throw ToolboxError.badData("not a JPEG, PNG, GIF, WebP or HEIC picture") }
        guard ImageSize.declared(in: data) != nil else { throw ToolboxError.badData("the picture's header does not say its size") }
        if let problem = ImageSize.problem(data) { throw ToolboxError.badData(problem) }
        var out: UnsafeMutablePointer<CChar>?
        var length = 0
        var used: (columns: Int32, rows: Int32) = (0, 0)
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            tb_image_render(
                bytes.bindMemory(to: UInt8.self).baseAddress,
                bytes.count,
                method.drawing,
                Int32(max(1, columns)),
                Int32(max(1, rows)),
                Int32(cell.width),
                Int32(cell.height),
                Int64(ImageSize.pixelLimit),
                &out,
                &length,
                &used.columns,
                &used.rows,
                &message,
                message.count
            )
        }
        defer { tb_image_free(out) }
        guard status == TB_IMAGE_OK, let out else {
            let said = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw status == TB_IMAGE_NO_LIBRARY
                ? ToolboxError.unavailable(
                    said,
                    hint: "install libchafa and gdk-pixbuf (Debian: libchafa0 libgdk-pixbuf-2.0-0), or set output.images never"
                )
                : ToolboxError.badData(said)
        }
        let text = String(decoding: UnsafeRawBufferPointer(start: out, count: length), as: UTF8.self)
        return TerminalPicture(text: text, columns: Int(used.columns), rows: Int(used.rows), isText: method.isText)
    }

    /// A picture beside a text takes about this share of the terminal's width.
    static let besideShare = 0.4

    /// A picture (`width` cells, else about 40 % of the terminal) beside `lines` of text, or
    /// above them on a terminal narrower than 80 columns; `otherwise` draws one in its place
    /// when there is none (in the columns and rows given). Without either, the lines alone.
    public func show(_ data: Data?, beside lines: [String], width: Int? = nil, otherwise: ((_ columns: Int, _ rows: Int) -> TerminalPicture?)? = nil)
    {
        let room = output.console.width
        let columns = min(room, width ?? Int(Double(room) * Self.besideShare))
        // No taller than the screen: the text beside it starts at the picture's top.
        let rows = min(40, max(4, (output.console.rows ?? 50) - 2))
        guard let picture = data.flatMap({ picture($0, columns: columns, rows: rows) }) ?? otherwise?(columns, rows) else {
            lines.forEach(output.line)
            return
        }
        guard room >= 80, picture.columns + 2 < room else {
            output.console.write(picture.text + (picture.text.hasSuffix("\n") ? "" : "\n"), to: .standardOutput)
            lines.forEach(output.line)
            return
        }
        output.console.write(Self.compose(picture, beside: lines, room: room), to: .standardOutput)
    }

    /// The bytes of `picture` with `lines` beside it, from the cursor's line down to the line
    /// below both; the text starts after `columns` cells (the picture's own width when more).
    /// A line the terminal would wrap would push the picture apart: longer ones are cut.
    static func compose(_ picture: TerminalPicture, beside lines: [String], room: Int, columns: Int = 0) -> String {
        let width = max(columns, picture.columns)
        let textRoom = room - width - 2
        guard picture.isText else {
            // The graphics protocols draw at the cursor: room is made below first (so nothing
            // scrolls under the picture), the picture drawn with the cursor saved, and the text
            // written beside it from the picture's top; then the cursor goes below both.
            var text = String(repeating: "\n", count: picture.rows) + "\u{1B}[\(picture.rows)A\u{1B}7" + picture.text + "\u{1B}8"
            for line in lines { text += "\u{1B}[\(width + 3)G" + DisplayWidth.truncate(line, to: textRoom) + "\n" }
            if lines.count < picture.rows { text += "\u{1B}[\(picture.rows - lines.count)B" }
            return text
        }
        let art = picture.text.split(separator: "\n", omittingEmptySubsequences: false).map { DisplayWidth.pad(String($0), to: width) }
        let blank = String(repeating: " ", count: width)
        return (0..<max(art.count, lines.count)).map { index in
            (index < art.count ? art[index] : blank) + (index < lines.count ? "  " + DisplayWidth.truncate(lines[index], to: textRoom) : "") + "\n"
        }.joined()
    }

    /// Gets a picture's bytes only when one can be drawn; a failure is a one-line notice.
    public func fetch(_ load: () async throws -> Data?) async -> Data? {
        guard method != nil else { return nil }
        do {
            return try await load()
        } catch {
            output.notice("cannot get the picture: \(ToolboxError.from(error).message)")
            return nil
        }
    }

    /// `Output.detail`, with the picture `load` gets beside the fields on a terminal that can show
    /// one; without one, what `otherwise` draws (a `tile`) in its place.
    public func detail<Item: Encodable>(
        _ item: Item,
        fields: [(label: String, value: String)],
        plain: String,
        width: Int?,
        picture load: () async throws -> Data?,
        otherwise: ((_ columns: Int, _ rows: Int) -> TerminalPicture?)? = nil
    ) async throws {
        guard method != nil else { return try output.detail(item, fields: fields, plain: plain) }
        let data = await fetch(load)
        show(data, beside: output.detailLines(fields, width: textWidth(width: width)), width: width, otherwise: otherwise)
    }

    /// A picture made of the cells themselves: `top` lines from its top and `bottom` lines at its
    /// foot, centred, in white on `colour` (a generated picture, such as a book's cover), `columns`
    /// wide and `rows` high; nil when pictures are off.
    public func tile(top: [String], bottom: [String], colour: (red: UInt8, green: UInt8, blue: UInt8), columns: Int, rows: Int) -> TerminalPicture? {
        guard let method, columns >= 4, rows >= 2 else { return nil }
        let background: String
        if case .blocks(truecolor: false) = method {
            // The 6 × 6 × 6 cube of the 256-colour palette.
            let cube = [colour.red, colour.green, colour.blue].map { Int((Double($0) / 255 * 5).rounded()) }
            background = "\u{1B}[48;5;\(16 + 36 * cube[0] + 6 * cube[1] + cube[2])m"
        } else {
            background = "\u{1B}[48;2;\(colour.red);\(colour.green);\(colour.blue)m"
        }
        let room = columns - 2
        var cells = Array(repeating: "", count: rows)
        // From a fifth of the way down, as a title sits on a cover.
        let first = max(1, rows / 5)
        for (index, line) in top.enumerated() where first + index < rows - 1 { cells[first + index] = line }
        for (index, line) in bottom.suffix(max(0, rows - top.count - 2)).reversed().enumerated() { cells[rows - 2 - index] = line }
        let text = cells.map { line -> String in
            let shown = DisplayWidth.truncate(line, to: room)
            let left = (columns - DisplayWidth.of(shown)) / 2
            return background + "\u{1B}[1;97m" + String(repeating: " ", count: left) + DisplayWidth.pad(shown, to: columns - left) + "\u{1B}[0m"
        }.joined(separator: "\n")
        return TerminalPicture(text: text, columns: columns, rows: rows, isText: true)
    }

    /// `Output.list`, with a small picture per row when `wanted` on a terminal that can show
    /// them: fetched at once (the shared web client still caps requests per host), each row's
    /// text beside its picture (block art) or below it (the graphics protocols).
    public func list<Item: Encodable & Sendable>(
        _ items: [Item],
        columns: [Column<Item>],
        plain: (Item) -> String,
        empty: String,
        attribution: String? = nil,
        wanted: Bool,
        width: Int? = nil,
        picture load: @escaping @Sendable (Item) async throws -> Data?
    ) async throws {
        guard wanted, method != nil, !items.isEmpty else {
            return try output.list(items, columns: columns, plain: plain, empty: empty, attribution: attribution)
        }
        defer { if let attribution { output.credit(attribution) } }
        let cells = width ?? 8
        let failures = Mutex(0)
        let method = self.method ?? .blocks(truecolor: false)
        let cell = self.cell
        let pictures = try await items.concurrentMap { item -> TerminalPicture? in
            do {
                // An item without a picture has none to draw; one that cannot be had is counted.
                guard let data = try await load(item) else { return nil }
                return try Self.render(data, as: method, columns: cells, rows: cells * 2, cell: cell)
            } catch {
                failures.withLock { $0 += 1 }
                return nil
            }
        }
        let room = output.console.width
        let lines = output.tableLines(items, columns: columns, width: max(20, room - cells - 2))
        let blank = String(repeating: " ", count: cells)
        output.line(blank + "  " + (lines.first ?? ""))
        for (index, picture) in pictures.enumerated() {
            let row = index + 1 < lines.count ? lines[index + 1] : ""
            guard let picture else {
                output.line(blank + "  " + row)
                continue
            }
            // Every row's text starts in the same column, whatever its picture's shape.
            output.console.write(Self.compose(picture, beside: [row], room: room, columns: cells), to: .standardOutput)
        }
        let missing = failures.withLock { $0 }
        if missing > 0 { output.notice("\(missing) of \(items.count) pictures could not be had") }
    }

    /// The columns `show` leaves for the text beside a picture (all of them on a narrow terminal).
    func textWidth(width: Int? = nil) -> Int {
        let room = output.console.width
        guard method != nil, room >= 80 else { return room }
        return max(20, room - (width ?? Int(Double(room) * Self.besideShare)) - 2)
    }
}

/// `--image-width N` of the commands that draw a picture.
public struct PictureOptions: ParsableArguments, Sendable {
    @Option(help: "The picture's width in terminal cells (default: about 40% of the terminal).")
    public var imageWidth: Int?

    public init() {}

    public func validate() throws {
        if let imageWidth, !(4...500).contains(imageWidth) { throw ValidationError("--image-width must be between 4 and 500") }
    }
}

/// `--images` of the lists that can show a small picture per row.
public struct ListPictureOptions: ParsableArguments, Sendable {
    @Flag(help: "A small picture per row, on a terminal that can show one.")
    public var images = false

    public init() {}
}
