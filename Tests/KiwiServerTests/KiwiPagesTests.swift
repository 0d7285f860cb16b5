import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import KiwiWire
import PluginAPI
import PostgresNIO
import TestSupport
import Testing

@testable import KiwiServer

/// A page's answer as a browser sees it.
struct PageAnswer {
    let status: HTTPResponse.Status
    let html: String
    let headers: HTTPFields

    var location: String? { headers[.location] }
    /// The token a `Set-Cookie: session=…` gives; nil when none is set.
    var session: String? {
        headers[values: .setCookie].lazy.compactMap { cookie -> String? in
            guard cookie.hasPrefix("session="), let value = cookie.dropFirst(8).split(separator: ";").first, !value.isEmpty else { return nil }
            return String(value)
        }.first
    }
    /// The CSRF token the page's forms carry.
    var csrf: String? {
        guard let range = html.range(of: #"name="csrf" value=""#) else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }
}

/// A browser's requests: pages, URL-encoded forms and multipart forms, with the session cookie.
extension TestClientProtocol {
    func page(_ uri: String, session: String? = nil) async throws -> PageAnswer {
        try await send(uri, .get, body: nil, type: nil, session: session)
    }

    func submit(_ uri: String, _ fields: KeyValuePairs<String, String>, session: String?, origin: String? = nil) async throws -> PageAnswer {
        try await submit(uri, fields: fields.map { ($0.key, $0.value) }, session: session, origin: origin)
    }

    func submit(_ uri: String, fields: [(String, String)], session: String?, origin: String? = nil) async throws -> PageAnswer {
        let body = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
        return try await send(uri, .post, body: Data(body.utf8), type: "application/x-www-form-urlencoded", session: session, origin: origin)
    }

    func submit(_ uri: String, multipart: (body: Data, contentType: String), session: String?) async throws -> PageAnswer {
        try await send(uri, .post, body: multipart.body, type: multipart.contentType, session: session)
    }

    private func send(
        _ uri: String,
        _ method: HTTPRequest.Method,
        body: Data?,
        type: String?,
        session: String?,
        origin: String? = nil
    ) async throws -> PageAnswer {
        var headers: HTTPFields = [.accept: "text/html"]
        if let type { headers[.contentType] = type }
        if let session { headers[.cookie] = "session=\(session)" }
        if let origin { headers[.origin] = origin }
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) }) { response in
            PageAnswer(status: response.status, html: String(buffer: response.body), headers: response.headers)
        }
    }

    /// Signs up through the page and answers the session the cookie carries.
    func signUpPage(_ username: String, fullname: String = "") async throws -> String {
        let answer = try await submit("/signup", ["username": username, "password": "pw-\(username)", "fullname": fullname], session: nil)
        #expect(answer.status == .seeOther && answer.location == "/", "\(answer.status) \(answer.html)")
        return try #require(answer.session)
    }

    /// Posts a photo through `/new`; answers the post's path.
    func postPage(_ file: Data, caption: String, session: String) async throws -> String {
        let csrf = try #require(try await page("/new", session: session).csrf)
        let answer = try await submit("/new", multipart: TestImages.multipart(file, caption: caption, fields: ["csrf": csrf]), session: session)
        #expect(answer.status == .seeOther, "\(answer.html)")
        return try #require(answer.location)
    }
}

@Suite struct KiwiPagesTests {
    /// Every template in the folder is compiled in, registered and parses.
    @Test func everyTemplateIsCompiledInAndParses() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/KiwiServer/Web/Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
        #expect(Set(files.map { String($0.dropLast(".mustache".count)) }) == Set(PageAssets.templates.keys))
        let library = try PageAssets.library()
        for name in PageAssets.templates.keys { #expect(library.getTemplate(named: name) != nil, "\(name)") }
    }

