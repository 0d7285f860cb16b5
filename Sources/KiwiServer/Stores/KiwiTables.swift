import Foundation

/// One value of a stored row, as both stores hold it.
enum KiwiValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

/// A stored row: the values of its table's columns, in their order.
typealias KiwiRow = [KiwiValue]

/// A table as `kiwi migrate` copies it. Both stores have the same tables with the same
/// columns; ids, times, counters and password hashes are copied as they are.
struct KiwiTable: Sendable, Hashable {
    enum Kind: Sendable { case integer, real, text, blob }

    let name: String
    let columns: [(name: String, kind: Kind)]
    /// The columns that name a row.
    let key: [String]
    /// The order rows were made in, where ties of equal times are broken by it (who followed
    /// whom last); otherwise the key. Rows are copied in it, so the copy breaks ties alike.
    let sqliteOrder: String
    let postgresOrder: String

    init(_ name: String, _ columns: [(String, Kind)], key: [String], sqliteOrder: String? = nil, postgresOrder: String? = nil) {
        self.name = name
        self.columns = columns.map { (name: $0.0, kind: $0.1) }
        self.key = key
        // Byte order in both stores (PostgreSQL's default collation is the locale's).
        self.sqliteOrder = sqliteOrder ?? key.joined(separator: ", ")
        let text = Set(columns.filter { $0.1 == .text }.map(\.0))
        self.postgresOrder = postgresOrder ?? key.map { text.contains($0) ? "\($0) COLLATE \"C\"" : $0 }.joined(separator: ", ")
    }

    static func == (left: KiwiTable, right: KiwiTable) -> Bool { left.name == right.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }

    var columnList: String { columns.map(\.name).joined(separator: ", ") }

    /// Where a column's value is in a row.
    func position(_ column: String) -> Int {
        guard let index = columns.firstIndex(where: { $0.name == column }) else { preconditionFailure("\(name) has no column \(column)") }
        return index
    }

    /// Where the key's values are in a row.
    var keyPositions: [Int] { key.map(position) }

    /// Everything but the bytes: what two rows are compared by (an image by its digest).
    var comparedPositions: [Int] { columns.indices.filter { columns[$0].kind != .blob } }

    static let users = KiwiTable(
        "users",
        [
            ("username", .text), ("fullname", .text), ("email", .text), ("avatar", .text), ("password_hash", .text), ("created_at", .real),
            ("pending", .integer), ("role", .text), ("silenced", .real), ("suspended", .real),
        ],
        key: ["username"]
    )
    static let sessions = KiwiTable("sessions", [("token_hash", .text), ("username", .text), ("created_at", .real)], key: ["token_hash"])
    static let following = KiwiTable(
        "following",
        [("follower", .text), ("followee", .text), ("created_at", .real)],
        key: ["follower", "followee"],
        sqliteOrder: "rowid",
        postgresOrder: "seq"
    )
    static let images = KiwiTable(
        "images",
        [("name", .text), ("content_type", .text), ("size", .integer), ("digest", .text), ("bytes", .blob), ("created_at", .real)],
        key: ["name"]
    )
    static let posts = KiwiTable(
        "posts",
        [
            ("id", .integer), ("owner", .text), ("image", .text), ("caption", .text), ("created_at", .real), ("like_count", .integer),
            ("comment_count", .integer), ("book", .text), ("image_alt", .text), ("spoiler", .text),
        ],
        key: ["id"]
    )
    static let likes = KiwiTable("likes", [("post_id", .integer), ("owner", .text), ("created_at", .real)], key: ["post_id", "owner"])
    static let comments = KiwiTable(
        "comments",
        [("id", .integer), ("post_id", .integer), ("owner", .text), ("text", .text), ("created_at", .real), ("spoiler", .text)],
        key: ["id"]
    )

    static let notifications = KiwiTable(
        "notifications",
        [
            ("id", .integer), ("recipient", .text), ("kind", .text), ("actor", .text), ("post_id", .integer), ("comment_id", .integer),
            ("created_at", .real), ("read", .integer), ("note", .text),
        ],
        key: ["id"]
    )

    static let bookCovers = KiwiTable("book_covers", [("isbn13", .text), ("image", .text), ("failures", .integer), ("due", .real)], key: ["isbn13"])
    static let bookDetails = KiwiTable("book_details", [("isbn13", .text), ("failures", .integer), ("due", .real)], key: ["isbn13"])

    static let readings = KiwiTable(
        "readings",
        [
            ("id", .integer), ("owner", .text), ("isbn13", .text), ("book", .text), ("shelf", .text), ("page", .integer), ("pages", .integer),
            ("percent", .integer), ("started", .text), ("finished", .text), ("rating", .integer), ("updated_at", .real),
            ("review", .text), ("spoiler", .text),
        ],
        key: ["id"]
    )

    static let blocks = KiwiTable("blocks", [("blocker", .text), ("blocked", .text), ("created_at", .real)], key: ["blocker", "blocked"])
    static let mutes = KiwiTable("mutes", [("muter", .text), ("muted", .text), ("created_at", .real), ("until", .real)], key: ["muter", "muted"])

