import Foundation
import TestSupport
import Testing

/// Kiwi when the network fails, through the real binary: what went wrong is said, and said fast.
@Suite struct KiwiOfflineTests {
    static let session = #"{"token":"offline-token-1234","user":{"id":"ada","username":"ada","displayName":"Ada","avatarURL":null}}"#

    /// A server that answers while its database does not, then no server at all: two different
    /// errors, each with the server's own words or a hint, and neither waits out the retries.
    @Test func aDownServerAndADownDatabaseAreToldApartAtOnce() async throws {
        // The stub's port is held from the start by a socket that never listens: once the stub
        // stops, a connection there is refused, and no other test's server or client can have
        // taken the port meanwhile (one did in loaded runs, and its answers were what this test saw).
        let held = try TCPSocket.sharedPort()
        defer { withExtendedLifetime(held) {} }
        let server = try await StubServer.start(sharing: held)
        server.route("/sessions", .json(Data(Self.session.utf8)))
        let unavailable = #"{"message":"the database is unavailable; try again shortly","status_code":503,"error":"database_unavailable"}"#
        server.route("/posts", .json(Data(unavailable.utf8), status: 503))
        // The default retry policy: a refused connection must not wait it out.
        let ada = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": server.baseURL.absoluteString, "TOOLBOX_HTTP_MAX_RETRIES": "1"])
        #expect(try await ada.run(["kiwi", "login", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)

        let busy = try await ada.run(["kiwi", "feed"])
        #expect(busy.exitCode == 69)
        #expect(busy.standardError.hasPrefix("error: the Kiwi server's database is unavailable (the database is unavailable; try again shortly)\n"))
        #expect(!busy.standardError.contains("cannot reach the Kiwi server"), "the server answered: it is not down")

        await server.stop()
        let started = ContinuousClock.now
        // A minute before the first retry: waiting out a refusal could not pass unseen, even on a loaded machine.
        let down = try await ada.run(
            ["kiwi", "feed"],
            environment: ["TOOLBOX_HTTP_MAX_RETRIES": "5", "TOOLBOX_HTTP_BACKOFF_INITIAL": "60", "TOOLBOX_HTTP_BACKOFF_MAX": "60"]
        )
        #expect(down.exitCode == 69)
        #expect(down.standardError.hasPrefix("error: cannot reach the Kiwi server at \(server.baseURL.absoluteString)"), "\(down.standardError)")
        // One backed-off retry would take 60 s; one short look takes a fraction of a second (loose for a loaded CI).
        #expect(ContinuousClock.now - started < .seconds(30))
        let following = try await ada.run(["kiwi", "feed", "--following"])
        #expect(following.exitCode == 69, "a server that is down is not a server without a following feed")
        #expect(following.standardError.contains("cannot reach the Kiwi server"))
    }

    /// Starts `kiwi serve` on `port` and `database`, and answers once it listens.
    static func serve(_ toolbox: ToolboxBinary, port: Int, database: String) async throws -> RunningToolbox {
        let server = try toolbox.start(["kiwi", "serve", "--port", "\(port)", "--database", "sqlite:\(database)"])
        _ = try await server.waitForLine(containing: "Kiwi is listening on ")
        return server
    }

