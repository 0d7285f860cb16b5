import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import TestSupport
import Testing

@testable import KiwiServer

/// Reports and moderation on every store, through the API: a member reports a post, a comment or
/// an account once; moderators read the open reports with the content as it was and the
/// account's record, and dismiss, remove, warn, silence or suspend; nobody but an admin acts on an
/// admin; the reporter hears what came of it, never from whom; every action is in the audit log.
/// On PostgreSQL a suspension and a removal made through one server hold on the other at once.
@Suite struct KiwiModerationTests {
    static let book = "9780141439600"

    /// A link's path and query, as a test client asks for it.
    static func path(_ link: String) throws -> String {
        let parts = try #require(URLComponents(string: link))
        return parts.path + (parts.query.map { "?\($0)" } ?? "")
    }

    func error(_ answer: (HTTPResponse.Status, Any?, HTTPFields)) -> String? {
        (answer.1 as? [String: Any])?["error"] as? String
    }

    func report(_ client: some TestClientProtocol, _ uri: String, _ body: String, token: String?) async throws -> KiwiWire.Report? {
        try await client.wire(KiwiWire.Report.self, .post, uri, body, token: token).1
    }

    func act(
        _ client: some TestClientProtocol,
        _ id: String,
        _ action: String,
        reason: String = "",
        token: String
    ) async throws -> (
        HTTPResponse.Status, Any?, HTTPFields
    ) {
        try await client.json(.post, "/reports/\(id)/actions", #"{"action":"\#(action)","reason":"\#(reason)"}"#, token: token)
    }

    func authors(_ client: some TestClientProtocol, _ uri: String, token: String?) async throws -> Set<String> {
        Set(try await client.wire([KiwiWire.Post].self, .get, uri, token: token).1?.map(\.author.username) ?? [])
    }

    func notes(_ client: some TestClientProtocol, token: String) async throws -> [KiwiWire.Notification] {
        try await client.wire([KiwiWire.Notification].self, .get, "/notifications", token: token).1?.filter(\.isFromModerators) ?? []
    }

    @Test(arguments: StoreKind.available)
    func aThingIsReportedOnceAndWhatCannotBeReportedIsRefused(_ kind: StoreKind) async throws {
        try await withKiwi(kind, serve: ["--rate-limit", "reports=3/1h"]) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, bob, cat) = (try await client.member("ada"), try await client.member("bob"), try await client.member("cat"))
                let post = try await client.post("Cheap pills here", by: bob)
                let (_, commented) = try await client.form("operation=create&postid=\(post)&text=Buy%20now", token: bob)
                let comment = try #require((commented as? [String: Any])?["id"] as? String)

                let first = try #require(try await report(client, "/posts/\(post)/report", #"{"category":"spam","comment":" adverts "}"#, token: ada))
                #expect(first.kind == "post" && first.subject == post && first.account.username == "bob" && first.status == "open")
                #expect(first.comment == "adverts" && first.reporter == nil, "trimmed; the reporter is not named back")
                #expect(first.content.posts.map(\.caption) == ["Cheap pills here"] && first.content.posts.first?.kept == true)
                let again = try #require(try await report(client, "/posts/\(post)/report", #"{"category":"other"}"#, token: ada))
                #expect(again.id == first.id && again.category == "spam", "a second report of the same thing is the first")
                let ofComment = try #require(try await report(client, "/comments/\(comment)/report", #"{"category":"spam"}"#, token: ada))
                #expect(ofComment.kind == "comment" && ofComment.content.comment?.text == "Buy now" && ofComment.account.username == "bob")
                let ofAccount = try #require(
                    try await report(client, "/users/bob/report", #"{"category":"harassment","posts":["\#(post)"]}"#, token: cat)
                )
                #expect(ofAccount.kind == "account" && ofAccount.content.posts.map(\.id) == [post], "the posts it points at are kept")

                // Refused, and nothing kept.
                #expect(try await client.json(.post, "/users/ada/report", #"{"category":"spam"}"#, token: ada).0 == .badRequest, "yourself")
                let adas = try await client.post("Mine", by: ada)
                #expect(try await client.json(.post, "/posts/\(adas)/report", #"{"category":"spam"}"#, token: ada).0 == .badRequest)
                #expect(error(try await client.json(.post, "/posts/999/report", #"{"category":"spam"}"#, token: ada)) == "post_not_found")
                #expect(error(try await client.json(.post, "/comments/999/report", #"{"category":"spam"}"#, token: ada)) == "comment_not_found")
                #expect(error(try await client.json(.post, "/users/nobody/report", #"{"category":"spam"}"#, token: ada)) == "user_not_found")
                #expect(try await client.json(.post, "/users/bob/report", #"{"category":"rude"}"#, token: ada).0 == .badRequest)
                let stranger = #"{"category":"spam","posts":["\#(adas)"]}"#
                #expect(try await client.json(.post, "/users/bob/report", stranger, token: ada).0 == .badRequest, "ada's post is not bob's")
                let long = String(repeating: "a", count: 1_001)
                #expect(try await client.json(.post, "/users/bob/report", #"{"category":"spam","comment":"\#(long)"}"#, token: ada).0 == .badRequest)
                #expect(try await client.json(.post, "/users/bob/report", #"{"category":"spam"}"#).0 == .forbidden, "a guest")
                // Reports are rate-limited as other writes are (a repeat costs nothing): ada's third new
                // one goes, her fourth waits.
                #expect(try await client.json(.post, "/users/bob/report", #"{"category":"spam"}"#, token: ada).0 == .ok)
                #expect(try await client.json(.post, "/users/cat/report", #"{"category":"spam"}"#, token: ada).0 == .tooManyRequests)

                // Only moderators read the queue; a reporter reads their own report, nobody else's.
                #expect(error(try await client.json(.get, "/reports", token: ada)) == "not_moderator")
                #expect(try await client.wire(KiwiWire.Report.self, .get, "/reports/\(first.id)", token: ada).1?.history == nil)
                #expect(error(try await client.json(.get, "/reports/\(first.id)", token: cat)) == "not_moderator")
                #expect(error(try await act(client, first.id, "dismiss", token: ada)) == "not_moderator")
                #expect(error(try await client.json(.get, "/audit", token: ada)) == "not_moderator")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func moderatorsActOnReportsAndTheReporterHearsWhatCameOfIt(_ kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, bob, cat) = (try await client.member("ada"), try await client.member("bob"), try await client.member("cat"))
                let (mod, root) = (try await client.member("mod"), try await client.member("root"))
                #expect(try await kiwi.database.setRole(.moderator, of: "mod"))
                #expect(try await kiwi.database.setRole(.admin, of: "root"))
                let spam = try await client.post("Cheap pills", by: bob)
                let (_, posted) = try await client.wire(KiwiWire.Post.self, .get, "/posts/\(spam)", token: ada)
                let photo = try Self.path(try #require(posted?.imageURL))
                let (_, commented) = try await client.form("operation=create&postid=\(spam)&text=You%20are%20all%20fools", token: cat)
                let comment = try #require((commented as? [String: Any])?["id"] as? String)
                let ofPost = try #require(try await report(client, "/posts/\(spam)/report", #"{"category":"spam"}"#, token: ada))
                let ofComment = try #require(try await report(client, "/comments/\(comment)/report", #"{"category":"harassment"}"#, token: ada))
                let ofAccount = try #require(try await report(client, "/users/bob/report", #"{"category":"spam"}"#, token: cat))

                // The queue: oldest first, with who reported.
                let (_, queue) = try await client.wire([KiwiWire.Report].self, .get, "/reports", token: mod)
                #expect(queue?.map(\.id) == [ofPost.id, ofComment.id, ofAccount.id] && queue?.first?.reporter == "ada")

                // Removed: gone for everyone, its photo with it; the report keeps it as it was.
                let removed = try #require(
                    try await client.wire(
                        KiwiWire.Report.self,
                        .post,
                        "/reports/\(ofPost.id)/actions",
                        #"{"action":"remove","reason":"adverts"}"#,
                        token: mod
                    ).1
                )
                #expect(
                    removed.status == "remove" && removed.content.posts.first?.caption == "Cheap pills" && removed.content.posts.first?.kept == false
                )
                #expect(try await client.json(.get, "/posts/\(spam)", token: ada).0 == .notFound)
                #expect(try await client.execute(uri: photo, method: .get, headers: [.authorization: "Bearer \(ada)"]) { $0.status } == .notFound)
                // Its photo as it was, kept with the report: for moderators and the reporter alone.
                let copy = try Self.path(try #require(removed.content.posts.first?.imageURL))
                for (token, status) in [(mod, HTTPResponse.Status.ok), (ada, .ok), (cat, .forbidden)] {
                    let (seen, bytes) = try await client.execute(uri: copy, method: .get, headers: [.authorization: "Bearer \(token)"]) {
                        ($0.status, Data(buffer: $0.body))
                    }
                    #expect(seen == status && (status != .ok || bytes.starts(with: [0xFF, 0xD8, 0xFF])), "\(seen): \(copy)")
                }
                // The same decision again is the decision; another is refused.
                #expect(try await act(client, ofPost.id, "remove", token: mod).0 == .ok)
                #expect(error(try await act(client, ofPost.id, "dismiss", token: mod)) == "report_closed")
                #expect(try await act(client, ofComment.id, "explode", token: mod).0 == .badRequest)
                #expect(try await act(client, ofAccount.id, "remove", token: mod).0 == .badRequest, "an account is not removed")

                // A warning: the comment's author sees it, with the moderator's words.
                #expect(try await act(client, ofComment.id, "warn", reason: "be kind", token: mod).0 == .ok)
                let warned = try await notes(client, token: cat)
                #expect(warned.map(\.kind) == ["warning"] && warned.first?.note?.contains("be kind") == true)
                // The reporter hears what came of each, never from whom.
                let told = try await notes(client, token: ada)
                #expect(told.map(\.kind) == ["report", "report"])
                #expect(told.contains { $0.note?.contains("it was removed") == true } && told.contains { $0.note?.contains("warned") == true })
                #expect(told.allSatisfy { $0.actor.username == "ada" && $0.note?.contains("mod") == false })

                // Nobody but an admin acts on an admin.
                let rootPost = try await client.post("Root's", by: root)
                let ofRoot = try #require(try await report(client, "/posts/\(rootPost)/report", #"{"category":"other"}"#, token: ada))
                #expect(error(try await act(client, ofRoot.id, "suspend", token: mod)) == "not_admin")
                #expect(try await act(client, ofRoot.id, "dismiss", token: root).0 == .ok)
                #expect(try await client.json(.delete, "/users/root/suspension", token: mod).0 == .forbidden)

                // The record: the account's earlier reports and the actions taken on it.
                let (_, read) = try await client.wire(KiwiWire.Report.self, .get, "/reports/\(ofAccount.id)", token: mod)
                #expect(read?.history?.reports.map(\.id) == [ofPost.id], "bob's earlier report")
                #expect(read?.history?.actions.map(\.action) == ["remove"])
                #expect(try await client.wire([KiwiWire.Report].self, .get, "/reports", token: mod).1?.map(\.id) == [ofAccount.id])
                #expect(try await client.wire([KiwiWire.Report].self, .get, "/reports?all=true", token: mod).1?.count == 4)

                // The audit log: who, what, which report, why, newest first.
                let (_, audit) = try await client.wire([KiwiWire.AuditEntry].self, .get, "/audit", token: mod)
                #expect(audit?.map(\.action) == ["dismiss", "warn", "remove"])
                #expect(audit?.last?.moderator == "mod" && audit?.last?.report == ofPost.id && audit?.last?.reason == "adverts")
                #expect(audit?.first?.moderator == "root" && audit?.first?.account == "root")
                if let sqlite = kiwi.database as? SQLiteKiwiDatabase {
                    await #expect(throws: (any Error).self, "the audit log is never edited") {
                        try await sqlite.write { db in try db.execute(sql: "UPDATE moderation_log SET reason = 'nothing'") }
                    }
                }
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func aSilencedAccountReachesItsFollowersAlone(_ kind: StoreKind) async throws {
        let library = try await OpenLibraryStub.start()
        defer { Task { await library.stop() } }
        try await withKiwi(kind, books: KiwiBookTests.books(library.baseURL)) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, bob, cat, mod) = (
                    try await client.member("ada"), try await client.member("bob"), try await client.member("cat"), try await client.member("mod")
                )
                #expect(try await kiwi.database.setRole(.moderator, of: "mod"))
                _ = try await client.post("Ada on the storm", book: Self.book, by: ada)
                _ = try await client.post("Bob on the storm", book: Self.book, by: bob)
                _ = try await client.json(.post, "/users/bob/follow", token: cat)
                let reported = try #require(try await report(client, "/users/bob/report", #"{"category":"spam"}"#, token: ada))
                // Read once before, so that what the server keeps must change.
                #expect(try await authors(client, "/posts", token: nil) == ["ada", "bob"])
                #expect(try await act(client, reported.id, "silence", token: mod).0 == .ok)

