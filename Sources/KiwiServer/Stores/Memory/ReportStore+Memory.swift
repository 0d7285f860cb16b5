import Foundation
import KiwiWire

extension MemoryKiwiDatabase: ReportStore {
    func fileReport(_ report: KiwiReport, photos: [Int64: Data]) throws -> KiwiReport {
        guard report.isAboutAReaderElsewhere || members[report.account] != nil else { throw KiwiProblem.noSuchUser }
        if let kept = reports.first(where: { $0.reporter == report.reporter && $0.subject == report.subject }) { return kept }
        var report = report
        report.id = nextID()
        reports.append(report)
        for (post, bytes) in photos { reportPhotos[ReportPhotoKey(report: report.id, post: post)] = bytes }
        return report
    }

    func reportPhoto(report: Int64, post: Int64) -> Data? { reportPhotos[ReportPhotoKey(report: report, post: post)] }

    func report(_ id: Int64) -> KiwiReport? { reports.first { $0.id == id } }

    func report(by reporter: String, of subject: KiwiWire.ReportSubject) -> KiwiReport? {
        reports.first { $0.reporter == reporter && $0.subject == subject }
    }

    func reports(all: Bool, after: Int64?, limit: Int) -> [KiwiReport] {
        Array(reports.filter { $0.id > after ?? 0 && (all || $0.outcome == nil) }.prefix(limit))
    }

    func reports(about account: String, limit: Int) -> [KiwiReport] {
        Array(reports.filter { $0.account == account }.reversed().prefix(limit))
    }

    func decide(_ decision: ModerationDecision) -> [(recipient: String, notices: Notices)]? {
        if let id = decision.report {
            guard let index = reports.firstIndex(where: { $0.id == id }), reports[index].outcome == nil else { return nil }
            reports[index].outcome = decision.action
            reports[index].resolvedAt = decision.at
        }
        if let silenced = decision.silenced { members[decision.account]?.silenced = silenced ? decision.at : nil }
        if let suspended = decision.suspended { members[decision.account]?.suspended = suspended ? decision.at : nil }
        moderationLog.append(
            KiwiAuditEntry(
                id: nextID(),
                moderator: decision.moderator,
                action: decision.action,
                account: decision.account,
                report: decision.report,
                reason: decision.reason,
                createdAt: decision.at
            )
        )
        return decision.notes.compactMap { recipient, kind, note in
            guard let member = members[recipient] else { return nil }
            let id = nextID()
            notifications[id] = KiwiNotification(
                id: id,
                recipient: recipient,
                kind: kind,
                actor: member.user,
                post: nil,
                comment: nil,
                commentID: nil,
                note: note,
                createdAt: decision.at,
                read: false
            )
            return (recipient, Notices(told: id))
        }
    }

    func audit(account: String?, before: Int64?, limit: Int) -> [KiwiAuditEntry] {
        Array(moderationLog.reversed().filter { $0.id < before ?? .max && (account == nil || $0.account == account) }.prefix(limit))
    }

    func standings() -> KiwiStandings {
        KiwiStandings(
            silenced: Set(members.filter { $0.value.silenced != nil }.keys),
            suspended: Set(members.filter { $0.value.suspended != nil }.keys)
        )
    }

    func comment(_ id: Int64) -> KiwiComment? { comments[id] }

    func endSessions(of member: String) -> [String] {
        let ended = sessions.filter { $0.value == member }.map(\.key)
        for hash in ended { sessions[hash] = nil }
        return ended
    }
}
