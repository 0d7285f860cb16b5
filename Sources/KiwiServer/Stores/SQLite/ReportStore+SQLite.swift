import Foundation
import GRDB
import KiwiWire

extension SQLiteKiwiDatabase: ReportStore {
    private static let reportColumns = "id, reporter, account, subject, category, comment, content, created_at, outcome, resolved_at"
    private static let auditColumns = "id, moderator, action, account, report_id, reason, created_at"

    func fileReport(_ report: KiwiReport, photos: [Int64: Data]) async throws -> KiwiReport {
        try await write { db in
            if !report.isAboutAReaderElsewhere { try Self.requireUser(report.account, db) }
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO reports (reporter, account, subject, category, comment, content, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    report.reporter, report.account, report.subject.key, report.category.rawValue, report.comment, report.content.stored,
                    report.createdAt.timeIntervalSince1970,
                ]
            )
            let added = db.changesCount > 0
            let sql = "SELECT \(Self.reportColumns) FROM reports WHERE reporter = ? AND subject = ?"
            guard let row = try Row.fetchOne(db, sql: sql, arguments: [report.reporter, report.subject.key]) else { throw KiwiProblem.noSuchUser }
            let filed = Self.report(row)
            for (post, bytes) in photos where added {
                try db.execute(
                    sql: "INSERT INTO report_photos (report_id, post_id, bytes) VALUES (?, ?, ?)",
                    arguments: [filed.id, post, bytes]
                )
            }
            return filed
        }
    }

    func report(by reporter: String, of subject: KiwiWire.ReportSubject) async throws -> KiwiReport? {
        try await read { db in
            let sql = "SELECT \(Self.reportColumns) FROM reports WHERE reporter = ? AND subject = ?"
            return try Row.fetchOne(db, sql: sql, arguments: [reporter, subject.key]).map(Self.report)
        }
    }

    func reportPhoto(report: Int64, post: Int64) async throws -> Data? {
        try await read { db in
            try Data.fetchOne(db, sql: "SELECT bytes FROM report_photos WHERE report_id = ? AND post_id = ?", arguments: [report, post])
        }
    }

    func report(_ id: Int64) async throws -> KiwiReport? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.reportColumns) FROM reports WHERE id = ?", arguments: [id]).map(Self.report)
        }
    }

    func reports(all: Bool, after: Int64?, limit: Int) async throws -> [KiwiReport] {
        try await read { db in
            let sql = "SELECT \(Self.reportColumns) FROM reports WHERE id > ? \(all ? "" : "AND outcome IS NULL") ORDER BY id LIMIT ?"
            return try Row.fetchAll(db, sql: sql, arguments: [after ?? 0, limit]).map(Self.report)
        }
    }

    func reports(about account: String, limit: Int) async throws -> [KiwiReport] {
        try await read { db in
            let sql = "SELECT \(Self.reportColumns) FROM reports WHERE account = ? ORDER BY id DESC LIMIT ?"
            return try Row.fetchAll(db, sql: sql, arguments: [account, limit]).map(Self.report)
        }
    }

    func decide(_ decision: ModerationDecision) async throws -> [(recipient: String, notices: Notices)]? {
        try await write { db in
            let at = decision.at.timeIntervalSince1970
            if let report = decision.report {
                try db.execute(
                    sql: "UPDATE reports SET outcome = ?, resolved_at = ? WHERE id = ? AND outcome IS NULL",
                    arguments: [decision.action.rawValue, at, report]
                )
                guard db.changesCount > 0 else { return nil }
            }
            for (column, value) in [("silenced", decision.silenced), ("suspended", decision.suspended)] {
                guard let value else { continue }
                try db.execute(sql: "UPDATE users SET \(column) = ? WHERE username = ?", arguments: [value ? at : nil, decision.account])
            }
            try db.execute(
                sql: "INSERT INTO moderation_log (moderator, action, account, report_id, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [decision.moderator, decision.action.rawValue, decision.account, decision.report, decision.reason, at]
            )
            var told: [(recipient: String, notices: Notices)] = []
            for (recipient, kind, note) in decision.notes {
                try db.execute(
                    sql: "INSERT INTO notifications (recipient, kind, actor, created_at, note) VALUES (?, ?, ?, ?, ?)",
                    arguments: [recipient, kind.rawValue, recipient, at, note]
                )
                told.append((recipient, Notices(told: db.lastInsertedRowID)))
            }
            return told
        }
    }

    func audit(account: String?, before: Int64?, limit: Int) async throws -> [KiwiAuditEntry] {
        try await read { db in
            let sql = """
                SELECT \(Self.auditColumns) FROM moderation_log WHERE id < ? AND (? IS NULL OR account = ?) ORDER BY id DESC LIMIT ?
                """
            return try Row.fetchAll(db, sql: sql, arguments: [before ?? Int64.max, account, account, limit]).compactMap(Self.auditEntry)
        }
    }

    func standings() async throws -> KiwiStandings {
        try await read { db in
            var standings = KiwiStandings()
            let sql = "SELECT username, silenced IS NOT NULL, suspended IS NOT NULL FROM users WHERE silenced IS NOT NULL OR suspended IS NOT NULL"
            for row in try Row.fetchAll(db, sql: sql) {
                if row[1] as Bool { standings.silenced.insert(row[0]) }
                if row[2] as Bool { standings.suspended.insert(row[0]) }
            }
            return standings
        }
    }

    func comment(_ id: Int64) async throws -> KiwiComment? {
        try await read { db in
            let sql =
                "SELECT c.id, c.post_id, c.text, c.created_at, c.spoiler, \(Self.userColumns) FROM comments c JOIN users u ON u.username = c.owner WHERE c.id = ?"
            return try Row.fetchOne(db, sql: sql, arguments: [id]).map {
                KiwiComment(
                    id: $0[0],
                    owner: Self.user($0, from: 5),
                    postID: $0[1],
                    text: $0[2],
                    createdAt: Date(timeIntervalSince1970: $0[3]),
                    spoiler: $0[4]
                )
            }
        }
    }

    func endSessions(of member: String) async throws -> [String] {
        try await write { db in
            let hashes = try String.fetchAll(db, sql: "SELECT token_hash FROM sessions WHERE username = ?", arguments: [member])
            try db.execute(sql: "DELETE FROM sessions WHERE username = ?", arguments: [member])
            return hashes
        }
    }

    private static func report(_ row: Row) -> KiwiReport {
        KiwiReport(
            id: row[0],
            reporter: row[1],
            account: row[2],
            subject: KiwiWire.ReportSubject(key: row[3]) ?? .account(row[2]),
            category: KiwiWire.ReportCategory(rawValue: row[4]) ?? .other,
            comment: row[5],
            content: KiwiReportedContent(stored: row[6]),
            createdAt: Date(timeIntervalSince1970: row[7]),
            outcome: (row[8] as String?).flatMap(KiwiModerationAction.init(rawValue:)),
            resolvedAt: (row[9] as Double?).map(Date.init(timeIntervalSince1970:))
        )
    }

    /// Nil for an action this server does not know (written by a newer one).
    private static func auditEntry(_ row: Row) -> KiwiAuditEntry? {
        guard let action = KiwiModerationAction(rawValue: row[2]) else { return nil }
        return KiwiAuditEntry(
            id: row[0],
            moderator: row[1],
            action: action,
            account: row[3],
            report: row[4],
            reason: row[5],
            createdAt: Date(timeIntervalSince1970: row[6])
        )
    }
}