                for reader in [ada, nil] {
                    for uri in ["/posts", "/books/\(Self.book)/posts", "/search?q=storm"] {
                        #expect(try await authors(client, uri, token: reader) == ["ada"], "\(uri) leaves bob out")
                    }
                    let (_, standing) = try await client.wire(KiwiWire.BookSummary.self, .get, "/books/\(Self.book)", token: reader)
                    #expect(standing?.recentReaders?.map(\.username) == ["ada"])
                    let (_, popular, _) = try await client.json(.get, "/books/popular", token: reader)
                    #expect((popular as? [[String: Any]])?.first?["reflections"] as? Int == 1, "bob's post is not counted")
                }
                #expect(try await authors(client, "/feed", token: cat) == ["bob"], "his followers still see him")
                #expect(try await authors(client, "/users/bob/posts", token: ada) == ["bob"], "and his own profile")
                #expect(try await client.wire(KiwiWire.User.self, .get, "/users/bob").1?.standing == "silenced")
                #expect(try await client.json(.post, "/posts", token: bob).0 != .forbidden, "he may still write")

                #expect(try await client.json(.delete, "/users/bob/silence", token: mod).0 == .ok)
                #expect(try await authors(client, "/posts", token: nil) == ["ada", "bob"])
                #expect(error(try await client.json(.delete, "/users/bob/silence", token: mod)) == "not_kept_away")
                #expect(try await client.wire(KiwiWire.User.self, .get, "/users/bob").1?.standing == nil)
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func aSuspendedAccountIsStoppedAndLeavesEveryListUntilLifted(_ kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, mod) = (try await client.member("ada"), try await client.member("mod"))
                let bob = try await client.member("bob", password: "bob-password")
                #expect(try await kiwi.database.setRole(.moderator, of: "mod"))
                let adas = try await client.post("Ada's", by: ada)
                let bobs = try await client.post("Bob's", by: bob)
                _ = try await client.form("operation=create&postid=\(adas)&text=Bob%20here", token: bob)
                _ = try await client.json(.post, "/users/ada/follow", token: bob)
                let reported = try #require(try await report(client, "/users/bob/report", #"{"category":"spam"}"#, token: ada))
                #expect(try await authors(client, "/posts", token: ada) == ["ada", "bob"])
                #expect(try await act(client, reported.id, "suspend", reason: "spam account", token: mod).0 == .ok)

