import Foundation
import KiwiWire

/// Reports, the audit log and members' standing. A moderator's decision is one transaction: the
/// report closed, the account silenced or suspended (or that lifted), the audit line, and the
/// notifications it sends; the audit log is only ever added to (the databases refuse an edit).
protocol ReportStore: Sendable {
    /// Stores the report with the copies of its posts' photos (by post id); or, when the reporter
    /// reported the same subject before, answers that one and stores nothing.
    func fileReport(_ report: KiwiReport, photos: [Int64: Data]) async throws -> KiwiReport
    func report(_ id: Int64) async throws -> KiwiReport?
    /// The member's report of that subject, if they made one.
    func report(by reporter: String, of subject: KiwiWire.ReportSubject) async throws -> KiwiReport?
    /// The copy a report keeps of a post's photo (a JPEG); nil for none.
    func reportPhoto(report: Int64, post: Int64) async throws -> Data?
    /// Oldest first, after the report numbered `after`; open ones only unless `all`.
    func reports(all: Bool, after: Int64?, limit: Int) async throws -> [KiwiReport]
    /// Reports of the account, newest first, at most `limit`.
    func reports(about account: String, limit: Int) async throws -> [KiwiReport]
    /// Writes the decision; nil when its report was closed already (then nothing is written).
    func decide(_ decision: ModerationDecision) async throws -> [(recipient: String, notices: Notices)]?
    /// Newest first, before the line numbered `before`; of one account when named.
    func audit(account: String?, before: Int64?, limit: Int) async throws -> [KiwiAuditEntry]
    /// Everyone silenced or suspended now.
    func standings() async throws -> KiwiStandings
    /// A comment by its id, for a report to keep as it is; nil for none.
    func comment(_ id: Int64) async throws -> KiwiComment?
    /// Ends every session of the member; answers the tokens' hashes.
    func endSessions(of member: String) async throws -> [String]
}

/// What a moderator decided, as stored in one transaction.
struct ModerationDecision: Sendable {
    /// The report it closes; nil for an action on an account alone (lifting a suspension).
    var report: Int64?
    var account: String
    var action: KiwiModerationAction
    var moderator: String
    var reason: String?
    /// Silenced or suspended from now (true), lifted (false), or left as it is (nil).
    var silenced: Bool? = nil
    var suspended: Bool? = nil
    /// What the reporter is told, and a warning for the account's member, as notifications
    /// whose actor is their own reader.
    var reporterNote: (reporter: String, text: String)? = nil
    var warning: String? = nil
    var at = Date()
}

extension ModerationDecision {
    /// The notifications it sends: to whom, of which kind, saying what.
    var notes: [(recipient: String, kind: KiwiNotification.Kind, note: String)] {
        var notes: [(recipient: String, kind: KiwiNotification.Kind, note: String)] = []
        if let warning { notes.append((account, .warning, warning)) }
        if let reporterNote { notes.append((reporterNote.reporter, .report, reporterNote.text)) }
        return notes
    }
}
