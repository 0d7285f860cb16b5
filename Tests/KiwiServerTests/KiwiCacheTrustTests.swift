import Foundation
import Hummingbird
import HummingbirdTesting
import Kiwi
import KiwiServerCommands
import KiwiServerSettings
import KiwiWire
import Logging
import PluginAPI
import PostgresNIO
import Synchronization
import TestSupport
import Testing

@testable import KiwiServer

/// Servers on one PostgreSQL keep pages in memory and stay exact: every write's notice drops what it
/// touched on every server, and a server that is not listening answers nothing from memory.
@Suite(.serialized, .enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
struct KiwiCacheTrustTests {
    static let quiet = Logger(label: "kiwi-trust-test") { _ in SwiftLogNoOpLogHandler() }

    /// `count` servers (each its own pool, listener and caches) on one fresh schema.
    /// Servers that trust a heartbeat for a minute: under a loaded test run a heartbeat can come back
    /// late, and these tests are about notices and lost connections, which end trust at once.
    func withServers(_ count: Int, _ body: ([any ApplicationProtocol], [PostgresKiwiDatabase]) async throws -> Void) async throws {
        try await withPostgres(trust: .seconds(60)) { first in
            let schema = try #require(first.listener.schema)
            let url = try #require(StoreKind.databaseURL)
            let others = try (1..<count).map { _ in try PostgresKiwiDatabase(url: url, schema: schema, trust: .seconds(60), logger: Self.quiet) }
            let databases = [first] + others
            try await withThrowingTaskGroup(of: Void.self) { group in
                for database in others { group.addTask { try await database.run() } }
                defer { group.cancelAll() }
                let arguments = try ServeCommand.testing()
                let applications = databases.map { buildApplication(storage: $0, uploads: nil, arguments: arguments, logger: Self.quiet) }
                for database in databases { try await Self.waitUntilTrusted(database) }
                try await body(applications, databases)
            }
        }
    }

    static func waitUntilTrusted(_ database: PostgresKiwiDatabase, within limit: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + limit
        while !database.changes.isTrusted, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(database.changes.isTrusted, "the listener confirmed its notices within \(limit)")
    }

    static func firstCaption(_ client: some TestClientProtocol) async throws -> String? {
        try await client.wire([KiwiWire.Post].self, .get, "/posts?page=0&pageSize=20").1?.first?.caption ?? nil
    }

    /// Waits until the server has heard the notices of every write made so far: they arrive in
    /// commit order, so once a marker sent now is heard, so is everything before it (a page read
    /// before a notice arrives is dropped when it does).
    static func heardEverything(_ database: PostgresKiwiDatabase) async throws {
        let marker = "heard-\(UUID().uuidString.prefix(8))"
        final class Flag: Sendable { let raised = Atomic(false) }
        let heard = Flag()
        database.changes.stream { change in
            if case .sessionEnded(let hash)? = change, hash == marker { heard.raised.store(true, ordering: .releasing) }
        }
        try await database.client.query("SELECT pg_notify('kiwi_' || current_schema(), \("session:\(marker)"))", logger: quiet)
        let deadline = ContinuousClock.now + .seconds(10)
        while !heard.raised.load(ordering: .acquiring), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        let wasHeard = heard.raised.load(ordering: .acquiring)
        try #require(wasHeard, "the server heard its own notices within 10 s")
    }

    /// A change the database makes without telling anyone (its notice triggers off for this session):
    /// only a server that keeps nothing it cannot trust answers it.
    static func silently(_ database: PostgresKiwiDatabase, _ sql: String) async throws {
        try await database.client.withTransaction(logger: quiet) { connection in
            try await connection.query("SET LOCAL session_replication_role = replica", logger: quiet)
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: quiet)
        }
    }

    @Test func aServerThatLostItsListeningConnectionAnswersNothingFromMemory() async throws {
        try await withServers(1) { applications, databases in
            let database = databases[0]
            try await applications[0].test(.router) { client in
                let ada = try await client.member("ada")
                _ = try await client.upload(TestImages.png, caption: "before", token: ada)
                try await Self.heardEverything(database)
                #expect(try await Self.firstCaption(client) == "before")
                // Kept now: a change nobody is told of is not seen while the server trusts its notices.
                try await Self.silently(database, "UPDATE posts SET caption = 'unseen'")
                #expect(try await Self.firstCaption(client) == "before", "the page is kept while the notices are trusted")

                // The database ends the listening connection; from the moment the server can know it
                // (the connection says so), nothing comes from memory.
                let listener = try #require(database.listener.backend.withLock { $0 })
                try await database.client.query("SELECT pg_terminate_backend(\(listener))")
                let noticed = ContinuousClock.now + .seconds(5)
                while database.changes.isTrusted, database.listener.backend.withLock({ $0 }) == listener, ContinuousClock.now < noticed {
                    try await Task.sleep(for: .milliseconds(1))
                }
                #expect(ContinuousClock.now < noticed, "the server knew its listening connection was gone within 5 s")
                try await Self.silently(database, "UPDATE posts SET caption = 'after'")
                let until = ContinuousClock.now + .seconds(2)
                var answers: [String?] = []
                while ContinuousClock.now < until { answers.append(try await Self.firstCaption(client)) }
                #expect(answers.allSatisfy { $0 == "after" }, "never from memory after the listener was lost: \(Set(answers.map { $0 ?? "nil" }))")
                try await Self.waitUntilTrusted(database)
                #expect(database.listener.backend.withLock { $0 } != listener, "it listens again, on a new connection")
            }
        }
    }

    /// A photo deleted while the server could not hear of it (its notice missed, then its listening
    /// connection lost) is not served from the copies it keeps: untrusted, it asks the database first.
    @Test func aServerThatMayHaveMissedADeletionAsksTheDatabaseBeforeServingAPhoto() async throws {
        try await withServers(1) { applications, databases in
            let database = databases[0]
            try await applications[0].test(.router) { client in
                let ada = try await client.member("ada")
                let post = try #require(try await client.upload(TestImages.png, caption: "kept here", token: ada).1)
                let version = KiwiMediaTests.path(try #require((post["imageVersions"] as? [String: String])?["320"]))
                let name = try #require((post["imageURL"] as? String)?.split(separator: "/").last.map(String.init))
                #expect(try await client.execute(uri: version, method: .get) { $0.status } == .ok)
                try await Self.silently(database, "DELETE FROM images WHERE name = '\(name)'")
                try await Self.silently(database, "DELETE FROM posts WHERE image = '\(name)'")
                #expect(try await client.execute(uri: version, method: .get) { $0.status } == .ok, "trusted, it serves what it keeps")

                let listener = try #require(database.listener.backend.withLock { $0 })
                try await database.client.query("SELECT pg_terminate_backend(\(listener))")
                let noticed = ContinuousClock.now + .seconds(5)
                while database.changes.isTrusted, ContinuousClock.now < noticed { try await Task.sleep(for: .milliseconds(1)) }
                #expect(!database.changes.isTrusted)
                #expect(try await client.execute(uri: version, method: .get) { $0.status } == .notFound, "asked the database, and it is gone")
                #expect(
                    try await client.execute(uri: "/uploads/\(name)", method: .get, headers: [.authorization: "Bearer \(ada)"]) { $0.status }
                        == .notFound
                )
            }
        }
    }

    /// Each kind of write made through one server is on the other's answers within a second, while
    /// readers load the other's first page the whole time.
    @Test func aWriteThroughOneServerIsOnTheOthersPagesWithinASecond() async throws {
        try await withServers(2) { applications, _ in
            try await applications[0].test(.router) { a in
                try await applications[1].test(.router) { b in
                    let ada = try await a.member("ada")
                    let bob = try await a.member("bob")
                    try await withThrowingTaskGroup(of: Void.self) { readers in
                        for _ in 0..<4 {
                            readers.addTask { while !Task.isCancelled { _ = try await b.json(.get, "/posts?page=0&pageSize=20") } }
                        }
                        defer { readers.cancelAll() }
                        func seenOnB(
                            _ what: String,
                            _ path: String = "/posts?page=0&pageSize=20",
                            token: String? = nil,
                            _ seen: @escaping (Any?) -> Bool
                        )
                            async throws
                        {
                            let deadline = ContinuousClock.now + .seconds(1)
                            while ContinuousClock.now < deadline {
                                if seen(try await b.json(.get, path, token: token).1) { return }
                                try await Task.sleep(for: .milliseconds(5))
                            }
                            Issue.record("\(what) made on A was not on B within a second")
                        }
                        func first(_ page: Any?) -> [String: Any] { (page as? [[String: Any]])?.first ?? [:] }

                        let id = try #require(try await a.upload(TestImages.png, caption: "one", token: ada).1?["id"] as? String)
                        try await seenOnB("a post") { first($0)["id"] as? String == id }
                        _ = try await a.json(.post, "/posts/\(id)/like", token: bob)
                        try await seenOnB("a like") { first($0)["likes"] as? Int == 1 }
                        _ = try await a.json(.delete, "/posts/\(id)/like", token: bob)
                        try await seenOnB("an unlike") { first($0)["likes"] as? Int == 0 }
                        _ = try await a.form("operation=create&postid=\(id)&text=Lovely", token: bob)
                        try await seenOnB("a comment") { first($0)["commentCount"] as? Int == 1 }
                        _ = try await a.json(.put, "/users/ada", #"{"fullname":"Ada Lovelace"}"#, token: ada)
                        try await seenOnB("a profile change") { (first($0)["author"] as? [String: Any])?["displayName"] as? String == "Ada Lovelace" }
                        _ = try await a.json(.post, "/users/ada/follow", token: bob)
                        try await seenOnB("a follow", "/feed", token: bob) { first($0)["id"] as? String == id }
                        _ = try await a.json(.delete, "/posts/\(id)", token: ada)
                        try await seenOnB("a delete") { ($0 as? [Any])?.isEmpty == true }
                    }
                }
            }
        }
    }
}