    @Test(arguments: StoreKind.available) func everyPageAnswersWithItsContent(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let guest = try await client.page("/")
                #expect(guest.status == .ok)
                #expect(guest.headers[.contentType] == "text/html; charset=utf-8")
                #expect(guest.html.contains(#"<html lang="en">"#) && guest.html.contains("<title>Everyone · Kiwi</title>"))
                #expect(guest.html.contains(#"href="/login""#) && guest.html.contains("No posts yet."))
                #expect(try await client.page("/login").html.contains(#"<label for="password">"#))
                #expect(try await client.page("/signup").html.contains(#"name="fullname""#))
                // Pages that need a login send a guest to log in, and back afterwards.
                #expect(try await client.page("/new").location == "/login?next=/new")
                #expect(try await client.page("/settings").location == "/login?next=/settings")

                let ada = try await client.signUpPage("ada", fullname: "Ada Lovelace")
                let bob = try await client.signUpPage("bob")
                let post = try await client.postPage(TestImages.png, caption: "Middlemarch, chapter one", session: ada)
                #expect(post == "/p/1")

                let feed = try await client.page("/", session: bob)
                #expect(feed.headers[.cacheControl] == "no-store", "a logged-in page is never kept")
                #expect(feed.html.contains(#"href="/?following=1""#) && feed.html.contains("Middlemarch, chapter one"))
                #expect(feed.html.contains(#"<a href="/@ada" class="name">Ada Lovelace</a>"#))
                #expect(feed.html.contains(#"action="/p/1/like""#) && feed.html.contains("0 comments"))
                let image = try #require(
                    feed.html.range(
                        of:
                            #"<img src="http://[^"]+/media/[^"/]+\.jpg/640\.jpg\?expires=[^"]+" srcset="[^"]+/320\.jpg\?[^"]+ 320w, [^"]+ 640w, [^"]+ 1280w" sizes="[^"]+" alt="Middlemarch, chapter one" width="600" height="600" loading="lazy">"#,
                        options: .regularExpression
                    )
                )
                #expect(!image.isEmpty)
                #expect(try await client.page("/?following=1", session: bob).html.contains("Nobody you follow has posted yet."))

                let single = try await client.page(post, session: bob)
                #expect(single.status == .ok && single.html.contains(#"action="/p/1/comments""#) && single.html.contains("No comments yet."))
                #expect(!single.html.contains("Delete this post"), "only the owner may delete")
                #expect(try await client.page(post, session: ada).html.contains(#"href="/p/1/delete""#))

                let profile = try await client.page("/@ada", session: bob)
                #expect(profile.status == .ok && profile.html.contains("<h1>Ada Lovelace</h1>") && profile.html.contains("@ada"))
                #expect(profile.html.contains(#"<a href="/p/1"><picture>"#) && profile.html.contains("1 day"))
                #expect(profile.html.contains(#"action="/@ada/follow""#))
                // The journey (nothing shelved yet), the year page and the search's page, with no script.
                #expect(profile.html.contains("Nothing on the go.") && profile.html.contains(#"href="/@ada/year/"#))
                let year = try await client.page("/@ada/year/2026")
                #expect(year.status == .ok && year.html.contains("No books finished in 2026.") && year.html.contains(#"class="months""#))
                #expect(try await client.page("/@ada/year/20x").status == .badRequest)
                #expect(try await client.page("/@nobody/year/2026").status == .notFound)
                let search = try await client.page("/search?q=middlemarch")
                #expect(search.status == .ok && search.html.contains("Middlemarch, chapter one"))
                #expect(search.html.contains(#"aria-current="page">Posts</a>"#) && search.html.contains(#"value="middlemarch""#))
                #expect(try await client.page("/search?q=middlemarch&type=all").status == .badRequest)

                // A guest sees the post but not the photo (uploads need a session) and no forms.
                let seen = try await client.page(post)
                let photo = try #require(try await kiwi.database.post(1, viewer: nil)?.image)
                #expect(seen.html.contains("Log in to see the photo") && !seen.html.contains(photo) && seen.csrf == nil)
                #expect(seen.headers[.cacheControl] == "no-cache")
                #expect(seen.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)

