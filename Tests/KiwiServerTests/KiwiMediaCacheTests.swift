import Foundation
import PluginAPI
import TestSupport
import Testing

/// The shipped nginx configuration (`docs/nginx-media-cache.conf`) as the CDN in front of two
/// servers of one PostgreSQL community, through the real binaries.
@Suite struct KiwiMediaCacheTests {
    @Test(
        .enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"),
        .enabled(if: Nginx.program != nil || Nginx.required, "nginx is not installed (apt-get install nginx); scripts/test installs it")
    )
    func nginxKeepsAPhotoAndADeletedOneIsGoneFromTheServersAtOnce() async throws {
        try await withFreshPostgres { url in
            let port = try FreePort.pick()
            let cdn = "http://127.0.0.1:\(port)"
            // The two servers share what a community's servers share: the database, the media folder, the keys.
            let shared = Scratch.url("kiwi-media-shared")
            let community = [
                "--database", url, "--metrics", "--media-url", cdn,
                "--media-folder", shared.appendingPathComponent("media").path, "--media-keys", shared.appendingPathComponent("keys").path,
            ]
            let (first, one) = try await ToolboxBinary().serveKiwi(community)
            let (second, two) = try await ToolboxBinary().serveKiwi(community)
            defer { for server in [first, second] { server.process.terminate() } }
            let shipped = try String(
                contentsOf: Fixtures.tests.deletingLastPathComponent().appendingPathComponent("docs/nginx-media-cache.conf"),
                encoding: .utf8
            )
            let nginx = try await Nginx(port: port) { folder in
                shipped
                    .replacingOccurrences(of: "/var/cache/nginx/kiwi-media", with: folder.appendingPathComponent("cache").path)
                    .replacingOccurrences(of: "server 127.0.0.1:8080;", with: "server \(one.dropFirst("http://".count));")
                    .replacingOccurrences(of: "server 127.0.0.1:8081;", with: "server \(two.dropFirst("http://".count));")
                    .replacingOccurrences(of: "listen 80;", with: "listen 127.0.0.1:\(port);")
            }
            defer { nginx.stop() }

            let ada = try await LiveMember.join("ada", at: cdn)
            let id = try await ada.post("behind a cache", at: cdn)
            let post = try JSONSerialization.jsonObject(with: try await ada.send("GET", cdn + "/posts/\(id)").body) as? [String: Any]
            let photo = try #require((post?["imageVersions"] as? [String: String])?["640"])
            #expect(photo.hasPrefix(cdn + "/media/"), "the signed URL points at the cache: \(photo)")

            let http = LiveHTTP()
            let fetched = try await http.send("GET", photo)
            let again = try await http.send("GET", photo)
            func cache(_ answer: PluginAPI.HTTPResponse) -> String? { answer.headers.first { $0.key.lowercased() == "x-cache-status" }?.value }
            #expect(fetched.status == 200 && cache(fetched) == "MISS")
            #expect(again.status == 200 && cache(again) == "HIT" && again.body == fetched.body)
            // What the servers counted: one request for it between them, the miss.
            var asked = 0.0
            for base in [one, two] {
                let metrics = String(decoding: try await http.send("GET", base + "/metrics").body, as: UTF8.self)
                asked += metrics.split(separator: "\n").filter { $0.hasPrefix("hb_requests{") && $0.contains("/media/") }
                    .compactMap { Double($0.split(separator: " ").last ?? "") }.reduce(0, +)
            }
            #expect(asked == 1, "the second request never reached Kiwi")

            // Deleted through one server: neither serves it any more, whatever the cache still holds.
            try await ada.send("DELETE", one + "/posts/\(id)")
            let path = String(photo.dropFirst(cdn.count))
            for base in [one, two] { #expect(try await http.send("GET", base + path).status == 404, "\(base) no longer serves it") }
            for server in [first, second] {
                server.process.terminate()
                _ = await server.finish()
            }
        }
    }

    /// Two servers of one community, each with a media folder of its own (as on two machines):
    /// a photo deleted through one leaves the other within a second, `/uploads/` and every
    /// version, by the deletion's notice, which drops the other's local copies.
    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func aDeletedPhotoLeavesAServerWithAMediaFolderOfItsOwnWithinASecond() async throws {
        try await withFreshPostgres { url in
            let keys = Scratch.url("kiwi-media-keys")
            let machine = { (name: String) in
                ["--database", url, "--media-folder", Scratch.url("kiwi-media-\(name)").path, "--media-keys", keys.path]
            }
            let (first, one) = try await ToolboxBinary().serveKiwi(machine("a"))
            let (second, two) = try await ToolboxBinary().serveKiwi(machine("b"))
            defer { for server in [first, second] { server.process.terminate() } }
            let ada = try await LiveMember.join("ada", at: one)
            let (body, type) = TestImages.multipart(TestImages.png(seed: 3, size: 60_000), caption: "on two machines")
            let made = try JSONSerialization.jsonObject(with: try await ada.send("POST", one + "/posts", body: body, type: type).body)
            let id = try #require((made as? [String: Any])?["id"] as? String)

            // Each server serves (and so keeps) every version and the whole photo from its own folder.
            var paths: [String] = []
            for base in [one, two] {
                let post = try JSONSerialization.jsonObject(with: try await ada.send("GET", base + "/posts/\(id)").body) as? [String: Any]
                let versions = try #require(post?["imageVersions"] as? [String: String])
                let upload = try #require(post?["imageURL"] as? String)
                paths = [String(upload.dropFirst(base.count))] + versions.values.map { String($0.dropFirst(base.count)) }
                paths += versions.filter { $0.key != "full" }.map {
                    String($0.value.dropFirst(base.count)).replacingOccurrences(of: ".jpg?", with: ".webp?")
                }
                for path in paths { #expect(try await ada.send("GET", base + path).status == 200, "\(base)\(path)") }
            }
            #expect(paths.count == 10, "the whole photo, five JPEG versions, four WebP: \(paths)")

            try await ada.send("DELETE", two + "/posts/\(id)")
            let deleted = ContinuousClock.now
            var served = paths
            while !served.isEmpty, ContinuousClock.now - deleted < .seconds(1) {
                var still: [String] = []
                for path in served
                where try await LiveMember.http.send("GET", one + path, headers: ["Authorization": "Bearer \(ada.token)"]).status != 404 {
                    still.append(path)
                }
                served = still
            }
            #expect(served.isEmpty, "still served by the other server a second after the deletion: \(served)")
        }
    }
}
