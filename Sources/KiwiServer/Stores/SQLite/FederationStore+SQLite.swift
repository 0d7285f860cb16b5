import Foundation
import GRDB

extension SQLiteKiwiDatabase: FederationStore {
    func actorKey(of owner: String) async throws -> String? {
        try await read { db in try String.fetchOne(db, sql: "SELECT private_key FROM actor_keys WHERE owner = ?", arguments: [owner]) }
    }

    func keepActorKey(_ key: String, of owner: String) async throws -> String {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO actor_keys (owner, private_key, created_at) VALUES (?, ?, ?) ON CONFLICT (owner) DO NOTHING",
                arguments: [owner, key, Date().timeIntervalSince1970]
            )
            return try String.fetchOne(db, sql: "SELECT private_key FROM actor_keys WHERE owner = ?", arguments: [owner]) ?? key
        }
    }

    func usage(activeSince month: Date, _ halfYear: Date) async throws -> KiwiUsage {
        try await read { db in
            // What readers elsewhere sent is theirs, not the community's. Posts and comments are
            // all, less those from elsewhere (on their small index): all is counted on the
            // smallest index, where a count of the others would read every row.
            func active(since: String) -> String {
                """
                (SELECT COUNT(*) FROM (SELECT owner FROM posts WHERE created_at >= \(since) AND remote_id IS NULL
                                       UNION SELECT owner FROM comments WHERE created_at >= \(since) AND remote_id IS NULL))
                """
            }
            let sql = """
                SELECT (SELECT COUNT(*) FROM users WHERE pending = 0 AND actor IS NULL), \(active(since: ":month")), \(active(since: ":halfYear")),
                       (SELECT COUNT(*) FROM posts) - (SELECT COUNT(*) FROM posts WHERE remote_id IS NOT NULL),
                       (SELECT COUNT(*) FROM comments) - (SELECT COUNT(*) FROM comments WHERE remote_id IS NOT NULL)
                """
            let arguments: StatementArguments = ["month": month.timeIntervalSince1970, "halfYear": halfYear.timeIntervalSince1970]
            guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) else {
                return KiwiUsage(members: 0, activeMonth: 0, activeHalfYear: 0, posts: 0, comments: 0)
            }
            return KiwiUsage(members: row[0], activeMonth: row[1], activeHalfYear: row[2], posts: row[3], comments: row[4])
        }
    }

    func postCount(by author: String) async throws -> Int {
        try await read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM posts WHERE owner = ?"), arguments: [author]) ?? 0 }
    }

    func keepRemoteFollower(_ follower: RemoteFollower, of member: String) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO remote_followers (member, actor, handle, host, inbox, follow_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (member, actor) DO UPDATE SET handle = excluded.handle, inbox = excluded.inbox, follow_id = excluded.follow_id
                    """,
                arguments: [
                    member, follower.actor, follower.handle, follower.host, follower.inbox, follower.followID, Date().timeIntervalSince1970,
                ]
            )
        }
    }

    func dropRemoteFollower(_ actor: String, of member: String?, followID: String?) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM remote_followers WHERE actor = ? AND (member = ? OR follow_id = ?)",
                arguments: [actor, member, followID]
            )
            return db.changesCount > 0
        }
    }

    func remoteFollowerCount(of member: String) async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM remote_followers WHERE member = ?", arguments: [member]) ?? 0 }
    }

    func remoteFollowerInboxes(of member: String) async throws -> [String] {
        try await read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT inbox FROM remote_followers WHERE member = ? ORDER BY inbox", arguments: [member])
        }
    }

    func remoteFollowers(of member: String) async throws -> [RemoteFollower] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT actor, handle, inbox, follow_id FROM remote_followers WHERE member = ? ORDER BY created_at DESC, actor",
                arguments: [member]
            ).map { RemoteFollower(actor: $0["actor"], handle: $0["handle"], inbox: $0["inbox"], followID: $0["follow_id"]) }
        }
    }

    func keepRemoteFollowing(_ following: RemoteFollowing, of member: String) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO remote_following (member, actor, handle, host, inbox, follow_id, accepted, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (member, actor) DO UPDATE SET handle = excluded.handle, inbox = excluded.inbox, follow_id = excluded.follow_id,
                        accepted = excluded.accepted
                    """,
                arguments: [
                    member, following.actor, following.handle, following.host, following.inbox, following.followID, following.accepted,
                    Date().timeIntervalSince1970,
                ]
            )
        }
    }

    func settleRemoteFollowing(_ followID: String, by actor: String, accepted: Bool) async throws -> Bool {
        try await write { db in
            let sql =
                accepted
                ? "UPDATE remote_following SET accepted = 1 WHERE actor = ? AND follow_id = ?"
                : "DELETE FROM remote_following WHERE actor = ? AND follow_id = ?"
            try db.execute(sql: sql, arguments: [actor, followID])
            return db.changesCount > 0
        }
    }

    func dropRemoteFollowing(_ handle: String, of member: String) async throws -> RemoteFollowing? {
        try await write { db in
            let match = "WHERE member = ? AND handle = ?"
            let dropped = try Row.fetchOne(db, sql: "SELECT * FROM remote_following \(match)", arguments: [member, handle]).map(Self.remoteFollowing)
            try db.execute(sql: "DELETE FROM remote_following \(match)", arguments: [member, handle])
            return dropped
        }
    }

    func remoteFollowing(of member: String) async throws -> [RemoteFollowing] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM remote_following WHERE member = ? ORDER BY created_at DESC, handle", arguments: [member])
                .map(Self.remoteFollowing)
        }
    }

    func forgetRemoteActor(_ actor: String) async throws {
        try await write { db in
            for table in ["remote_followers", "remote_following", "remote_blocks"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE actor = ?", arguments: [actor])
            }
        }
    }

    func keepRemoteAuthor(_ actor: RemoteActor) async throws -> String {
        try await write { db in
            if let kept = try String.fetchOne(db, sql: "SELECT username FROM users WHERE actor = ?", arguments: [actor.id]) {
                // Written only when it changed: a change of a row of `users` makes every kept page stale.
                try db.execute(
                    sql: "UPDATE users SET fullname = ? WHERE actor = ? AND fullname IS NOT ?",
                    arguments: [actor.name, actor.id, actor.name]
                )
                return kept
            }
            try db.execute(
                sql: "INSERT INTO users (username, fullname, password_hash, created_at, actor) VALUES (?, ?, '', ?, ?)",
                arguments: [actor.handle, actor.name, Date().timeIntervalSince1970, actor.id]
            )
            return actor.handle
        }
    }

    func remoteAuthor(_ actor: String) async throws -> String? {
        try await read { db in try String.fetchOne(db, sql: "SELECT username FROM users WHERE actor = ?", arguments: [actor]) }
    }

    func remoteAuthors() async throws -> [(handle: String, actor: String)] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT username, actor FROM users WHERE actor IS NOT NULL").map { ($0[0], $0[1]) }
        }
    }

    func keptNote(_ id: String) async throws -> KeptNote? {
        try await read { db in
            let sql = """
                SELECT id, NULL, owner FROM posts WHERE remote_id = :id
                UNION ALL SELECT post_id, id, owner FROM comments WHERE remote_id = :id
                """
            return try Row.fetchOne(db, sql: sql, arguments: ["id": id]).map { KeptNote(post: $0[0], comment: $0[1], owner: $0[2]) }
        }
    }

    func followersHere(ofAuthor handle: String) async throws -> [String] {
        try await read { db in
            let sql = "SELECT r.member FROM remote_following r JOIN users u ON u.actor = r.actor WHERE u.username = ? AND r.accepted = 1"
            return try String.fetchAll(db, sql: sql, arguments: [handle])
        }
    }

    func isFollowedHere(_ actor: String) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM remote_following WHERE actor = ? AND accepted = 1)", arguments: [actor]) ?? false
        }
    }

    func origin(ofPost id: Int64) async throws -> NoteOrigin? {
        try await read { db in
            let sql = "SELECT p.remote_id, u.actor FROM posts p JOIN users u ON u.username = p.owner WHERE p.id = ? AND p.remote_id IS NOT NULL"
            return try Row.fetchOne(db, sql: sql, arguments: [id]).map { NoteOrigin(note: $0[0], author: $0[1]) }
        }
    }

    func keepRemoteBlock(_ block: RemoteBlock, of member: String) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO remote_blocks (member, actor, handle, inbox, block_id, by_member, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT DO NOTHING
                    """,
                arguments: [member, block.actor, block.handle, block.inbox, block.blockID, block.byMember, Date().timeIntervalSince1970]
            )
            guard db.changesCount > 0 else { return false }
            for table in ["remote_followers", "remote_following"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE member = ? AND actor = ?", arguments: [member, block.actor])
            }
            return true
        }
    }

    func dropRemoteBlock(_ actor: String, byMember: Bool, of member: String?, blockID: String?) async throws -> RemoteBlock? {
        try await write { db in
            let match = "WHERE actor = ? AND by_member = ? AND (member = ? OR block_id = ?)"
            let arguments: StatementArguments = [actor, byMember, member, blockID]
            let dropped = try Row.fetchOne(db, sql: "SELECT * FROM remote_blocks \(match)", arguments: arguments).map(Self.remoteBlock)
            try db.execute(sql: "DELETE FROM remote_blocks \(match)", arguments: arguments)
            return dropped
        }
    }

    func remoteBlocks(of member: String) async throws -> [RemoteBlock] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM remote_blocks WHERE member = ? ORDER BY created_at DESC, handle", arguments: [member])
                .map(Self.remoteBlock)
        }
    }

    private static func remoteBlock(_ row: Row) -> RemoteBlock {
        RemoteBlock(actor: row["actor"], handle: row["handle"], inbox: row["inbox"], blockID: row["block_id"], byMember: row["by_member"])
    }

    private static func remoteFollowing(_ row: Row) -> RemoteFollowing {
        RemoteFollowing(actor: row["actor"], handle: row["handle"], inbox: row["inbox"], followID: row["follow_id"], accepted: row["accepted"])
    }

    func fanOut(_ id: Int64, to inboxes: [String]) async throws {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT activity_id, signer, body, created_at FROM deliveries WHERE id = ?", arguments: [id])
            else { return }
            let each = inboxes.map { OutgoingDelivery(inbox: $0, activityID: row["activity_id"], signer: row["signer"], body: row["body"]) }
            // Queued when the post was: its two days run from then.
            try Self.insert(each, queuedAt: row["created_at"], into: db)
            try db.execute(sql: "DELETE FROM deliveries WHERE id = ?", arguments: [id])
        }
    }

    func queue(_ deliveries: [OutgoingDelivery]) async throws {
        try await write { db in try Self.insert(deliveries, queuedAt: Date().timeIntervalSince1970, into: db) }
    }

    private static func insert(_ deliveries: [OutgoingDelivery], queuedAt: Double, into db: Database) throws {
        let now = Date().timeIntervalSince1970
        for delivery in deliveries {
            try db.execute(
                sql: """
                    INSERT INTO deliveries (inbox, host, activity_id, signer, body, attempts, due, created_at)
                    VALUES (:inbox, :host, :activity, :signer, :body, 0, \(Self.dueUnlessHeld), :queued)
                    ON CONFLICT (inbox, activity_id) DO NOTHING
                    """,
                arguments: [
                    "inbox": delivery.inbox, "host": delivery.host, "activity": delivery.activityID, "signer": delivery.signer,
                    "body": delivery.body, "now": now, "queued": queuedAt,
                ]
            )
        }
    }

    func claimDeliveries(dueBy now: Date, heldUntil: Date, limit: Int) async throws -> [Delivery] {
        // Asked every second: a read while nothing is due, so that an idle queue takes no write lock.
        let due = try await read { db in
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM deliveries WHERE due <= ?)"),
                arguments: [now.timeIntervalSince1970]
            ) ?? false
        }
        guard due else { return [] }
        return try await write { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    UPDATE deliveries SET due = ? WHERE id IN (SELECT id FROM deliveries WHERE due <= ? ORDER BY due LIMIT ?)
                    RETURNING id, inbox, activity_id, signer, body, attempts, created_at
                    """,
                arguments: [heldUntil.timeIntervalSince1970, now.timeIntervalSince1970, limit]
            )
            return rows.map { row in
                Delivery(
                    id: row[0],
                    outgoing: OutgoingDelivery(inbox: row[1], activityID: row[2], signer: row[3], body: row[4]),
                    attempts: row[5],
                    queuedAt: Date(timeIntervalSince1970: row[6])
                )
            }
        }
    }

    /// Now, or when the hold on the delivery's host (`:host`) ends.
    private static let dueUnlessHeld = "MAX(:now, COALESCE((SELECT held_until FROM failing_hosts WHERE host = :host), 0))"

    func finishDelivery(_ id: Int64, delivered: Bool) async throws {
        try await write { db in
            if delivered {
                try db.execute(sql: "DELETE FROM failing_hosts WHERE host = (SELECT host FROM deliveries WHERE id = ?)", arguments: [id])
            }
            // The signer is named only when they are no member: a member's delivery looks no
            // further than their row, and only a deleted one's looks through the queue.
            try db.execute(
                sql: """
                    DELETE FROM actor_keys WHERE owner = (
                        SELECT signer FROM deliveries WHERE id = :id AND signer <> '\(Federation.server)'
                        AND NOT EXISTS (SELECT 1 FROM users WHERE username = deliveries.signer))
                    AND NOT EXISTS (
                        SELECT 1 FROM deliveries WHERE signer = actor_keys.owner AND id <> :id AND inbox <> '\(Deliveries.followers)')
                    """,
                arguments: ["id": id]
            )
            try db.execute(sql: "DELETE FROM deliveries WHERE id = ?", arguments: [id])
        }
    }

    func postponeDelivery(_ id: Int64, attempts: Int, due: Date, failedAt now: Date) async throws -> Date {
        try await write { db in
            try db.execute(sql: "UPDATE deliveries SET attempts = ?, due = ? WHERE id = ?", arguments: [attempts, due.timeIntervalSince1970, id])
            try db.execute(
                sql: "INSERT INTO failing_hosts (host, since) SELECT host, ? FROM deliveries WHERE id = ? ON CONFLICT (host) DO NOTHING",
                arguments: [now.timeIntervalSince1970, id]
            )
            let since = try Double.fetchOne(
                db,
                sql: "SELECT since FROM failing_hosts WHERE host = (SELECT host FROM deliveries WHERE id = ?)",
                arguments: [id]
            )
            return since.map(Date.init(timeIntervalSince1970:)) ?? now
        }
    }

    func holdHost(_ host: String, until: Date) async throws {
        try await write { db in
            let arguments: StatementArguments = ["host": host, "until": until.timeIntervalSince1970]
            try db.execute(sql: "UPDATE failing_hosts SET held_until = :until WHERE host = :host", arguments: arguments)
            try db.execute(sql: "UPDATE deliveries SET due = MAX(due, :until) WHERE host = :host", arguments: arguments)
        }
    }

    func blockServer(_ block: BlockedServer) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO blocked_servers (host, reason, blocked_by, created_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (host) DO UPDATE SET reason = excluded.reason
                    """,
                arguments: [block.host, block.reason, block.blockedBy, block.createdAt.timeIntervalSince1970]
            )
            // The server itself and every server under its domain: its follows both ways, and what was queued for it.
            for table in ["remote_followers", "remote_following", "deliveries"] {
                try db.execute(
                    sql: "DELETE FROM \(table) WHERE host = :host OR substr(host, -length(:host) - 1) = '.' || :host",
                    arguments: ["host": block.host]
                )
            }
            try db.execute(
                sql: "INSERT INTO moderation_log (moderator, action, account, report_id, reason, created_at) VALUES (?, ?, ?, NULL, ?, ?)",
                arguments: [
                    block.blockedBy, KiwiModerationAction.blockServer.rawValue, block.host, block.reason, block.createdAt.timeIntervalSince1970,
                ]
            )
        }
    }

    func unblockServer(_ host: String, by admin: String, reason: String?) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM blocked_servers WHERE host = ?", arguments: [host])
            guard db.changesCount > 0 else { return false }
            try db.execute(
                sql: "INSERT INTO moderation_log (moderator, action, account, report_id, reason, created_at) VALUES (?, ?, ?, NULL, ?, ?)",
                arguments: [admin, KiwiModerationAction.unblockServer.rawValue, host, reason, Date().timeIntervalSince1970]
            )
            return true
        }
    }

    func blockedServers() async throws -> [BlockedServer] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT host, reason, blocked_by, created_at FROM blocked_servers ORDER BY created_at DESC, host").map { row in
                BlockedServer(host: row[0], reason: row[1], blockedBy: row[2], createdAt: Date(timeIntervalSince1970: row[3]))
            }
        }
    }

    func isBlocked(anyOf hosts: [String]) async throws -> Bool {
        guard !hosts.isEmpty else { return false }
        return try await read { db in
            let marks = Array(repeating: "?", count: hosts.count).joined(separator: ", ")
            return try Bool.fetchOne(
                db,
                sql: "SELECT EXISTS (SELECT 1 FROM blocked_servers WHERE host IN (\(marks)))",
                arguments: StatementArguments(hosts)
            )
                ?? false
        }
    }
}