                // His sessions do nothing, and he cannot log in.
                #expect(error(try await client.json(.post, "/posts/\(adas)/like", token: bob)) == "suspended")
                #expect(error(try await client.json(.get, "/users/me", token: bob)) == "suspended")
                let login = #"{"username":"bob","password":"bob-password"}"#
                #expect(error(try await client.json(.post, "/sessions", login)) == "suspended")
                // What he wrote leaves every list; his profile says he is suspended.
                #expect(try await authors(client, "/posts", token: ada) == ["ada"])
                #expect(try await authors(client, "/users/bob/posts", token: nil).isEmpty)
                #expect(try await client.json(.get, "/posts/\(bobs)", token: ada).0 == .notFound)
                #expect(try await client.wire([KiwiWire.Comment].self, .get, "/posts/\(adas)/comments", token: ada).1?.isEmpty == true)
                let (_, told) = try await client.wire([KiwiWire.Notification].self, .get, "/notifications", token: ada)
                #expect(told?.allSatisfy { $0.actor.username != "bob" } == true, "his comment and follow are not heard of")
                let (_, unread, _) = try await client.json(.get, "/notifications/unread", token: ada)
                #expect((unread as? [String: Any])?["count"] as? Int == 1, "nor counted as unread: only what came of her report")
                #expect(try await client.wire([KiwiWire.User].self, .get, "/search?q=bob&type=members", token: ada).1?.isEmpty == true)
                #expect(try await client.wire(KiwiWire.User.self, .get, "/users/bob").1?.standing == "suspended")

