import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import NIOCore
import TestSupport
import Testing

@testable import KiwiServer

/// A member arriving with their archive (`POST /users/me/archive`) on every store: exported from
/// one server and brought into an empty account on another, the second server's archive agrees
/// with the first on every post, photo and reading but for ids and links; a second run adds
/// nothing; a damaged zip, a newer version or another shape is refused with what is wrong and
/// where, and a photo that is not a picture leaves that post out and no other.
@Suite struct KiwiArrivalTests {
    static func archive(_ client: some TestClientProtocol, token: String) async throws -> Data {
        try await client.execute(uri: "/users/me/archive", method: .get, headers: [.authorization: "Bearer \(token)"]) { response in
            #expect(response.status == .ok)
            return Data(buffer: response.body)
        }
    }

    static func bring(
        _ client: some TestClientProtocol,
        _ body: Data,
        type: String = "application/zip",
        token: String
    ) async throws -> (HTTPResponse.Status, KiwiWire.ArchiveArrival?, String?) {
        try await client.execute(
            uri: "/users/me/archive",
            method: .post,
            headers: [.contentType: type, .authorization: "Bearer \(token)"],
            body: ByteBuffer(data: body)
        ) { response in
            let data = Data(buffer: response.body)
            let error = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["message"] as? String
            return (response.status, try? JSONDecoder().decode(KiwiWire.ArchiveArrival.self, from: data), error)
        }
    }

    /// The zip's files, read as the server reads them.
    static func files(_ zip: Data) throws -> (document: KiwiWire.Archive, photos: [String: Data]) {
        let path = Scratch.url("arrival", ending: ".zip")
        try zip.write(to: path)
        let reader = try ZipReader(path: path.path)
        let document = try JSONDecoder().decode(KiwiWire.Archive.self, from: try reader.data("kiwi.json"))
        var photos: [String: Data] = [:]
        for name in reader.entries.keys where name.hasPrefix("photos/") { photos[name] = try reader.data(name) }
        return (document, photos)
    }

    /// A zip of these files, as the server writes one.
    static func zipped(_ files: [(String, Data)]) -> Data {
        var stream = ZipStream(modified: Date())
        var out = Data()
        for (name, bytes) in files { for buffer in stream.entry(name, ByteBuffer(data: bytes)) { out.append(Data(buffer: buffer)) } }
        out.append(Data(buffer: stream.finish()))
        return out
    }

    /// What of a post must come through: everything but its URL, photo file name and counts.
    struct Shown: Equatable {
        var caption, description, spoiler, createdAt: String?
        var book: KiwiWire.Book?
        init(_ post: KiwiWire.Archive.Post) {
            (caption, description, spoiler, createdAt, book) = (post.caption, post.description, post.spoiler, post.createdAt, post.book)
        }
    }

    /// A reading without the time it was last changed (kept too, but a test's two are a moment apart).
    struct Read: Hashable {
        var isbn13, shelf, started, finished, review, spoiler: String?
        var rating: Int?
        init(_ reading: KiwiWire.Archive.Reading) {
            (isbn13, shelf, started, finished) = (reading.book.isbn13, reading.shelf.rawValue, reading.started, reading.finished)
            (review, spoiler, rating) = (reading.review, reading.spoiler, reading.rating)
        }
    }

    /// What a server's test hands to the next: its archive.
    final class Kept: @unchecked Sendable {
        // @unchecked: written once, by the first server's test, before the second reads it.
        var zip = Data()
    }

