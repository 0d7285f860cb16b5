import Foundation

/// Which servers the community talks to: an admin blocks a whole server, and from then its
/// activities are refused, its readers' follows end, what they posted, commented and liked here
/// leaves every list, and nothing more is sent to it, as Mastodon's domain blocks (its "suspend")
/// do. A block covers the servers under the domain named.
struct ServerBlocks: Sendable {
    let store: any FederationStore
    let accounts: Accounts

    func block(_ name: String, reason: String?, by caller: KiwiUser, now: Date = Date()) async throws -> BlockedServer {
        try await requireAdmin(caller)
        let block = BlockedServer(
            host: try BlockedServer.named(name),
            reason: try Reports.checked(reason),
            blockedBy: caller.username,
            createdAt: now
        )
        try await store.blockServer(block)
        // Their readers' posts, comments and likes are forgotten as their accounts' deletions
        // would be; an unblock does not bring them back (their servers send nothing twice).
        for author in try await store.remoteAuthors()
        where BlockedServer.covering(BlockedServer.host(of: author.actor)).contains(block.host) {
            try await accounts.forget(readerElsewhere: author.handle)
        }
        return try await store.blockedServers().first { $0.host == block.host } ?? block
    }

    func unblock(_ name: String, reason: String?, by caller: KiwiUser) async throws {
        try await requireAdmin(caller)
        let host = try BlockedServer.named(name)
        guard try await store.unblockServer(host, by: caller.username, reason: try Reports.checked(reason)) else {
            throw KiwiProblem.serverNotBlocked(host)
        }
    }

    func list(by caller: KiwiUser) async throws -> [BlockedServer] {
        try await requireAdmin(caller)
        return try await store.blockedServers()
    }

    /// Whether the server a URL names is blocked, or any domain above it.
    func blocks(_ url: String) async throws -> Bool {
        let host = BlockedServer.host(of: url)
        return try await store.isBlocked(anyOf: BlockedServer.covering(host))
    }

    /// As the database says now, so a role taken away holds on every server at once.
    private func requireAdmin(_ caller: KiwiUser) async throws {
        guard try await accounts.role(of: caller.username) == .admin else { throw KiwiProblem.notAdmin }
    }
}
