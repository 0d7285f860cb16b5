import Foundation
import PluginAPI
import Testing
import TestSupport

/// `toolbox kiwi serve` as a real process: killed with SIGKILL in the middle of a
/// burst of posts, restarted, and every acknowledged post is still there with its image.
@Suite struct KiwiDurabilityTests {
    let transport = AsyncHTTPTransport()

    func request(_ method: String, _ url: String, body: Data? = nil, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await transport.send(HTTPRequest(method: method, url: URL(string: url)!, headers: headers, body: body, namespace: "test"), timeout: 10)
    }

    /// A free loopback port (bound and released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    func waitUntilHealthy(_ base: String) async throws {
        for _ in 0..<100 {
            if let response = try? await request("GET", base + "/health"), response.status == 200 { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the server did not start")
    }

    static func image(_ index: Int) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) })
    }

    static func multipart(_ image: Data, caption: String) -> (Data, String) {
        let boundary = "durability-\(UUID().uuidString)"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        body += image + Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\n\(caption)\r\n--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    @Test func everyAcknowledgedPostSurvivesAKill() async throws {
        let toolbox = try ToolboxBinary()
        let port = try Self.freePort()
        let base = "http://127.0.0.1:\(port)"
        var server = try toolbox.start(["kiwi", "serve", "--port", "\(port)", "--quiet"])
        try await waitUntilHealthy(base)
        _ = try await request("POST", base + "/users", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
        let login = try await request("POST", base + "/sessions", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
        let token = try #require((try JSONSerialization.jsonObject(with: login.body) as? [String: Any])?["token"] as? String)
        let auth = ["Authorization": "Bearer \(token)"]

        let acknowledged = AcknowledgedPosts()
        let process = server.process
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<60 {
                group.addTask {
                    let (body, type) = Self.multipart(Self.image(index), caption: "post \(index)")
                    guard let response = try? await self.request("POST", base + "/posts", body: body, headers: auth.merging(["Content-Type": type]) { $1 }),
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

        server = try toolbox.start(["kiwi", "serve", "--port", "\(port)", "--quiet"])
        try await waitUntilHealthy(base)
        for (id, index) in survivors {
            let post = try await request("GET", base + "/posts/\(id)")
            #expect(post.status == 200, "post \(id) was acknowledged")
            let object = try JSONSerialization.jsonObject(with: post.body) as? [String: Any]
            #expect(object?["caption"] as? String == "post \(index)")
            let file = (object?["imageURL"] as? String)?.split(separator: "/").last.map(String.init) ?? ""
            let image = try await request("GET", base + "/uploads/\(file)", headers: auth)
            #expect(image.body == Self.image(index), "post \(id)'s image is whole")
        }
        server.process.terminate()
        _ = await server.finish()
    }
}

actor AcknowledgedPosts {
    private(set) var all: [(String, Int)] = []

    func add(id: String, index: Int) -> Int {
        all.append((id, index))
        return all.count
    }
}
