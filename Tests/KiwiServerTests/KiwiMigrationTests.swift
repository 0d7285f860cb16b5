import Foundation
import Hummingbird
import HummingbirdTesting
import Kiwi
import KiwiMedia
import KiwiServerCommands
import KiwiServerSettings
import KiwiWire
import Logging
import PluginAPI
import PostgresNIO
import TestSupport
import Testing

@testable import KiwiServer

/// `kiwi migrate`: a community moved between stores answers the same pages byte for byte,
/// keeps its logins and ids, and a run can be repeated or resumed; a target with other data is refused.
@Suite struct KiwiMigrationTests {
    static let quiet = Logger(label: "kiwi-migrate-test") { _ in SwiftLogNoOpLogHandler() }
    /// Photos' versions, kept across the servers a test starts on its copies of one community (the
    /// names are the same): each photo is processed once, as on a machine whose media folder stays.
    let media: MediaFolder

    init() throws {
        media = try MediaFolder(path: Scratch.url("kiwi-migrate-media").path)
    }

    /// A community in an SQLite file with its uploads folder: two members with sessions, `posts`
    /// posts with images (one deleted, so the counter is ahead of the largest id), a like, a comment, a follow.
    struct Community {
        let path: String
        let uploads: String
        let token: String
    }

    func community(posts: Int, in folder: URL) async throws -> Community {
        let path = folder.appendingPathComponent("kiwi.sqlite").path
        let uploads = try UploadFolder(path: folder.appendingPathComponent("uploads").path)
        let store = try SQLiteKiwiDatabase(path: path)
        let token = try await application(store, uploads: uploads).test(.router) { client in
            let token = try await client.member("ada", password: "ada-password")
            let bob = try await client.member("bob", password: "bob-password")
            #expect(try await client.upload(TestImages.png(seed: 1), caption: "first", token: token).0 == .created)
            #expect(try await client.upload(TestImages.png(seed: 2), caption: "deleted", token: token).0 == .created)
            #expect(try await client.json(.delete, "/posts/2", token: token).0 == .ok)
            #expect(try await client.json(.post, "/posts/1/like", token: bob).0 == .ok)
            #expect(try await client.form("operation=create&postid=1&text=lovely&spoiler=the%20end", token: bob).0 == .ok)
            #expect(try await client.json(.post, "/users/ada/follow", token: bob).0 == .ok)
            // Governance: a role, a block and a mute that ends by itself; a report, and the warning
            // that closed it (the audit log's line, the notification it sent).
            let cat = try await client.member("cat", password: "cat-password")
            #expect(try await store.setRole(.admin, of: "ada"))
            #expect(try await client.json(.post, "/users/cat/block", token: token).0 == .ok)
            #expect(try await client.json(.post, "/users/bob/mute", #"{"duration":86400}"#, token: token).0 == .ok)
            #expect(try await client.json(.post, "/users/bob/report", #"{"category":"spam","comment":"adverts"}"#, token: cat).0 == .ok)
            #expect(try await client.json(.post, "/reports/1/actions", #"{"action":"warn","reason":"no adverts"}"#, token: token).0 == .ok)
            // Shelves: a book read, then read again (two readings), and one half read.
            let persuasion = #""book":{"title":"Persuasion","authors":["Jane Austen"]}"#
            for body in [
                #"{"shelf":"read","started":"2026-01-02","finished":"2026-01-20",\#(persuasion)}"#,
                #"{"shelf":"reading","progress":{"page":40,"pages":256},\#(persuasion)}"#,
            ] {
                #expect(try await client.json(.put, "/users/me/books/9780141439686", body, token: token).0 == .ok)
            }
            let emma = #"{"shelf":"reading","progress":{"percent":35},"book":{"title":"Emma"}}"#
            #expect(try await client.json(.put, "/users/me/books/9780141439587", emma, token: bob).0 == .ok)
            return token
        }
        for index in 0..<max(posts - 1, 0) {
            let image = StoredImage(TestImages.png(seed: 100 + index, size: 200), kind: .png)
            try uploads.store(image)
            _ = try await store.createPost(
                NewPost(owner: index % 2 == 0 ? "ada" : "bob", image: .file(image.name), caption: "post \(index)"),
                keeping: nil
            )
        }
        return Community(path: path, uploads: uploads.path, token: token)
    }

