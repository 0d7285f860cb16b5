import Foundation
import KiwiServerSettings

/// Members, their sessions and their failed logins.
protocol AccountStore: Sendable {
    /// Throws `usernameTaken` when the name is taken in any case. A `pending` account waits for
    /// a moderator (`--registrations approval`): its name is taken, but it cannot log in.
    /// With the answer to keep, if any, in the same transaction (see `PostStore.createPost`).
    func createUser(_ user: KiwiUser, passwordHash: String, pending: Bool, keeping: AnswerToKeep<KiwiUser>?) async throws
    func user(_ username: String) async throws -> KiwiUser?
    /// The member, their password hash and whether they wait for approval, for a login: one read.
    func credentials(of username: String) async throws -> (user: KiwiUser, passwordHash: String, pending: Bool)?
    /// The accounts that wait for approval, oldest first.
    func pendingMembers() async throws -> [KiwiUser]
    /// Lets a waiting account in, or (`approved` false) removes it; answers whether one was waiting.
    func decide(_ username: String, approved: Bool) async throws -> Bool
    /// The member's role; nil for no such member.
    func role(of username: String) async throws -> KiwiRole?
    /// Gives the member `role`; false for no such member.
    func setRole(_ role: KiwiRole, of username: String) async throws -> Bool
    /// How many members hold `role`.
    func count(holding role: KiwiRole) async throws -> Int
    /// What is nil stays as it is.
    func updateUser(_ username: String, fullName: String?, email: String?) async throws -> KiwiUser
    /// Sets a member's avatar (a `.stored` image written in the same transaction) and forgets the
    /// stored image it replaces; answers the member and the replaced name (a file to remove, if it is one).
    func setAvatar(_ username: String, image: PostImage) async throws -> (user: KiwiUser, replaced: String?)

    func createSession(tokenHash: String, username: String) async throws
    func sessionUser(tokenHash: String) async throws -> KiwiUser?
    func deleteSession(tokenHash: String) async throws

}

extension AccountStore {
    /// A member who may log in at once.
    func createUser(_ user: KiwiUser, passwordHash: String, keeping: AnswerToKeep<KiwiUser>?) async throws {
        try await createUser(user, passwordHash: passwordHash, pending: false, keeping: keeping)
    }
}
