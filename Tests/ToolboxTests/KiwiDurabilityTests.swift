import Foundation
import PluginAPI
import TestSupport
import Testing

/// `toolbox kiwi serve` as a real process: under a burst of reads of every kind, and killed
/// with SIGKILL in the middle of a burst of posts, restarted, with every acknowledged post
/// still there with its image.
@Suite struct KiwiDurabilityTests {
    let live = LiveHTTP()

    func request(_ method: String, _ url: String, body: Data? = nil, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await live.send(method, url, body: body, headers: headers)
    }

    /// Pages no cache holds, profiles and /health at once: every one is answered. (A page
    /// read once blocked a thread that async reads resume on, and the server stopped answering.)
    @Test func aBurstOfMixedReadsIsAllAnswered() async throws {
        // Not a test of slow or idle clients: inside the whole suite a pooled connection was once
        // closed by the server as the client sent on it (its first request later than the 10 s
        // head clock, or its pool's 60 s idle racing the server's).
        let (server, base) = try await ToolboxBinary().serveKiwi(["--head-timeout", "120", "--idle-timeout", "300"])
        defer { server.process.terminate() }
        _ = try await request("POST", base + "/users", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
        let paths = (0..<1_500).map { index in ["/posts?page=\(index)&pageSize=5", "/health", "/users/ada"][index % 3] }
        let burst = LiveHTTP(connections: 32)
        // 32 in flight at a time, one a connection: each request's deadline is its own round trip,
        // not its wait in the client's queue behind 1,500 others (on a loaded CI machine that wait
        // alone passed a minute).
        let statuses = await withTaskGroup(of: String.self) { group in
            var pending = paths[...]
            func next() {
                if let path = pending.popFirst() {
                    group.addTask {
                        do {
                            return String(try await burst.send("GET", base + path).status)
                        } catch {
                            return "no answer to \(path): \(error)"
                        }
                    }
                }
            }
            for _ in 0..<32 { next() }
            var statuses: [String: Int] = [:]
            while let status = await group.next() {
                statuses[status, default: 0] += 1
                next()
            }
            return statuses
        }
        try await burst.shutdown()
        #expect(statuses == ["200": paths.count])
    }

    @Test func everyAcknowledgedPostSurvivesAKill() async throws {
        let toolbox = try ToolboxBinary()
        let (server, base) = try await toolbox.serveKiwi()
        _ = try await request("POST", base + "/users", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
        let login = try await request("POST", base + "/sessions", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
        let token = try #require((try JSONSerialization.jsonObject(with: login.body) as? [String: Any])?["token"] as? String)
        let auth = ["Authorization": "Bearer \(token)"]

        let acknowledged = AcknowledgedPosts()
        let process = server.process
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<60 {
                group.addTask {
                    let (body, type) = TestImages.multipart(TestImages.png(seed: index), caption: "post \(index)")
                    guard
                        let response = try? await self.request(
                            "POST",
                            base + "/posts",
                            body: body,
                            headers: auth.merging(["Content-Type": type]) { $1 }
                        ),
                        response.status == 201,
                        let post = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
                        let id = post["id"] as? String
                    else { return }
                    if await acknowledged.add(id: id, index: index) == 15 { kill(process.processIdentifier, SIGKILL) }
                }
            }
        }
        _ = await server.finish()
        let survivors = await acknowledged.all
        #expect(survivors.count >= 15, "the kill came after 15 acknowledgements")

        let (restarted, again) = try await toolbox.serveKiwi()
        for (id, index) in survivors {
            let post = try await request("GET", again + "/posts/\(id)")
            #expect(post.status == 200, "post \(id) was acknowledged")
            let object = try JSONSerialization.jsonObject(with: post.body) as? [String: Any]
            #expect(object?["caption"] as? String == "post \(index)")
            let file = (object?["imageURL"] as? String)?.split(separator: "/").last.map(String.init) ?? ""
            let image = try await request("GET", again + "/uploads/\(file)", headers: auth)
            // Whole: every byte its digest says, the picture's full height.
            let etag = image.headers.first { $0.key.lowercased() == "etag" }?.value
            #expect(
                etag == "\"\(Digest.sha256(image.body))\"" && ImageSize.declared(in: image.body)?.height == 20_000 / 193,
                "post \(id)'s image is whole"
            )
        }
        restarted.process.terminate()
        _ = await restarted.finish()
    }
}

actor AcknowledgedPosts {
    private(set) var all: [(String, Int)] = []

    func add(id: String, index: Int) -> Int {
        all.append((id, index))
        return all.count
    }
}

/// Two readers' whole journey with the built binary, against `toolbox kiwi serve` on a random port.
@Suite struct KiwiJourneyTests {

    func file(_ data: Data, named name: String) throws -> String {
        let url = Scratch.url("kiwi", ending: "-\(name)")
        try data.write(to: url)
        return url.path
    }

