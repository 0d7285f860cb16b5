import Foundation
import PostgresNIO

extension PostgresKiwiDatabase: FederationStore {
    func actorKey(of owner: String) async throws -> String? {
        let logger = self.logger
        return try await transaction { connection in
            let rows = try await connection.query("SELECT private_key FROM actor_keys WHERE owner = \(owner)", logger: logger)
            for try await key in rows.decode(String.self) { return key }
            return nil
        }
    }

    func keepActorKey(_ key: String, of owner: String) async throws -> String {
        let logger = self.logger
        let now = Date().timeIntervalSince1970
        return try await transaction { connection in
            try await connection.query(
                "INSERT INTO actor_keys (owner, private_key, created_at) VALUES (\(owner), \(key), \(now)) ON CONFLICT (owner) DO NOTHING",
                logger: logger
            )
            let rows = try await connection.query("SELECT private_key FROM actor_keys WHERE owner = \(owner)", logger: logger)
            for try await kept in rows.decode(String.self) { return kept }
            return key
        }
    }

    func usage(activeSince month: Date, _ halfYear: Date) async throws -> KiwiUsage {
        let logger = self.logger
        let (monthStart, halfYearStart) = (month.timeIntervalSince1970, halfYear.timeIntervalSince1970)
        return try await transaction { connection in
            let rows = try await connection.query(
                """
                SELECT (SELECT COUNT(*) FROM users WHERE pending = 0 AND actor IS NULL),
                    (SELECT COUNT(*) FROM (SELECT owner FROM posts WHERE created_at >= \(monthStart) AND remote_id IS NULL
                        UNION SELECT owner FROM comments WHERE created_at >= \(monthStart) AND remote_id IS NULL) active),
                    (SELECT COUNT(*) FROM (SELECT owner FROM posts WHERE created_at >= \(halfYearStart) AND remote_id IS NULL
                        UNION SELECT owner FROM comments WHERE created_at >= \(halfYearStart) AND remote_id IS NULL) active),
                    (SELECT COUNT(*) FROM posts WHERE remote_id IS NULL), (SELECT COUNT(*) FROM comments WHERE remote_id IS NULL)
                """,
                logger: logger
            )
            for try await (members, activeMonth, activeHalfYear, posts, comments) in rows.decode((Int, Int, Int, Int, Int).self) {
                return KiwiUsage(members: members, activeMonth: activeMonth, activeHalfYear: activeHalfYear, posts: posts, comments: comments)
            }
            return KiwiUsage(members: 0, activeMonth: 0, activeHalfYear: 0, posts: 0, comments: 0)
        }
    }

    func postCount(by author: String) async throws -> Int {
        let logger = self.logger
        return try await transaction { connection in
            let rows = try await connection.query("SELECT COUNT(*) FROM posts WHERE owner = \(author)", logger: logger)
            for try await count in rows.decode(Int.self) { return count }
            return 0
        }
    }

