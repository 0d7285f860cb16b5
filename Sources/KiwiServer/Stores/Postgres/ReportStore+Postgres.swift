import Foundation
import KiwiWire
import PostgresNIO

/// Moderation is rare beside reading: its statements are plain queries, not prepared ones.
extension PostgresKiwiDatabase: ReportStore {
    private static let reportColumns = "id, reporter, account, subject, category, comment, content, created_at, outcome, resolved_at"
    private typealias ReportRow = (Int64, String, String, String, String, String?, String, Double, String?, Double?)

    func fileReport(_ report: KiwiReport, photos: [Int64: Data]) async throws -> KiwiReport {
        let logger = self.logger
        let found = try await transaction { connection -> KiwiReport? in
            let inserted = try await connection.query(
                """
                INSERT INTO reports (reporter, account, subject, category, comment, content, created_at)
                SELECT \(report.reporter), \(report.account), \(report.subject.key), \(report.category.rawValue), \(report.comment),
                       \(report.content.stored), \(report.createdAt.timeIntervalSince1970)
                WHERE \(report.isAboutAReaderElsewhere) OR EXISTS (SELECT 1 FROM users WHERE username = \(report.account))
                ON CONFLICT (reporter, subject) DO NOTHING RETURNING id
                """,
                logger: logger
            )
            var added: Int64?
            for try await id in inserted.decode(Int64.self) { added = id }
            if let added {
                for (post, bytes) in photos {
                    try await connection.query(
                        "INSERT INTO report_photos (report_id, post_id, bytes) VALUES (\(added), \(post), \(ByteBuffer(data: bytes)))",
                        logger: logger
                    )
                }
            }
            let rows = try await connection.query(
                "SELECT \(unescaped: Self.reportColumns) FROM reports WHERE reporter = \(report.reporter) AND subject = \(report.subject.key)",
                logger: logger
            )
            for try await row in rows.decode(ReportRow.self) { return Self.report(row) }
            return nil
        }
        guard let found else { throw KiwiProblem.noSuchUser }
        return found
    }

    func report(by reporter: String, of subject: KiwiWire.ReportSubject) async throws -> KiwiReport? {
        try await reportRows("SELECT \(unescaped: Self.reportColumns) FROM reports WHERE reporter = \(reporter) AND subject = \(subject.key)").first
    }

    func reportPhoto(report: Int64, post: Int64) async throws -> Data? {
        let logger = self.logger
        return try await withConnection { connection in
            let rows = try await connection.query("SELECT bytes FROM report_photos WHERE report_id = \(report) AND post_id = \(post)", logger: logger)
            for try await bytes in rows.decode(ByteBuffer.self) { return Data(buffer: bytes) }
            return nil
        }
    }

    func report(_ id: Int64) async throws -> KiwiReport? {
        try await reportRows("SELECT \(unescaped: Self.reportColumns) FROM reports WHERE id = \(id)").first
    }

    func reports(all: Bool, after: Int64?, limit: Int) async throws -> [KiwiReport] {
        try await reportRows(
            """
            SELECT \(unescaped: Self.reportColumns) FROM reports WHERE id > \(after ?? 0) AND (\(all) OR outcome IS NULL)
            ORDER BY id LIMIT \(limit)
            """
        )
    }

    func reports(about account: String, limit: Int) async throws -> [KiwiReport] {
        try await reportRows("SELECT \(unescaped: Self.reportColumns) FROM reports WHERE account = \(account) ORDER BY id DESC LIMIT \(limit)")
    }

    func decide(_ decision: ModerationDecision) async throws -> [(recipient: String, notices: Notices)]? {
        let logger = self.logger
        let at = decision.at.timeIntervalSince1970
        let told = try await transaction { connection -> [Notices]? in
            if let report = decision.report {
                let closed = try await connection.query(
                    "UPDATE reports SET outcome = \(decision.action.rawValue), resolved_at = \(at) WHERE id = \(report) AND outcome IS NULL RETURNING id",
                    logger: logger
                )
                var any = false
                for try await _ in closed { any = true }
                guard any else { return nil }
            }
            if let silenced = decision.silenced {
                try await connection.query("UPDATE users SET silenced = \(silenced ? at : nil) WHERE username = \(decision.account)", logger: logger)
            }
            if let suspended = decision.suspended {
                try await connection.query(
                    "UPDATE users SET suspended = \(suspended ? at : nil) WHERE username = \(decision.account)",
                    logger: logger
                )
            }
            try await connection.query(
                """
                INSERT INTO moderation_log (moderator, action, account, report_id, reason, created_at)
                VALUES (\(decision.moderator), \(decision.action.rawValue), \(decision.account), \(decision.report), \(decision.reason), \(at))
                """,
                logger: logger
            )
            var told: [Notices] = []
            for (recipient, kind, note) in decision.notes {
                let added = try await connection.query(
                    """
                    INSERT INTO notifications (recipient, kind, actor, created_at, note)
                    VALUES (\(recipient), \(kind.rawValue), \(recipient), \(at), \(note)) RETURNING id
                    """,
                    logger: logger
                )
                for try await id in added.decode(Int64.self) { told.append(Notices(told: id)) }
            }
            return told
        }
        return told.map { zip(decision.notes.map(\.recipient), $0).map { (recipient: $0, notices: $1) } }
    }

