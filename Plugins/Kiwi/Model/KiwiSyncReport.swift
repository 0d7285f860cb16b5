import Foundation
import KiwiWire
import PluginAPI

/// What sending the outbox did, as people read it.
enum KiwiSyncReport {
    /// Before a command (`quietly`): one line for what landed, one for each write refused for
    /// good (said once: it has left the outbox), one for what still waits; nothing when
    /// nothing waited. After `kiwi sync`: the same, every landed write on a line of its own.
    static func say(_ report: KiwiSync.Report, in context: CommandContext, quietly: Bool) {
        let output = context.output
        if !report.landed.isEmpty {
            let sent = report.landed.map { landed($0.entry, $0.answer) }
            if quietly {
                output.notice("sent \(KiwiSync.count(sent.count, "kept write")): \(sent.joined(separator: "; "))")
            } else {
                for write in sent { output.notice("sent \(write)") }
            }
        }
        for (entry, reason) in report.refused {
            output.notice("dropped the kept \(entry.write.kind) \(entry.write.target): \(reason)")
        }
        if let first = report.waiting.first {
            let why = first.lastError.map { ": \($0)" } ?? ""
            output.notice(
                "\(KiwiSync.count(report.waiting.count, "write")) still \(report.waiting.count == 1 ? "waits" : "wait") in the outbox\(why)"
            )
        }
    }

    /// "post “The storm chapter” (now post 15)", "like of post 12 (3 likes)".
    static func landed(_ entry: KeptWrite, _ answer: KiwiWriteAnswer) -> String {
        let what = "\(entry.write.kind) \(entry.write.target)"
        switch answer {
        case .post(let post): return "\(what) (now post \(post.id))"
        case .likes(let likes): return "\(what) (\(likes.likes) \(likes.likes == 1 ? "like" : "likes"))"
        case .shelved(let entry): return "\(what) (\(KiwiShelfText.place(entry)))"
        case .report(let report): return "\(what) (report \(report.id), \(KiwiModerationText.status(report)))"
        case .done(let id?): return "\(what) (now comment \(id))"
        case .done(nil): return what
        }
    }
}
