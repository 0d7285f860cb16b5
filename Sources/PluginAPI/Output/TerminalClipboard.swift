import Foundation

/// The clipboard of the terminal toolbox runs in, set with OSC 52: the terminal, not the
/// machine, holds it, so it works over SSH in terminals that allow it (kitty, iTerm2,
/// WezTerm, foot, Windows Terminal; tmux with `set-clipboard on`).
public struct TerminalClipboard: Sendable {
    let console: Console
    let environment: [String: String]

    public init(console: Console, environment: [String: String]) {
        self.console = console
        self.environment = environment
    }

    /// Why the text cannot be sent here, or nil when it can.
    public var obstacle: String? {
        guard console.isOutputTerminal || console.isErrorTerminal else { return "there is no terminal to copy through" }
        let term = environment["TERM"] ?? ""
        // The Linux console and dumb terminals have no clipboard to set.
        if term.isEmpty || term == "dumb" || term == "linux" {
            return "this terminal (TERM=\(term.isEmpty ? "unset" : term)) has no clipboard to set"
        }
        return nil
    }

    /// The escape sequence that asks the terminal to put `text` on its clipboard.
    public static func sequence(for text: String) -> String {
        "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}"
    }

    /// Sends `text` to the terminal's clipboard; false when there is no terminal that could take it.
    public func copy(_ text: String) -> Bool {
        guard obstacle == nil else { return false }
        // To whichever stream is the terminal, so piped data stays clean.
        console.write(Self.sequence(for: text), to: console.isErrorTerminal ? .standardError : .standardOutput)
        return true
    }
}