    @Test func twoReadersFromSignupToLogout() async throws {
        let durability = KiwiDurabilityTests()
        let (server, base) = try await ToolboxBinary().serveKiwi()
        let client = ["TOOLBOX_KIWI_SERVER": base]
        let ada = try ToolboxBinary(extraEnvironment: client)
        let bob = try ToolboxBinary(extraEnvironment: client)

        #expect(try await ada.run(["kiwi", "signup", "ada", "--name", "Ada Lovelace", "--password-stdin"], input: "first-pw\n").exitCode == 0)
        #expect(try await ada.run(["kiwi", "login", "ada", "--password-stdin"], input: "first-pw\n").exitCode == 0)
        #expect(try await bob.run(["kiwi", "signup", "bob", "--password-stdin"], input: "second-pw\n").exitCode == 0)
        #expect(try await bob.run(["kiwi", "login", "bob", "--password-stdin"], input: "second-pw\n").exitCode == 0)
        let sessionFile = ada.environment["XDG_DATA_HOME"]! + "/toolbox/kiwi/session.json"
        #expect(try FileManager.default.attributesOfItem(atPath: sessionFile)[.posixPermissions] as? Int == 0o600)
        let taken = try await bob.run(["kiwi", "signup", "ada", "--password-stdin"], input: "x\n")
        #expect(taken.exitCode == 73)
        #expect(try await ada.run(["kiwi", "login", "ada"]).exitCode == 64, "no terminal to ask on: use --password-stdin")

        let first = try await ada.run(["kiwi", "post", "--image", try file(TestImages.png, named: "a.png"), "--caption", "Chapter one"])
        #expect(first.exitCode == 0, "\(first.standardError)")
        let postID = first.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await ada.run(["kiwi", "post", "--image", try file(TestImages.jpeg, named: "b.jpg")]).exitCode == 0)
        // A photo that declares 50,000 × 50,000 pixels is refused before it is sent, by the limit the server states.
        let bomb = try await ada.run(["kiwi", "post", "--image", try file(try TestImages.declaringTooManyPixels, named: "huge.png")])
        #expect(bomb.exitCode == 65, "\(bomb.standardError)")
        #expect(bomb.standardError.contains("huge.png is 50000 × 50000 pixels, larger than the server's limit of 100 megapixels\nhint: resize it"))

        #expect(try await bob.run(["kiwi", "follow", "ada"]).exitCode == 0)
        #expect(try await bob.run(["kiwi", "like", postID]).standardOutput == "1\n")
        #expect(try await bob.run(["kiwi", "comment", postID, "What a start"]).exitCode == 0)

