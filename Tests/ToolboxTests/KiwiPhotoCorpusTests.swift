import Foundation
import TestSupport
import Testing

/// Pictures as cameras and phones make them (`Tests/Photos/photo_corpus.py`, made with Pillow and
/// pillow-heif at test time): every EXIF orientation, progressive, CMYK and greyscale JPEGs, wide-gamut
/// profiles, MPO, PNGs with alpha, 16-bit and interlaced, animated GIF and WebP, HEIC with `irot`
/// and `imir`. Each is posted to the real server through `kiwi post` and through the web form, and
/// every version it serves must come out upright (its painted corners where they belong), in sRGB
/// and with no metadata at all.
@Suite struct KiwiPhotoCorpusTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Photos/photo_corpus.py")
    /// scripts/test installs Pillow and pillow-heif and sets TOOLBOX_TEST_ALL, so there a missing one fails.
    static let required = ProcessInfo.processInfo.environment["TOOLBOX_TEST_ALL"] == "1"
    static let pillow = Program.succeeds("/usr/bin/env", ["python3", "-c", "import PIL, pillow_heif"])

    struct Entry: Codable {
        var file: String
        var expect: Expectation
    }

    struct Expectation: Codable {
        var width: Int
        var height: Int
        var corners: [String: [Int]]
        var tolerance: Int?
    }

    @Test(.enabled(if: pillow || required, "Pillow and pillow-heif are not installed (pip install pillow pillow-heif); scripts/test installs it"))
    func everyPictureAPhoneMakesPostsUprightInSRGBWithNoMetadata() async throws {
        let toolbox = try ToolboxBinary()
        let corpus = toolbox.home.appendingPathComponent("corpus")
        let made = try await Program.run("/usr/bin/env", ["python3", Self.script.path, "make", corpus.path, "--size", "1200x900"])
        try #require(made.status == 0, "\(made.output)")
        let entries = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: corpus.appendingPathComponent("corpus.json")))
        #expect(entries.count >= 20, "every kind of item 1: \(entries.map(\.file))")

        let (server, base) = try await toolbox.serveKiwi(["--database", "sqlite:\(toolbox.home.path)/kiwi.sqlite"])
        defer { server.process.terminate() }
        let reader = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": base])
        #expect(try await reader.run(["kiwi", "signup", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        #expect(try await reader.run(["kiwi", "login", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        let http = LiveHTTP()
        let login = try await http.send("POST", base + "/sessions", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
        let token = try #require((try JSONSerialization.jsonObject(with: login.body) as? [String: Any])?["token"] as? String)

        var posts: [(entry: Entry, post: [String: Any], way: String)] = []
        for entry in entries {
            let path = corpus.appendingPathComponent(entry.file).path
            let posted = try await reader.run(["kiwi", "post", "--image", path, "--caption", entry.file, "--json"])
            #expect(posted.exitCode == 0, "kiwi post \(entry.file): \(posted.standardError)")
            if let post = try? JSONSerialization.jsonObject(with: Data(posted.standardOutput.utf8)) as? [String: Any] {
                posts.append((entry, post, "kiwi post"))
            }
            let form = try await Self.postThroughTheWebForm(path, caption: entry.file, base: base, token: token, http: http)
            #expect(form != nil, "the web form refused \(entry.file)")
            if let form { posts.append((entry, form, "the web form")) }
        }
        #expect(posts.count == entries.count * 2)

        // Every version at its signed URL (JPEG, and WebP where one is smaller), and the largest at /uploads/.
        let versions = toolbox.home.appendingPathComponent("versions")
        try FileManager.default.createDirectory(at: versions, withIntermediateDirectories: true)
        var listing: [Entry] = []
        for (index, (entry, post, way)) in posts.enumerated() {
            let signed = try #require(post["imageVersions"] as? [String: String], "\(entry.file) by \(way) names no versions")
            var urls = Array(signed.values)
            urls += signed.filter { $0.key != "full" }.map { $0.value.replacingOccurrences(of: ".jpg?", with: ".webp?") }
            urls.append(try #require(post["imageURL"] as? String))
            for (number, url) in urls.enumerated() {
                let answer = try await http.send("GET", url, headers: ["Authorization": "Bearer \(token)"])
                #expect(answer.status == 200, "\(url)")
                let file = versions.appendingPathComponent("\(index)-\(number)-\(entry.file).\(way == "kiwi post" ? "cli" : "web")")
                try answer.body.write(to: file)
                listing.append(Entry(file: file.path, expect: entry.expect))
            }
        }
        let list = versions.appendingPathComponent("list.json")
        try JSONEncoder().encode(listing).write(to: list)
        let checked = try await Program.run("/usr/bin/env", ["python3", Self.script.path, "check", list.path])
        #expect(checked.status == 0, "\(checked.output.suffix(6_000))")
        #expect(checked.output.hasSuffix("checked \(listing.count) pictures, 0 failures\n"), "\(checked.output.suffix(2_000))")
    }

    /// `/new` as a browser sends it, with the session's cookie and the form's CSRF token and key;
    /// answers the new post as the API shows it, or nil when the form was refused.
    static func postThroughTheWebForm(_ path: String, caption: String, base: String, token: String, http: LiveHTTP) async throws -> [String: Any]? {
        let cookie = ["Cookie": "session=\(token)"]
        let page = String(decoding: try await http.send("GET", base + "/new", headers: cookie).body, as: UTF8.self)
        guard let csrf = page.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1, let key = page.firstMatch(of: /name="key" value="([^"]+)"/)?.1
        else { return nil }
        let form = TestImages.multipart(
            try Data(contentsOf: URL(fileURLWithPath: path)),
            filename: (path as NSString).lastPathComponent,
            caption: caption,
            fields: ["csrf": String(csrf), "key": String(key), "imageAlt": "a test picture"]
        )
        // The client follows the form's 303 to the post's page.
        let sent = try await http.send("POST", base + "/new", body: form.body, headers: cookie.merging(["Content-Type": form.contentType]) { $1 })
        guard sent.status == 200 else { return nil }
        let newest = try await http.send("GET", base + "/users/ada/posts?limit=1", headers: ["Authorization": "Bearer \(token)"])
        let post = (try JSONSerialization.jsonObject(with: newest.body) as? [[String: Any]])?.first
        return post?["caption"] as? String == caption && post?["imageAlt"] as? String == "a test picture" ? post : nil
    }
}
