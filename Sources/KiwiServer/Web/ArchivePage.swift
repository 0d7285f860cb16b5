import Foundation
import KiwiWire

/// `index.html` of a member's archive, from its `kiwi.json`: their posts, newest first, with their
/// photos and others' comments on them, and their shelves with their reviews, readable in a browser offline (nothing loaded from
/// elsewhere, no script; what a spoiler warning covers closed under it).
struct ArchivePage: Sendable {
    struct Post: Sendable {
        let url, day, createdAt, likes, alt, spoiler: String
        let photo, caption, book: String?
        let warned: Bool
        /// Others' comments on it, under their own warnings (Mustache reads stored properties only).
        let replies: [Reply]
        let hasReplies: Bool
    }

    struct Reply: Sendable {
        let author, profile, text, spoiler: String
        let warned: Bool
    }

    struct Entry: Sendable {
        let title: String
        let authors, stars, when, review: String?
        let warned: Bool
        let spoiler: String
    }

    struct Shelf: Sendable {
        let name: String
        let count: Int
        let entries: [Entry]
    }

    let title, name, username, server, exported, postCount: String
    let avatar: String?
    let posts: [Post]
    let shelves: [Shelf]

    init(_ archive: KiwiWire.Archive) {
        let profile = archive.profile
        name = profile.fullName ?? profile.username
        username = profile.username
        title = "\(name)'s Kiwi archive"
        server = archive.server
        exported = PageDay.text(String(archive.exportedAt.prefix(10)))
        avatar = profile.avatar
        postCount = archive.posts.count == 1 ? "1 post" : "\(archive.posts.count) posts"
        posts = archive.posts.reversed().map { post in
            Post(
                url: post.url,
                day: PageDay.text(String(post.createdAt.prefix(10))),
                createdAt: post.createdAt,
                likes: post.likes == 1 ? "1 like" : "\(post.likes) likes",
                alt: post.description ?? post.caption ?? "",
                spoiler: post.spoiler ?? "",
                photo: post.photo,
                caption: post.caption,
                book: post.book.map { PageBook.byline($0.title, $0.authors ?? []) },
                warned: post.spoiler != nil,
                replies: (post.replies ?? []).map {
                    Reply(author: $0.author, profile: $0.profile, text: $0.text, spoiler: $0.spoiler ?? "", warned: $0.spoiler != nil)
                },
                hasReplies: !(post.replies ?? []).isEmpty
            )
        }
        shelves = KiwiWire.Shelf.allCases.map { shelf in
            let readings = archive.readings.filter { $0.shelf == shelf }
            return Shelf(
                name: shelf.title,
                count: readings.count,
                entries: readings.map { reading in
                    Entry(
                        title: reading.book.title,
                        authors: reading.book.authors.flatMap { $0.isEmpty ? nil : $0.joined(separator: ", ") },
                        stars: reading.rating.map { String(repeating: "★", count: $0) },
                        when: reading.finished.map { "read \(PageDay.text($0))" } ?? reading.started.map { "since \(PageDay.text($0))" },
                        review: reading.review,
                        warned: reading.spoiler != nil,
                        spoiler: reading.spoiler ?? ""
                    )
                }
            )
        }
    }
}
