import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import TestSupport
import Testing

@testable import KiwiServer

/// Every list by key (`max_id`, `since_id`, `min_id`) along its `Link` header, on every store.
@Suite struct KiwiCursorTests {
    @Test(arguments: StoreKind.available) func everyListWalksItsLinksToTheEndInOrder(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let store = kiwi.database
                let ada = try await client.member("ada")
                let readers = (0..<5).map { "reader\($0)" }
                for name in ["bob"] + readers {
                    try await store.createUser(KiwiUser(username: name, createdAt: Date()), passwordHash: "x", keeping: nil)
                }
                var posts: [KiwiPost] = []
                for index in 0..<23 {
                    let owner = index.isMultiple(of: 2) ? "ada" : "bob"
                    posts.append(try await store.createPost(NewPost(owner: owner, image: .file("a.png"), caption: "p\(index)"), keeping: nil))
                }
                _ = try await store.follow("bob", by: "ada", notifying: nil)
                for reader in readers { _ = try await store.follow("ada", by: reader, notifying: "ada") }
                for index in 0..<7 {
                    _ = try await store.addComment(NewComment(post: posts[0].id, author: "bob", text: "c\(index)", notifying: "ada"), keeping: nil)
                }
                for post in posts where post.owner.username == "ada" { _ = try await store.like(post.id, by: "bob", notifying: "ada") }

                let newestFirst = posts.reversed().compactMap(\.caption)
                #expect(try await client.walk("/posts?limit=5", "caption") == newestFirst)
                #expect(try await client.walk("/feed?limit=6", "caption", token: ada) == newestFirst)
                let adas = newestFirst.filter { Int($0.dropFirst()).map { $0.isMultiple(of: 2) } == true }
                #expect(try await client.walk("/users/ada/posts?pageSize=4", "caption") == adas)
                #expect(try await client.walk("/users/ada/followers?limit=2", "username") == readers.reversed())
                #expect(try await client.walk("/users/reader3/following?limit=1", "username") == ["ada"])
                #expect(try await client.walk("/posts/\(posts[0].id)/comments?limit=3", "text") == (0..<7).map { "c\($0)" })
                let notified = try await client.walk("/notifications?limit=4", "id", token: ada)
                #expect(notified.count == 5 + 7 + 12 && notified == notified.sorted { Int64($0) ?? 0 > Int64($1) ?? 0 })
                #expect(try await client.walk("/notifications?limit=4&unread=true", "id", token: ada) == notified)
            }
        }
    }

    @Test(arguments: StoreKind.available) func aCursorPagesBackSurvivesItsPostsDeleteAndPagesByNumberStopDeep(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                var ids: [Int] = []
                for index in 0..<12 {
                    let (_, post) = try await client.upload(TestImages.png, caption: "p\(index)", token: ada)
                    ids.append(Int(try #require(post?["id"] as? String))!)
                }
                let (status, first, headers) = try await client.json(.get, "/posts?limit=5")
                #expect(status == .ok && captions(first) == ["p11", "p10", "p9", "p8", "p7"])
                let link = try #require(headers[.link])
                #expect(
                    link.hasPrefix("<http://") && link.contains(#"max_id=\#(ids[7])>; rel="next""#)
                        && link.contains(#"min_id=\#(ids[11])>; rel="prev""#)
                )

                // The post a cursor names is deleted: the next page is still the next page.
                #expect(try await client.json(.delete, "/posts/\(ids[7])", token: ada).0 == .ok)
                let (_, second, secondHeaders) = try await client.json(.get, try #require(KiwiLinks.next(link)))
                #expect(captions(second) == ["p6", "p5", "p4", "p3", "p2"])
                let back = try #require(KiwiLinks.relation("prev", secondHeaders[.link] ?? ""))
                #expect(captions(try await client.json(.get, back).1) == ["p11", "p10", "p9", "p8"], "the page just before, not the newest")
                #expect(
                    captions(try await client.json(.get, "/posts?limit=3&since_id=\(ids[2])").1) == ["p11", "p10", "p9"],
                    "since_id: the newest after"
                )
                let (_, last, lastHeaders) = try await client.json(.get, "/posts?limit=5&max_id=\(ids[2])")
                #expect(captions(last) == ["p1", "p0"] && lastHeaders[.link]?.contains("next") == false, "a short page is the end")

                let (deep, problem, _) = try await client.json(.get, "/posts?page=1001")
                #expect(deep == .badRequest && ((problem as? [String: Any])?["message"] as? String)?.contains("max_id") == true)
                #expect(try await client.json(.get, "/posts?page=1000").0 == .ok, "10,000 posts deep is the deepest page by number")
                #expect(try await client.json(.get, "/posts?page=1&max_id=5").0 == .badRequest)
                for bad in ["max_id=x", "since_id=-1", "min_id=1.5", "limit=0", "limit=101"] {
                    #expect(try await client.json(.get, "/posts?\(bad)").0 == .badRequest, "\(bad)")
                }
                #expect(try await client.json(.get, "/users/ada/followers?limit=1001").0 == .badRequest)
            }
        }
    }

    @Test(arguments: StoreKind.available) func theWebPagerGoesOlderAndBackByKey(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            let store = kiwi.database
            try await store.createUser(KiwiUser(username: "ada", createdAt: Date()), passwordHash: "x", keeping: nil)
            for index in 0..<25 { _ = try await store.createPost(NewPost(owner: "ada", image: .file("a.png"), caption: "p\(index)"), keeping: nil) }
            try await kiwi.application.test(.router) { client in
                let first = try await client.page("/")
                #expect(first.html.contains("p24") && first.html.contains("p5") && !first.html.contains(">p4<"))
                #expect(!first.html.contains("min_id"), "the first page has nothing newer")
                let older = try #require(href(in: first.html, containing: "max_id="))
                let second = try await client.page(older)
                #expect(second.html.contains("p4") && second.html.contains("p0") && !second.html.contains("p5<"))
                #expect(href(in: second.html, containing: "max_id=") == nil, "the last page has nothing older")
                let newer = try #require(href(in: second.html, containing: "min_id="))
                let again = try await client.page(newer)
                #expect(again.html.contains("p24") && again.html.contains("p5") && !again.html.contains(">p4<"))
                #expect(href(in: again.html, containing: "min_id=") == nil, "back at the newest: nothing newer")
                #expect(try await client.page("/@ada?max_id=x").status == .badRequest)
            }
        }
    }

    private func captions(_ answer: Any?) -> [String] {
        (answer as? [[String: Any]])?.compactMap { $0["caption"] as? String } ?? []
    }

    private func href(in html: String, containing part: String) -> String? {
        html.components(separatedBy: #"href=""#).dropFirst().map { $0.prefix { $0 != "\"" } }.first { $0.contains(part) }
            .map { String($0).replacingOccurrences(of: "&amp;", with: "&") }
    }
}

