import ArgumentParser

/// What a member may do in the community beyond their own posts and account. A moderator acts on
/// reports and accounts; an admin also gives roles. The operator names the first admin from the
/// server's program (`toolbox kiwi role`); admins name the rest.
public enum KiwiRole: String, Sendable, CaseIterable, ExpressibleByArgument {
    case member, moderator, admin
}
