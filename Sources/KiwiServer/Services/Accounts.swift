import Foundation
import HummingbirdBcrypt
import KiwiServerSettings
import KiwiWire

/// Members and their sessions: signing up, logging in (failures limited), who a session's token
/// belongs to, profiles and avatars.
struct Accounts: Sendable {
    let store: any AccountStore
    let writes: Writes
    let registrations: KiwiRegistrations
    /// Kept low in tests only; production uses at least 10.
    let bcryptCost: UInt8
    /// Who each token belongs to, kept while true: every logged-in request asks.
    let sessions: KiwiCache<String, KiwiUser>
    /// A suspended member cannot log in, and their sessions do nothing.
    let standings: Standings

    /// A session that ended, and every session of a member whose profile changed (it holds their name).
    @Sendable static func staleSessions(_ change: KiwiChange) -> KiwiCache<String, KiwiUser>.Stale? {
        switch change {
        case .sessionEnded(let hash): .key(hash)
        case .member(let name): .matching { _, user in user.username == name }
        default: nil
        }
    }

    /// A new member, answered as `answer` says; with a `key`, exactly once, kept under the new
    /// username: a repeat gets the first 201, not 409. The password is not part of what a key
    /// compares (its digest would be a weak copy of it).
    func signUp(
        username: String,
        password: String,
        fullName: String?,
        email: String?,
        key: String?,
        from address: String?,
        answer: @escaping @Sendable (KiwiUser) throws -> (status: Int, body: Data)
    ) async throws -> (status: Int, body: Data) {
        guard registrations != .closed else { throw KiwiProblem.registrationsClosed }
        if let problem = KiwiLimits.usernameProblem(username) { throw KiwiProblem.invalid(problem) }
        guard !password.isEmpty, password.count <= 72 else { throw KiwiProblem.invalid("password must be 1 to 72 characters") }
        try Self.checkProfile(fullName: fullName, email: email)
        let request = Idempotency.digest("signup", username, fullName, email)
        return try await writes.idempotency.once(key: key, account: username, request: request, answer: answer) { keep in
            try await writes.limits.spend(.signups, account: nil, address: address)
            let user = KiwiUser(username: username, fullName: fullName, email: email, avatar: nil, createdAt: Date())
            let cost = bcryptCost
            let hash = await Task.detached { Bcrypt.hash(password, cost: cost) }.value
            try await store.createUser(user, passwordHash: hash, pending: registrations == .approval, keeping: keep)
            return user
        }
    }

    /// A new session's token. Failed logins are a rate limit of the account tried (`failed-logins`,
    /// five in 15 minutes by default): past it the account waits, whoever tries it, on every server.
    func logIn(username: String, password: String, from address: String?) async throws -> (token: String, user: KiwiUser) {
        try await writes.limits.spend(.logins, account: nil, address: address)
        guard let credentials = try await credentials(of: username, password: password) else { throw KiwiProblem.wrongCredentials }
        // Told only to whoever knows the password: nobody else learns the account waits.
        guard !credentials.pending else { throw KiwiProblem.awaitingApproval }
        try await standings.refuseSuspended(username)
        return (try await openSession(for: credentials.user), credentials.user)
    }

    /// The member's credentials when `password` is theirs; nil when it is not (or nobody has that
    /// name), counted as a failed login: past the limit the account waits, whoever tries it.
    private func credentials(of username: String, password: String) async throws -> (user: KiwiUser, passwordHash: String, pending: Bool)? {
        // No store keeps a NUL in a name (PostgreSQL refuses the text outright): nobody has it.
        guard !username.contains("\u{0}") else { return nil }
        try await writes.limits.check(.failedLogins, account: username)
        guard let credentials = try await store.credentials(of: username),
            await Task.detached(operation: { Bcrypt.verify(password, hash: credentials.passwordHash) }).value
        else {
            try await writes.limits.spend(.failedLogins, account: username, address: nil)
            return nil
        }
        try await writes.limits.forget(.failedLogins, account: username)
        return credentials
    }

    /// How long a deleted account's name stays held, so that nobody takes it and is taken for the member.
    static let nameHeld: TimeInterval = 30 * 24 * 3600

    /// A member deletes their account, with their password asked again: everything of theirs goes,
    /// from every server at once (`AccountStore.deleteAccount`), and nobody can take the name for
    /// 30 days. The community's last admin cannot leave it without one. `keepingKey`: their signing
    /// key stays, for the `Delete` that tells other servers.
    func deleteAccount(of member: KiwiUser, password: String, from address: String?, keepingKey: Bool = false) async throws {
        try await writes.limits.spend(.logins, account: nil, address: address)
        guard try await credentials(of: member.username, password: password) != nil else { throw KiwiProblem.wrongPassword }
        if try await store.role(of: member.username) == .admin, try await store.count(holding: .admin) <= 1 { throw KiwiProblem.lastAdmin }
        let until = Date().addingTimeInterval(Self.nameHeld)
        guard let photos = try await store.deleteAccount(member.username, holdingNameUntil: until, keepingKey: keepingKey) else {
            throw KiwiProblem.noSuchUser
        }
        for photo in photos { await writes.photos.discard(photo) }
        writes.changes.published(.accountDeleted(member.username))
    }

