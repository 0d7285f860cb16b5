/// Comma-separated values as RFC 4180 has them (and spreadsheets and Goodreads write them):
/// fields in double quotes may hold commas, line breaks and doubled quotes; lines end in CRLF or LF.
public enum CSV {
    /// The rows of `text`, each a list of its fields; a last empty line is no row.
    public static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = scalars.next()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: quoted = true
            case ",":
                row.append(field)
                field = ""
            case "\r" where pending == "\n": continue
            case "\n", "\r":
                row.append(field)
                rows.append(row)
                (row, field) = ([], "")
            default: field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }

    /// The rows after the header, each as a dictionary from the header's names; nil for no header.
    public static func records(_ text: String) -> (header: [String], records: [[String: String]])? {
        var rows = rows(text)
        guard !rows.isEmpty else { return nil }
        // A byte-order mark some exports begin with is not part of the first name.
        let header = rows.removeFirst().enumerated().map { $0.offset == 0 ? String($0.element.drop { $0 == "\u{FEFF}" }) : $0.element }
        let records = rows.filter { $0 != [""] }.map { fields in
            Dictionary(zip(header, fields).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
        }
        return (header, records)
    }
}