        let feed = try await bob.run(["kiwi", "feed", "--following", "--json"])
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(feed.standardOutput.utf8)) as? [[String: Any]])
        #expect(posts.count == 2)
        #expect(Set(posts[0].keys).isSuperset(of: ["id", "author", "imageURL", "caption", "likes", "createdAt"]))
        #expect((posts[1]["author"] as? [String: Any])?["displayName"] as? String == "Ada Lovelace")

        let profile = try await ada.run(["kiwi", "profile", "--json"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(profile.standardOutput.utf8)) as? [String: Any])
        #expect(summary["followers"] as? Int == 1)
        #expect(summary["streakDays"] as? Int == 1)
        #expect((summary["posts"] as? [Any])?.count == 2)

        let show = try await ada.run(["kiwi", "show", postID])
        #expect(show.standardOutput.contains("Chapter one"))
        #expect(show.standardOutput.contains("What a start"))

        // Piped output carries the rows a table would show, and what the reader likes is marked.
        let piped = try await ada.run(["kiwi", "profile"])
        #expect(piped.standardOutput.split(separator: "\n").filter { $0.hasPrefix("\(postID)\t") }.count == 1, "\(piped.standardOutput)")
        let bobsFeed = try await bob.run(["kiwi", "feed"])
        let likedRow = try #require(bobsFeed.standardOutput.split(separator: "\n").first { $0.hasPrefix("\(postID)\t") })
        #expect(likedRow.split(separator: "\t", omittingEmptySubsequences: false).contains("♥"))
        #expect(try await bob.run(["kiwi", "show", postID]).standardOutput.contains("Liked by you\tyes"))

        #expect(try await bob.run(["kiwi", "unlike", postID]).standardOutput == "0\n")
        let comments = try await bob.run(["kiwi", "comments", postID, "--json"])
        let commentID = try #require(
            (try JSONSerialization.jsonObject(with: Data(comments.standardOutput.utf8)) as? [[String: Any]])?.first?["id"] as? String
        )
        #expect(try await ada.run(["kiwi", "uncomment", commentID]).exitCode == 77, "only its author may delete it")
        #expect(try await bob.run(["kiwi", "uncomment", commentID]).exitCode == 0)
        #expect(try await bob.run(["kiwi", "delete", postID, "--yes"]).exitCode == 77, "only the owner")
        #expect(try await ada.run(["kiwi", "delete", postID]).exitCode == 64, "asks first, and there is no terminal")
        #expect(try await ada.run(["kiwi", "delete", postID, "--yes"]).exitCode == 0)
        #expect(try await ada.run(["kiwi", "show", postID]).exitCode == 66)

        // Bad input: nothing half-posts.
        let text = try await ada.run(["kiwi", "post", "--image", try file(Data("plain text".utf8), named: "fake.png")])
        #expect(text.exitCode == 65 && text.standardError.contains("is not a picture (JPEG, PNG, GIF, WebP or HEIC), whatever its name says"))
        #expect(try await ada.run(["kiwi", "post", "--image", "/nonexistent/photo.jpg"]).exitCode == 74)
        let uncaptioned = try await ada.run(["kiwi", "post", "--image", try file(TestImages.png, named: "c.png"), "--caption", "", "--json"])
        #expect(uncaptioned.exitCode == 0)
        #expect(
            (try JSONSerialization.jsonObject(with: Data(uncaptioned.standardOutput.utf8)) as? [String: Any])?["caption"] is NSNull,
            "an empty caption is no caption"
        )
        let uncaptionedID = try #require(
            (try JSONSerialization.jsonObject(with: Data(uncaptioned.standardOutput.utf8)) as? [String: Any])?["id"] as? String
        )
        #expect(try await ada.run(["kiwi", "delete", uncaptionedID, "--yes"]).exitCode == 0)
        #expect(try await ada.run(["kiwi", "like", "999999"]).exitCode == 66)
        let remaining = try await ada.run(["kiwi", "feed", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(remaining.standardOutput.utf8)) as? [Any])?.count == 1)

        // Logging out ends the session on the server too.
        let token = try #require(
            (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sessionFile))) as? [String: Any])?["token"] as? String
        )
        #expect(try await ada.run(["kiwi", "logout"]).exitCode == 0)
        #expect(!FileManager.default.fileExists(atPath: sessionFile))
        let stale = try await durability.request("GET", base + "/users/me", headers: ["Authorization": "Bearer \(token)"])
        #expect(stale.status == 403)
        let loggedOut = try await ada.run(["kiwi", "like", "1"])
        #expect(loggedOut.exitCode == 77)
        #expect(loggedOut.standardError.contains("toolbox kiwi login USERNAME"))

        server.process.terminate()
        _ = await server.finish()
        let down = try await ada.run(["kiwi", "feed"], environment: ["TOOLBOX_HTTP_MAX_RETRIES": "0"])
        #expect(down.exitCode == 69)
        #expect(down.standardError.contains("toolbox kiwi serve"))
    }
}

/// A post's photo where people look: beside the post on a terminal, saved with `kiwi photo`.
@Suite struct KiwiPhotoTests {
    @Test func theShowDrawsThePhotoWithTheSessionAndOfflineToo() async throws {
        let (server, base) = try await ToolboxBinary().serveKiwi()
        let ada = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": base])
        #expect(try await ada.run(["kiwi", "signup", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        #expect(try await ada.run(["kiwi", "login", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        let image = Scratch.url("kiwi-photo", ending: ".jpg")
        try TestImages.photo.write(to: image)
        let posted = try await ada.run(["kiwi", "post", "--image", image.path, "--caption", "Chapter one"])
        let id = posted.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let colours = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        let shown = try await ada.runOnTerminal(["kiwi", "show", id], environment: colours)
        #expect(shown.exitCode == 0, "\(shown.standardError)")
        #expect(shown.standardOutput.contains("▀") && shown.standardOutput.contains("Chapter one"), "the photo beside the post")
        let saved = Scratch.url("kiwi-saved", ending: ".jpg")
        #expect(try await ada.run(["kiwi", "photo", id, "--output", saved.path]).exitCode == 0)
        let whole = try Data(contentsOf: saved)
        #expect(
            ImageSignature.kind(of: whole) == .jpeg && ImageSize.declared(in: whole).map { [$0.width, $0.height] } == [16, 24],
            "the whole photo"
        )
        let feed = try await ada.runOnTerminal(["kiwi", "feed", "--images"], environment: colours)
        let row = try #require(feed.standardOutput.split(separator: "\n").first { $0.contains("Chapter one") })
        #expect(row.contains("▀"), "a thumbnail beside the post's row")
        let piped = try await ada.run(["kiwi", "photo", id])
        #expect(piped.exitCode == 64, "no terminal to draw on: a usage error that says to use --output")
        server.process.terminate()
        _ = await server.finish()
        let offline = try await ada.runOnTerminal(["kiwi", "show", id, "--offline"], environment: colours)
        #expect(offline.exitCode == 0, "\(offline.standardError)")
        #expect(offline.standardOutput.contains("▀") && offline.standardOutput.contains("Chapter one"), "from the cache")
    }
}
