import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

/// The original's iOS client, the one existing client: its models and decoder settings (specs/kiwi.md), as it has them.
private enum IOSClient {
    struct User: Decodable {
        let id: String
        let username: String
        let displayName: String?
        let avatarURL: URL?
    }

    struct Post: Decodable {
        let id: String
        let author: User
        let imageURL: URL
        let caption: String?
        let likes: Int
        let createdAt: Date?
        let commentCount: Int?
        let likedByMe: Bool?
    }

    struct Comment: Decodable {
        let id: String
        let postId: String?
        let author: User
        let text: String
        let createdAt: Date
    }

    struct BookSearchResult: Decodable {
        let id: String
        let title: String
        let authors: [String]?
        let isbn13: String?
    }

    struct Login: Decodable {
        let token: String
        let user: User
    }

    /// It reads a like count from `like_count` or `likes`.
    struct LikeCount: Decodable {
        let likeCount: Int?
        let likes: Int?
        var count: Int? { likeCount ?? likes }
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension TestClientProtocol {
    /// A request whose answer is decoded exactly as the iOS client decodes it; fails the test when it cannot.
    fileprivate func ios<Value: Decodable>(
        _ type: Value.Type,
        _ method: HTTPRequest.Method,
        _ uri: String,
        body: Data? = nil,
        contentType: String = "application/json",
        token: String? = nil
    ) async throws -> Value {
        var headers: HTTPFields = [.contentType: contentType]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let data = try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) }) { Data(buffer: $0.body) }
        return try IOSClient.decoder.decode(Value.self, from: data)
    }
}

