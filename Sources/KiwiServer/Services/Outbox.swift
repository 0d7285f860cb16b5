import Foundation
import KiwiMedia
import KiwiWire

/// What members do, sent to their followers on other servers: a post as a `Create` of a `Note`,
/// a comment as a `Create` of a `Note` in reply to its post's, and their deletions as `Delete`s.
/// Each activity is queued once for all of the member's followers (the queue fans it out to
/// their inboxes), so a post costs one row however many follow.
struct Outbox: Sendable {
    let base: String
    let photos: NotePhotos
    let deliveries: Deliveries
    /// Where a post from elsewhere came from (`FederationStore.origin(ofPost:)`), and its author's
    /// inbox: a member's like of it, or reply to it, goes there too.
    let store: any FederationStore
    let remoteActors: RemoteActors

    /// The post as other servers show it.
    func note(for post: KiwiPost) -> KiwiWire.Note {
        let author = Federation.actorID(post.owner.username, base: base)
        var content = post.caption.map(Self.paragraph) ?? ""
        if let book = post.book {
            let by = book.authors.isEmpty ? "" : " by \(HTMLText.escaped(book.authors.joined(separator: ", ")))"
            content += "<p>📖 <a href=\"\(base)/books/\(book.isbn13)\">\(HTMLText.escaped(book.title))</a>\(by)</p>"
        }
        return KiwiWire.Note(
            id: Self.noteID(post.id, base: base),
            attributedTo: author,
            url: "\(base)/p/\(post.id)",
            published: isoTime(post.createdAt),
            followers: "\(author)/followers",
            content: content,
            summary: post.spoiler,
            attachment: [photos.attachment(post.image, description: post.imageAlt)]
        )
    }

    /// A comment as other servers show it: a reply to its post's `Note`, which for a post from
    /// elsewhere is the note it came as (`origin`), its author addressed too.
    func note(for comment: KiwiComment, answering origin: NoteOrigin? = nil) -> KiwiWire.Note {
        let author = Federation.actorID(comment.owner.username, base: base)
        var note = KiwiWire.Note(
            id: Self.noteID(comment: comment.id, on: comment.postID, base: base),
            attributedTo: author,
            url: "\(base)/p/\(comment.postID)#c\(comment.id)",
            inReplyTo: origin?.note ?? Self.noteID(comment.postID, base: base),
            published: isoTime(comment.createdAt),
            followers: "\(author)/followers",
            content: Self.paragraph(comment.text),
            summary: comment.spoiler,
            attachment: []
        )
        if let origin { note.cc.append(origin.author) }
        return note
    }

    static func noteID(_ post: Int64, base: String) -> String { "\(base)/posts/\(post)" }
    static func noteID(comment: Int64, on post: Int64, base: String) -> String { "\(base)/posts/\(post)/comments/\(comment)" }

    /// A member's text as HTML, its lines kept.
    private static func paragraph(_ text: String) -> String {
        "<p>\(HTMLText.escaped(text).replacingOccurrences(of: "\n", with: "<br>"))</p>"
    }

    /// Sends a new post to the author's followers elsewhere.
    func posted(_ post: KiwiPost) async throws {
        let create = KiwiWire.Create(note: note(for: post))
        try await toFollowers(of: post.owner.username, create.id, Data(buffer: KiwiJSON.body(create)))
    }

    /// Where a post came from, asked of the store only for a post by a reader elsewhere.
    func origin(ofPost id: Int64, by author: String) async throws -> NoteOrigin? {
        Federation.isElsewhere(author) ? try await store.origin(ofPost: id) : nil
    }

    /// Sends a new comment to its author's followers elsewhere, and a reply to a post from
    /// elsewhere (by `postAuthor`) to that post's author too.
    func commented(_ comment: KiwiComment, onPostBy postAuthor: String) async throws {
        let origin = try await origin(ofPost: comment.postID, by: postAuthor)
        let create = KiwiWire.Create(note: note(for: comment, answering: origin))
        let body = Data(buffer: KiwiJSON.body(create))
        try await toFollowers(of: comment.owner.username, create.id, body)
        if let origin { try await toAuthor(of: origin, create.id, body, signer: comment.owner.username) }
    }

    /// A member likes a post from elsewhere: a `Like` of its note, to its author's server.
    func liked(post id: Int64, by member: String) async throws {
        guard let origin = try await store.origin(ofPost: id) else { return }
        let like = Self.like(of: origin, by: Federation.actorID(member, base: base), sentOnItsOwn: true)
        try await toAuthor(of: origin, like.id, Data(buffer: KiwiJSON.body(like)), signer: member)
    }

