import Foundation
import KiwiServerSettings

/// Members, their sessions and their failed logins.
protocol AccountStore: Sendable {
    /// Throws `usernameTaken` when the name is taken in any case. A `pending` account waits for
    /// a moderator (`--registrations approval`): its name is taken, but it cannot log in.
    /// With the answer to keep, if any, in the same transaction (see `PostStore.createPost`).
    func createUser(_ user: KiwiUser, passwordHash: String, pending: Bool, keeping: AnswerToKeep<KiwiUser>?) async throws
    func user(_ username: String) async throws -> KiwiUser?
    /// The member of that name if they were let in: nil for nobody, or one awaiting approval.
    func admittedUser(_ username: String) async throws -> KiwiUser?
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

    /// Deletes the member and everything of theirs, in one transaction: their posts (with the
    /// likes, comments and notifications on them), their comments and likes on others' posts
    /// (whose counts move), follows both ways, readings, blocks and mutes, notifications,
    /// sessions, kept answers, and the stored images of their posts and avatar. Reports about
    /// them stay without the content they kept (the category, the reporter's words and the
    /// outcome remain), as does the audit log; nobody can sign up with the name until
    /// `heldUntil`. Their signing key goes too, unless `keepingKey` (it signs the `Delete` that
    /// tells other servers, and goes with the last of it). Answers the photos it let go (files to
    /// remove, if they are); nil for no such member.
    func deleteAccount(_ username: String, holdingNameUntil heldUntil: Date, keepingKey: Bool) async throws -> [String]?

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