                // Lifted: nothing was lost, and he logs in again (the old session ended).
                #expect(try await client.json(.delete, "/users/bob/suspension", #"{"reason":"appeal"}"#, token: mod).0 == .ok)
                #expect(try await authors(client, "/posts", token: ada) == ["ada", "bob"])
                #expect(try await client.wire([KiwiWire.Comment].self, .get, "/posts/\(adas)/comments", token: ada).1?.count == 1)
                #expect(error(try await client.json(.get, "/users/me", token: bob)) == "not_logged_in")
                #expect(try await client.json(.post, "/sessions", login).0 == .ok)
                #expect(error(try await client.json(.delete, "/users/bob/suspension", token: mod)) == "not_kept_away")
                let (_, audit) = try await client.wire([KiwiWire.AuditEntry].self, .get, "/audit", token: mod)
                #expect(audit?.map(\.action) == ["unsuspend", "suspend"] && audit?.first?.reason == "appeal")
            }
        }
    }

    /// Two servers of one community: a suspension through A stops the member's session on B, and
    /// a removal through A takes the post and its photo off B, within a second.
    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func aSuspensionAndARemovalHoldOnBothServersWithinASecond() async throws {
        try await withTwoServers { database, a, b in
            let (ada, mod) = (try await a.member("ada"), try await a.member("mod"))
            let bob = try await a.member("bob", password: "bob-password")
            #expect(try await database.setRole(.moderator, of: "mod"))
            let post = try await b.post("Cheap pills", by: bob)
            let (_, seen) = try await b.wire(KiwiWire.Post.self, .get, "/posts/\(post)", token: ada)
            let photo = try Self.path(try #require(seen?.imageVersions?["320"]))
            #expect(try await b.execute(uri: photo, method: .get) { $0.status } == .ok, "B made and keeps the version")
            #expect(try await b.json(.get, "/users/me", token: bob).0 == .ok, "B keeps bob's session")

            let ofPost = try #require(try await report(a, "/posts/\(post)/report", #"{"category":"spam"}"#, token: ada))
            #expect(try await act(a, ofPost.id, "remove", token: mod).0 == .ok)
            #expect(try await eventually(within: .seconds(1)) { try await b.json(.get, "/posts/\(post)", token: ada).0 == .notFound })
            #expect(try await eventually(within: .seconds(1)) { try await b.execute(uri: photo, method: .get) { $0.status } == .notFound })

            let ofBob = try #require(try await report(a, "/users/bob/report", #"{"category":"spam"}"#, token: ada))
            #expect(try await act(a, ofBob.id, "suspend", token: mod).0 == .ok)
            #expect(try await eventually(within: .seconds(1)) { error(try await b.json(.get, "/users/me", token: bob)) == "suspended" })
            #expect(error(try await b.json(.post, "/sessions", #"{"username":"bob","password":"bob-password"}"#)) == "suspended")
            #expect(try await a.json(.delete, "/users/bob/suspension", token: mod).0 == .ok)
            #expect(try await eventually(within: .seconds(1)) { error(try await b.json(.get, "/users/me", token: bob)) == "not_logged_in" })
        }
    }
}

