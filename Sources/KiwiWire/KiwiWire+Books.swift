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

        public static let recentReaderLimit = 12

        public init(isbn13: String, title: String, authors: [String], reflections: Int, readers: Int, recentReaders: [User]? = nil) {
            self.isbn13 = isbn13
            self.title = title
            self.authors = authors
            self.reflections = reflections
            self.readers = readers
            self.recentReaders = recentReaders
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
