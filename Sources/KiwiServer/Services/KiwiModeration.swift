import Foundation
import KiwiServerSettings
import KiwiWire
import Logging

/// `toolbox kiwi approve`: the sign-ups that wait for a moderator (`--registrations approval`),
/// let in or turned away, on the community's database itself, beside its running servers (an
/// SQLite file's too: a waiting sign-up is nothing a server keeps in memory).
public struct KiwiModeration: Sendable {
    /// A sign-up that waits.
    public struct Waiting: Sendable, Encodable {
        public let username: String
        public let name: String?
        public let email: String?
        public let signedUp: Date
    }

    let database: KiwiDatabase
    let logger: Logger

    public init(database: KiwiDatabase, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// Oldest first.
    public func waiting() async throws -> [Waiting] {
        try await database.opened(mustExist: true, serving: false, logger: logger) { store in
            try await store.pendingMembers().map { Waiting(username: $0.username, name: $0.fullName, email: $0.email, signedUp: $0.createdAt) }
        }
    }

    /// Lets each in (or removes them); answers those that were not waiting.
    public func decide(_ usernames: [String], approved: Bool) async throws -> [String] {
        try await database.opened(mustExist: true, serving: false, logger: logger) { store in
            var notWaiting: [String] = []
            for username in usernames where try await !store.decide(username, approved: approved) { notWaiting.append(username) }
            return notWaiting
        }
    }
}
