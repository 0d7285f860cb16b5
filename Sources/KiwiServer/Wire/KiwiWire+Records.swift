import Foundation
import KiwiMedia
import KiwiWire

/// "2025-09-25T01:00:00Z". By hand: a Foundation date formatter costs more than the rest of a feed page.
func isoTime(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
}

/// Where links in JSON point: `--public-url`, else the request's Host; photos' versions at their
/// signed URLs (`MediaLinks`).
struct Links: Sendable {
    static let defaultAvatar = "default-avatar.png"
    let base: String
    /// nil: answers name no versions (a guest's, the wire's own tests).
    var media: MediaLinks? = nil
    /// Where books' covers are reached (`--media-url`, else `base`): public, so unsigned, for everyone.
    var covers: String? = nil

    func upload(_ file: String) -> String { "\(base)/uploads/\(file)" }

    /// The copy a report keeps of a reported post's photo (for those who may read the report).
    func reportPhoto(_ report: Int64, post: Int64) -> String { "\(base)/reports/\(report)/photos/\(post)" }

    /// A reported post's photo as it was: the report's copy, else the photo while it is up.
    func reported(_ post: KiwiReportedContent.Post, of report: Int64, up: Bool) -> String? {
        if post.photoKept == true { return reportPhoto(report, post: post.id) }
        return up ? media(post.image, .w640) ?? upload(post.image) : nil
    }

    /// A photo's version at its signed URL; nil for the default avatar, which has none.
    func media(_ file: String, _ size: KiwiPhotoSize, _ format: KiwiPhotoFormat = .jpeg) -> String? {
        guard let media, file != Self.defaultAvatar else { return nil }
        return media.url(file, size, format)
    }

    /// Every size of a photo, as answers name them (JPEG).
    func versions(_ file: String) -> KiwiPhotoVersions? {
        guard let media, file != Self.defaultAvatar else { return nil }
        return media.versions(file)
    }

    /// A kept cover's version: one URL for good, which any cache may keep.
    func cover(_ name: String, _ size: KiwiPhotoSize, _ format: KiwiPhotoFormat = .jpeg) -> String {
        "\(covers ?? base)/media/\(name)/\(size.rawValue).\(format.rawValue)"
    }

    /// The one address of a book's cover: the kept cover's 320 px version, else the generated one.
    func coverURL(isbn13: String, kept: String?) -> String {
        kept.map { cover($0, .w320) } ?? "\(base)/books/\(isbn13)/cover.svg"
    }

    /// Every size of a kept cover.
    func coverVersions(_ name: String) -> KiwiPhotoVersions {
        Dictionary(uniqueKeysWithValues: KiwiPhotoSize.allCases.map { ($0.rawValue, cover(name, $0)) })
    }

    /// The same links with photos signed afresh: for a live stream, whose events go on for hours.
    func renewed(at now: Date = Date()) -> Links {
        var renewed = self
        renewed.media = media?.renewed(at: now)
        return renewed
    }
}

/// The stored records as the wire shows them.
extension KiwiWire.User {
    init(_ user: KiwiUser, links: Links) {
        self.init(
            id: user.username,
            username: user.username,
            displayName: (user.fullName?.isEmpty == false ? user.fullName : nil) ?? user.username,
            avatarURL: links.upload(user.avatar ?? Links.defaultAvatar),
            avatarVersions: user.avatar.flatMap(links.versions)
        )
    }
}

extension KiwiWire.Post {
    init(_ post: KiwiPost, links: Links) {
        self.init(
            id: String(post.id),
            author: KiwiWire.User(post.owner, links: links),
            imageURL: links.upload(post.image),
            caption: post.caption,
            likes: post.likes,
            createdAt: isoTime(post.createdAt),
            commentCount: post.commentCount,
            likedByMe: post.likedByMe,
            book: post.book.map(\.wire),
            imageVersions: links.versions(post.image),
            imageAlt: post.imageAlt,
            spoiler: post.spoiler
        )
    }
}

extension KiwiWire.KeptAway {
    init(_ kept: KeptAwayMember, links: Links) {
        self.init(user: KiwiWire.User(kept.member, links: links), since: isoTime(kept.since), until: kept.until.map(isoTime))
    }
}

extension KiwiWire.Comment {
    init(_ comment: KiwiComment, links: Links) {
        self.init(
            id: String(comment.id),
            author: KiwiWire.User(comment.owner, links: links),
            text: comment.text,
            createdAt: isoTime(comment.createdAt),
            spoiler: comment.spoiler
        )
    }
}