    func application(_ store: any KiwiStorage, uploads: UploadFolder?) throws -> some ApplicationProtocol {
        let arguments = try ServeCommand.testing(uploads.map { ["--uploads", $0.path] } ?? [])
        return buildApplication(storage: store, uploads: uploads, media: media, arguments: arguments, logger: Self.quiet)
    }

    /// Every page of `GET /posts`, each image, the comments and followers, and logins, as a server on `store` answers them.
    func answers(_ store: any KiwiStorage, uploads: UploadFolder?, token: String, pages: Int) async throws -> [Data] {
        try await application(store, uploads: uploads).test(.router) { client in
            var answers: [Data] = []
            func get(_ uri: String, token: String? = nil) async throws -> Data {
                var headers: HTTPFields = [:]
                if let token { headers[.authorization] = "Bearer \(token)" }
                return try await client.execute(uri: uri, method: .get, headers: headers) { Data(buffer: $0.body) }
            }
            for page in 0..<pages {
                let body = try await get("/posts?pageSize=20&page=\(page)")
                answers.append(body)
                let posts = try JSONDecoder().decode([KiwiWire.Post].self, from: body)
                for post in posts { answers.append(try await get("/uploads/\(post.imageURL?.split(separator: "/").last ?? "")", token: token)) }
            }
            answers.append(try await get("/posts/1/comments"))
            answers.append(try await get("/users/ada/followers"))
            answers.append(try await get("/users/ada/shelves"))
            answers.append(try await get("/users/bob/shelves"))
            // The search's index came along (or was built as the rows went in): the same answers.
            for search in ["q=first", "q=lovely", "q=persuasion&type=books", "q=bob&type=members"] {
                let found = try await get("/search?\(search)")
                #expect(found.count > 2, "\(search) finds something")
                answers.append(found)
            }
            // The session and the password hash came along, and the role, blocks and mutes.
            answers.append(try await get("/users/me", token: token))
            answers.append(try await get("/users/me/blocks", token: token))
            answers.append(try await get("/users/me/mutes", token: token))
            answers.append(try await get("/reports?all=true", token: token))
            answers.append(try await get("/audit", token: token))
            let (status, _, _) = try await client.json(.post, "/sessions", #"{"username":"ada","password":"ada-password"}"#)
            #expect(status == .created || status == .ok)
            return answers
        }
    }

    func migrate(_ source: KiwiDatabase, _ target: KiwiDatabase, uploads: String? = nil) async throws -> KiwiMigrationReport {
        try await KiwiMigration(from: source, to: target, uploads: uploads, logger: Self.quiet).run { _, _, _ in }
    }

    func folder() throws -> URL {
        let folder = Scratch.url("kiwi-migrate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func twoThousandPostsMoveToPostgreSQLAndBack() async throws {
        let folder = try folder()
        let community = try await community(posts: 2_000, in: folder)
        let source = KiwiDatabase.sqlite(path: community.path)
        try await withFreshPostgres { url in
            let report = try await migrate(source, .postgres(url: url), uploads: community.uploads)
            #expect(report.tables.first { $0.table == "posts" }.map { ($0.source, $0.target, $0.copied) } ?? (0, 0, 0) == (2_000, 2_000, 2_000))
            #expect(report.tables.first { $0.table == "images" }?.target == 2_000, "every file became a row of the database")
            #expect(report.tables.first { $0.table == "readings" }?.target == 3, "both readings of one book, and another's")
            #expect(report.tables.allSatisfy { $0.source == $0.target })
            #expect(report.missingImages.isEmpty)
            // Run twice (before a server logs anyone in there), the same result: nothing more is copied.
            let again = try await migrate(source, .postgres(url: url), uploads: community.uploads)
            #expect(again.tables.allSatisfy { $0.copied == 0 && $0.source == $0.target })

            let before = try await answers(
                try SQLiteKiwiDatabase(path: community.path),
                uploads: try UploadFolder(path: community.uploads),
                token: community.token,
                pages: 101
            )
            // A pool runs once: each use opens its own.
            func postgres() throws -> PostgresKiwiDatabase { try PostgresKiwiDatabase(url: url, logger: Self.quiet) }
            let after = try await postgres().use { try await answers($0, uploads: nil, token: community.token, pages: 101) }
            #expect(before.count == after.count)
            #expect(before == after, "the same answers, byte for byte, with the images from the database")

            // A new post does not take the deleted post's id.
            let newID = try await postgres().use { store in
                try await store.createPost(
                    NewPost(owner: "ada", image: .stored(StoredImage(TestImages.png, kind: .png))),
                    keeping: nil
                ).id
            }
            #expect(newID == 2_002)

            // And back, for a backup: one SQLite file that holds the images too.
            let backup = folder.appendingPathComponent("backup.sqlite").path
            let back = try await migrate(.postgres(url: url), .sqlite(path: backup))
            #expect(back.tables.first { $0.table == "posts" }?.target == 2_001)
            let restored = try await answers(try SQLiteKiwiDatabase(path: backup), uploads: nil, token: community.token, pages: 101)
            let live = try await postgres().use { try await answers($0, uploads: nil, token: community.token, pages: 101) }
            #expect(restored == live)
        }
    }

    @Test func aSecondRunCopiesNothingAndAnInterruptedOneFinishes() async throws {
        let folder = try folder()
        let community = try await community(posts: 60, in: folder)
        let target = folder.appendingPathComponent("copy.sqlite").path
        let first = try await migrate(.sqlite(path: community.path), .sqlite(path: target), uploads: community.uploads)
        #expect(first.tables.allSatisfy { $0.source == $0.target && $0.copied == $0.source })

        // As if the run had stopped part way: the last batches never arrived.
        let lost = try await SQLiteKiwiDatabase(path: target).pool.write { db in
            let lost = try Int.fetchOne(db, sql: "SELECT count(*) FROM posts WHERE id > 30") ?? 0
            try db.execute(sql: "DELETE FROM posts WHERE id > 30")
            try db.execute(sql: "DELETE FROM images WHERE name NOT IN (SELECT image FROM posts)")
            return lost
        }
        #expect(lost > 20)
        let resumed = try await migrate(.sqlite(path: community.path), .sqlite(path: target), uploads: community.uploads)
        #expect(resumed.tables.first { $0.table == "posts" }?.copied == lost)
        #expect(resumed.tables.first { $0.table == "images" }?.copied == lost)
        #expect(resumed.tables.allSatisfy { $0.source == $0.target })
        let again = try await migrate(.sqlite(path: community.path), .sqlite(path: target), uploads: community.uploads)
        #expect(again.tables.allSatisfy { $0.copied == 0 })

        let original = try await answers(
            try SQLiteKiwiDatabase(path: community.path),
            uploads: try UploadFolder(path: community.uploads),
            token: community.token,
            pages: 4
        )
        let copied = try await answers(try SQLiteKiwiDatabase(path: target), uploads: nil, token: community.token, pages: 4)
        #expect(original == copied)
    }

    @Test func aTargetHoldingOtherDataIsRefusedAndLeftAsItWas() async throws {
        let folder = try folder()
        let community = try await community(posts: 3, in: folder)
        let target = folder.appendingPathComponent("other.sqlite").path
        do {
            let other = try SQLiteKiwiDatabase(path: target)
            try await other.createUser(KiwiUser(username: "zed", createdAt: Date()), passwordHash: "x", keeping: nil)
        }
        let error = try await #require(throws: ToolboxError.self) {
            try await migrate(.sqlite(path: community.path), .sqlite(path: target), uploads: community.uploads)
        }
        #expect(error.exitCode == 73)
        #expect(error.message == "the target holds other data: users zed is not the source's")
        let other = try SQLiteKiwiDatabase(path: target)
        #expect(try await other.count(.users) == 1)
        #expect(try await other.count(.posts) == 0, "nothing was written")
    }

    @Test func imagesNoFolderHoldsAreNamedAndTheRestMoves() async throws {
        let folder = try folder()
        let community = try await community(posts: 3, in: folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: community.uploads).sorted()
        try FileManager.default.removeItem(atPath: "\(community.uploads)/\(files[0])")
        let report = try await migrate(
            .sqlite(path: community.path),
            .sqlite(path: folder.appendingPathComponent("copy.sqlite").path),
            uploads: community.uploads
        )
        #expect(report.missingImages == [files[0]])
        #expect(report.tables.first { $0.table == "posts" }?.target == 3)
        #expect(report.tables.first { $0.table == "images" }?.target == 2)
    }

    /// A photo in the media store's bucket is not missing: the bucket stays where it is, and its
    /// rows move with the database.
    @Test func photosInABucketAreNotMissing() async throws {
        let folder = try folder()
        let community = try await community(posts: 3, in: folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: community.uploads).sorted()
        for file in files.prefix(2) { try FileManager.default.removeItem(atPath: "\(community.uploads)/\(file)") }
        let manifest = MediaManifest(made: Date(), files: ["full.jpg": .init(digest: "d", length: 1, width: 1, height: 1, crc32: nil)])
        try await SQLiteKiwiDatabase(path: community.path).keepObjects(of: files[1], manifest)
        let report = try await migrate(
            .sqlite(path: community.path),
            .sqlite(path: folder.appendingPathComponent("copy.sqlite").path),
            uploads: community.uploads
        )
        #expect(report.missingImages == [files[0]], "only the photo in neither the database, the folder nor the bucket")
        #expect(report.tables.first { $0.table == "media_objects" }?.target == 1)
    }
}

extension PostgresKiwiDatabase {
    /// Runs the pool around `body`, the schema made first unless `migrating` is false.
    func use<Answer: Sendable>(migrating: Bool = true, _ body: (PostgresKiwiDatabase) async throws -> Answer) async throws -> Answer {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.client.run() }
            defer { group.cancelAll() }
            if migrating { try await start() }
            return try await body(self)
        }
    }
}

