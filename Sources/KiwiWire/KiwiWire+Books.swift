extension KiwiWire {
    /// A book as the community reads it (our extension): `GET /books/<isbn13>`, and each row of
    /// `GET /books/popular` (without `recentReaders`). Its title and authors are the book search's,
    /// else what the posts about it say.
    public struct BookSummary: Codable, Sendable, Equatable {
        public var isbn13: String
        public var title: String
        public var authors: [String]
        /// Posts about it (in the window asked for, on `GET /books/popular`).
        public var reflections: Int
        /// Members who posted about it.
        public var readers: Int
        /// The latest of them, newest first (at most `recentReaderLimit`); only on the book's own answer.
        public var recentReaders: [User]?
        /// The cover's versions (JPEG URLs by size, as a photo's), once the server has fetched it;
        /// absent while it has none, when a client draws the generated one (`coverColor`).
        public var cover: KiwiPhotoVersions?
        /// The generated cover's colour, `#rrggbb`: `BookCover.colour(isbn13:)`.
        public var coverColor: String?
        /// One address for its cover, always given by our server: the fetched cover's 320 px
        /// version, else the generated cover (`/books/<isbn13>/cover.svg`).
        public var coverURL: String?
        /// How many members want to read it, are reading it and have read it; only on the book's own answer.
        public var shelves: ShelfCounts?
        /// Its readers' latest reviews that the caller may read, the latest changed first; only on
        /// the book's own answer.
        public var reviews: [ShelfEntry]?

        public static let recentReaderLimit = 12

        public init(
            isbn13: String,
            title: String,
            authors: [String],
            reflections: Int,
            readers: Int,
            recentReaders: [User]? = nil,
            cover: KiwiPhotoVersions? = nil,
            coverURL: String? = nil,
            shelves: ShelfCounts? = nil,
            reviews: [ShelfEntry]? = nil
        ) {
            // The book, what is said of it, and its cover: the colour is the ISBN's, so never passed.
            (self.isbn13, self.title, self.authors) = (isbn13, title, authors)
            (self.reflections, self.readers, self.recentReaders) = (reflections, readers, recentReaders)
            (self.cover, self.coverURL, self.shelves, self.reviews) = (cover, coverURL, shelves, reviews)
            coverColor = BookCover.colour(isbn13: isbn13).hex
        }

        /// The book as a post names it.
        public var book: Book { Book(title: title, authors: authors, isbn13: isbn13) }
    }

    /// The window `GET /books/popular` counts over: the last `days` days, 30 unless asked.
    public enum PopularBooks {
        public static let defaultDays = 30
        public static let days = 1...365
        public static let defaultLimit = 20
        public static let limits = 1...100
    }
}

/// A book's cover: the one the server fetched (kept as a photo is, under `name(isbn13:)`), or one
/// generated from the book itself, its title on a colour chosen from its ISBN, which the pages and
/// the terminal draw alike.
public enum BookCover {
    /// What a fetched cover is kept and served as: `cover-<isbn13>.jpg`. Covers are public, as book
    /// pages are, so a name of this form is served without a signed URL.
    public static func name(isbn13: String) -> String { "cover-\(isbn13).jpg" }

    public static func isName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        return utf8.count == 23 && name.hasPrefix("cover-") && name.hasSuffix(".jpg") && utf8[6..<19].allSatisfy { (48...57).contains($0) }
    }

    /// A red, green and blue of the palette.
    public struct Colour: Sendable, Equatable {
        public var red, green, blue: UInt8

        /// `#rrggbb`.
        public var hex: String {
            String(format: "#%02x%02x%02x", red, green, blue)
        }
    }

    /// Deep colours that white type reads on (each above 4.5:1 contrast), as a shelf of cloth bindings.
    public static let palette: [Colour] = [
        Colour(red: 0x8c, green: 0x2f, blue: 0x39), Colour(red: 0x1d, green: 0x4e, blue: 0x6e), Colour(red: 0x2e, green: 0x5e, blue: 0x3a),
        Colour(red: 0x6b, green: 0x3f, blue: 0x7a), Colour(red: 0x8a, green: 0x4b, blue: 0x12), Colour(red: 0x0f, green: 0x5c, blue: 0x5c),
        Colour(red: 0x3d, green: 0x3f, blue: 0x8f), Colour(red: 0x7a, green: 0x2e, blue: 0x5b), Colour(red: 0x4a, green: 0x55, blue: 0x1f),
        Colour(red: 0x33, green: 0x3d, blue: 0x47),
    ]

    /// The book's colour: the same for its ISBN everywhere (FNV-1a of its digits, not Swift's
    /// hashing, which differs from run to run).
    public static func colour(isbn13: String) -> Colour {
        var hash: UInt32 = 2_166_136_261
        for byte in isbn13.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return palette[Int(hash % UInt32(palette.count))]
    }

    /// The title in lines of at most `width` characters, words kept whole where they fit, at most
    /// `lines` of them (the last one ending "…" when the title goes on).
    public static func lines(_ title: String, width: Int, lines limit: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in title.split(whereSeparator: \.isWhitespace).map(String.init) {
            var word = word
            while word.count > width {
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                }
                lines.append(String(word.prefix(width)))
                word = String(word.dropFirst(width))
            }
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        guard lines.count > limit else { return lines }
        var kept = Array(lines.prefix(limit))
        kept[limit - 1] = String(kept[limit - 1].prefix(max(1, width - 1))) + "…"
        return kept
    }
}