    /// With the server stopped, a post (with its photo), a comment and a like are kept (75);
    /// once the server is back, `kiwi sync` lands exactly one of each.
    @Test func writesKeptWhileTheServerIsDownLandOnceItIsBack() async throws {
        let port = try FreePort.pick()
        let database = Scratch.url("kiwi", ending: ".sqlite").path
        let base = "http://127.0.0.1:\(port)"
        let host = try ToolboxBinary()
        var server = try await Self.serve(host, port: port, database: database)
        let ada = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": base])
        #expect(try await ada.run(["kiwi", "signup", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        #expect(try await ada.run(["kiwi", "login", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        let photo = Scratch.url("photo", ending: ".png")
        try TestImages.png.write(to: photo)
        let first = try await ada.run(["kiwi", "post", "--image", photo.path, "--caption", "Before"])
        let postID = first.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(first.exitCode == 0 && !postID.isEmpty)

        server.process.terminate()
        _ = await server.finish()
        let kept = try await ada.run(["kiwi", "post", "--image", photo.path, "--caption", "While down"])
        #expect(kept.exitCode == 75, "\(kept.standardError)")
        #expect(kept.standardError.hasPrefix("error: kept in the outbox ("), "\(kept.standardError)")
        #expect(kept.standardOutput.isEmpty)
        // The photo is kept in the outbox: the original may go.
        try FileManager.default.removeItem(at: photo)
        #expect(try await ada.run(["kiwi", "comment", postID, "Still here"]).exitCode == 75)
        #expect(try await ada.run(["kiwi", "like", postID]).exitCode == 75)
        let waiting = try await ada.run(["kiwi", "outbox", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(waiting.standardOutput.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["kind"] as? String } == ["post", "comment", "like"], "in order")
        #expect(entries.allSatisfy { ($0["lastError"] as? String)?.contains("cannot reach") == true || $0["tries"] as? Int == 0 })
        let folder = ada.environment["XDG_DATA_HOME"]! + "/toolbox/kiwi/outbox"
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where !file.hasPrefix(".") {
            #expect(try FileManager.default.attributesOfItem(atPath: "\(folder)/\(file)")[.posixPermissions] as? Int == 0o600, "\(file)")
        }

        server = try await Self.serve(host, port: port, database: database)
        let sync = try await ada.run(["kiwi", "sync"])
        #expect(sync.exitCode == 0, "\(sync.standardError)")
        #expect(sync.standardError.contains("sent post “While down” (now post "), "\(sync.standardError)")
        #expect(try await ada.run(["kiwi", "outbox"]).standardError == "Nothing waits in the outbox.\n")
        let feed = try await ada.run(["kiwi", "feed", "--json"])
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(feed.standardOutput.utf8)) as? [[String: Any]])
        #expect(posts.compactMap { $0["caption"] as? String } == ["While down", "Before"], "one of each")
        #expect(posts.last?["likes"] as? Int == 1 && posts.last?["commentCount"] as? Int == 1)
        server.process.terminate()
        _ = await server.finish()
    }

    /// Reads are kept per member: a warm read costs one request answered 304, the last one seen
    /// shows (with its age) when the server is down, after a new login too, never to another
    /// member, and one's own writes bring it up to date.
    @Test func readingOfflineFromWhatWasLastSeen() async throws {
        let port = try FreePort.pick()
        let database = Scratch.url("kiwi", ending: ".sqlite").path
        let host = try ToolboxBinary()
        var server = try await Self.serve(host, port: port, database: database)
        let reader = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": "http://127.0.0.1:\(port)"])
        for name in ["ada", "bob"] {
            #expect(try await reader.run(["kiwi", "signup", name, "--password-stdin"], input: "pw\n").exitCode == 0)
        }
        #expect(try await reader.run(["kiwi", "login", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        let photo = Scratch.url("photo", ending: ".png")
        try TestImages.png.write(to: photo)
        #expect(try await reader.run(["kiwi", "post", "--image", photo.path, "--caption", "Kept"]).exitCode == 0)

        let cold = try await reader.run(["kiwi", "feed", "--verbose"])
        #expect(cold.standardError.contains(" 200 "), "\(cold.standardError)")
        let warm = try await reader.run(["kiwi", "feed", "--verbose"])
        let requests = warm.standardError.split(separator: "\n").filter { $0.hasPrefix("GET ") || $0.hasPrefix("POST ") }
        #expect(requests.count == 1 && requests[0].contains("/posts?") && requests[0].contains(" 304 "), "one small round trip: \(requests)")
        #expect(warm.standardOutput == cold.standardOutput)

        // Bob logs in on the same machine: Ada's kept reads are not his.
        #expect(try await reader.run(["kiwi", "login", "bob", "--password-stdin"], input: "pw\n").exitCode == 0)
        let bobs = try await reader.run(["kiwi", "feed", "--offline"])
        #expect(bobs.exitCode == 69 && bobs.standardError.hasPrefix("error: offline, and no cached answer"), "\(bobs.standardError)")
        // Ada again, with a new session: her kept feed is still hers.
        #expect(try await reader.run(["kiwi", "login", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)

        server.process.terminate()
        _ = await server.finish()
        let started = ContinuousClock.now
        let down = try await reader.run(["kiwi", "feed"], environment: ["TOOLBOX_HTTP_BACKOFF_INITIAL": "60", "TOOLBOX_HTTP_BACKOFF_MAX": "60"])
        #expect(ContinuousClock.now - started < .seconds(30), "said at once, not after a retry (60 s)")
        #expect(down.exitCode == 0, "\(down.standardError)")
        #expect(down.standardOutput == cold.standardOutput, "the last feed seen")
        #expect(down.standardError.contains("offline: showing cached results from "), "with its age")

        server = try await Self.serve(host, port: port, database: database)
        #expect(try await reader.run(["kiwi", "like", "1"]).standardOutput == "1\n")
        let afterLike = try await Self.posts(reader.run(["kiwi", "feed", "--offline", "--json"]))
        #expect(afterLike.first?["likes"] as? Int == 1, "no stale count after one's own like: the kept page is brought up to date")
        #expect(afterLike.first?["likedByMe"] as? Bool == true)
        #expect(try await reader.run(["kiwi", "post", "--image", photo.path, "--caption", "Later"]).exitCode == 0)
        let afterPost = try await Self.posts(reader.run(["kiwi", "feed", "--offline", "--json"]))
        #expect(afterPost.map { $0["caption"] as? String } == ["Later", "Kept"], "one's own post tops the kept feed")
        // Online, the revised page is asked for whole (its tag named the page as it was): the server's is the same.
        let fresh = try await reader.run(["kiwi", "feed", "--json", "--verbose"])
        #expect(fresh.standardError.contains(" 200 "), "\(fresh.standardError)")
        #expect(try Self.posts(fresh).map { $0["caption"] as? String } == ["Later", "Kept"])
        #expect(try Self.posts(fresh).last?["likes"] as? Int == 1)

        // With the server down again, the last feed seen is what shows, one's own writes in it.
        server.process.terminate()
        _ = await server.finish()
        let patient = ["TOOLBOX_HTTP_BACKOFF_INITIAL": "60", "TOOLBOX_HTTP_BACKOFF_MAX": "60"]
        let downAgain = try await reader.run(["kiwi", "feed", "--json"], environment: patient)
        #expect(downAgain.exitCode == 0 && downAgain.standardOutput == fresh.standardOutput, "\(downAgain.standardError)")
    }

    /// The posts a `--json` list printed.
    static func posts(_ run: ToolboxBinary.Result) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]], "\(run.standardError)")
    }
}
