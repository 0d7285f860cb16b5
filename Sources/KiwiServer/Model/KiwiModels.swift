import Foundation
import KiwiMedia
import KiwiWire
import PluginAPI
import Synchronization

/// A member, as stored.
struct KiwiUser: Sendable, Equatable {
    var username: String
    var fullName, email, avatar: String?
    var createdAt: Date
}

/// A post with what the feed shows about it.
struct KiwiPost: Sendable, Equatable {
    var id: Int64
    var owner: KiwiUser
    var image: String
    var caption: String?
    var createdAt: Date
    var likes, commentCount: Int
    /// nil when nobody is logged in.
    var likedByMe: Bool?
    /// The book the reflection is about, when the reader named one.
    var book: KiwiBook? = nil
    /// What the photo shows, for people who cannot see it.
    var imageAlt: String? = nil
    /// What the reflection gives away ("the ending of Jane Eyre"): readers see this first, and
    /// the caption and photo only when they ask.
    var spoiler: String? = nil
}

/// A book as a post names it (found by its ISBN-13 in the book search).
struct KiwiBook: Codable, Sendable, Equatable {
    var title: String
    var authors: [String]
    var isbn13: String

    /// Stored as one JSON text column: read only for the posts that have one.
    var stored: String? { (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } }

    init(title: String, authors: [String], isbn13: String) {
        self.title = title
        self.authors = authors
        self.isbn13 = isbn13
    }

    var wire: KiwiWire.Book { KiwiWire.Book(title: title, authors: authors, isbn13: isbn13) }

    /// A book known by its ISBN-13 alone, named by it ("ISBN 9780141439518") until the book search
    /// can say more (`BookDetails`): clients show a title, and search finds the number.
    static func unnamed(_ isbn13: String) -> KiwiBook { KiwiBook(title: "ISBN \(isbn13)", authors: [], isbn13: isbn13) }

    var isUnnamed: Bool { self == .unnamed(isbn13) }

    init?(stored: String?) {
        guard let stored, let book = try? JSONDecoder().decode(KiwiBook.self, from: Data(stored.utf8)) else { return nil }
        self = book
    }
}

/// A book as the community reads it: how many posts are about it, by how many members.
struct KiwiBookStanding: Sendable, Equatable {
    /// In the words of its newest post.
    var book: KiwiBook
    var reflections, readers: Int
    /// The latest of its readers, newest first; only for one book's own answer.
    var recentReaders: [KiwiUser] = []
}

/// The books most posted about since a time, and when that answer stops being true by time
/// alone: when the oldest post it counts leaves the window. Its answer names no reader, so it is
/// the same for everyone who reaches the server by the same address while its covers stay as they
/// are: made once for each such `AnswerKey`, by whoever answers first.
final class KiwiPopularBooks: Sendable {
    let standings: [KiwiBookStanding]
    /// When the oldest post counted was made; nil when none was.
    let oldestCounted: Date?
    private let answers = Mutex<[AnswerKey: AnyObject & Sendable]>([:])
    /// Addresses and covers' versions are few: past this many answers they are let go.
    private static let answersKept = 8

    /// What an answer's covers' URLs depend on: the covers' version, and the request's Host when
    /// the links are made from it (`LinkMaker.host`).
    struct AnswerKey: Hashable, Sendable {
        var covers: Int
        var host: String?
    }

    init(standings: [KiwiBookStanding], oldestCounted: Date?) {
        self.standings = standings
        self.oldestCounted = oldestCounted
    }

    /// The answer made for `key`, else none yet.
    func answer<Answer: AnyObject & Sendable>(for key: AnswerKey) -> Answer? {
        answers.withLock { $0[key] } as? Answer
    }

    func keep(_ answer: some AnyObject & Sendable, for key: AnswerKey) {
        answers.withLock { answers in
            if answers.count >= Self.answersKept { answers.removeAll() }
            answers[key] = answer
        }
    }
}

struct KiwiComment: Sendable, Equatable {
    var id: Int64
    var owner: KiwiUser
    var postID: Int64
    var text: String
    var createdAt: Date
    /// What the comment gives away, as a post's `spoiler`.
    var spoiler: String? = nil
}