    /// A reader elsewhere whose account is gone: what was kept of theirs (posts, comments, likes)
    /// goes as a deleted member's does; their handle is held by nobody (no member's name has an `@`).
    func forget(readerElsewhere username: String) async throws {
        guard let photos = try await store.deleteAccount(username, holdingNameUntil: Date(), keepingKey: false) else { return }
        for photo in photos { await writes.photos.discard(photo) }
        writes.changes.published(.accountDeleted(username))
    }

    /// A new session for a member whose password was just checked or set; answers its token.
    func openSession(for user: KiwiUser) async throws -> String {
        let token = SessionTokens.make()
        try await store.createSession(tokenHash: SessionTokens.hash(token), username: user.username)
        return token
    }

    /// Logging out: the token stops working everywhere.
    func endSession(tokenHash: String) async throws {
        try await store.deleteSession(tokenHash: tokenHash)
        writes.changes.published(.sessionEnded(tokenHash: tokenHash))
    }

    /// Who the session whose token hashes to `tokenHash` belongs to; nil for no session.
    func member(bySession tokenHash: String) async throws -> KiwiUser? {
        try await sessions.value(for: tokenHash) { try await store.sessionUser(tokenHash: tokenHash) }
    }

    /// The member a session names when this server keeps it in memory: no store call.
    func keptMember(bySession tokenHash: String) -> KiwiUser? {
        sessions.kept(tokenHash)
    }

    /// The member of that name: the one place where nobody by that name becomes "no such user".
    func member(_ username: String) async throws -> KiwiUser {
        guard let user = try await store.user(username) else { throw KiwiProblem.noSuchUser }
        return user
    }

    /// The member of that name if they were let in: one who awaits approval is nobody yet to
    /// other servers, as Mastodon answers for an account not yet approved.
    func admittedMember(_ username: String) async throws -> KiwiUser {
        guard let user = try await store.admittedUser(username) else { throw KiwiProblem.noSuchUser }
        return user
    }

    /// The member of that name; for an account deleted since (one a report names), the name alone.
    func member(_ username: String, orFormerSince since: Date) async throws -> KiwiUser {
        try await store.user(username) ?? KiwiUser(username: username, fullName: nil, email: nil, avatar: nil, createdAt: since)
    }

    /// The member whose profile `caller` asks to change: themselves only (nobody by that name,
    /// or anyone else, is refused before the change is read).
    func owned(_ username: String, by caller: KiwiUser) async throws -> KiwiUser {
        let member = try await member(username)
        guard caller.username == username else { throw KiwiProblem.notOwner }
        return member
    }

    /// A member's profile (see `owned`); what is nil stays as it is.
    func updateProfile(of member: KiwiUser, fullName: String?, email: String?) async throws -> KiwiUser {
        try Self.checkProfile(fullName: fullName, email: email)
        let user = try await store.updateUser(member.username, fullName: fullName, email: email)
        writes.changes.published(.member(member.username))
        return user
    }

    /// A member's new avatar (see `owned`): an image, checked as a post's photo is.
    func setAvatar(of member: KiwiUser, file: Data?, from address: String?) async throws -> KiwiUser {
        let file = try writes.photos.precheck(file)
        try await writes.limits.spend(.uploadBytes, account: member.username, address: address, amount: file.count)
        let (user, replaced) = try await writes.photos.keep(try await writes.photos.processed(file)) {
            try await store.setAvatar(member.username, image: $0)
        }
        if let replaced { await writes.photos.discard(replaced) }
        writes.changes.published(.member(member.username))
        return user
    }

    /// The member's role in the community.
    func role(of username: String) async throws -> KiwiRole {
        try await store.role(of: username) ?? .member
    }

    /// `caller` gives `username` a role: an admin only (as the database says now, so a role taken
    /// away holds on every server at once), and never leaving the community without an admin. The
    /// operator's `kiwi role` is not bound by the second rule.
    func giveRole(_ role: KiwiRole, to username: String, by caller: KiwiUser) async throws -> KiwiUser {
        guard try await store.role(of: caller.username) == .admin else { throw KiwiProblem.notAdmin }
        let member = try await member(username)
        if role != .admin, try await store.role(of: username) == .admin, try await store.count(holding: .admin) <= 1 {
            throw KiwiProblem.lastAdmin
        }
        guard try await store.setRole(role, of: username) else { throw KiwiProblem.noSuchUser }
        return member
    }

    /// A display name and an email within the wire's writes.limits.
    static func checkProfile(fullName: String?, email: String?) throws {
        if let problem = fullName.flatMap({ KiwiLimits.textProblem($0, field: "fullname", limit: KiwiLimits.fullName) })
            ?? email.flatMap({ KiwiLimits.textProblem($0, field: "email", limit: KiwiLimits.email) })
        {
            throw KiwiProblem.invalid(problem)
        }
    }
}