    @Test(arguments: StoreKind.available)
    func anArchiveBroughtToAnotherServerComesBackTheSameAndOnlyOnce(_ kind: StoreKind) async throws {
        let library = try await OpenLibraryStub.start()
        defer { Task { await library.stop() } }
        let kept = Kept()
        try await withKiwi(kind, maxUploadBytes: 1 << 20, books: KiwiBookTests.books(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { a in
                let (ada, bob) = (try await a.member("ada"), try await a.member("bob"))
                let first = try await a.post("The storm", book: "9780141439600", by: ada)
                let (body, type) = TestImages.multipart(try TestImages.photoTakenAtHome, caption: "The end", fields: ["spoiler": "the ending"])
                _ = try await a.execute(
                    uri: "/posts",
                    method: .post,
                    headers: [.contentType: type, .authorization: "Bearer \(ada)"],
                    body: ByteBuffer(bytes: body)
                ) { _ in }
                _ = try await a.post("A third", by: ada)
                _ = try await a.form("operation=create&postid=\(first)&text=Read%20it%20twice", token: ada)
                _ = try await a.form("operation=create&postid=\(first)&text=Bob%20was%20here", token: bob)
                _ = try await a.json(.post, "/users/bob/follow", token: ada)
                _ = try await KiwiShelfTests.put(
                    a,
                    "9780141441146",
                    #"{"shelf":"read","started":"2024-03-01","finished":"2024-03-15","rating":5,"review":"Reader, I married him.","spoiler":"the fire","book":{"title":"Jane Eyre","authors":["Charlotte Brontë"]}}"#,
                    token: ada
                )
                _ = try await KiwiShelfTests.put(
                    a,
                    "9780141439600",
                    #"{"shelf":"reading","started":"2026-11-01","progress":{"page":40,"pages":300}}"#,
                    token: ada
                )
                kept.zip = try await Self.archive(a, token: ada)
            }
        }
        let exported = kept.zip
        let before = try Self.files(exported)
        #expect(before.document.posts.count == 3 && before.document.readings.count == 2 && before.photos.count == 3)

        try await withKiwi(kind, maxUploadBytes: 1 << 20, books: KiwiBookTests.books(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { b in
                let ada = try await b.member("ada")
                _ = try await b.member("bob")

                // Its kiwi.json alone: what it would do, and nothing done.
                let document = try JSONEncoder().encode(before.document)
                let (planned, plan, _) = try await Self.bring(b, document, type: "application/json", token: ada)
                #expect(planned == .ok && plan?.dryRun == true)
                #expect(plan?.posts.added == 3 && plan?.readings.added == 2 && plan?.comments.added == 2 && plan?.follows == ["bob"])
                #expect(try await b.wire([KiwiWire.Post].self, .get, "/posts").1?.isEmpty == true)

                let (status, arrival, said) = try await Self.bring(b, exported, token: ada)
                #expect(status == .ok, "\(said ?? "")")
                #expect(arrival?.posts == .init(added: 3) && arrival?.readings == .init(added: 2) && arrival?.comments == .init(added: 2))
                #expect(arrival?.follows == ["bob"] && arrival?.refused == [])
                #expect(try await b.wire([KiwiWire.User].self, .get, "/users/ada/following").1?.isEmpty == true, "offered, not followed")

                // A second run adds nothing.
                let (_, again, _) = try await Self.bring(b, exported, token: ada)
                #expect(again?.posts == .init(present: 3) && again?.readings == .init(present: 2) && again?.comments == .init(present: 2))

                // B's archive agrees with A's on every post, photo and reading.
                let after = try Self.files(try await Self.archive(b, token: ada))
                #expect(after.document.posts.map(Shown.init) == before.document.posts.map(Shown.init))
                #expect(Set(after.document.readings.map(Read.init)) == Set(before.document.readings.map(Read.init)))
                for (there, here) in zip(before.document.posts, after.document.posts) {
                    let (old, new) = (try #require(there.photo.flatMap { before.photos[$0] }), try #require(here.photo.flatMap { after.photos[$0] }))
                    #expect(old == new, "\(there.url)'s photo comes back as the same picture, byte for byte")
                }
                #expect(
                    Set(after.document.comments.map(\.text)) == ["Read it twice", "bob (http://localhost/@bob) wrote: Bob was here"],
                    "her own comment on her post, and bob's as text with who wrote it"
                )
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func whatCannotBeReadIsRefusedWithWhereAndOnlyABadPhotoIsLeftOut(_ kind: StoreKind) async throws {
        try await withKiwi(kind, maxUploadBytes: 1 << 20) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                func post(_ caption: String, _ photo: String, at time: String) -> KiwiWire.Archive.Post {
                    .init(
                        url: "http://a/p/\(caption)",
                        photo: photo,
                        caption: caption,
                        description: nil,
                        book: nil,
                        spoiler: nil,
                        likes: 0,
                        comments: 0,
                        createdAt: time
                    )
                }
                let archive = KiwiWire.Archive(
                    server: "http://a",
                    exportedAt: "2026-11-29T10:00:00Z",
                    profile: .init(username: "ada", fullName: nil, email: nil, url: "http://a/@ada", createdAt: "2025-01-01T00:00:00Z", avatar: nil),
                    posts: [post("good", "photos/1.jpg", at: "2026-01-01T10:00:00Z"), post("bad", "photos/2.jpg", at: "2026-01-02T10:00:00Z")],
                    comments: [],
                    likes: [],
                    following: [],
                    followers: [],
                    readings: []
                )
                let json = try JSONEncoder().encode(archive)
                let made = Self.zipped([("photos/1.jpg", TestImages.jpeg), ("photos/2.jpg", Data("not a picture".utf8)), ("kiwi.json", json)])
                let (status, arrival, _) = try await Self.bring(client, made, token: ada)
                #expect(status == .ok && arrival?.posts == .init(added: 1, refused: 1))
                #expect(arrival?.refused.first?.item == "posts[1] (http://a/p/bad)")
                #expect(try await client.wire([KiwiWire.Post].self, .get, "/posts").1?.map(\.caption) == ["good"], "nothing of the bad one")

                // Refused as a whole, with what is wrong and where; nothing is added.
                var newer = archive
                newer.version = 2
                var shapeless = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
                var posts = try #require(shapeless["posts"] as? [[String: Any]])
                posts[1]["createdAt"] = nil
                shapeless["posts"] = posts
                for (body, words) in [
                    (Data(made.prefix(made.count - 30)), "damaged"),
                    (Data("hello".utf8), "not a zip"),
                    (Self.zipped([("kiwi.json", try JSONEncoder().encode(newer))]), "version 2, newer"),
                    (Self.zipped([("kiwi.json", try JSONSerialization.data(withJSONObject: shapeless))]), "posts[1].createdAt: missing"),
                    (Self.zipped([("photos/1.jpg", TestImages.jpeg)]), "kiwi.json is not in it"),
                    (
                        Self.zipped([
                            (
                                "kiwi.json",
                                Data(String(decoding: json, as: UTF8.self).replacingOccurrences(of: "2026-01-02T10:00:00Z", with: "yesterday").utf8)
                            )
                        ]),
                        "posts[1].createdAt: not a time"
                    ),
                ] {
                    let (refused, _, said) = try await Self.bring(client, body, token: ada)
                    #expect(refused == .badRequest && said?.contains(words) == true, "\(words): \(said ?? "")")
                }
                #expect(try await client.wire([KiwiWire.Post].self, .get, "/posts").1?.count == 1)
                #expect(try await Self.bring(client, made, type: "application/zip", token: "nobody").0 == .forbidden)
            }
        }
    }
}
