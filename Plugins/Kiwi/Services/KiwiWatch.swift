import Foundation
import PluginAPI
import Synchronization

/// `kiwi watch`: the reader's live stream, kept open. A stream that breaks (the server restarted,
/// the network went) is opened again after a wait that doubles from 1 s to 30 s, naming the last
/// event it had, so the server sends what was missed; the few it sends again are dropped by their
/// id. A stream silent for longer than three heartbeats is taken as gone. Not logged in, or
/// logged out meanwhile, ends it (exit 77); a server not there at the start too (exit 69).
struct KiwiWatch: Sendable {
    let client: KiwiClient
    var silence: Duration = .seconds(45)
    var firstWait: Duration = .seconds(1)
    var longestWait: Duration = .seconds(30)

    /// What happens while watching, in order.
    enum Happening: Sendable {
        case event(KiwiLiveEvent)
        /// The stream broke; the next try is in `wait`.
        case interrupted(reason: String, wait: Duration)
        case resumed
    }

    private struct Silent: Error {}

    /// Where the watching is: the last event had, the events had lately, when the stream last spoke.
    private final class Progress: Sendable {
        private let state = Mutex((lastEvent: String?.none, seen: Set<String>(), order: [String]()))
        private let heard = Mutex(ContinuousClock.now)

        var lastEvent: String? { state.withLock { $0.lastEvent } }
        var quiet: Duration { ContinuousClock.now - heard.withLock { $0 } }

        func heardFrom(_ event: ServerSentEvent?) {
            heard.withLock { $0 = .now }
            if let id = event?.id { state.withLock { $0.lastEvent = id } }
        }

        /// Whether the event named `id` is new here.
        func isFresh(_ id: String) -> Bool {
            state.withLock { state in
                guard state.seen.insert(id).inserted else { return false }
                state.order.append(id)
                if state.order.count > 2_000 { state.seen.remove(state.order.removeFirst()) }
                return true
            }
        }
    }

    func run(_ tell: @escaping @Sendable (Happening) throws -> Void) async throws {
        let progress = Progress()
        var wait = firstWait
        var connectedOnce = false
        while !Task.isCancelled {
            do {
                let stream = try await client.events(after: progress.lastEvent)
                if connectedOnce { try tell(.resumed) }
                connectedOnce = true
                wait = firstWait
                progress.heardFrom(nil)
                try await read(stream, progress) { event in
                    guard let event, let live = try KiwiLiveEvent(event) else { return }
                    if let id = live.id, !progress.isFresh(id) { return }
                    try tell(.event(live))
                }
                try tell(.interrupted(reason: "the server ended the stream", wait: wait))
            } catch let error as ToolboxError where error.kind == .authentication || !connectedOnce {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                try tell(.interrupted(reason: error is Silent ? "the stream went silent" : "the connection broke", wait: wait))
            }
            try await Task.sleep(for: wait)
            wait = min(wait * 2, longestWait)
        }
    }

    /// Every event until the stream ends; `Silent` when nothing, not even a heartbeat, comes for `silence`.
    private func read(
        _ stream: AsyncThrowingStream<ServerSentEvent?, any Error>,
        _ progress: Progress,
        _ each: @escaping @Sendable (ServerSentEvent?) throws -> Void
    ) async throws {
        let silence = self.silence
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await event in stream {
                    progress.heardFrom(event)
                    try each(event)
                }
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: silence / 3)
                    if progress.quiet > silence { throw Silent() }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }
}