    func audit(account: String?, before: Int64?, limit: Int) async throws -> [KiwiAuditEntry] {
        let logger = self.logger
        return try await withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT id, moderator, action, account, report_id, reason, created_at FROM moderation_log
                WHERE id < \(before ?? Int64.max) AND (\(account)::text IS NULL OR account = \(account)) ORDER BY id DESC LIMIT \(limit)
                """,
                logger: logger
            )
            var entries: [KiwiAuditEntry] = []
            for try await (id, moderator, action, account, report, reason, at) in rows.decode(
                (Int64, String, String, String, Int64?, String?, Double).self
            ) {
                guard let action = KiwiModerationAction(rawValue: action) else { continue }
                entries.append(
                    KiwiAuditEntry(
                        id: id,
                        moderator: moderator,
                        action: action,
                        account: account,
                        report: report,
                        reason: reason,
                        createdAt: Date(timeIntervalSince1970: at)
                    )
                )
            }
            return entries
        }
    }

    func standings() async throws -> KiwiStandings {
        let logger = self.logger
        return try await withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT username, silenced IS NOT NULL, suspended IS NOT NULL FROM users
                WHERE silenced IS NOT NULL OR suspended IS NOT NULL
                """,
                logger: logger
            )
            var standings = KiwiStandings()
            for try await (name, silenced, suspended) in rows.decode((String, Bool, Bool).self) {
                if silenced { standings.silenced.insert(name) }
                if suspended { standings.suspended.insert(name) }
            }
            return standings
        }
    }

    func comment(_ id: Int64) async throws -> KiwiComment? {
        let logger = self.logger
        return try await withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT c.id, c.post_id, c.text, c.created_at, c.spoiler, \(unescaped: Self.userColumns)
                FROM comments c JOIN users u ON u.username = c.owner WHERE c.id = \(id)
                """,
                logger: logger
            )
            for try await row in rows {
                let cells = row.makeRandomAccess()
                return KiwiComment(
                    id: try cells[0].decode(Int64.self),
                    owner: try Self.user(cells, from: 5),
                    postID: try cells[1].decode(Int64.self),
                    text: try cells[2].decode(String.self),
                    createdAt: Date(timeIntervalSince1970: try cells[3].decode(Double.self)),
                    spoiler: try cells[4].decode(String?.self)
                )
            }
            return nil
        }
    }

    func endSessions(of member: String) async throws -> [String] {
        let logger = self.logger
        return try await withConnection { connection in
            var hashes: [String] = []
            let rows = try await connection.query("DELETE FROM sessions WHERE username = \(member) RETURNING token_hash", logger: logger)
            for try await hash in rows.decode(String.self) { hashes.append(hash) }
            return hashes
        }
    }

    private func reportRows(_ query: PostgresQuery) async throws -> [KiwiReport] {
        let logger = self.logger
        return try await withConnection { connection in
            var reports: [KiwiReport] = []
            for try await row in try await connection.query(query, logger: logger).decode(ReportRow.self) { reports.append(Self.report(row)) }
            return reports
        }
    }

    private static func report(_ row: ReportRow) -> KiwiReport {
        let (id, reporter, account, subject, category, comment, content, createdAt, outcome, resolvedAt) = row
        return KiwiReport(
            id: id,
            reporter: reporter,
            account: account,
            subject: KiwiWire.ReportSubject(key: subject) ?? .account(account),
            category: KiwiWire.ReportCategory(rawValue: category) ?? .other,
            comment: comment,
            content: KiwiReportedContent(stored: content),
            createdAt: Date(timeIntervalSince1970: createdAt),
            outcome: outcome.flatMap(KiwiModerationAction.init(rawValue:)),
            resolvedAt: resolvedAt.map(Date.init(timeIntervalSince1970:))
        )
    }
}