/// The limits of the wire contract, enforced with 400.
enum KiwiLimits {
    static let username = 20
    static let fullName = 40
    static let email = 40
    static let caption = 2200
    /// A photo's description: Mastodon's limit for media descriptions.
    static let imageAlt = 1500
    static let comment = 1024
    /// The longest a mute may last before it ends by itself (a year); longer is until unmuted.
    static let longestMute: TimeInterval = 366 * 86_400
    /// A spoiler warning: a few words that say what is given away, not a second caption.
    static let spoiler = 200
    /// A reading's review: Goodreads' own limit, so that an import of its reviews loses none.
    static let review = 20_000
    /// A report's words, and how many of an account's posts it may point at.
    static let reportComment = 1000
    static let reportedPosts = 20
    /// How many reports, or lines of the audit log, a page holds unless asked for fewer or more.
    static let defaultReportPage = 20
    /// A book named by a member (an import): its title, and each author's name.
    static let bookTitle = 500
    static let pageSize = 1...100
    static let defaultPageSize = 10
    /// Lists the original answers whole (followers, following, comments) answer this many at most
    /// unless asked for fewer, with a `Link` to the rest.
    static let wholeList = 1...1000
    /// How deep pages by number (`page`, an offset) reach: a database walks an offset's rows one
    /// by one, so deeper lists are read by key (`max_id`), which costs the same at any depth.
    static let deepestOffset = 10_000
    /// The largest body of a request without a photo (a form, a JSON object); a photo's form may
    /// be this much larger than the photo.
    static let formBody = 64 * 1024

    /// An archive brought from another server (`POST /users/me/archive`): the zip, written to a
    /// scratch file as it comes (a member of 10,000 phone photos brings tens of gigabytes at most);
    /// its `kiwi.json` alone, for a plan.
    static let archiveBytes = 64 << 30
    static let archiveDocument = 256 << 20

    /// A text field's problem, if any: too long, or holding a NUL (which PostgreSQL cannot keep in text).
    static func textProblem(_ text: String, field: String, limit: Int) -> String? {
        if text.count > limit { return "\(field) must be at most \(limit) characters" }
        if text.unicodeScalars.contains("\u{0}") { return "\(field) must not contain NUL characters" }
        return nil
    }

    /// A spoiler warning as kept: trimmed, none when blank; refused when too long.
    static func spoilerWarning(_ warning: String?) throws -> String? {
        guard let warning = warning?.trimmingCharacters(in: .whitespacesAndNewlines), !warning.isEmpty else { return nil }
        if let problem = textProblem(warning, field: "spoiler", limit: spoiler) { throw KiwiProblem.invalid(problem) }
        return warning
    }

    /// Usernames: 1–20 letters, digits, `_`, `.` or `-`; never a word a route uses.
    static func usernameProblem(_ name: String) -> String? {
        if name.isEmpty || name.count > username { return "username must be 1 to \(username) characters" }
        if !name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "_.-".unicodeScalars.contains($0) })
            || !name.allSatisfy(\.isASCII)
        {
            return "username may use letters, digits, '_', '.' and '-' only"
        }
        if ["me", "feed", "posts", "sessions", "uploads", "health"].contains(name.lowercased()) { return "username '\(name)' is reserved" }
        return nil
    }
}

/// A new post's image: a file already in the uploads folder, or bytes the store keeps in the post's transaction.
enum PostImage: Sendable {
    case file(String)
    case stored(StoredImage)

    var name: String {
        switch self {
        case .file(let name): name
        case .stored(let image): image.name
        }
    }

    /// The bytes the store keeps in the write's transaction; nil for a file.
    var stored: StoredImage? {
        if case .stored(let image) = self { return image }
        return nil
    }
}

/// How many members a community has and how many are active, as NodeInfo tells other servers.
struct KiwiUsage: Sendable, Equatable {
    var members: Int
    /// Members who posted or commented in the last 30 days, and in the last 180.
    var activeMonth, activeHalfYear: Int
    var posts, comments: Int
}
