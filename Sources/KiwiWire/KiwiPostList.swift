/// The lists of posts the wire pages, newest first: everyone's (`GET /posts`), a reader's feed
/// (`GET /feed`: their own posts and those of the people they follow), one member's
/// (`GET /users/<name>/posts`) and one book's (`GET /books/<isbn13>/posts`).
public enum KiwiPostList: Hashable, Sendable, Codable {
    case everyone
    case feed(of: String)
    case author(String)
    /// The reflections on the book with this ISBN-13.
    case book(isbn13: String)

    /// Whether a post by `author` (made, changed or deleted) may stand on this list's pages: the
    /// rule by which a write makes pages stale, the same at both ends (the server's kept pages,
    /// the client's kept reads). A feed shows its reader's own posts and their followees', which
    /// only the server's database knows: any post may stand on it, as on a book's (a change
    /// names its post's author, not its book).
    public func mayShow(postBy author: String) -> Bool {
        switch self {
        case .everyone, .feed, .book: true
        case .author(let name): name == author
        }
    }

    /// Whether its pages are the same for every reader (a feed is its reader's own).
    public var isShared: Bool {
        if case .feed = self { return false }
        return true
    }

    /// Its path on the wire, from the server's base: a feed is the caller's, by the session.
    public var path: String {
        switch self {
        case .everyone: "posts"
        case .feed: "feed"
        case .author(let name): "users/\(name)/posts"
        case .book(let isbn13): "books/\(isbn13)/posts"
        }
    }
}
