/// Column widths as a terminal draws them: combining marks take no column,
/// East Asian wide characters and emoji take two.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            // ANSI colour sequences (ESC [ … m) take no columns.
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            if inEscape {
                if character.isLetter { inEscape = false }
                continue
            }
            width += of(character)
        }
        return width
    }

    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        // An emoji presentation selector (VS16) makes a text-style symbol wide.
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(first.value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15, the blocks that matter in titles).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Cuts `text` to at most `width` columns, ending with "…" when it was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var result = ""
        var used = 0
        var inEscape = false
        for character in text {
            // Colour sequences are kept whole and take no columns, as in `of`.
            if character == "\u{1B}" || inEscape {
                inEscape = character == "\u{1B}" || !character.isLetter
                result.append(character)
                continue
            }
            let w = of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// Pads `text` with spaces to `width` columns.
    public static func pad(_ text: String, to width: Int, rightAligned: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - of(text)))
        return rightAligned ? padding + text : text + padding
    }

    /// Wraps `text` into lines of at most `width` columns, breaking at spaces.
    public static func wrap(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            if line.isEmpty {
                line = word
            } else if of(line) + 1 + of(word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
