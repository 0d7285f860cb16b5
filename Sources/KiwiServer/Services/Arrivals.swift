import Foundation
import KiwiWire

/// A member arriving with their archive from another Kiwi server (`POST /users/me/archive`): their
/// posts with their photos (through the photo pipeline, as any post's), words, books and days;
/// their readings; the comments on their posts (their own, and others' as text with who wrote
/// them and their profile's link); and, of whom they followed there, those with an account of
/// the same name here, offered to follow rather than followed.
///
/// Each item is its own write, and one already here is known by what it is (a post by its second
/// and caption, a reading by its book, shelf, days and review, a comment by its post and text), so
/// a second run adds nothing and a run cut off anywhere goes on where it stopped. An item that
/// cannot come (a photo that is not a picture, a caption too long) is left out with why; the rest
/// comes.
struct Arrivals: Sendable {
    let posts: Posts
    let shelves: Shelves
    let accounts: Accounts

    /// What is wrong with an archive as a whole: nothing of it is imported. A time the schema
    /// says is a date-time and is not one is the schema's, and named where it is.
    static func problem(_ archive: KiwiWire.Archive) -> String? {
        if archive.version > KiwiWire.Archive.currentVersion {
            return
                "this archive is of version \(archive.version), newer than this server's \(KiwiWire.Archive.currentVersion): update the server first"
        }
        let replies = archive.posts.enumerated().flatMap { post in
            (post.element.replies ?? []).enumerated().map { ("posts[\(post.offset)].replies[\($0.offset)].createdAt", $0.element.createdAt) }
        }
        let times =
            [("exportedAt", archive.exportedAt), ("profile.createdAt", archive.profile.createdAt)]
            + archive.posts.enumerated().map { ("posts[\($0.offset)].createdAt", $0.element.createdAt) } + replies
            + archive.comments.enumerated().map { ("comments[\($0.offset)].createdAt", $0.element.createdAt) }
            + archive.likes.enumerated().map { ("likes[\($0.offset)].createdAt", $0.element.createdAt) }
            + archive.readings.enumerated().map { ("readings[\($0.offset)].updatedAt", $0.element.updatedAt) }
        if let (path, text) = times.first(where: { time($0.1) == nil }) {
            return "kiwi.json does not match the schema: \(path): not a time (\(text))"
        }
        for (index, reading) in archive.readings.enumerated() {
            let progress = reading.progress
            for (field, value, range) in [
                ("rating", reading.rating, 1...5), ("progress.page", progress?.page, 0...Int.max), ("progress.pages", progress?.pages, 1...100_000),
                ("progress.percent", progress?.percent, 0...100),
            ] {
                if let value, !range.contains(value) {
                    return "kiwi.json does not match the schema: readings[\(index)].\(field): \(value) is out of range"
                }
            }
            for (field, day) in [("started", reading.started), ("finished", reading.finished)] {
                if let day, day.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) == nil {
                    return "kiwi.json does not match the schema: readings[\(index)].\(field): not a day (\(day))"
                }
            }
        }
        return nil
    }

    /// `kiwi.json` read as the schema says, or what is wrong and where ("kiwi.json: posts[3].createdAt: …").
    static func document(_ bytes: Data) throws -> KiwiWire.Archive {
        do {
            let archive = try JSONDecoder().decode(KiwiWire.Archive.self, from: bytes)
            if let problem = problem(archive) { throw KiwiProblem.badArchive(problem) }
            return archive
        } catch let error as DecodingError {
            throw KiwiProblem.badArchive("kiwi.json does not match the schema: \(Self.describe(error))")
        }
    }

    /// Brings `archive` (its photos read from `zip`) into `member`'s account; with `zip` nil, says
    /// what it would do without doing it.
    func bring(_ archive: KiwiWire.Archive, photos zip: ZipReader?, into member: KiwiUser) async throws -> KiwiWire.ArchiveArrival {
        let owner = member.username
        var answer = KiwiWire.ArchiveArrival(dryRun: zip == nil, posts: .init(), readings: .init(), comments: .init(), follows: [], refused: [])
        func refuse(_ item: String, _ reason: String, in tally: WritableKeyPath<KiwiWire.ArchiveArrival, KiwiWire.ArchiveArrival.Tally>) {
            answer[keyPath: tally].refused += 1
            answer.refused.append(.init(item: item, reason: reason))
        }

        // Posts, oldest first, as they were posted; each known here by its second and caption.
        var here = Dictionary(
            try await posts.store.posts(.author(owner), window: .everything).map { (Self.postKey($0.createdAt, $0.caption), $0.id) }
        ) { first, _ in first }
        // Each post's URL there, and its id here (nil: it would arrive, in a dry run).
        var arrived: [String: Int64?] = [:]
        for (index, post) in archive.posts.enumerated().sorted(by: { $0.element.createdAt < $1.element.createdAt }) {
            let item = "posts[\(index)] (\(post.url))"
            guard let createdAt = Self.time(post.createdAt) else {
                refuse(item, "createdAt is not a time: \(post.createdAt)", in: \.posts)
                continue
            }
            let key = Self.postKey(createdAt, post.caption)
            if let id = here[key] {
                answer.posts.present += 1
                arrived[post.url] = id
                continue
            }
            guard let photo = post.photo else {
                refuse(item, "it has no photo", in: \.posts)
                continue
            }
            guard let zip else {
                answer.posts.added += 1
                arrived[post.url] = .some(nil)
                continue
            }
            do {
                let bytes = try zip.data(photo)
                let book = post.book.flatMap { book in book.isbn13.map { KiwiBook(title: book.title, authors: book.authors ?? [], isbn13: $0) } }
                let made = try await posts.arrive(
                    bytes,
                    caption: post.caption,
                    imageAlt: post.description,
                    book: book,
                    spoiler: post.spoiler,
                    createdAt: createdAt,
                    by: owner
                )
                here[key] = made.id
                arrived[post.url] = made.id
                answer.posts.added += 1
            } catch let damage as ZipReader.Damage {
                refuse(item, "its photo: \(damage.description)", in: \.posts)
            } catch let problem as KiwiProblem where problem.isTheItems {
                refuse(item, problem.sentence, in: \.posts)
            }
        }

        // Their own comments on their own posts, and others' (theirs to keep as text, with who
        // wrote them and where), on the posts as they arrived here.
        let own = archive.comments.enumerated().map {
            ("comments[\($0.offset)]", $0.element.post, $0.element.text, $0.element.spoiler, $0.element.createdAt)
        }
        let others = archive.posts.enumerated().flatMap { index, post in
            (post.replies ?? []).enumerated().map { reply in
                let said = reply.element
                return (
                    "posts[\(index)].replies[\(reply.offset)]", post.url, "\(said.author) (\(said.profile)) wrote: \(said.text)", said.spoiler,
                    said.createdAt
                )
            }
        }
        // The member's comments on each post here, read once a post.
        var said: [Int64: Set<String>] = [:]
        for (item, url, text, spoiler, created) in own + others {
            guard let arrival = arrived[url] else { continue }
            guard let createdAt = Self.time(created) else {
                refuse(item, "createdAt is not a time: \(created)", in: \.comments)
                continue
            }
            guard let post = arrival else {
                answer.comments.added += 1
                continue
            }
            if said[post] == nil {
                said[post] = Set(try await posts.store.comments(on: post, window: .everything).filter { $0.owner.username == owner }.map(\.text))
            }
            guard said[post, default: []].insert(text).inserted else {
                answer.comments.present += 1
                continue
            }
            guard zip != nil else {
                answer.comments.added += 1
                continue
            }
            do {
                try await posts.arrive(comment: text, spoiler: spoiler, on: post, createdAt: createdAt, by: owner)
                answer.comments.added += 1
            } catch let problem as KiwiProblem where problem.isTheItems {
                said[post]?.remove(text)
                refuse(item, problem.sentence, in: \.comments)
            }
        }

        // Readings, each known by its book, shelf, days and review.
        var shelved = Set(try await shelves.readings(of: owner).map(Self.readingKey))
        for (index, reading) in archive.readings.enumerated() {
            let item = "readings[\(index)] (\(reading.book.title))"
            guard let isbn13 = reading.book.isbn13, KiwiWire.Book.isISBN13(isbn13), let updatedAt = Self.time(reading.updatedAt) else {
                refuse(item, "its book has no ISBN-13, or updatedAt is not a time", in: \.readings)
                continue
            }
            let kept = KiwiReading(
                reader: owner,
                book: KiwiBook(title: reading.book.title, authors: reading.book.authors ?? [], isbn13: isbn13),
                shelf: reading.shelf,
                progress: reading.progress,
                started: reading.started,
                finished: reading.finished,
                rating: reading.rating,
                review: reading.review,
                spoiler: reading.spoiler,
                updatedAt: updatedAt
            )
            guard shelved.insert(Self.readingKey(kept)).inserted else {
                answer.readings.present += 1
                continue
            }
            do {
                if zip != nil { try await shelves.arrive(kept) }
                answer.readings.added += 1
            } catch let problem as KiwiProblem where problem.isTheItems {
                refuse(item, problem.sentence, in: \.readings)
            }
        }

        // Whom they followed, by name: those with an account here are offered, not followed.
        for profile in archive.following {
            guard let name = profile.split(separator: "/").last.flatMap({ $0.hasPrefix("@") ? String($0.dropFirst()) : nil }), name != owner,
                try await accounts.store.user(name) != nil
            else { continue }
            answer.follows.append(name)
        }
        return answer
    }

    /// A post as it is known here: its second (an archive keeps no finer) and its caption.
    static func postKey(_ createdAt: Date, _ caption: String?) -> String {
        "\(Int64(createdAt.timeIntervalSince1970.rounded(.down)))\n\(caption ?? "")"
    }

    static func readingKey(_ reading: KiwiReading) -> String {
        [reading.isbn13, reading.shelf.rawValue, reading.started ?? "", reading.finished ?? "", reading.review ?? ""].joined(separator: "\n")
    }

    /// "2025-09-25T01:00:00Z", as `isoTime` writes it (and with fractions of a second, as others may).
    static func time(_ text: String) -> Date? {
        (try? Date(text, strategy: .iso8601)) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    /// "posts[3].createdAt: expected a string".
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined().trimmingPrefix(".").description
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

extension KiwiProblem {
    /// A problem of one item of an archive (its photo refused, a field past its limit), which
    /// leaves that item out; any other (the database away) stops the import, to be run again.
    var isTheItems: Bool {
        switch self {
        case .invalid, .photoRefused, .missingPhoto: true
        default: false
        }
    }
}