/// Runs `body` with the URL of a new, empty PostgreSQL database on the test server, dropped after.
func withFreshPostgres(_ body: (String) async throws -> Void) async throws {
    let base = try #require(StoreKind.databaseURL)
    let name = "kiwi_\(UUID().uuidString.prefix(8).lowercased())"
    // A pool runs once: each statement gets its own.
    func admin(_ sql: String) async throws {
        _ = try await PostgresKiwiDatabase(url: base, logger: KiwiMigrationTests.quiet).use(migrating: false) {
            try await $0.client.query(PostgresQuery(unsafeSQL: sql))
        }
    }
    try await admin("CREATE DATABASE \(name)")
    let url = base.replacingOccurrences(of: "/" + (URLComponents(string: base)?.path.dropFirst() ?? ""), with: "/\(name)", options: .backwards)
    do {
        try await body(url)
    } catch {
        try? await admin("DROP DATABASE \(name) WITH (FORCE)")
        throw error
    }
    try await admin("DROP DATABASE \(name) WITH (FORCE)")
}

/// Servers that share one PostgreSQL and nothing else: each serves every image and every login.
@Suite struct KiwiSharedPostgresTests {
    let live = LiveHTTP()

    func send(_ method: String, _ url: String, body: Data? = nil, headers: [String: String] = [:]) async throws -> PluginAPI.HTTPResponse {
        try await live.send(method, url, body: body, headers: headers)
    }

    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func twoServersOnOneDatabaseServeEveryImage() async throws {
        try await withFreshPostgres { url in
            // Separate homes: each machine's default data folder is its own.
            let (first, one) = try await ToolboxBinary().serveKiwi(["--database", url])
            let (second, two) = try await ToolboxBinary().serveKiwi(["--database", url])
            let folder = Scratch.url("kiwi-own").path
            let (third, three) = try await ToolboxBinary().serveKiwi(["--database", url, "--uploads", folder])
            defer { for server in [first, second, third] { server.process.terminate() } }

            _ = try await send("POST", one + "/users", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
            let login = try await send("POST", two + "/sessions", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
            let token = try #require((try JSONSerialization.jsonObject(with: login.body) as? [String: Any])?["token"] as? String)
            var images: [String: Data] = [:]
            for (index, base) in [one, two].enumerated() {
                let (body, type) = TestImages.multipart(TestImages.png(seed: 40 + index), caption: "from server \(index + 1)")
                let posted = try await send("POST", base + "/posts", body: body, headers: ["Authorization": "Bearer \(token)", "Content-Type": type])
                #expect(posted.status == 201)
                let imageURL = (try JSONSerialization.jsonObject(with: posted.body) as? [String: Any])?["imageURL"] as? String
                images[try #require(imageURL?.split(separator: "/").last.map(String.init))] = Data()
            }
            // The photo as processed where it was posted; the other servers make its versions from the database.
            for base in [one, two, three] {
                for name in images.keys {
                    let image = try await send("GET", base + "/uploads/\(name)", headers: ["Authorization": "Bearer \(token)"])
                    #expect(image.status == 200 && ImageSignature.kind(of: image.body) == .jpeg, "\(base) serves \(name)")
                    if images[name]?.isEmpty == true { images[name] = image.body }
                    #expect(image.body == images[name], "\(base) serves the same \(name)")
                }
            }
            #expect((try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty ?? true, "nothing was written to a folder")
            for server in [first, second, third] {
                server.process.terminate()
                _ = await server.finish()
            }
        }
    }
}