/// A `Link` header's targets as a test client asks for them: path and query.
enum KiwiLinks {
    static func relation(_ relation: String, _ field: String) -> String? {
        for link in field.split(separator: ",") where link.contains(#"rel="\#(relation)""#) {
            guard let open = link.firstIndex(of: "<"), let close = link.firstIndex(of: ">"),
                let url = URLComponents(string: String(link[link.index(after: open)..<close]))
            else { return nil }
            return url.path + (url.query.map { "?" + $0 } ?? "")
        }
        return nil
    }

    static func next(_ field: String) -> String? { relation("next", field) }
}

extension TestClientProtocol {
    /// Every item of a list along its `Link: rel="next"`, by one field.
    func walk(_ uri: String, _ field: String, token: String? = nil) async throws -> [String] {
        var items: [String] = []
        var next: String? = uri
        var pages = 0
        while let uri = next {
            let (status, page, headers) = try await json(.get, uri, token: token)
            #expect(status == .ok, "\(uri)")
            items += (page as? [[String: Any]])?.compactMap { $0[field] as? String } ?? []
            next = headers[.link].flatMap(KiwiLinks.next)
            pages += 1
            if pages > 100 {
                Issue.record("\(uri) never ends")
                break
            }
        }
        return items
    }
}

/// A list's query, read as it is asked: names and numbers from its bytes, anything encoded as
/// Hummingbird decodes it, the first of a name counting, everything else a 400 in words.
@Suite struct KiwiListQueryTests {
    func window(_ path: String) throws -> ListWindow {
        let request = Request(head: HTTPRequest(method: .get, scheme: "http", authority: "kiwi", path: path), body: RequestBody(buffer: ByteBuffer()))
        return try request.window()
    }

    func refusal(_ path: String) -> String? {
        do {
            _ = try window(path)
            return nil
        } catch let error as KiwiHTTPError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func namesAndNumbersAreReadFromTheQuery() throws {
        #expect(try window("/posts") == ListWindow(limit: KiwiLimits.defaultPageSize))
        #expect(try window("/posts?page=2&pageSize=5") == ListWindow(limit: 5, offset: 10))
        #expect(try window("/posts?pageSize=5&limit=7&page=1") == ListWindow(limit: 7, offset: 7), "limit before the original's pageSize")
        #expect(try window("/posts?limit=5&limit=9&max_id=12") == ListWindow(limit: 5, below: 12), "the first of a name counts")
        #expect(try window("/posts?min_id=3&since_id=9") == ListWindow(limit: KiwiLimits.defaultPageSize, above: 3, oldestFirst: true))
        #expect(try window("/posts?since_id=9&other=x&=&&x") == ListWindow(limit: KiwiLimits.defaultPageSize, above: 9))
        #expect(try window("/posts?limit=%35&page=%31") == ListWindow(limit: 5, offset: 5), "encoded digits are decoded")
    }

    @Test func anythingElseIsRefusedInWords() {
        #expect(refusal("/posts?page=x") == "page must be a whole number")
        #expect(refusal("/posts?pageSize") == "pageSize must be a whole number")
        #expect(refusal("/posts?max_id=-4") == "max_id must be a whole number")
        #expect(refusal("/posts?limit=0")?.hasPrefix("limit must be between") == true)
        #expect(refusal("/posts?page=1&max_id=3")?.hasPrefix("page does not go with") == true)
        #expect(refusal("/posts?page=1000000")?.hasPrefix("pages by number reach") == true)
    }
}
