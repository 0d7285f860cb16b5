import Foundation
import KiwiWire

/// What readers on other servers do with notes, as their servers deliver it (`Inbox`): a `Note`
/// with a photo by someone a member follows becomes a post on that member's feed, its photo
/// brought through Kiwi's own pipeline (pages load nothing from another host); a reply to a post
/// here becomes a comment by its author; a `Like` of a post here counts and tells as a member's
/// does; their `Update` rewords a note, their `Undo` and `Delete` take it back. The reader is
/// kept as the author of it all (`FederationStore.keepRemoteAuthor`).
///
/// A note without a photo that answers nothing here is taken and left, as Pixelfed (the
/// fediverse's photo-sharing server) leaves one: a Kiwi post is a photo and a reflection.
struct RemoteNotes: Sendable {
    let federation: Federation
    let posts: Posts
    let accounts: Accounts

    /// Their `Create` of a `Note`, given whole (a note named by its id alone is not fetched).
    func created(_ object: Any?, by author: RemoteActor) async throws {
        guard let note = object as? [String: Any], note["type"] as? String == "Note", let id = note["id"] as? String else { return }
        // Someone may only write as themselves, and name their notes on their own server.
        guard Inbox.id(of: note["attributedTo"]) == author.id, BlockedServer.host(of: id) == BlockedServer.host(of: author.id) else {
            throw KiwiProblem.badSignature("the note is not its signer's")
        }
        // Kiwi's posts and comments are public: a note for its author's followers alone, or a
        // direct message, is not one to keep where anyone may read it.
        guard Self.isPublic(note) else { return }
        // Delivered again (to another inbox here, or retried): kept once.
        if try await federation.store.keptNote(id) != nil { return }
        let (text, spoiler) = Self.words(of: note)
        // Their day, but never one still to come.
        let published = min((note["published"] as? String).flatMap(Arrivals.time) ?? Date(), Date())
        if let answered = Inbox.id(of: note["inReplyTo"]) {
            guard let post = try await post(named: answered, orItsComments: true), try await !keptAway(author, from: post) else { return }
            let comment = Self.clipped(text, to: KiwiLimits.comment)
            guard !comment.isEmpty else { return }
            let username = try await federation.store.keepRemoteAuthor(author)
            try await posts.arrive(comment: comment, spoiler: spoiler, on: post, createdAt: published, by: username, note: id)
            return
        }
        guard let photo = Self.photo(in: note), try await federation.store.isFollowedHere(author.id) else { return }
        let file = try await federation.picture(at: photo.url, upTo: posts.writes.photos.maxBytes)
        let username = try await federation.store.keepRemoteAuthor(author)
        _ = try await posts.arrive(
            file,
            caption: text.isEmpty ? nil : Self.clipped(text, to: KiwiLimits.caption),
            imageAlt: photo.description.map { Self.clipped($0, to: KiwiLimits.imageAlt) },
            book: nil,
            spoiler: spoiler,
            createdAt: published,
            by: username,
            note: id
        )
    }

    /// Their `Update` of a note kept here: its words and spoiler warning as they wrote them anew
    /// (a photo stays the one it came with, as Mastodon keeps a post's media through an edit of
    /// its text); a note of anyone else's is left.
    func updated(_ object: Any?, by author: RemoteActor) async throws {
        guard let note = object as? [String: Any], let id = note["id"] as? String, let kept = try await federation.store.keptNote(id),
            try await federation.store.remoteAuthor(author.id) == kept.owner
        else { return }
        let (text, spoiler) = Self.words(of: note)
        // A comment is never empty: an edit that empties one is left, as such a reply would be.
        if kept.comment != nil, text.isEmpty { return }
        let limit = kept.comment == nil ? KiwiLimits.caption : KiwiLimits.comment
        _ = try await posts.edit(
            kept.post,
            comment: kept.comment,
            text: text.isEmpty && kept.comment == nil ? nil : Self.clipped(text, to: limit),
            spoiler: spoiler,
            of: kept.owner
        )
    }

    /// Their `Like` of a post here (a like of anything else is left).
    func liked(_ object: Any?, by reader: RemoteActor) async throws {
        guard let id = Inbox.id(of: object), let post = try await post(named: id), try await !keptAway(reader, from: post) else { return }
        _ = try await posts.like(post, by: try await federation.store.keepRemoteAuthor(reader))
    }

