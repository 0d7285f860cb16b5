import Foundation
import PluginAPI

/// Letterboxd's import CSV (letterboxd.com/about/importing-data): `Title, Year, tmdbID, imdbID,
/// WatchedDate, Rating, Rewatch`. Reading also takes the names of Letterboxd's own export
/// (`Name`, `Watched Date`) and `Rating10`, so a diary moves in from Letterboxd too.
enum LetterboxdCSV {
    static let header = ["Title", "Year", "tmdbID", "imdbID", "WatchedDate", "Rating", "Rewatch"]

    /// One row as read: what it says, each field nil when absent or empty.
    struct Row: Sendable, Equatable {
        var line: Int
        var title: String?
        var year: String?
        var tmdbID: Int?
        var imdbID: String?
        var watchedDate: String?
        var rating: Double?
        var rewatch: Bool
    }

    /// The diary as CSV, RFC 4180 quoting, CRLF line ends as Letterboxd writes them.
    static func write(_ entries: [DiaryEntry]) -> String {
        let rows = entries.map { entry in
            [
                entry.title, entry.year, String(entry.tmdbID), entry.imdbID ?? "", entry.watchedDate ?? "",
                entry.rating.map { NumberStyle.oneDecimal($0) } ?? "", entry.rewatch ? "true" : "false",
            ]
        }
        return ([header] + rows).map { $0.map(quoted).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The rows of a CSV file; a file that is not such a CSV is bad data naming what is wrong.
    static func read(_ text: String, file: String) throws -> [Row] {
        let records = try parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, file: file)
        guard let names = records.first?.fields else { throw ToolboxError.badData("\(file) is empty") }
        let columns = Dictionary(names.enumerated().map { ($1.trimmed.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        func column(_ aliases: String...) -> Int? { aliases.lazy.compactMap { columns[$0.lowercased()] }.first }
        let title = column("Title", "Name")
        guard title != nil || column("tmdbID") != nil || column("imdbID") != nil else {
            throw ToolboxError.badData(
                "\(file) has no Title, tmdbID or imdbID column",
                hint: "give a CSV in Letterboxd's import format: \(header.joined(separator: ","))"
            )
        }
        let (year, tmdb, imdb) = (column("Year"), column("tmdbID"), column("imdbID"))
        let (watched, rating, rating10, rewatch) = (column("WatchedDate", "Watched Date"), column("Rating"), column("Rating10"), column("Rewatch"))
        return records.dropFirst().compactMap { record in
            func value(_ index: Int?) -> String? {
                guard let index, index < record.fields.count else { return nil }
                let text = record.fields[index].trimmed
                return text.isEmpty ? nil : text
            }
            guard record.fields.contains(where: { !$0.trimmed.isEmpty }) else { return nil }
            let stars = value(rating).flatMap(Double.init) ?? value(rating10).flatMap(Double.init).map { $0 / 2 }
            return Row(
                line: record.line,
                title: value(title),
                year: value(year),
                tmdbID: value(tmdb).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
                imdbID: value(imdb),
                watchedDate: value(watched),
                rating: stars,
                rewatch: ["true", "yes", "1"].contains(value(rewatch)?.lowercased() ?? "")
            )
        }
    }

    struct Record {
        var line: Int
        var fields: [String]
    }

    /// RFC 4180: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF ends a record.
    static func parse(_ text: String, file: String) throws -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var line = 1
        var recordLine = 1
        var characters = text.makeIterator()
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