                let css = try await client.page(PageAssets.stylesheetPath)
                #expect(css.status == .ok && css.headers[.contentType] == "text/css; charset=utf-8" && css.html.contains(".card"))
            }
        }
    }

    @Test func missingPostsAndReadersArePagesInTheSiteStyle() async throws {
        try await withKiwi(.memory) { kiwi in
            try await kiwi.application.test(.router) { client in
                for path in ["/p/999", "/@nobody", "/p/0"] {
                    let answer = try await client.page(path)
                    #expect(answer.status == .notFound, "\(path)")
                    #expect(answer.headers[.contentType] == "text/html; charset=utf-8" && answer.html.contains("<h1>404</h1>"), "\(path)")
                }
                #expect(try await client.page("/?page=x").status == .badRequest)
                // The API keeps its JSON errors.
                let (status, body, _) = try await client.json(.get, "/posts/999")
                #expect(status == .notFound && (body as? [String: Any])?["error"] as? String == "post_not_found")
            }
        }
    }

    @Test func aCaptionWithAScriptIsShownAsText() async throws {
        try await withKiwi(.memory) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.signUpPage("ada", fullname: "<b>Ada</b>")
                let post = try await client.postPage(TestImages.png, caption: "<script>alert(1)</script>", session: ada)
                for path in ["/", post, "/@ada", "/search?q=%3Cscript%3Ealert(1)%3C/script%3E"] {
                    let html = try await client.page(path, session: ada).html
                    #expect(!html.contains("<script>") && !html.contains("<b>Ada</b>"), "\(path)")
                    #expect(html.contains("&lt;b&gt;Ada&lt;/b&gt;"), "\(path)")
                }
                #expect(try await client.page(post, session: ada).html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            }
        }
    }

    /// Every form that changes something, without its token and with a wrong one: 403, and nothing changed.
    @Test(arguments: StoreKind.available) func aFormWithoutItsCSRFTokenIsRefusedAndChangesNothing(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.signUpPage("ada", fullname: "Ada")
                _ = try await client.signUpPage("bob")
                let post = try await client.postPage(TestImages.png, caption: "mine", session: ada)
                let csrf = try #require(try await client.page("/", session: ada).csrf)
                _ = try await client.submit("\(post)/comments", ["text": "kept", "csrf": csrf], session: ada)
                let comment = try #require(try await kiwi.database.comments(on: 1, window: .everything).first)
                // The real token with its last digit changed (to "1" when it is "0": a wrong token, always).
                let nearMiss = String(csrf.dropLast()) + (csrf.hasSuffix("0") ? "1" : "0")
                for token in [nil, "0123456789abcdef0123456789abcdef", nearMiss] {
                    func fields(_ extra: [(String, String)]) -> [(String, String)] { extra + (token.map { [("csrf", $0)] } ?? []) }
                    let forms: [(String, [(String, String)])] = [
                        ("\(post)/like", []), ("\(post)/comments", [("text", "sneaky")]),
                        ("\(post)/comments/\(comment.id)/delete", []), ("\(post)/delete", []), ("/@bob/follow", []), ("/logout", []),
                    ]
                    for (path, extra) in forms {
                        let answer = try await client.submit(path, fields: fields(extra), session: ada)
                        #expect(answer.status == .forbidden, "\(path) with \(token ?? "no token")")
                        #expect(answer.html.contains("did not come from this site"), "\(path)")
                    }
                    let (body, contentType) = TestImages.multipart(TestImages.png, caption: "sneaky", fields: token.map { ["csrf": $0] } ?? [:])
                    #expect(try await client.submit("/new", multipart: (body, contentType), session: ada).status == .forbidden)
                    let settings = TestImages.multipart(TestImages.png, fields: token.map { ["fullname": "Eve", "csrf": $0] } ?? ["fullname": "Eve"])
                    #expect(try await client.submit("/settings", multipart: settings, session: ada).status == .forbidden)
                }
                let stored = try #require(try await kiwi.database.post(1, viewer: "ada"))
                #expect(stored.likes == 0 && stored.commentCount == 1 && stored.likedByMe == false)
                #expect(try await kiwi.database.posts(.everyone, window: ListWindow(limit: 10)).count == 1)
                #expect(try await kiwi.database.people(.followers, of: "bob", window: .everything).isEmpty)
                let unchanged = try await kiwi.database.user("ada")
                #expect(unchanged?.fullName == "Ada" && unchanged?.avatar == nil)
                #expect(kiwi.uploadedFiles.count == 1, "only the first photo is on disk: \(kiwi.uploadedFiles)")
                #expect(try await client.json(.get, "/users/me", token: ada).0 == .ok, "the session still works")
            }
        }
    }

    @Test func formsFromAnotherSiteAreRefused() async throws {
        try await withKiwi(.memory) { kiwi in
            try await kiwi.application.test(.router) { client in
                let answer = try await client.submit("/signup", ["username": "eve", "password": "pw"], session: nil, origin: "http://evil.example")
                #expect(answer.status == .forbidden && answer.session == nil)
                #expect(try await kiwi.database.user("eve") == nil)
            }
        }
    }

    @Test(arguments: StoreKind.available) func likesCommentsFollowsAndDeletesRedirectWith303(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.signUpPage("ada")
                let bob = try await client.signUpPage("bob")
                let post = try await client.postPage(TestImages.png, caption: "Persuasion", session: bob)
                let csrf = try #require(try await client.page("/", session: ada).csrf)

                let liked = try await client.submit("\(post)/like", ["csrf": csrf, "next": "/#p1"], session: ada)
                #expect(liked.status == .seeOther && liked.location == "/#p1")
                #expect(try await client.page("/", session: ada).html.contains("1 like"))
                // A "next" that leaves the site goes to the post instead.
                #expect(try await client.submit("\(post)/unlike", ["csrf": csrf, "next": "//evil.example/"], session: ada).location == post)

                let commented = try await client.submit("\(post)/comments", ["csrf": csrf, "text": "Anne's patience"], session: ada)
                #expect(commented.status == .seeOther && commented.location?.hasPrefix("\(post)#c") == true)
                let page = try await client.page(post, session: ada)
                #expect(page.html.contains("Anne&#39;s patience") || page.html.contains("Anne's patience"))
                let empty = try await client.submit("\(post)/comments", ["csrf": csrf, "text": "   "], session: ada)
                #expect(empty.status == .badRequest && empty.html.contains("The comment is empty."), "shown on the post's page")
                let comment = try #require(try await kiwi.database.comments(on: 1, window: .everything).first)
                // Only its author sees a delete button, and only its author may delete it.
                #expect(!(try await client.page(post, session: bob).html.contains("/comments/\(comment.id)/delete")))
                let bobsCSRF = try #require(try await client.page("/", session: bob).csrf)
                #expect(try await client.submit("\(post)/comments/\(comment.id)/delete", ["csrf": bobsCSRF], session: bob).status == .forbidden)
                #expect(try await client.submit("\(post)/comments/\(comment.id)/delete", ["csrf": csrf], session: ada).status == .seeOther)
                #expect(try await kiwi.database.comments(on: 1, window: .everything).isEmpty)

                #expect(try await client.submit("/@bob/follow", ["csrf": csrf], session: ada).location == "/@bob")
                #expect(try await client.page("/?following=1", session: ada).html.contains("Persuasion"))
                #expect(try await client.page("/@bob", session: ada).html.contains(#"action="/@bob/unfollow""#))
                #expect(try await client.submit("/@bob/unfollow", ["csrf": csrf], session: ada).status == .seeOther)
                #expect(try await kiwi.database.people(.followers, of: "bob", window: .everything).isEmpty)

                // Deleting asks first, and only the owner is asked.
                #expect(try await client.page("\(post)/delete", session: ada).status == .forbidden)
                let confirm = try await client.page("\(post)/delete", session: bob)
                #expect(confirm.status == .ok && confirm.html.contains(#"action="/p/1/delete""#))
                #expect(try await client.submit("\(post)/delete", ["csrf": csrf], session: ada).status == .forbidden)
                let deleted = try await client.submit("\(post)/delete", ["csrf": try #require(confirm.csrf)], session: bob)
                #expect(deleted.status == .seeOther && deleted.location == "/@bob")
                #expect(try await client.page(post, session: bob).status == .notFound)
            }
        }
    }

    @Test func logInShowsWhatWentWrongAndTheThrottleApplies() async throws {
        try await awayFromTheEndOfAWindow(of: 900)
        try await withKiwi(.memory) { kiwi in
            try await kiwi.application.test(.router) { client in
                _ = try await client.signUpPage("ada")
                let wrong = try await client.submit("/login", ["username": "ada", "password": "nope", "next": "/@ada"], session: nil)
                #expect(wrong.status == .forbidden && wrong.html.contains("Wrong username or password.") && wrong.session == nil)
                #expect(wrong.html.contains(#"value="ada""#), "the username is kept")
                let right = try await client.submit("/login", ["username": "ada", "password": "pw-ada", "next": "/@ada"], session: nil)
                #expect(right.status == .seeOther && right.location == "/@ada" && right.session != nil)
                for _ in 0..<5 { _ = try await client.submit("/login", ["username": "ada", "password": "nope"], session: nil) }
                let throttled = try await client.submit("/login", ["username": "ada", "password": "pw-ada"], session: nil)
                #expect(throttled.status == .tooManyRequests && throttled.html.contains("That is more failed logins than this community allows"))
                #expect(throttled.html.contains(#"value="ada""#), "said on the login form")
                let taken = try await client.submit("/signup", ["username": "ada", "password": "pw"], session: nil)
                #expect(taken.status == .conflict && taken.html.contains("That username is taken"))
            }
        }
    }

    /// A streak of 69 days, a day without a post before it and older posts: the profile counts the
    /// streak whole, however far back the month it first looks at.
    @Test(arguments: StoreKind.available.filter { $0 != .memory }) func aProfileCountsAStreakOfMonthsToItsGap(kind: StoreKind) async throws {
        try await withKiwi(kind, serve: ["--rate-limit", "posts=200/1h"]) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let now = Date()
                var oldest: Int64 = 0
                for daysAgo in Array(0..<69) + Array(70..<100) {
                    let id = try await client.post(by: ada)
                    oldest = try #require(Int64(id))
                    try await Self.backdate(post: oldest, to: now.addingTimeInterval(-Double(daysAgo) * 86_400), in: kiwi.database)
                }
                #expect(try await client.page("/@ada").html.contains("<dd>69 days</dd>"))
                try await Self.backdate(post: oldest, to: now.addingTimeInterval(-69 * 86_400), in: kiwi.database)
                #expect(try await client.page("/@ada").html.contains("<dd>99 days</dd>"), "the gap filled, the streak reaches the oldest post")
            }
        }
    }

    /// Moves a post's time back, as if it were made then.
    static func backdate(post id: Int64, to time: Date, in database: any KiwiStorage) async throws {
        if let sqlite = database as? SQLiteKiwiDatabase {
            try await sqlite.pool.write { db in
                try db.execute(sql: "UPDATE posts SET created_at = ? WHERE id = ?", arguments: [time.timeIntervalSince1970, id])
            }
        } else if let postgres = database as? PostgresKiwiDatabase {
            try await postgres.client.query("UPDATE posts SET created_at = \(time.timeIntervalSince1970) WHERE id = \(id)")
        }
    }

    @Test(arguments: StoreKind.available) func logOutEndsTheSessionForTheAPITooAndSetsTheCookie(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let answer = try await client.submit("/signup", ["username": "ada", "password": "pw"], session: nil)
                let cookie = try #require(answer.headers[.setCookie])
                #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/") && !cookie.contains("Secure"))
                let ada = try #require(answer.session)
                #expect(try await client.json(.get, "/users/me", token: ada).0 == .ok)
                let csrf = try #require(try await client.page("/", session: ada).csrf)
                let out = try await client.submit("/logout", ["csrf": csrf], session: ada)
                #expect(out.status == .seeOther && out.location == "/" && out.headers[.setCookie]?.contains("Max-Age=0") == true)
                #expect(try await client.json(.get, "/users/me", token: ada).0 == .forbidden)
                #expect(try await client.page("/", session: ada).html.contains(#"href="/login""#))
            }
        }
    }

    @Test func theSessionCookieIsSecureBehindAnHTTPSPublicURL() async throws {
        try await withKiwi(.memory, publicURL: "https://kiwi.example") { kiwi in
            try await kiwi.application.test(.router) { client in
                let answer = try await client.submit("/signup", ["username": "ada", "password": "pw"], session: nil)
                #expect(answer.headers[.setCookie]?.contains("Secure") == true)
            }
        }
    }

    @Test(arguments: StoreKind.available) func aRenamedTextFileShowsTheProblemAndStoresNothing(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.signUpPage("ada")
                let csrf = try #require(try await client.page("/new", session: ada).csrf)
                let text = TestImages.multipart(Data("just some notes\n".utf8), filename: "photo.png", caption: "my notes", fields: ["csrf": csrf])
                let answer = try await client.submit("/new", multipart: text, session: ada)
                #expect(answer.status == .unsupportedMediaType)
                #expect(
                    answer.html.contains(#"<p class="error" role="alert">This file is not a picture"#) && answer.html.contains("my notes</textarea>")
                )
                let none = try await client.submit(
                    "/new",
                    multipart: TestImages.multipart(nil, caption: "no photo", fields: ["csrf": csrf]),
                    session: ada
                )
                #expect(none.status == .badRequest && none.html.contains("Choose a photo to post."))
                let big = TestImages.multipart(TestImages.png(seed: 1, size: 70_000), caption: "huge", fields: ["csrf": csrf])
                #expect(try await client.submit("/new", multipart: big, session: ada).status == .contentTooLarge)
                #expect(try await kiwi.database.posts(.everyone, window: ListWindow(limit: 10)).isEmpty)
                #expect(kiwi.uploadedFiles.isEmpty)
            }
        }
    }

    @Test(arguments: StoreKind.available) func avatarsThroughTheAPIAndTheSettingsPage(kind: StoreKind) async throws {
        try await withKiwi(kind, uploadsFolder: kind == .memory) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                _ = try await client.member("bob")
                // Everyone's avatar loads, without a login, before they upload one.
                #expect(try await client.page("/uploads/default-avatar.png").status == .ok)

                let first = TestImages.multipart(TestImages.png(seed: 1))
                let (status, user) = try await client.avatar(first, of: "ada", token: ada)
                #expect(status == .ok)
                let url = try #require(user?.avatarURL)
                #expect(!url.hasSuffix("default-avatar.png"))
                let name = String(url.split(separator: "/").last ?? "")
                let served = try await client.execute(uri: "/uploads/\(name)", method: .get, headers: [.authorization: "Bearer \(ada)"]).body
                #expect(ImageSignature.kind(of: Data(buffer: served)) == .jpeg, "the avatar, processed")
                let small = try #require(user?.avatarVersions?["96"], "the API names the avatar's versions")
                #expect(small.contains("/media/\(name)/96.jpg?expires="))
                #expect(try await client.avatar(first, of: "bob", token: ada).0 == .forbidden, "only one's own")
                #expect(try await client.avatar(TestImages.multipart(Data("text".utf8)), of: "ada", token: ada).0 == .unsupportedMediaType)
                #expect(try await client.avatar(first, of: "nobody", token: ada).0 == .notFound)
                #expect(try await client.avatar(first, of: "ada", token: nil).0 == .forbidden)

                // The settings page: name, email and a new avatar; the old avatar is forgotten.
                let csrf = try #require(try await client.page("/settings", session: ada).csrf)
                let form = TestImages.multipart(TestImages.png(seed: 2), fields: ["csrf": csrf, "fullname": "Ada L.", "email": "ada@example.org"])
                let saved = try await client.submit("/settings", multipart: form, session: ada)
                #expect(saved.status == .seeOther && saved.location == "/settings?saved=1")
                let stored = try #require(try await kiwi.database.user("ada"))
                #expect(stored.fullName == "Ada L." && stored.email == "ada@example.org" && stored.avatar != name)
                #expect(try await kiwi.database.image(name) == nil && !kiwi.uploadedFiles.contains(name))
                #expect(try await client.page("/settings?saved=1", session: ada).html.contains("Saved."))
                // A refused field saves nothing, the avatar included.
                let long = TestImages.multipart(TestImages.png(seed: 3), fields: ["csrf": csrf, "fullname": String(repeating: "n", count: 41)])
                let refused = try await client.submit("/settings", multipart: long, session: ada)
                #expect(refused.status == .badRequest && refused.html.contains("ullname must be at most 40 characters"))
                #expect(try await kiwi.database.user("ada") == stored)
            }
        }
    }
}

extension TestClientProtocol {
    /// `PUT /users/<username>/avatar` as the client sends it.
    func avatar(
        _ multipart: (body: Data, contentType: String),
        of username: String,
        token: String?
    ) async throws -> (HTTPResponse.Status, KiwiWire.User?) {
        var headers: HTTPFields = [.contentType: multipart.contentType]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri: "/users/\(username)/avatar", method: .put, headers: headers, body: ByteBuffer(bytes: multipart.body)) {
            response in
            (response.status, try? JSONDecoder().decode(KiwiWire.User.self, from: Data(buffer: response.body)))
        }
    }
}