    func keepRemoteFollower(_ follower: RemoteFollower, of member: String) async throws {
        let logger = self.logger
        let now = Date().timeIntervalSince1970
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO remote_followers (member, actor, handle, host, inbox, follow_id, created_at)
                VALUES (\(member), \(follower.actor), \(follower.handle), \(follower.host), \(follower.inbox), \(follower.followID), \(now))
                ON CONFLICT (member, actor) DO UPDATE SET handle = excluded.handle, inbox = excluded.inbox, follow_id = excluded.follow_id
                """,
                logger: logger
            )
        }
    }

    func dropRemoteFollower(_ actor: String, of member: String?, followID: String?) async throws -> Bool {
        let logger = self.logger
        return try await transaction { connection in
            let rows = try await connection.query(
                "DELETE FROM remote_followers WHERE actor = \(actor) AND (member = \(member) OR follow_id = \(followID)) RETURNING member",
                logger: logger
            )
            var dropped = false
            for try await _ in rows.decode(String.self) { dropped = true }
            return dropped
        }
    }

    func remoteFollowerCount(of member: String) async throws -> Int {
        let logger = self.logger
        return try await transaction { connection in
            let rows = try await connection.query("SELECT COUNT(*) FROM remote_followers WHERE member = \(member)", logger: logger)
            for try await count in rows.decode(Int.self) { return count }
            return 0
        }
    }

    func remoteFollowerInboxes(of member: String) async throws -> [String] {
        let logger = self.logger
        return try await transaction { connection in
            let rows = try await connection.query(
                "SELECT DISTINCT inbox FROM remote_followers WHERE member = \(member) ORDER BY inbox",
                logger: logger
            )
            var inboxes: [String] = []
            for try await inbox in rows.decode(String.self) { inboxes.append(inbox) }
            return inboxes
        }
    }

    func remoteFollowers(of member: String) async throws -> [RemoteFollower] {
        try await rows(
            "SELECT actor, handle, inbox, follow_id FROM remote_followers WHERE member = \(member) ORDER BY created_at DESC, actor"
        ) { row in
            let (actor, handle, inbox, followID) = try row.decode((String, String?, String, String).self)
            return RemoteFollower(actor: actor, handle: handle, inbox: inbox, followID: followID)
        }
    }

    func keepRemoteFollowing(_ following: RemoteFollowing, of member: String) async throws {
        let (accepted, now) = (following.accepted ? 1 : 0, Date().timeIntervalSince1970)
        _ = try await rows(
            """
            INSERT INTO remote_following (member, actor, handle, host, inbox, follow_id, accepted, created_at)
            VALUES (\(member), \(following.actor), \(following.handle), \(following.host), \(following.inbox), \(following.followID),
                \(accepted), \(now))
            ON CONFLICT (member, actor) DO UPDATE SET handle = excluded.handle, inbox = excluded.inbox, follow_id = excluded.follow_id,
                accepted = excluded.accepted
            """
        ) { _ in () }
    }

    func settleRemoteFollowing(_ followID: String, by actor: String, accepted: Bool) async throws -> Bool {
        let query: PostgresQuery =
            accepted
            ? "UPDATE remote_following SET accepted = 1 WHERE actor = \(actor) AND follow_id = \(followID) RETURNING member"
            : "DELETE FROM remote_following WHERE actor = \(actor) AND follow_id = \(followID) RETURNING member"
        return try await !rows(query) { _ in () }.isEmpty
    }

    func dropRemoteFollowing(_ handle: String, of member: String) async throws -> RemoteFollowing? {
        try await rows("DELETE FROM remote_following WHERE member = \(member) AND handle = \(handle) RETURNING \(unescaped: Self.followingColumns)") {
            try Self.remoteFollowing($0)
        }.first
    }

    func remoteFollowing(of member: String) async throws -> [RemoteFollowing] {
        try await rows(
            "SELECT \(unescaped: Self.followingColumns) FROM remote_following WHERE member = \(member) ORDER BY created_at DESC, handle COLLATE \"C\""
        ) { try Self.remoteFollowing($0) }
    }

    func forgetRemoteActor(_ actor: String) async throws {
        let logger = self.logger
        try await transaction { connection in
            for table in ["remote_followers", "remote_following", "remote_blocks"] {
                try await connection.query("DELETE FROM \(unescaped: table) WHERE actor = \(actor)", logger: logger)
            }
        }
    }

    func keepRemoteAuthor(_ actor: RemoteActor) async throws -> String {
        // Written only when it changed: a change of a row of `users` makes every kept page stale.
        let kept = try await rows(
            """
            WITH renamed AS (UPDATE users SET fullname = \(actor.name) WHERE actor = \(actor.id) AND fullname IS DISTINCT FROM \(actor.name)),
                 added AS (INSERT INTO users (username, fullname, password_hash, created_at, actor)
                           SELECT \(actor.handle), \(actor.name), '', \(Date().timeIntervalSince1970), \(actor.id)
                           WHERE NOT EXISTS (SELECT 1 FROM users WHERE actor = \(actor.id)) RETURNING username)
            SELECT username FROM added UNION ALL SELECT username FROM users WHERE actor = \(actor.id)
            """
        ) { try $0.decode(String.self) }
        return kept.first ?? actor.handle
    }

    func remoteAuthor(_ actor: String) async throws -> String? {
        try await rows("SELECT username FROM users WHERE actor = \(actor)") { try $0.decode(String.self) }.first
    }

    func remoteAuthors() async throws -> [(handle: String, actor: String)] {
        try await rows("SELECT username, actor FROM users WHERE actor IS NOT NULL") { try $0.decode((String, String).self) }
    }

    func keptNote(_ id: String) async throws -> KeptNote? {
        try await rows(
            """
            SELECT id, NULL::bigint, owner FROM posts WHERE remote_id = \(id)
            UNION ALL SELECT post_id, id, owner FROM comments WHERE remote_id = \(id)
            """
        ) { row in
            let (post, comment, owner) = try row.decode((Int64, Int64?, String).self)
            return KeptNote(post: post, comment: comment, owner: owner)
        }.first
    }

    func followersHere(ofAuthor handle: String) async throws -> [String] {
        try await rows("SELECT r.member FROM remote_following r JOIN users u ON u.actor = r.actor WHERE u.username = \(handle) AND r.accepted = 1") {
            try $0.decode(String.self)
        }
    }

    func isFollowedHere(_ actor: String) async throws -> Bool {
        try await !rows("SELECT 1 FROM remote_following WHERE actor = \(actor) AND accepted = 1 LIMIT 1") { _ in () }.isEmpty
    }

    func origin(ofPost id: Int64) async throws -> NoteOrigin? {
        try await rows("SELECT p.remote_id, u.actor FROM posts p JOIN users u ON u.username = p.owner WHERE p.id = \(id) AND p.remote_id IS NOT NULL")
        {
            let (note, author) = try $0.decode((String, String).self)
            return NoteOrigin(note: note, author: author)
        }.first
    }

    func keepRemoteBlock(_ block: RemoteBlock, of member: String) async throws -> Bool {
        let logger = self.logger
        let (byMember, now) = (block.byMember ? 1 : 0, Date().timeIntervalSince1970)
        return try await transaction { connection in
            let kept = try await connection.query(
                """
                INSERT INTO remote_blocks (member, actor, handle, inbox, block_id, by_member, created_at)
                VALUES (\(member), \(block.actor), \(block.handle), \(block.inbox), \(block.blockID), \(byMember), \(now))
                ON CONFLICT DO NOTHING RETURNING member
                """,
                logger: logger
            )
            var added = false
            for try await _ in kept.decode(String.self) { added = true }
            guard added else { return false }
            for table in ["remote_followers", "remote_following"] {
                try await connection.query("DELETE FROM \(unescaped: table) WHERE member = \(member) AND actor = \(block.actor)", logger: logger)
            }
            return true
        }
    }

    func dropRemoteBlock(_ actor: String, byMember: Bool, of member: String?, blockID: String?) async throws -> RemoteBlock? {
        try await rows(
            """
            DELETE FROM remote_blocks WHERE actor = \(actor) AND by_member = \(byMember ? 1 : 0) AND (member = \(member) OR block_id = \(blockID))
            RETURNING \(unescaped: Self.blockColumns)
            """
        ) { try Self.remoteBlock($0) }.first
    }

    func remoteBlocks(of member: String) async throws -> [RemoteBlock] {
        try await rows(
            "SELECT \(unescaped: Self.blockColumns) FROM remote_blocks WHERE member = \(member) ORDER BY created_at DESC, handle COLLATE \"C\""
        ) { try Self.remoteBlock($0) }
    }

    private static let blockColumns = "actor, handle, inbox, block_id, by_member"

    private static func remoteBlock(_ row: PostgresRow) throws -> RemoteBlock {
        let (actor, handle, inbox, blockID, byMember) = try row.decode((String, String, String, String, Int).self)
        return RemoteBlock(actor: actor, handle: handle, inbox: inbox, blockID: blockID, byMember: byMember != 0)
    }

    private static let followingColumns = "actor, handle, inbox, follow_id, accepted"

    private static func remoteFollowing(_ row: PostgresRow) throws -> RemoteFollowing {
        let (actor, handle, inbox, followID, accepted) = try row.decode((String, String, String, String, Int).self)
        return RemoteFollowing(actor: actor, handle: handle, inbox: inbox, followID: followID, accepted: accepted != 0)
    }

    func fanOut(_ id: Int64, to inboxes: [String]) async throws {
        let logger = self.logger
        let now = Date().timeIntervalSince1970
        let hosts = inboxes.map(BlockedServer.host(of:))
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO deliveries (inbox, host, activity_id, signer, body, attempts, due, created_at)
                SELECT target.inbox, target.host, d.activity_id, d.signer, d.body, 0, GREATEST(\(now), COALESCE(f.held_until, 0)), d.created_at
                FROM deliveries d CROSS JOIN unnest(\(inboxes)::text[], \(hosts)::text[]) AS target(inbox, host)
                LEFT JOIN failing_hosts f ON f.host = target.host
                WHERE d.id = \(id)
                ON CONFLICT (inbox, activity_id) DO NOTHING
                """,
                logger: logger
            )
            try await connection.query("DELETE FROM deliveries WHERE id = \(id)", logger: logger)
        }
    }

    func queue(_ deliveries: [OutgoingDelivery]) async throws {
        let logger = self.logger
        let now = Date().timeIntervalSince1970
        try await transaction { connection in
            for delivery in deliveries {
                try await connection.query(
                    """
                    INSERT INTO deliveries (inbox, host, activity_id, signer, body, attempts, due, created_at)
                    VALUES (
                        \(delivery.inbox), \(delivery.host), \(delivery.activityID), \(delivery.signer), \(ByteBuffer(data: delivery.body)), 0,
                        GREATEST(\(now), COALESCE((SELECT held_until FROM failing_hosts WHERE host = \(delivery.host)), 0)), \(now))
                    ON CONFLICT (inbox, activity_id) DO NOTHING
                    """,
                    logger: logger
                )
            }
        }
    }

    /// `SKIP LOCKED`: servers of one community claim at once and each gets deliveries of its own.
    func claimDeliveries(dueBy now: Date, heldUntil: Date, limit: Int) async throws -> [Delivery] {
        let logger = self.logger
        let (due, held) = (now.timeIntervalSince1970, heldUntil.timeIntervalSince1970)
        return try await transaction { connection in
            let rows = try await connection.query(
                """
                UPDATE deliveries SET due = \(held) WHERE id IN (
                    SELECT id FROM deliveries WHERE due <= \(due) ORDER BY due LIMIT \(limit) FOR UPDATE SKIP LOCKED)
                RETURNING id, inbox, activity_id, signer, body, attempts, created_at
                """,
                logger: logger
            )
            var claimed: [Delivery] = []
            for try await (id, inbox, activity, signer, body, attempts, created) in rows.decode(
                (Int64, String, String, String, ByteBuffer, Int, Double).self
            ) {
                claimed.append(
                    Delivery(
                        id: id,
                        outgoing: OutgoingDelivery(inbox: inbox, activityID: activity, signer: signer, body: Data(buffer: body)),
                        attempts: attempts,
                        queuedAt: Date(timeIntervalSince1970: created)
                    )
                )
            }
            return claimed
        }
    }

    func finishDelivery(_ id: Int64, delivered: Bool) async throws {
        // One statement. Its parts see the deliveries as they were before it: the one finished is
        // left out by its id.
        let query: PostgresQuery = """
            WITH done AS (DELETE FROM deliveries WHERE id = \(id) RETURNING host, signer),
            answered AS (DELETE FROM failing_hosts WHERE \(delivered) AND host IN (SELECT host FROM done))
            DELETE FROM actor_keys k WHERE k.owner IN (SELECT signer FROM done) AND k.owner <> \(Federation.server)
            AND NOT EXISTS (SELECT 1 FROM users WHERE username = k.owner)
            AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.signer = k.owner AND d.id <> \(id) AND d.inbox <> \(Deliveries.followers))
            """
        _ = try await rows(query) { _ in () }
    }

    func postponeDelivery(_ id: Int64, attempts: Int, due: Date, failedAt now: Date) async throws -> Date {
        let (when, failed) = (due.timeIntervalSince1970, now.timeIntervalSince1970)
        let since = try await rows(
            """
            WITH failed AS (UPDATE deliveries SET attempts = \(attempts), due = \(when) WHERE id = \(id) RETURNING host)
            INSERT INTO failing_hosts (host, since) SELECT host, \(failed) FROM failed
            ON CONFLICT (host) DO UPDATE SET since = failing_hosts.since RETURNING since
            """
        ) { try $0.decode(Double.self) }
        return since.first.map(Date.init(timeIntervalSince1970:)) ?? now
    }

    func holdHost(_ host: String, until: Date) async throws {
        let logger = self.logger
        let when = until.timeIntervalSince1970
        try await transaction { connection in
            try await connection.query("UPDATE failing_hosts SET held_until = \(when) WHERE host = \(host)", logger: logger)
            try await connection.query("UPDATE deliveries SET due = GREATEST(due, \(when)) WHERE host = \(host)", logger: logger)
        }
    }

    func blockServer(_ block: BlockedServer) async throws {
        let logger = self.logger
        let (host, at) = (block.host, block.createdAt.timeIntervalSince1970)
        let action = KiwiModerationAction.blockServer.rawValue
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO blocked_servers (host, reason, blocked_by, created_at) VALUES (\(host), \(block.reason), \(block.blockedBy), \(at))
                ON CONFLICT (host) DO UPDATE SET reason = excluded.reason
                """,
                logger: logger
            )
            // The server itself and every server under its domain: its follows both ways, and what was queued for it.
            for table in ["remote_followers", "remote_following", "deliveries"] {
                try await connection.query(
                    "DELETE FROM \(unescaped: table) WHERE host = \(host) OR right(host, length(\(host)) + 1) = '.' || \(host)",
                    logger: logger
                )
            }
            try await connection.query(
                """
                INSERT INTO moderation_log (moderator, action, account, report_id, reason, created_at)
                VALUES (\(block.blockedBy), \(action), \(host), NULL, \(block.reason), \(at))
                """,
                logger: logger
            )
        }
    }

    func unblockServer(_ host: String, by admin: String, reason: String?) async throws -> Bool {
        let logger = self.logger
        let (now, action) = (Date().timeIntervalSince1970, KiwiModerationAction.unblockServer.rawValue)
        return try await transaction { connection in
            let rows = try await connection.query("DELETE FROM blocked_servers WHERE host = \(host) RETURNING host", logger: logger)
            var removed = false
            for try await _ in rows.decode(String.self) { removed = true }
            guard removed else { return false }
            try await connection.query(
                """
                INSERT INTO moderation_log (moderator, action, account, report_id, reason, created_at)
                VALUES (\(admin), \(action), \(host), NULL, \(reason), \(now))
                """,
                logger: logger
            )
            return true
        }
    }

    func blockedServers() async throws -> [BlockedServer] {
        let logger = self.logger
        return try await transaction { connection in
            let rows = try await connection.query(
                "SELECT host, reason, blocked_by, created_at FROM blocked_servers ORDER BY created_at DESC, host COLLATE \"C\"",
                logger: logger
            )
            var blocked: [BlockedServer] = []
            for try await (host, reason, by, at) in rows.decode((String, String?, String, Double).self) {
                blocked.append(BlockedServer(host: host, reason: reason, blockedBy: by, createdAt: Date(timeIntervalSince1970: at)))
            }
            return blocked
        }
    }

    func isBlocked(anyOf hosts: [String]) async throws -> Bool {
        let logger = self.logger
        return try await transaction { connection in
            let rows = try await connection.query("SELECT EXISTS (SELECT 1 FROM blocked_servers WHERE host = ANY(\(hosts)))", logger: logger)
            for try await blocked in rows.decode(Bool.self) { return blocked }
            return false
        }
    }
}