    static let reports = KiwiTable(
        "reports",
        [
            ("id", .integer), ("reporter", .text), ("account", .text), ("subject", .text), ("category", .text), ("comment", .text),
            ("content", .text), ("created_at", .real), ("outcome", .text), ("resolved_at", .real),
        ],
        key: ["id"]
    )
    static let moderationLog = KiwiTable(
        "moderation_log",
        [
            ("id", .integer), ("moderator", .text), ("action", .text), ("account", .text), ("report_id", .integer), ("reason", .text),
            ("created_at", .real),
        ],
        key: ["id"]
    )

    static let reportPhotos = KiwiTable(
        "report_photos",
        [("report_id", .integer), ("post_id", .integer), ("bytes", .blob)],
        key: ["report_id", "post_id"]
    )

    /// Deleted accounts' names, and until when nobody may take them.
    static let heldNames = KiwiTable("held_names", [("username", .text), ("until", .real)], key: ["username"])
    static let mediaObjects = KiwiTable(
        "media_objects",
        [
            ("name", .text), ("file", .text), ("digest", .text), ("length", .integer), ("width", .integer), ("height", .integer),
            ("crc32", .integer), ("made", .real),
        ],
        key: ["name", "file"]
    )

    /// The keys that sign each actor's requests to other servers: a member's (by username), or the
    /// server's own. No foreign key, for the server's; a member's goes with the account.
    static let actorKeys = KiwiTable("actor_keys", [("owner", .text), ("private_key", .text), ("created_at", .real)], key: ["owner"])

    /// Readers on other servers who follow members.
    static let remoteFollowers = KiwiTable(
        "remote_followers",
        [("member", .text), ("actor", .text), ("host", .text), ("inbox", .text), ("follow_id", .text), ("created_at", .real), ("handle", .text)],
        key: ["member", "actor"]
    )
    /// Readers on other servers whom members follow.
    static let remoteFollowing = KiwiTable(
        "remote_following",
        [
            ("member", .text), ("actor", .text), ("handle", .text), ("host", .text), ("inbox", .text), ("follow_id", .text),
            ("accepted", .integer), ("created_at", .real),
        ],
        key: ["member", "actor"]
    )
    /// Blocks between members and readers on other servers, both ways.
    static let remoteBlocks = KiwiTable(
        "remote_blocks",
        [
            ("member", .text), ("actor", .text), ("handle", .text), ("inbox", .text), ("block_id", .text), ("by_member", .integer),
            ("created_at", .real),
        ],
        key: ["member", "actor", "by_member"]
    )

    /// Activities still to deliver to other servers' inboxes: a database moved keeps them.
    static let deliveries = KiwiTable(
        "deliveries",
        [
            ("id", .integer), ("inbox", .text), ("host", .text), ("activity_id", .text), ("signer", .text), ("body", .blob),
            ("attempts", .integer), ("due", .real), ("created_at", .real),
        ],
        key: ["id"]
    )

    /// Servers that fail every delivery: since when, and until when their deliveries are held.
    static let failingHosts = KiwiTable("failing_hosts", [("host", .text), ("since", .real), ("held_until", .real)], key: ["host"])

    /// Servers whose activities are refused and with which no follow lasts (an admin's choice).
    static let blockedServers = KiwiTable(
        "blocked_servers",
        [("host", .text), ("reason", .text), ("blocked_by", .text), ("created_at", .real)],
        key: ["host"]
    )

    /// Every table, each after the tables its rows name.
    static let all: [KiwiTable] = [
        users, sessions, following, images, posts, likes, comments, notifications, bookCovers, bookDetails, readings, blocks, mutes, reports,
        moderationLog,
        reportPhotos, heldNames, mediaObjects, actorKeys, remoteFollowers, remoteFollowing, remoteBlocks, deliveries, failingHosts,
        blockedServers,
    ]

    /// The tables whose ids come from a counter that must not hand out a copied id again.
    static let numbered: [KiwiTable] = [posts, comments, notifications, readings, reports, moderationLog, deliveries]
}

/// A database as `kiwi migrate` reads and writes it: rows as they are stored, every column (ids,
/// times, counters, password and token hashes, image bytes), which no store of the community
/// shows, so that a copy can be compared with its source column by column.
protocol KiwiTableStore: Sendable {
    func count(_ table: KiwiTable) async throws -> Int
    /// Rows in the table's order, `limit` of them after the first `offset`.
    func rows(_ table: KiwiTable, offset: Int, limit: Int) async throws -> [KiwiRow]
    /// Every row without its bytes (blobs come back as `.null`): what rows are compared by.
    func fingerprints(_ table: KiwiTable) async throws -> [KiwiRow]
    /// Adds rows in one transaction, leaving rows whose key is there already.
    func insert(_ rows: [KiwiRow], into table: KiwiTable) async throws
    /// The last id the table's counter gave (deleted rows included); 0 when none.
    func lastID(_ table: KiwiTable) async throws -> Int64
    /// Moves the table's counter on to at least `id`, so the next row gets a larger one.
    func advanceID(_ table: KiwiTable, to id: Int64) async throws
}
