import Foundation
import Hummingbird
import KiwiWire

extension KiwiPages {
    /// `/@alice@bookwyrm.example`: a reader on another server as their server describes them
    /// (found once and kept for a day, `RemoteActors`), with buttons to follow and block them. The browser
    /// loads nothing from their server: the avatar is the built-in one, their profile there a link.
    func remoteProfile(
        _ handle: RemoteHandle,
        _ federation: Federation,
        _ request: Request,
        _ context: KiwiRequestContext
    ) async throws -> Response {
        let viewer = try await viewer(request, context)
        let reader = try await federation.remoteFollows.reader(handle)
        let follow: KiwiWire.RemoteReader? =
            if let viewer { try await federation.remoteFollows.following(of: viewer.username).first { $0.actor == reader.id } } else { nil }
        let followsYou =
            if let viewer { try await federation.remoteFollows.followers(of: viewer.username).contains { $0.actor == reader.id } } else { false }
        let apart: KiwiProblem? =
            if let viewer { try await federation.remoteBlocks.between(viewer.username, reader.id, handle: handle.description) } else { nil }
        let content = RemoteProfilePage(
            handle: handle.description,
            displayName: reader.name ?? handle.username,
            host: handle.host,
            avatarURL: links(request, context).upload(Links.defaultAvatar),
            profileURL: "/@\(handle)",
            elsewhereURL: reader.profileURL,
            follows: follow != nil,
            pending: follow?.pending == true,
            followsYou: followsYou,
            youBlocked: apart.map { if case .youBlocked = $0 { true } else { false } } ?? false,
            blockedYou: apart.map { if case .blockedYou = $0 { true } else { false } } ?? false,
            apart: apart != nil
        )
        return render("remote", title: content.displayName, content, viewer: viewer)
    }
}

/// A reader on another server (`/@alice@bookwyrm.example`).
struct RemoteProfilePage: Sendable {
    let handle, displayName, host, avatarURL, profileURL: String
    /// Their profile on their own server: a link, never loaded.
    let elsewhereURL: String?
    /// Whether the reader follows them (`pending` until their server accepts), and they the reader.
    let follows, pending, followsYou: Bool
    /// A block between the reader and them, either way: no follow either way while it stands.
    let youBlocked, blockedYou, apart: Bool
}
