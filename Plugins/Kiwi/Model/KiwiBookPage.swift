import KiwiWire

/// A book as `toolbox kiwi book` shows it: its counts and readers, then its reflections.
struct KiwiBookPage: Encodable, Sendable {
    var book: KiwiWire.BookSummary
    var posts: [KiwiWire.Post]
}