    /// A member takes their like back: the `Undo` of a `Like` of the note, which names what was
    /// liked (Mastodon and Kiwi find the like by it, not by its id).
    func unliked(post id: Int64, by member: String) async throws {
        guard let origin = try await store.origin(ofPost: id) else { return }
        let actor = Federation.actorID(member, base: base)
        let like = Self.like(of: origin, by: actor)
        let undo = KiwiWire.AboutActivity("Undo", id: "\(like.id)/undo", actor: actor, object: like)
        try await toAuthor(of: origin, undo.id, Data(buffer: KiwiJSON.body(undo)), signer: member)
    }

    /// A like of a note from elsewhere, a new id each time: liked again after an `Undo`, it is a
    /// new activity, which no queue or server takes for the old one. Sent on its own, it names
    /// its context: a server that reads JSON-LD, as bovine does, finds no id or type without it.
    private static func like(of origin: NoteOrigin, by actor: String, sentOnItsOwn: Bool = false) -> KiwiWire.ActorActivity {
        KiwiWire.ActorActivity(
            "Like",
            id: "\(actor)#likes/\(UUID().uuidString.lowercased())",
            actor: actor,
            object: origin.note,
            sentOnItsOwn: sentOnItsOwn
        )
    }

    /// Queues an activity for the author of a post from elsewhere; their actor is the one kept
    /// since their note came (`RemoteActors`), fetched again only after a day.
    private func toAuthor(of origin: NoteOrigin, _ id: String, _ body: Data, signer member: String) async throws {
        let inbox = try await remoteActors.actor(origin.author).deliveryInbox
        try await deliveries.queue([OutgoingDelivery(inbox: inbox, activityID: id, signer: member, body: body)])
    }

    /// Tells the author's followers elsewhere that a post is gone.
    func deleted(post id: Int64, author: String) async throws {
        try await deleted(Self.noteID(id, base: base), by: author)
    }

    /// Tells the commenter's followers elsewhere that a comment is gone.
    func deleted(comment id: Int64, on post: Int64, author: String) async throws {
        try await deleted(Self.noteID(comment: id, on: post, base: base), by: author)
    }

    private func deleted(_ note: String, by author: String) async throws {
        // A note from elsewhere, kept here, is its author's to delete on their own server.
        guard !Federation.isElsewhere(author) else { return }
        let delete = KiwiWire.Delete(of: note, by: Federation.actorID(author, base: base))
        try await toFollowers(of: author, delete.id, Data(buffer: KiwiJSON.body(delete)))
    }

    private func toFollowers(of member: String, _ id: String, _ body: Data) async throws {
        try await deliveries.queue([OutgoingDelivery(inbox: Deliveries.followers, activityID: id, signer: member, body: body)])
    }
}

/// A post's photo as an attachment: the largest version, at a signed URL (other servers fetch it;
/// the open web does not). Kept unsigned in the queue and signed as each delivery is sent, so a
/// delivery retried hours later still carries a URL that works.
struct NotePhotos: Sendable {
    /// Where photos are reached: `--media-url`, else the public URL.
    let base: String
    let signer: MediaSigner

    func attachment(_ file: String, description: String?) -> KiwiWire.Note.Attachment {
        KiwiWire.Note.Attachment(mediaType: "image/jpeg", url: "\(base)/media/\(file)/\(KiwiPhotoSize.w1280.rawValue).jpg", name: description)
    }

    /// An activity as sent at `now`: a `Create`'s photos at URLs signed now; anything else as it is.
    func signed(_ body: Data, at now: Date) -> Data {
        guard var create = try? JSONDecoder().decode(KiwiWire.Create.self, from: body) else { return body }
        create.object = signed(create.object, at: now)
        return Data(buffer: KiwiJSON.body(create))
    }

    /// The note with its photos at URLs signed at `now`.
    func signed(_ note: KiwiWire.Note, at now: Date = Date()) -> KiwiWire.Note {
        var note = note
        let links = MediaLinks(base: base, signer: signer, at: now)
        let prefix = "\(base)/media/"
        for index in note.attachment.indices {
            let url = note.attachment[index].url
            guard url.hasPrefix(prefix), let file = url.dropFirst(prefix.count).split(separator: "/").first else { continue }
            note.attachment[index].url = links.url(String(file), .w1280)
        }
        return note
    }
}
