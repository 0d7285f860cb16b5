import Foundation
import KiwiWire
import PluginAPI

/// Every write exactly once, whatever the network does: a write is kept in the outbox before
/// it is sent, with the `Idempotency-Key` its every sending carries, and leaves the outbox when
/// the server confirms it, or refuses it for good; what could not be confirmed waits, and is
/// sent, in order, before the next command's own work (or by `kiwi sync`).
struct KiwiSync: Sendable {
    let client: KiwiClient
    let outbox: KiwiOutbox

    /// What sending the waiting writes did.
    struct Report: Sendable {
        var landed: [(entry: KeptWrite, answer: KiwiWriteAnswer)] = []
        var refused: [(entry: KeptWrite, reason: String)] = []
        var waiting: [KeptWrite] = []
    }

    /// Sends a new write. Unconfirmed (nothing answered, a 5xx, a 429), it stays in the outbox and
    /// the command ends with 75; behind writes that still wait, it waits too, so the server gets
    /// them in order.
    func deliver(_ write: KiwiWrite, photo: KiwiPhoto? = nil, progress: (@Sendable (Int) -> Void)? = nil) async throws -> KiwiWriteAnswer {
        let session = try client.session()
        let ahead = try outbox.entries(server: session.server, account: session.user.username)
        var entry = try outbox.keep(KeptWrite(write: write, server: session.server, account: session.user.username), photo: photo)
        guard ahead.isEmpty else {
            throw ToolboxError.deferred(
                "kept in the outbox (\(entry.id)) behind \(Self.count(ahead.count, "write")) that \(ahead.count == 1 ? "waits" : "wait")",
                hint: Self.later
            )
        }
        do {
            let answer = try await send(&entry, photo: photo, progress: progress)
            try outbox.remove(entry)
            client.reviseReads(after: write, answer: answer)
            return answer
        } catch is CancellationError {
            // Ctrl-C is 130 as for every command; the write stays kept, to be sent later.
            throw CancellationError()
        } catch let error where Self.unconfirmed(error) {
            throw ToolboxError.deferred("kept in the outbox (\(entry.id)): \(Self.reason(error))", hint: Self.later)
        } catch {
            try outbox.remove(entry)
            throw error
        }
    }

    /// What waits for the logged-in account, unsent.
    func waiting() throws -> Report {
        guard let session = try? client.session() else { return Report() }
        return Report(waiting: try outbox.entries(server: session.server, account: session.user.username))
    }

    /// Sends what waits for the logged-in account, oldest first, stopping at the first that
    /// still cannot be confirmed (the server gets them in order). A write refused for good
    /// leaves the outbox with its reason. Nothing when another process is sending them.
    func sendWaiting() async throws -> Report {
        guard let session = try? client.session() else { return Report() }
        var report = Report()
        let waiting = try outbox.entries(server: session.server, account: session.user.username)
        guard !waiting.isEmpty, let held = try outbox.sending() else { return Report(waiting: waiting) }
        defer { withExtendedLifetime(held) {} }
        for (index, kept) in waiting.enumerated() {
            var entry = kept
            do {
                let answer = try await send(&entry, photo: try outbox.photo(of: entry), progress: nil)
                try outbox.remove(entry)
                client.reviseReads(after: entry.write, answer: answer)
                report.landed.append((entry, answer))
            } catch let error as ToolboxError where error.kind == .notFound && entry.write.removes && entry.tries > 1 {
                // Sent before, and gone now: the earlier sending landed.
                try outbox.remove(entry)
                client.reviseReads(after: entry.write, answer: .done(id: nil))
                report.landed.append((entry, .done(id: nil)))
            } catch let error where Self.unconfirmed(error) {
                report.waiting = Array(waiting[index...])
                report.waiting[0] = entry
                break
            } catch {
                try outbox.remove(entry)
                report.refused.append((entry, Self.reason(error)))
            }
        }
        return report
    }

    /// One sending, counted and its failure noted in the entry before the answer is awaited
    /// (a crash meanwhile still counts it).
    private func send(_ entry: inout KeptWrite, photo: KiwiPhoto?, progress: (@Sendable (Int) -> Void)?) async throws -> KiwiWriteAnswer {
        entry.tries += 1
        try outbox.save(entry)
        do {
            return try await client.send(entry.write, key: entry.key, photo: photo, progress: progress)
        } catch {
            entry.lastError = Self.reason(error)
            try outbox.save(entry)
            throw error
        }
    }

    /// Not answered, answered with a failure that passes (5xx, 429, a key still being answered),
    /// or interrupted: the server may have it or not, and a resending with the key settles it.
    static func unconfirmed(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        guard let error = error as? ToolboxError else { return false }
        return [.unavailable, .rateLimited, .deferred, .interrupted].contains(error.kind)
    }

    static func reason(_ error: any Error) -> String {
        (error as? ToolboxError)?.message ?? (error is CancellationError ? "interrupted" : "\(error)")
    }

    static let later =
        "it is sent by your next kiwi command once the server answers, or now by `toolbox kiwi sync`; `toolbox kiwi outbox` lists what waits"

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