@Suite struct KiwiCompatibilityTests {
    /// Sign up, log in, post as the iOS client posts, read the feed, like and unlike, comment, followers: every answer decodes.
    @Test(arguments: StoreKind.available) func theIOSClientDecodesEveryAnswer(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.ios(
                    IOSClient.User.self,
                    .post,
                    "/users",
                    body: Data(#"{"username":"ada","password":"pw","fullname":"Ada Lovelace"}"#.utf8)
                )
                #expect(ada.displayName == "Ada Lovelace")
                _ = try await client.ios(
                    IOSClient.User.self,
                    .post,
                    "/users",
                    body: Data(#"{"username":"bob","password":"pw","fullname":"Bob"}"#.utf8)
                )
                let login = try await client.ios(IOSClient.Login.self, .post, "/sessions", body: Data(#"{"username":"ada","password":"pw"}"#.utf8))
                let bob = try await client.ios(IOSClient.Login.self, .post, "/sessions", body: Data(#"{"username":"bob","password":"pw"}"#.utf8))
                    .token

                // Multipart with `authorId`, `caption` and `file`, named image.jpg and typed image/jpeg, whatever the bytes are (a PNG here).
                let boundary = "ios-\(UUID().uuidString)"
                var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"authorId\"\r\n\r\nada\r\n".utf8)
                body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nThe storm chapter\r\n".utf8)
                body += Data(
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"image.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8
                )
                body += TestImages.png + Data("\r\n--\(boundary)--\r\n".utf8)
                let post = try await client.ios(
                    IOSClient.Post.self,
                    .post,
                    "/api/posts",
                    body: body,
                    contentType: "multipart/form-data; boundary=\(boundary)",
                    token: login.token
                )
                #expect(post.caption == "The storm chapter" && post.author.username == "ada")
                #expect(post.createdAt != nil, "ISO 8601 without fractional seconds, as .iso8601 requires")

                let feed = try await client.ios([IOSClient.Post].self, .get, "/posts?page=0&pageSize=10", token: bob)
                #expect(feed.map(\.id) == [post.id] && feed.first?.likedByMe == false)
                #expect(try await client.ios(IOSClient.LikeCount.self, .post, "/api/posts/\(post.id)/like", token: bob).count == 1)
                #expect(try await client.ios(IOSClient.LikeCount.self, .delete, "/posts/\(post.id)/like", token: bob).count == 0)

                let form = Data("operation=create&postid=\(post.id)&text=What+a+start%21".utf8)
                _ = try await client.execute(
                    uri: "/comments",
                    method: .post,
                    headers: [.contentType: "application/x-www-form-urlencoded", .authorization: "Bearer \(bob)"],
                    body: ByteBuffer(bytes: form)
                ) { _ in }
                let comments = try await client.ios([IOSClient.Comment].self, .get, "/posts/\(post.id)/comments")
                #expect(comments.map(\.text) == ["What a start!"])

                _ = try await client.execute(uri: "/users/ada/follow", method: .post, headers: [.authorization: "Bearer \(bob)"]) { _ in }
                let followers = try await client.ios([IOSClient.User].self, .get, "/users/ada/followers")
                #expect(followers.map(\.username) == ["bob"])

                // Every avatarURL loads, without a login: the built-in default.
                let avatar = try #require(followers.first?.avatarURL)
                let (status, type, bytes) = try await client.execute(uri: avatar.path, method: .get) {
                    ($0.status, $0.headers[.contentType], Data(buffer: $0.body))
                }
                #expect(status == .ok && type == "image/png")
                #expect(ImageSignature.kind(of: bytes) == .png)
            }
        }
    }

    @Test func theIOSClientDecodesTheBookSearch() async throws {
        let library = try await OpenLibraryStub.start()
        try await withKiwi(.memory, books: KiwiBookTests.books(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let books = try await client.ios([IOSClient.BookSearchResult].self, .get, "/api/books/search?q=the%20tempest")
                #expect(books.map(\.title) == ["The Tempest", "The Tempest (Folger Shakespeare Library)", "Tempest notes"])
                #expect(books.first?.isbn13 == "9780141439600" && books.last?.authors == nil)
            }
        }
        await library.stop()
    }

    @Test(arguments: StoreKind.available) func commentsComeInMultipartToo(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let id = try await client.post(by: ada)
                let boundary = "comment-\(UUID().uuidString)"
                func part(_ name: String, _ value: String) -> String {
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
                }
                let body = part("operation", "create") + part("postid", id) + part("text", "multipart works") + "--\(boundary)--\r\n"
                let status = try await client.execute(
                    uri: "/comments",
                    method: .post,
                    headers: [.contentType: "multipart/form-data; boundary=\(boundary)", .authorization: "Bearer \(ada)"],
                    body: ByteBuffer(string: body)
                ) { $0.status }
                #expect(status == .ok)
                let (_, comments) = try await client.wire([KiwiWire.Comment].self, .get, "/posts/\(id)/comments")
                #expect(comments?.map(\.text) == ["multipart works"])
                let broken = try await client.execute(
                    uri: "/comments",
                    method: .post,
                    headers: [.contentType: "multipart/form-data; boundary=x", .authorization: "Bearer \(ada)"],
                    body: ByteBuffer(string: "not multipart")
                ) { $0.status }
                #expect(broken == .badRequest)
            }
        }
    }

    @Test func theOriginalsAPIAliasesAnswerAsTheRootRoutes() async throws {
        try await withKiwi(.memory) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let id = try await client.post(by: ada)
                let (rootStatus, root) = try await client.wire([KiwiWire.Post].self, .get, "/posts")
                let (aliasStatus, alias) = try await client.wire([KiwiWire.Post].self, .get, "/api/posts")
                #expect(rootStatus == .ok && aliasStatus == .ok && root == alias)
                #expect(try await client.wire(KiwiWire.Post.self, .get, "/api/posts/\(id)").1?.id == id)
                #expect(try await client.wire(KiwiWire.Status.self, .delete, "/api/posts/\(id)", token: ada).0 == .ok)
                #expect(try await client.wire(KiwiWire.Failure.self, .get, "/api/posts/\(id)").0 == .notFound)
            }
        }
    }
}
