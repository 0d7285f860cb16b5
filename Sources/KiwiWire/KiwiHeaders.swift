/// The header fields both ends name, spelled once.
public enum KiwiHeader {
    /// The IETF httpapi draft's header for a write that must happen once (`POST /posts`, `/comments`, `/users`).
    public static let idempotencyKey = "Idempotency-Key"
    /// The last event a live stream's reader had, to resume after it (Server-Sent Events).
    public static let lastEventID = "Last-Event-ID"
    /// The pages before and after a list's (RFC 8288, as Mastodon's API pages).
    public static let link = "Link"
    /// How many files a member's archive holds (`GET /users/me/archive`), for a client's progress.
    public static let archiveFiles = "Kiwi-Archive-Files"
}
