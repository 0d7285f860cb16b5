import Foundation
import PluginAPI

/// The surfer's log of sessions, in the data folder (changed under its lock, written atomically).
struct SurfLog: Sendable {
    struct Book: Codable, Sendable {
        var version = 1
        /// The number the next session gets.
        var next = 1
        var sessions: [SurfSession] = []
    }

    let store: JSONFileStore<Book>

    init(dataFolder: String) {
        store = JSONFileStore(path: "\(dataFolder)/surf/sessions.json", empty: Book())
    }

    /// Oldest first.
    func sessions() throws -> [SurfSession] {
        try store.load().sessions.sorted { $0.start < $1.start }
    }

    /// Adds a session, numbering it.
    func add(_ session: SurfSession) throws -> SurfSession {
        try store.update { book in
            var numbered = session
            numbered.number = book.next
            book.next += 1
            book.sessions.append(numbered)
            return numbered
        }
    }

    /// Removes session `number`; nil when the log has none so numbered.
    func remove(_ number: Int) throws -> SurfSession? {
        try store.update { book in
            guard let index = book.sessions.firstIndex(where: { $0.number == number }) else { return nil }
            return book.sessions.remove(at: index)
        }
    }
}
