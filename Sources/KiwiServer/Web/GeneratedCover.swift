import Foundation
import KiwiWire

/// The cover of a book the server has no cover of (none fetched yet, or Open Library has none):
/// its title, and its first author, on the book's own colour (`BookCover.colour`), as an SVG the
/// pages load from this server like any picture. The terminal draws the same from `coverColor`.
enum GeneratedCover {
    static func svg(_ book: KiwiBook) -> String {
        let colour = BookCover.colour(isbn13: book.isbn13).hex
        let title = BookCover.lines(book.title, width: 14, lines: 6)
        // The title from a third of the way down; its lines 50 units apart.
        let top = 200 - (title.count - 1) * 25
        let titleLines = title.enumerated().map { index, line in
            "<tspan x=\"200\" y=\"\(top + index * 50)\">\(HTMLText.escaped(line))</tspan>"
        }.joined()
        let author = book.authors.first.map { BookCover.lines($0, width: 24, lines: 2) } ?? []
        let authorLines = author.enumerated().map { index, line in
            "<tspan x=\"200\" y=\"\(500 + index * 30)\">\(HTMLText.escaped(line))</tspan>"
        }.joined()
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 600" width="400" height="600" role="img" aria-label="\(HTMLText.escaped(book.title))">\
            <rect width="400" height="600" fill="\(colour)"/>\
            <rect x="20" y="20" width="360" height="560" fill="none" stroke="#ffffff" stroke-opacity="0.4" stroke-width="2"/>\
            <text fill="#ffffff" font-family="Georgia, 'DejaVu Serif', serif" font-size="40" font-weight="bold" text-anchor="middle">\(titleLines)</text>\
            <text fill="#ffffff" fill-opacity="0.85" font-family="Georgia, 'DejaVu Serif', serif" font-size="24" text-anchor="middle">\(authorLines)</text>\
            </svg>
            """
    }
}
