import Foundation
import KiwiWire
import PluginAPI
import TestSupport
import Testing

/// A member of a running server, over real sockets, as another client would act.
struct LiveMember: Sendable {
    let name: String
    let token: String
    static let http = LiveHTTP()

    /// Signs up (unless `existing`) and logs in at `base`.
    static func join(_ name: String, at base: String, existing: Bool = false) async throws -> LiveMember {
        let credentials = Data(#"{"username":"\#(name)","password":"pw-\#(name)"}"#.utf8)
        if !existing { _ = try await http.send("POST", base + "/users", body: credentials) }
        let login = try await http.send("POST", base + "/sessions", body: credentials)
        let token = try #require((try JSONSerialization.jsonObject(with: login.body) as? [String: Any])?["token"] as? String, "\(name) logged in")
        return LiveMember(name: name, token: token)
    }

    @discardableResult
    func send(_ method: String, _ url: String, body: Data? = nil, type: String? = nil) async throws -> PluginAPI.HTTPResponse {
        var headers = ["Authorization": "Bearer \(token)"]
        if let type { headers["Content-Type"] = type }
        let response = try await Self.http.send(method, url, body: body, headers: headers)
        #expect((200..<300).contains(response.status), "\(method) \(url): \(response.status) \(String(decoding: response.body, as: UTF8.self))")
        return response
    }

    /// A new post's id.
    func post(_ caption: String, at base: String) async throws -> String {
        let (body, type) = TestImages.multipart(TestImages.png, caption: caption)
        let answer = try await send("POST", base + "/posts", body: body, type: type)
        return try #require((try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["id"] as? String)
    }

    func comment(on post: String, _ text: String, at base: String) async throws {
        try await send(
            "POST",
            base + "/comments",
            body: Data("operation=create&postid=\(post)&text=\(text)".utf8),
            type: "application/x-www-form-urlencoded"
        )
    }
}

/// The live stream through the real binaries: `kiwi watch` as a reader runs it, servers that
/// restart, a reader who stops reading.
@Suite struct KiwiLiveServerTests {
    /// `kiwi watch --json` prints a like by another reader within a second, on a server with its defaults.
    @Test func watchPrintsALikeWithinASecond() async throws {
        let toolbox = try ToolboxBinary()
        let (server, base) = try await toolbox.serveKiwi()
        defer { server.process.terminate() }
        _ = try await toolbox.run(["kiwi", "signup", "ada", "--password-stdin", "--server", base], input: "pw-ada\n")
        let login = try await toolbox.run(["kiwi", "login", "ada", "--password-stdin", "--server", base], input: "pw-ada\n")
        #expect(login.exitCode == 0, "\(login.standardError)")
        let ada = try await LiveMember.join("ada", at: base, existing: true)
        let post = try await ada.post("The storm chapter", at: base)
        let bob = try await LiveMember.join("bob", at: base)

        let watch = try toolbox.start(["kiwi", "watch", "--json", "--verbose", "--server", base])
        defer { watch.process.terminate() }
        _ = try await watch.waitForLine(containing: "watching")
        // The stream is a request like every other: said under --verbose.
        _ = try await watch.waitForLine(containing: "GET \(base)/events 200 ")
        _ = try await watch.waitForOutput(within: .seconds(5)) { $0.contains(#""type":"unread""#) }
        try await bob.send("POST", base + "/posts/\(post)/like")
        let liked = ContinuousClock.now
        let line = try await watch.waitForOutput(within: .seconds(1)) { $0.contains(#""type":"notification""#) }
        let delay = ContinuousClock.now - liked
        let event = try #require(line, "a line within a second; stdout: \(watch.standardOutputSoFar)")
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(event.utf8)) as? [String: Any])
        let notification = try #require(decoded["notification"] as? [String: Any])
        #expect(notification["kind"] as? String == "like" && (notification["actor"] as? [String: Any])?["username"] as? String == "bob")
        #expect(delay < .seconds(1), "\(delay)")

        watch.interrupt()
        let ended = await watch.finish()
        #expect(ended.exitCode == 130, "Ctrl-C ends it as every command: \(ended.standardError)")
    }

    /// Two servers on one PostgreSQL: a reader connected to B hears of what is done through A within a
    /// second; B restarts, and the reader's `kiwi watch` comes back to it and prints what happened
    /// meanwhile, nothing twice.
    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func aReaderOnOneServerHearsWhatIsDoneOnAnotherAndResumesAfterARestart() async throws {
        try await withFreshPostgres { url in
            let (first, a) = try await ToolboxBinary().serveKiwi(["--database", url])
            defer { first.process.terminate() }
            let port = try FreePort.pick()
            let serverB = try ToolboxBinary()
            var (second, b) = try await serverB.serveKiwi(["--database", url, "--port", "\(port)"])

            let reader = try ToolboxBinary()
            _ = try await reader.run(["kiwi", "signup", "ada", "--password-stdin", "--server", b], input: "pw-ada\n")
            _ = try await reader.run(["kiwi", "login", "ada", "--password-stdin", "--server", b], input: "pw-ada\n")
            let ada = try await LiveMember.join("ada", at: a, existing: true)
            let bob = try await LiveMember.join("bob", at: a)
            let carol = try await LiveMember.join("carol", at: a)
            let post = try await ada.post("one", at: a)
            try await ada.send("POST", a + "/users/bob/follow")

            let watch = try reader.start(["kiwi", "watch", "--json", "--server", b])
            defer { watch.process.terminate() }
            _ = try await watch.waitForOutput(within: .seconds(5)) { $0.contains(#""type":"unread""#) }
            func heard(_ fragment: String, within limit: Duration = .seconds(1)) async throws -> Bool {
                try await watch.waitForOutput(within: limit) { $0.contains(fragment) } != nil
            }
            try await bob.send("POST", a + "/posts/\(post)/like")
            #expect(try await heard(#""kind":"like""#), "a like made on A")
            try await bob.comment(on: post, "Lovely", at: a)
            #expect(try await heard(#""comment":"Lovely""#), "its comment")
            try await carol.send("POST", a + "/users/ada/follow")
            #expect(try await heard(#""kind":"follow""#), "a new follower")
            let bobs = try await bob.post("Persuasion", at: a)
            #expect(try await heard(#""type":"post""#), "a followed reader's new post \(bobs)")

            // B restarts; meanwhile, more happens on A.
            second.process.terminate()
            _ = await second.finish()
            _ = try await watch.waitForLine(containing: "reconnecting", timeout: .seconds(5))
            try await bob.comment(on: post, "While you were away", at: a)
            let dave = try await LiveMember.join("dave", at: a)
            try await dave.send("POST", a + "/users/ada/follow")
            (second, b) = try await serverB.serveKiwi(["--database", url, "--port", "\(port)"])
            defer { second.process.terminate() }
            #expect(try await heard(#""While you were away""#, within: .seconds(40)), "missed while B was down: \(watch.standardErrorSoFar)")
            #expect(try await heard(#""username":"dave""#), "both")
            try await Task.sleep(for: .milliseconds(500))

            let notifications = watch.standardOutputSoFar.split(separator: "\n").compactMap { line -> String? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
                return (object["notification"] as? [String: Any])?["id"] as? String
            }
            #expect(notifications.count == 5, "like, comment, follow, then the two missed: \(notifications)")
            #expect(Set(notifications).count == notifications.count, "nothing twice: \(notifications)")
        }
    }

    /// Behind nginx as it comes (response buffering on, as by default): the stream says
    /// `X-Accel-Buffering: no`, so each event is passed on at once rather than held in nginx's buffer.
    @Test(.enabled(if: Nginx.program != nil || Nginx.required, "nginx is not installed (apt-get install nginx); scripts/test installs it"))
    func behindNginxEachEventArrivesAtOnce() async throws {
        let (server, base) = try await ToolboxBinary().serveKiwi()
        defer { server.process.terminate() }
        let proxy = try await Nginx(proxyingTo: base)
        defer { proxy.stop() }
        let ada = try await LiveMember.join("ada", at: proxy.base)
        let bob = try await LiveMember.join("bob", at: proxy.base)
        let post = try await ada.post("behind a proxy", at: proxy.base)
        let stream = try await LiveStreamReader.open(proxy.base, token: ada.token)
        defer { Task { await stream.close() } }
        _ = try await stream.next("unread", within: .seconds(5))
        try await bob.send("POST", proxy.base + "/posts/\(post)/like")
        // Held in nginx's buffer, it would wait for kilobytes more (heartbeats are 15 s apart); 5 s is
        // for a loaded CI machine. The time to the reader is kiwi_live.sh's to measure.
        let liked = try await stream.next("notification", within: .seconds(5))
        #expect(try liked.event.decoded(KiwiWire.Notification.self).kind == "like", "through nginx, not held in its buffer")
    }

    /// A reader who opens the stream and stops reading while thousands of events are made for them:
    /// once what waits for them fills the stream's buffer, the server drops them, and its memory does
    /// not grow with what they did not read.
    @Test func aReaderWhoStopsReadingIsDroppedAndTheServersMemoryStaysFlat() async throws {
        let (server, base) = try await ToolboxBinary().serveKiwi(["--rate-limit", "comments@account=off", "--rate-limit", "comments@address=off"])
        defer { server.process.terminate() }
        let ada = try await LiveMember.join("ada", at: base)
        var readers: [LiveMember] = []
        for index in 0..<8 { readers.append(try await LiveMember.join("reader\(index)", at: base)) }
        // Each notification carries the caption: 2,000 characters an event.
        let post = try await ada.post(String(repeating: "a long reflection ", count: 110), at: base)
        let port = try #require(URL(string: base)?.port)
        let stuck = try StuckReader(port: port, request: "GET /events HTTP/1.1\r\nHost: kiwi\r\nAuthorization: Bearer \(ada.token)\r\n\r\n")
        defer { withExtendedLifetime(stuck) {} }
        #expect(stuck.head.hasPrefix("HTTP/1.1 200"), "\(stuck.head)")
        let before = try Self.residentKilobytes(server.process.processIdentifier)

        // Eight readers comment on it 260 times each: 2,080 notifications of 2 KB for her, far more
        // than any buffer on the way holds. Comments, not likes: a like undone before the stream is
        // told of it is never sent (on a busy machine, most of them), and the few bytes of its
        // withdrawal would all fit in the socket's buffers.
        let burst = LiveHTTP(connections: 8)
        let comment = Data("operation=create&postid=\(post)&text=yes".utf8)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for reader in readers {
                group.addTask {
                    let headers = ["Authorization": "Bearer \(reader.token)", "Content-Type": "application/x-www-form-urlencoded"]
                    for _ in 0..<260 {
                        let answer = try await burst.send("POST", base + "/comments", body: comment, headers: headers)
                        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
                    }
                }
            }
            try await group.waitForAll()
        }
        try await burst.shutdown()
        // The server tells the stream what was done as fast as it can; it closes the connection once
        // the stream's buffer is full (its side of the connection then stops being established).
        let deadline = ContinuousClock.now + .seconds(60)
        while try stuck.isEstablished(serverPort: port), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let after = try Self.residentKilobytes(server.process.processIdentifier)
        let (read, closed) = stuck.drain(within: .seconds(10))
        #expect(closed, "the server closed the stream of a reader who did not read (\(read) bytes had reached them)")
        #expect(read < 8 * 1024 * 1024, "what reached them is bounded by the buffers: \(read) bytes")
        #expect(after - before < 8 * 1024, "the server's memory stayed flat: \(before) KB before, \(after) KB after")
        #expect(try await LiveMember.http.send("GET", base + "/health").status == 200)
    }

    static func residentKilobytes(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
    }
}

/// A client connection that asks once, reads the answer's head and then stops reading (its
/// receive buffer kept small, as a phone on a stalled network would).
final class StuckReader: Sendable {
    let socket: TCPSocket
    let head: String

    init(port: Int, request: String) throws {
        socket = try TCPSocket.connected(port: port, receiveBuffer: 2048)
        _ = socket.send(request)
        head = String(decoding: socket.receive(upTo: 256), as: UTF8.self)
    }

    /// Whether the server's side of this connection is still established (`/proc/net/tcp`).
    func isEstablished(serverPort: Int) throws -> Bool {
        let ports = (String(format: ":%04X", serverPort), String(format: ":%04X", socket.port))
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        // Columns: slot, local address, remote address, state (01: established).
        let serverSide = table.split(separator: "\n").map { $0.split(separator: " ") }.first { columns in
            columns.count > 3 && columns[1].hasSuffix(ports.0) && columns[2].hasSuffix(ports.1)
        }
        return serverSide?[3] == "01"
    }

    /// Reads all that waits; whether the server closed the connection within `limit`.
    func drain(within limit: Duration) -> (bytes: Int, closed: Bool) {
        var timeout = timeval(tv_sec: Int(limit.components.seconds), tv_usec: 0)
        setsockopt(socket.descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var total = 0
        while true {
            let count = recv(socket.descriptor, &buffer, buffer.count, 0)
            if count == 0 { return (total, true) }
            if count < 0 { return (total, errno == ECONNRESET) }
            total += count
        }
    }
}

/// nginx in front of a server, as a deployment puts it (its defaults: HTTP/1.1 to the upstream,
/// response buffering on), on a port of its own; for the tests that need a proxy.
final class Nginx: Sendable {
    static let program = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// scripts/test installs nginx and sets TOOLBOX_TEST_ALL, so there a missing one fails.
    static let required = ProcessInfo.processInfo.environment["TOOLBOX_TEST_ALL"] == "1"
    let base: String
    private let folder: URL
    private let process: ChildProcess

    convenience init(proxyingTo upstream: String) async throws {
        let port = try FreePort.pick()
        try await self.init(port: port) { _ in
            """
            server {
                listen 127.0.0.1:\(port);
                location / {
                    proxy_pass \(upstream);
                    proxy_http_version 1.1;
                    proxy_set_header Connection "";
                    proxy_set_header Host $http_host;
                }
            }
            """
        }
    }

    /// nginx with `http` (given the folder for its files) inside its `http` block, listening on `port`.
    init(port: Int, http: (URL) throws -> String) async throws {
        let program = try #require(Self.program, "nginx is not installed")
        folder = Scratch.url("kiwi-nginx")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configuration = """
            worker_processes 1;
            error_log \(folder.path)/error.log;
            pid \(folder.path)/nginx.pid;
            events { worker_connections 256; }
            http {
                access_log off;
                client_body_temp_path \(folder.path)/body;
                proxy_temp_path \(folder.path)/proxy;
                fastcgi_temp_path \(folder.path)/fastcgi;
                uwsgi_temp_path \(folder.path)/uwsgi;
                scgi_temp_path \(folder.path)/scgi;
            \(try http(folder))
            }
            """
        try configuration.write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        process = try ChildProcess(program, ["-c", folder.appendingPathComponent("nginx.conf").path, "-p", folder.path, "-g", "daemon off;"])
        base = "http://127.0.0.1:\(port)"
        // Ready once it answers (what it answers is the server's).
        for _ in 0..<100 {
            if (try? await LiveHTTP().send("GET", base + "/health")) != nil { return }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}
