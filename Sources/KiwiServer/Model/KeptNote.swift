/// A note from another server kept here: a post (a note with a photo, by a reader a member
/// follows) or a comment (a reply to a post here), by its author's row
/// (`FederationStore.keepRemoteAuthor`). Found again by the note's id, for its `Delete` or `Update`.
struct KeptNote: Sendable, Equatable {
    let post: Int64
    /// Nil for the post itself.
    let comment: Int64?
    let owner: String
}

/// Where a post from elsewhere came from: its note's id, and its author's actor (a member's like
/// of it, or reply to it, goes to that author's server).
struct NoteOrigin: Sendable, Equatable {
    let note: String
    let author: String
}