extension KiwiWire.Notification {
    init(_ notification: KiwiNotification, links: Links) {
        self.init(
            id: String(notification.id),
            kind: notification.kind.rawValue,
            actor: KiwiWire.User(notification.actor, links: links),
            post: notification.post.map { KiwiWire.NotifiedPost(id: String($0.id), imageURL: links.upload($0.image), caption: $0.caption) },
            comment: notification.comment,
            commentSpoiler: notification.commentSpoiler,
            note: notification.note,
            createdAt: isoTime(notification.createdAt),
            read: notification.read
        )
    }
}

extension KiwiWire.BookSummary {
    /// `withReaders`: the book's own answer names its latest readers; a row of a list does not.
    /// `cover`: the kept cover's image, if any.
    /// `shelves` and `reviews`: how many members have it on each shelf, and the reviews the caller may read (the book's own answer).
    init(
        _ standing: KiwiBookStanding,
        cover: String?,
        links: Links,
        withReaders: Bool,
        shelves: KiwiWire.ShelfCounts? = nil,
        reviews: [KiwiReading]? = nil
    ) {
        self.init(
            isbn13: standing.book.isbn13,
            title: standing.book.title,
            authors: standing.book.authors,
            reflections: standing.reflections,
            readers: standing.readers,
            recentReaders: withReaders ? standing.recentReaders.map { KiwiWire.User($0, links: links) } : nil,
            cover: cover.map(links.coverVersions),
            coverURL: links.coverURL(isbn13: standing.book.isbn13, kept: cover),
            shelves: shelves,
            reviews: reviews?.map { KiwiWire.ShelfEntry($0, cover: cover, links: links) }
        )
    }
}

extension KiwiWire.Report {
    /// `kept`: which of its posts are still up (their photos are linked while they are).
    init(_ report: KiwiReport, account: KiwiWire.User, kept: Set<Int64>, moderator: Bool, record: KiwiRecord?, links: Links) {
        self.init(
            id: String(report.id),
            kind: report.subject.kind,
            subject: report.subject.id,
            account: account,
            reporter: moderator ? report.reporter : nil,
            category: report.category.rawValue,
            comment: report.comment,
            content: KiwiWire.ReportedContent(
                posts: report.content.posts.map { post in
                    KiwiWire.ReportedPost(
                        id: String(post.id),
                        imageURL: links.reported(post, of: report.id, up: kept.contains(post.id)),
                        caption: post.caption,
                        imageAlt: post.imageAlt,
                        spoiler: post.spoiler,
                        bookTitle: post.bookTitle,
                        isbn13: post.isbn13,
                        createdAt: isoTime(post.createdAt),
                        kept: kept.contains(post.id)
                    )
                },
                comment: report.content.comment.map {
                    KiwiWire.ReportedComment(
                        id: String($0.id),
                        postID: String($0.postID),
                        text: $0.text,
                        spoiler: $0.spoiler,
                        createdAt: isoTime($0.createdAt)
                    )
                }
            ),
            createdAt: isoTime(report.createdAt),
            status: report.outcome?.rawValue ?? "open",
            resolvedAt: report.resolvedAt.map(isoTime),
            history: record.map { record in
                KiwiWire.ModerationHistory(
                    reports: record.reports.map {
                        KiwiWire.ReportBrief(
                            id: String($0.id),
                            kind: $0.subject.kind,
                            category: $0.category.rawValue,
                            status: $0.outcome?.rawValue ?? "open",
                            createdAt: isoTime($0.createdAt)
                        )
                    },
                    actions: record.actions.map(KiwiWire.AuditEntry.init),
                    standing: record.standing
                )
            }
        )
    }
}

extension KiwiWire.AuditEntry {
    init(_ entry: KiwiAuditEntry) {
        self.init(
            id: String(entry.id),
            moderator: entry.moderator,
            action: entry.action.rawValue,
            account: entry.account,
            report: entry.report.map(String.init),
            reason: entry.reason,
            createdAt: isoTime(entry.createdAt)
        )
    }
}

extension KiwiWire.DomainBlock {
    init(_ block: BlockedServer) {
        self.init(host: block.host, reason: block.reason, blockedBy: block.blockedBy, createdAt: isoTime(block.createdAt))
    }
}
