import Foundation
import KiwiServerSettings
import KiwiWire
import Logging

/// The operator's tools, on the community's database itself, beside its running servers (an
/// SQLite file's too: neither a waiting sign-up nor a role is anything a server keeps in memory):
/// `toolbox kiwi approve`, the sign-ups that wait for a moderator (`--registrations approval`),
/// let in or turned away; and `toolbox kiwi role`, who is an admin or a moderator.
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

    /// Gives the member `role`; false for no such member. Unlike an admin's change, the operator's
    /// may leave the community without an admin.
    public func giveRole(_ role: KiwiRole, to username: String) async throws -> Bool {
        try await database.opened(mustExist: true, serving: false, logger: logger) { store in try await store.setRole(role, of: username) }
    }
}
