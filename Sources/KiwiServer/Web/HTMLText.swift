import Foundation

/// Text made safe to stand in HTML, between tags or in an attribute's quotes.
enum HTMLText {
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}

extension HTMLText {
    /// The words of HTML another server wrote (a note's `content`), as plain text: a line break
    /// for `<br>`, a blank line between paragraphs, every other tag left out, and the character
    /// each reference names (`&amp;`, `&#8217;`, `&#x2019;`).
    static func plain(_ html: String) -> String {
        var text = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            text += rest[..<open]
            rest = rest[open...]
            if rest.first == "<" {
                guard let close = rest.firstIndex(of: ">") else { break }
                let tag = rest[rest.index(after: rest.startIndex)..<close].lowercased().split(whereSeparator: { $0 == " " || $0 == "/" }).first ?? ""
                if tag == "br" { text += "\n" }
                if tag == "p" && !text.isEmpty && !text.hasSuffix("\n\n") { text += text.hasSuffix("\n") ? "\n" : "\n\n" }
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.prefix(12).firstIndex(of: ";")
                let name = end.map { rest[rest.index(after: rest.startIndex)..<$0] } ?? ""
                if let end, let character = character(named: name) {
                    text.append(character)
                    rest = rest[rest.index(after: end)...]
                } else {
                    text += "&"
                    rest = rest.dropFirst()
                }
            }
        }
        text += rest
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func character(named name: Substring) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default:
            guard name.hasPrefix("#") else { return nil }
            let number = name.dropFirst()
            let value = number.first == "x" || number.first == "X" ? UInt32(number.dropFirst(), radix: 16) : UInt32(number)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