/// A suspended member's open live stream ends with the suspension, as their sessions stop.
@Suite struct KiwiSuspendedStreamTests {
    @Test(arguments: StoreKind.available)
    func aSuspensionEndsTheMembersOpenStream(_ kind: StoreKind) async throws {
        try await withKiwi(kind, heartbeat: 0.2) { kiwi in
            try await kiwi.application.test(.live) { client in
                let base = "http://127.0.0.1:\(try #require(client.port))"
                let (ada, bob, mod) = (try await client.member("ada"), try await client.member("bob"), try await client.member("mod"))
                #expect(try await kiwi.database.setRole(.moderator, of: "mod"))
                let (adas, bobs) = (try await LiveStreamReader.open(base, token: ada), try await LiveStreamReader.open(base, token: bob))
                defer { Task { await adas.close() } }
                _ = try await bobs.next("unread")
                let (_, reported, _) = try await client.json(.post, "/users/bob/report", #"{"category":"spam"}"#, token: ada)
                let id = try #require((reported as? [String: Any])?["id"] as? String)
                #expect(try await client.json(.post, "/reports/\(id)/actions", #"{"action":"suspend"}"#, token: mod).0 == .ok)
                #expect(await bobs.waitUntilEnded(within: .seconds(2)), "bob's stream ends")
                let (told, _) = try await adas.next("notification")
                #expect(try told.decoded(KiwiWire.Notification.self).kind == "report", "ada's stays open, and hears what came of her report")
            }
        }
    }
}
