import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The process's standard streams, or in-memory ones for tests.
public final class Console: Sendable {
    public enum Stream: Sendable { case standardOutput, standardError }

    private enum Storage: Sendable {
        case process
        case memory(MemoryStreams)
    }

    private final class MemoryStreams: Sendable {
        let state: Mutex<Captured>
        init(_ captured: Captured) { state = Mutex(captured) }
    }

    /// What a memory console has collected.
    public struct Captured: Sendable {
        public var standardOutput = ""
        public var standardError = ""
        var input: [String]
    }

    private let storage: Storage
    public let isOutputTerminal: Bool
    public let isErrorTerminal: Bool
    public let isInputTerminal: Bool
    /// Columns of the terminal (80 when unknown).
    public let width: Int
    /// The size of one cell in pixels, when the terminal reports it (for pictures' shapes).
    public let cellPixels: (width: Int, height: Int)?
    /// Rows of the terminal, when it says (a picture is kept shorter than the screen).
    public let rows: Int?

    /// The real streams of this process.
    public static func process() -> Console {
        // One TIOCGWINSZ for columns, rows and cell size: this runs at every start.
        var size = winsize()
        let sized = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 && size.ws_row > 0
        return Console(
            storage: .process,
            output: isatty(STDOUT_FILENO) == 1,
            error: isatty(STDERR_FILENO) == 1,
            input: isatty(STDIN_FILENO) == 1,
            width: sized ? Int(size.ws_col) : widthFromEnvironment(),
            cellPixels: sized && size.ws_xpixel > 0 && size.ws_ypixel > 0
                ? (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row)) : nil,
            rows: sized ? Int(size.ws_row) : nil
        )
    }

    /// Streams in memory; `terminal` pretends all three are terminals.
    public static func memory(
        input: String = "",
        terminal: Bool = false,
        width: Int = 100,
        cellPixels: (width: Int, height: Int)? = nil
    ) -> Console {
        let lines = input.isEmpty ? [] : input.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Console(
            storage: .memory(MemoryStreams(Captured(input: lines))),
            output: terminal,
            error: terminal,
            input: terminal,
            width: width,
            cellPixels: cellPixels,
            rows: nil
        )
    }

    private init(storage: Storage, output: Bool, error: Bool, input: Bool, width: Int, cellPixels: (width: Int, height: Int)?, rows: Int?) {
        self.storage = storage
        self.isOutputTerminal = output
        self.isErrorTerminal = error
        self.isInputTerminal = input
        self.width = width
        self.cellPixels = cellPixels
        self.rows = rows
    }

    /// Everything written so far (memory consoles only; empty for the process).
    public var captured: Captured {
        if case .memory(let box) = storage { return box.state.withLock { $0 } }
        return Captured(input: [])
    }

    public func write(_ text: String, to stream: Stream) {
        switch storage {
        case .memory(let box):
            box.state.withLock { stream == .standardOutput ? $0.standardOutput.append(text) : $0.standardError.append(text) }
        case .process:
            let fd = stream == .standardOutput ? STDOUT_FILENO : STDERR_FILENO
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    // `toolbox … | head`: the reader left; end quietly.
                    if errno == EPIPE { exit(0) }
                    return
                }
                bytes = bytes.dropFirst(written)
            }
        }
    }

    /// Reads one line; with `secret`, the terminal does not echo what is typed.
    public func readLine(secret: Bool) -> String? {
        switch storage {
        case .memory(let box):
            return box.state.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() }
        case .process:
            guard secret, isInputTerminal else { return Swift.readLine(strippingNewline: true) }
            var saved = termios()
            tcgetattr(STDIN_FILENO, &saved)
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
            defer {
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
                write("\n", to: .standardError)
            }
            return Swift.readLine(strippingNewline: true)
        }
    }

    /// Reads standard input to its end.
    public func readAll() -> String {
        switch storage {
        case .memory(let box):
            return box.state.withLock { captured in
                defer { captured.input.removeAll() }
                return captured.input.joined(separator: "\n")
            }
        case .process:
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Columns when stdout is not a terminal: `COLUMNS`, else 80.
    private static func widthFromEnvironment() -> Int {
        // getenv, not ProcessInfo: the console is built before Foundation's process state, to start fast.
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 0 { return columns }
        return 80
    }
}
