import Foundation
import PluginAPI

/// Talks to a Kiwi server (ours or any speaking the base contract) and keeps the
/// session token in `$XDG_DATA_HOME/toolbox/kiwi/session.json` (mode 0600).
struct KiwiClient: Sendable {
    let server: URL
    let web: WebClient
    let sessions: JSONFileStore<KiwiSession?>

    init(server: URL, web: WebClient, dataFolder: String) {
        self.server = server
        self.web = web
        sessions = JSONFileStore(path: "\(dataFolder)/kiwi/session.json", empty: nil, mode: 0o600)
    }

    /// The saved session for this server; not logged in is exit 77 with what to run.
    func session() throws -> KiwiSession {
        guard let session = try sessions.load(), session.server == server.absoluteString else {
            throw ToolboxError.authentication("not logged in to \(server.absoluteString)", hint: "run `toolbox kiwi login USERNAME`")
        }
        return session
    }

    enum Body {
        case none
        case json(Encodable & Sendable)
        case form([(String, String)])
        case multipart(Data, boundary: String)
    }

    /// Sends a request; maps the server's answers into `ToolboxError`.
    @discardableResult
    func call(_ method: String, _ path: String, query: [(String, String)] = [], body: Body = .none, authenticated: Bool = false,
              notFound: String = "not found", uploadProgress: (@Sendable (Int) -> Void)? = nil) async throws -> Data {
        var headers = ["Accept": "application/json"]
        if authenticated { headers["Authorization"] = "Bearer \(try session().token)" }
        var data: Data?
        switch body {
        case .none: break
        case .json(let value):
            headers["Content-Type"] = "application/json"
            data = try JSONEncoder().encode(value)
        case .form(let fields):
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            data = Data(URLQuery.encode(fields).utf8)
        case .multipart(let bytes, let boundary):
            headers["Content-Type"] = "multipart/form-data; boundary=\(boundary)"
            data = bytes
        }
        let response: HTTPResponse
        do {
            var request = HTTPRequest(method: method, url: server.appendingPathComponent(path).appendingQuery(query), headers: headers, body: data, namespace: "kiwi")
            request.uploadProgress = uploadProgress
            response = try await web.send(request)
        } catch let error as ToolboxError where error.kind == .unavailable {
            throw ToolboxError.unavailable("cannot reach the Kiwi server at \(server.absoluteString)",
                                           hint: "start one with `toolbox kiwi serve`, or check kiwi.server (`--server URL`)")
        }
        guard !response.isSuccess else { return response.body }
        let message = (try? JSONDecoder().decode(ServerFailure.self, from: response.body))?.message ?? "HTTP \(response.status)"
        switch response.status {
        case 400, 413, 415: throw ToolboxError.usage("the server refused: \(message)")
        case 401, 403 where authenticated || message.contains("logged in"):
            throw ToolboxError.authentication("the server says: \(message)", hint: "run `toolbox kiwi login USERNAME`")
        case 403: throw ToolboxError.permission("the server says: \(message)")
        case 404: throw ToolboxError.notFound(notFound)
        case 409: throw ToolboxError.conflict("the server says: \(message)", hint: "choose another username")
        case 429: throw ToolboxError.rateLimited("the server says: \(message)")
        default: throw ToolboxError.failure("the server answered HTTP \(response.status): \(message)")
        }
    }

    func decode<Value: Decodable>(_ type: Value.Type, _ data: Data) throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw ToolboxError.badData("the Kiwi server sent an answer toolbox cannot read")
        }
    }

    struct ServerFailure: Decodable { var message: String? }

    /// One page of everyone's posts (page counts from 1 here, from 0 on the wire).
    func posts(page: Int, pageSize: Int, path: String = "posts") async throws -> [RemotePost] {
        try decode([RemotePost].self, try await call("GET", path, query: [("page", String(page - 1)), ("pageSize", String(pageSize))],
                                                     authenticated: (try? session()) != nil))
    }

    /// Every page until a short one, dropping posts that shifted onto the next page.
    func allPosts(pageSize: Int = 50, path: String = "posts") async throws -> [RemotePost] {
        var seen = Set<String>(), posts: [RemotePost] = [], page = 1
        while true {
            let batch = try await self.posts(page: page, pageSize: pageSize, path: path)
            posts += batch.filter { seen.insert($0.id).inserted }
            if batch.count < pageSize { return posts }
            page += 1
        }
    }

    /// Whether the server has an extension route: a 404 for the route itself means no.
    func supports(_ path: String) async -> Bool {
        do {
            _ = try await call("GET", path, query: [("pageSize", "1")], authenticated: (try? session()) != nil)
            return true
        } catch {
            return false
        }
    }
}
