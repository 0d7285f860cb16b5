import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import TestSupport
import Testing

@testable import KiwiServer

/// Spoiler warnings on every store: a post's and a comment's `spoiler` kept, trimmed and bounded;
/// carried by every answer that carries the post or comment; and the pages show the warning with
/// what it covers closed behind it, in the feed, a post's page, a profile and search.
@Suite struct KiwiSpoilerTests {
    static let caption = "Reader, I married him."
    static let warning = "the ending of Jane Eyre"

    func postWithWarning(_ client: some TestClientProtocol, spoiler: String, token: String) async throws -> (HTTPResponse.Status, [String: Any]?) {
        let (body, contentType) = TestImages.multipart(TestImages.png, caption: Self.caption, fields: ["spoiler": spoiler])
        let headers: HTTPFields = [.contentType: contentType, .authorization: "Bearer \(token)"]
        return try await client.execute(uri: "/posts", method: .post, headers: headers, body: ByteBuffer(bytes: body)) { response in
            (response.status, try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
        }
    }

    @Test(arguments: StoreKind.available)
    func aWarningIsKeptAndCarriedWhereverThePostOrCommentGoes(_ kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let (status, made) = try await postWithWarning(client, spoiler: "  \(Self.warning) \n", token: ada)
                #expect(status == .created && made?["spoiler"] as? String == Self.warning, "trimmed as kept")
                let id = try #require(made?["id"] as? String)
                let plain = try await client.post("Thornfield at night", by: ada)

                for uri in ["/posts/\(id)", "/api/posts/\(id)"] {
                    let (_, post) = try await client.wire(KiwiWire.Post.self, .get, uri)
                    #expect(post?.spoiler == Self.warning && post?.caption == Self.caption, "\(uri) carries both")
                }
                // Anonymous pages are shared and kept: the warning is in the kept bytes too.
                for token in [nil, ada] {
                    let (_, page) = try await client.wire([KiwiWire.Post].self, .get, "/posts", token: token)
                    #expect(page?.first { $0.id == id }?.spoiler == Self.warning)
                    #expect(page?.first { $0.id == plain }.map { $0.spoiler == nil } == true)
                }
                let (_, unwarned, _) = try await client.json(.get, "/posts/\(plain)")
                #expect((unwarned as? [String: Any])?.keys.contains("spoiler") == false, "a post without a warning has no field")
                let (_, found) = try await client.wire([KiwiWire.Post].self, .get, "/search?q=married")
                #expect(found?.map(\.spoiler) == [Self.warning], "search carries it")

                let (commented, _) = try await client.form(
                    "operation=create&postid=\(id)&text=Bertha%20was%20in%20the%20attic&spoiler=the%20attic",
                    token: ada
                )
                #expect(commented == .ok)
                _ = try await client.form("operation=create&postid=\(id)&text=Lovely&spoiler=%20%20", token: ada)
                let (_, comments) = try await client.wire([KiwiWire.Comment].self, .get, "/posts/\(id)/comments")
                #expect(comments?.map(\.spoiler) == ["the attic", nil], "a blank warning is none")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func aWarningTooLongIsRefusedAndNothingIsKept(_ kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let (status, failure) = try await postWithWarning(client, spoiler: String(repeating: "x", count: 201), token: ada)
                #expect(status == .badRequest && (failure?["message"] as? String)?.contains("spoiler must be at most 200 characters") == true)
                let (_, posts) = try await client.wire([KiwiWire.Post].self, .get, "/posts")
                #expect(posts?.isEmpty == true, "nothing was posted")
                #expect(kiwi.uploadedFiles.isEmpty, "nor its photo kept")
                let post = try await client.post("fine", by: ada)
                let long = String(repeating: "y", count: 201)
                let (refused, _) = try await client.form("operation=create&postid=\(post)&text=hi&spoiler=\(long)", token: ada)
                #expect(refused == .badRequest)
                let (_, comments) = try await client.wire([KiwiWire.Comment].self, .get, "/posts/\(post)/comments")
                #expect(comments?.isEmpty == true)
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func thePagesShowTheWarningAndKeepWhatItCoversClosedBehindIt(_ kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let (_, made) = try await postWithWarning(client, spoiler: Self.warning, token: ada)
                let id = try #require(made?["id"] as? String)
                _ = try await client.form("operation=create&postid=\(id)&text=Bertha%20was%20in%20the%20attic&spoiler=the%20attic", token: ada)

                func page(_ uri: String, token: String? = nil) async throws -> String { try await client.page(uri, session: token).html }
                for (uri, token) in [("/", ada), ("/", nil), ("/p/\(id)", ada), ("/search?q=married", ada)] {
                    let html = try await page(uri, token: token)
                    let details = try #require(html.range(of: #"<details class="spoiler">"#), "\(uri): the card is a <details>")
                    let summary = try #require(html.range(of: "</summary>", range: details.upperBound..<html.endIndex))
                    #expect(html[details.upperBound..<summary.lowerBound].contains(Self.warning), "\(uri): the warning is what shows")
                    let caption = try #require(html.range(of: Self.caption), "\(uri): the caption is on the page")
                    let closed = try #require(html.range(of: "</details>", range: summary.upperBound..<html.endIndex))
                    #expect(caption.lowerBound > summary.upperBound && caption.upperBound < closed.lowerBound, "\(uri): inside it, closed")
                    #expect(!html.contains("<details class=\"spoiler\" open"), "\(uri): closed until a click")
                }
                let post = try await page("/p/\(id)", token: ada)
                let title = try #require(
                    post.range(of: "<title>").flatMap { start in post.range(of: "</title>").map { post[start.upperBound..<$0.lowerBound] } }
                )
                #expect(title.contains("Spoiler: \(Self.warning)") && !title.contains("married"), "the title gives nothing away: \(title)")
                #expect(post.contains("the attic</summary>") || post.contains("the attic <span"), "the comment's warning shows")
                let attic = try #require(post.range(of: "Bertha was in the attic"))
                #expect(
                    post[..<attic.lowerBound].range(of: "<details class=\"spoiler\">", options: .backwards) != nil,
                    "the comment's text is behind it"
                )
                // A profile's grid shows the warning in the photo's place.
                let profile = try await page("/@ada", token: ada)
                #expect(profile.contains("Spoiler: \(Self.warning)") && !profile.contains("srcset"), "no photo of it in the grid")
            }
        }
    }
}
