/// Comma-separated values as RFC 4180 has them (and spreadsheets, Letterboxd and Goodreads write
/// them): quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF ends a record.
public enum CSV {
    /// A record and the line of the file it starts on (a quoted field may span lines).
    public struct Record: Sendable, Equatable {
        public var line: Int
        public var fields: [String]
    }

    /// The records of `text` (a byte-order mark before the first is not part of it); a quoted field
    /// that never closes is bad data, said with the line it opened on.
    public static func parse(_ text: String, file: String) throws -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var line = 1
        var recordLine = 1
        var characters = (text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text).makeIterator()
        var pending: Character? = nil
        func endRecord() {
            fields.append(field)
            records.append(Record(line: recordLine, fields: fields))
            fields = []
            field = ""
        }
        while let character = pending ?? characters.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    let next = characters.next()
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    if character.isNewline { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty: quoted = true
            case ",":
                fields.append(field)
                field = ""
            case "\r\n", "\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            default: field.append(character)
            }
        }
        if quoted { throw ToolboxError.badData("\(file): a quoted field opened on line \(recordLine) never closes") }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }
}

extension CSV {
    /// Rows as RFC 4180 text: a field with a comma, a quote or a line break is quoted, quotes doubled;
    /// CRLF ends each record, as spreadsheets and Letterboxd write them.
    public static func write(_ rows: [[String]]) -> String {
        rows.map { $0.map(quoted).joined(separator: ",") + "\r\n" }.joined()
    }

    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
