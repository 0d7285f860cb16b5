import Foundation
import KiwiMedia
import KiwiWire
import NIOCore
import PluginAPI

/// A member's archive: everything of theirs, to keep or to take to another server (GDPR's
/// portability). What goes in is said here; the zip it is written as, file by file, a photo at a
/// time, is `ArchiveController`'s.
struct Archives: Sendable {
    let store: any ArchiveStore
    let posts: any PostStore
    let shelves: Shelves
    let photos: PhotoIntake

    /// The member's records and readings; `noSuchUser` for nobody by that name.
    func records(of username: String) async throws -> (ArchiveRecords, [KiwiReading]) {
        guard let records = try await store.archive(of: username) else { throw KiwiProblem.noSuchUser }
        return (records, try await shelves.readings(of: username))
    }

    /// A photo's largest kept version (the whole photo, as its versions were made: turned upright,
    /// stripped of where it was taken), read into `buffer`, and what its manifest says of it (its
    /// CRC-32 among it, when kept); nil when it cannot be read.
    func largest(_ name: String, into buffer: inout ByteBuffer) async -> MediaManifest.Entry? {
        guard let manifest = try? await photos.versions(of: name, in: posts), let (file, _, entry) = manifest.file(.full, .jpeg),
            (try? await photos.media.read(name, file: file, into: &buffer)) == true
        else { return nil }
        return entry
    }

    /// `kiwi.json`: `photos` names the file each post's photo went to, and `avatar` the avatar's.
    static func document(
        _ records: ArchiveRecords,
        readings: [KiwiReading],
        photos: [Int64: String],
        avatar: String?,
        base: String,
        now: Date = Date()
    ) -> KiwiWire.Archive {
        let post = { (id: Int64) in "\(base)/p/\(id)" }
        let profile = { (name: String) in "\(base)/@\(name)" }
        let member = records.member
        let replies = Dictionary(grouping: records.replies, by: \.postID)
        return KiwiWire.Archive(
            server: base,
            exportedAt: isoTime(now),
            profile: .init(
                username: member.username,
                fullName: member.fullName,
                email: member.email,
                url: profile(member.username),
                createdAt: isoTime(member.createdAt),
                avatar: avatar
            ),
            posts: records.posts.map {
                .init(
                    url: post($0.id),
                    photo: photos[$0.id],
                    caption: $0.caption,
                    description: $0.imageAlt,
                    book: $0.book?.wire,
                    spoiler: $0.spoiler,
                    likes: $0.likes,
                    comments: $0.commentCount,
                    createdAt: isoTime($0.createdAt),
                    replies: replies[$0.id].map { theirs in
                        theirs.map {
                            .init(
                                author: $0.owner.username,
                                profile: profile($0.owner.username),
                                text: $0.text,
                                spoiler: $0.spoiler,
                                createdAt: isoTime($0.createdAt)
                            )
                        }
                    }
                )
            },
            comments: records.comments.map { .init(post: post($0.postID), text: $0.text, spoiler: $0.spoiler, createdAt: isoTime($0.createdAt)) },
            likes: records.likes.map { .init(post: post($0.post), createdAt: isoTime($0.at)) },
            following: records.following.map(profile),
            followers: records.followers.map(profile),
            readings: readings.map {
                .init(
                    book: $0.book.wire,
                    shelf: $0.shelf,
                    progress: $0.progress,
                    started: $0.started,
                    finished: $0.finished,
                    rating: $0.rating,
                    review: $0.review,
                    spoiler: $0.spoiler,
                    updatedAt: isoTime($0.updatedAt)
                )
            }
        )
    }

    /// Goodreads' library export's 24 columns, in its order: what Goodreads, StoryGraph and
    /// `kiwi import` read back.
    static let goodreadsColumns = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating", "Average Rating", "Publisher",
        "Binding", "Number of Pages", "Year Published", "Original Publication Year", "Date Read", "Date Added", "Bookshelves",
        "Bookshelves with positions", "Exclusive Shelf", "My Review", "Spoiler", "Private Notes", "Read Count", "Owned Copies",
    ]

    /// `shelves.csv`: a row a book, where it is now (its latest reading), the latest day it was
    /// finished, how many times, the stars and review of its latest reading; days as Goodreads
    /// writes them (`2024/03/15`), the ISBN as `="…"` so that spreadsheets keep it text.
    static func goodreadsCSV(_ readings: [KiwiReading]) -> String {
        let byBook = Dictionary(grouping: readings, by: \.isbn13)
        let books = byBook.values.compactMap { readings in readings.max { ($0.id ?? 0) < ($1.id ?? 0) }.map { ($0, readings) } }
            .sorted { ($0.0.updatedAt, $0.0.isbn13) > ($1.0.updatedAt, $1.0.isbn13) }
        let day = { (text: String?) in text?.replacingOccurrences(of: "-", with: "/") ?? "" }
        var rows = [goodreadsColumns]
        for (latest, all) in books {
            let finished = all.filter { $0.shelf == .read }
            let shelf = ["want": "to-read", "reading": "currently-reading", "read": "read"][latest.shelf.rawValue] ?? ""
            let authors = latest.book.authors
            let pages: Int? = latest.progress?.pages ?? all.compactMap { $0.progress?.pages }.max()
            let added: String = all.compactMap(\.started).min() ?? KiwiWire.Day.today(latest.updatedAt)
            var row: [String] = ["", latest.book.title, authors.first ?? "", authors.first.map(lastFirst) ?? ""]
            row += [authors.dropFirst().joined(separator: ", "), "=\"\"", "=\"\(latest.isbn13)\"", latest.rating.map(String.init) ?? "0"]
            row += ["", "", "", pages.map(String.init) ?? "", "", "", day(finished.compactMap(\.finished).max()), day(added), "", ""]
            row += [shelf, latest.review ?? "", latest.spoiler == nil ? "" : "true", "", String(finished.count), "0"]
            rows.append(row)
        }
        return CSV.write(rows)
    }

    /// "Charlotte Brontë" as "Brontë, Charlotte".
    private static func lastFirst(_ name: String) -> String {
        let parts = name.split(separator: " ")
        guard parts.count > 1, let last = parts.last else { return name }
        return "\(last), \(parts.dropLast().joined(separator: " "))"
    }
}