    /// Their `Undo` of a `Like`.
    func unliked(_ object: Any?, by reader: RemoteActor) async throws {
        guard let id = Inbox.id(of: object), let post = try await post(named: id),
            let username = try await federation.store.remoteAuthor(reader.id)
        else { return }
        _ = try await posts.unlike(post, by: username)
    }

    /// Their `Delete` of a note kept here (its id, or a `Tombstone` with it): the post or comment
    /// goes as its author's own deletion takes it (a note of anyone else's is left).
    func deleted(_ object: Any?, by author: RemoteActor) async throws {
        guard let id = Inbox.id(of: object), let kept = try await federation.store.keptNote(id),
            try await federation.store.remoteAuthor(author.id) == kept.owner
        else { return }
        if let comment = kept.comment {
            _ = try await posts.remove(comment: comment, of: kept.owner)
        } else {
            _ = try await posts.remove(kept.post, of: kept.owner)
        }
    }

    /// Their account is gone: what was kept of theirs goes with it.
    func forget(_ actor: String) async throws {
        if let username = try await federation.store.remoteAuthor(actor) { try await accounts.forget(readerElsewhere: username) }
    }

    /// The post a note's id names: one of this server's (`Outbox.noteID`), or one kept from
    /// elsewhere; with `orItsComments`, a comment's names its post (a reply to a comment is one
    /// more on the post: Kiwi's comments are not threaded).
    private func post(named id: String, orItsComments: Bool = false) async throws -> Int64? {
        if let here = federation.note(named: id) {
            guard here.comment == nil || orItsComments else { return nil }
            return try await posts.store.author(of: here.post) == nil ? nil : here.post
        }
        guard let kept = try await federation.store.keptNote(id), kept.comment == nil || orItsComments else { return nil }
        return kept.post
    }

    /// Whether the post's author blocks the reader (what they send is refused, as from a member
    /// they block).
    private func keptAway(_ reader: RemoteActor, from post: Int64) async throws -> Bool {
        try await federation.remoteBlocks.blocks(try await posts.author(of: post), reader.id)
    }

    /// A note's photo: its first attachment that is a picture, with its description (`name`).
    static func photo(in note: [String: Any]) -> (url: URL, description: String?)? {
        let attachments = (note["attachment"] as? [Any]) ?? [note["attachment"]].compactMap { $0 }
        for case let attachment as [String: Any] in attachments {
            let type = attachment["type"] as? String
            let mediaType = attachment["mediaType"] as? String
            guard type == "Image" || (type == "Document" && mediaType?.hasPrefix("image/") == true) else { continue }
            // `url` is an address, a `Link`, or a list of them (Pixelfed's and BookWyrm's forms).
            let links = (attachment["url"] as? [Any]) ?? [attachment["url"]].compactMap { $0 }
            let address = links.lazy.compactMap { ($0 as? String) ?? (($0 as? [String: Any])?["href"] as? String) }.first
            guard let address, let url = URL(string: address), ["https", "http"].contains(url.scheme?.lowercased()) else { continue }
            let description = (attachment["name"] as? String).flatMap { $0.trimmed.isEmpty ? nil : $0.trimmed }
            return (url, description)
        }
        return nil
    }

    /// Whether a note is addressed to everyone (`to` or `cc` names the public collection, in any
    /// of the forms JSON-LD allows).
    static func isPublic(_ note: [String: Any]) -> Bool {
        ["to", "cc"].contains { field in
            let audience = (note[field] as? [Any]) ?? [note[field]].compactMap { $0 }
            return audience.contains { [KiwiWire.publicAudience, "as:Public", "Public"].contains(Inbox.id(of: $0)) }
        }
    }

    /// A note's words as plain text, and its spoiler warning (`summary`) cut to Kiwi's limit.
    private static func words(of note: [String: Any]) -> (text: String, spoiler: String?) {
        let summary = (note["summary"] as? String).map { HTMLText.plain($0) }
        return (HTMLText.plain(note["content"] as? String ?? ""), summary.flatMap { $0.isEmpty ? nil : String($0.prefix(KiwiLimits.spoiler)) })
    }

    /// Text another server allows longer than Kiwi does, cut to fit, with an ellipsis.
    private static func clipped(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
