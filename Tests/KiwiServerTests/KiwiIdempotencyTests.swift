import Foundation
import Hummingbird
import HummingbirdTesting
import Kiwi
import KiwiServerCommands
import KiwiServerSettings
import KiwiWire
import Logging
import PostgresNIO
import Synchronization
import TestSupport
import Testing

@testable import KiwiServer

/// `Idempotency-Key` on the writes that are not idempotent by nature: a retry of a post, a comment
/// or a sign-up gets the first answer and stores nothing twice, on every store and across servers.
@Suite struct KiwiIdempotencyTests {
    static func count(_ client: some TestClientProtocol, _ uri: String) async throws -> Int {
        (try await client.json(.get, uri).1 as? [Any])?.count ?? -1
    }

    @Test(arguments: StoreKind.available) func aRetriedPostIsTheFirstPostAndAnotherRequestUnderItsKeyIs422(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let bob = try await client.member("bob")
                let (status, first) = try await client.upload(TestImages.png, caption: "once", token: ada, key: "post-1")
                #expect(status == .created)
                // The same request again, as a client re-sends it: a new multipart boundary, the same parts.
                let (again, second) = try await client.upload(TestImages.png, caption: "once", token: ada, key: "post-1")
                #expect(again == .created)
                #expect(second?["id"] as? String == first?["id"] as? String, "the first answer again")
                #expect(try await Self.count(client, "/posts") == 1, "nothing stored twice")
                #expect(kiwi.uploadedFiles.count == 1, "nor its photo")

                let (reused, body) = try await client.upload(TestImages.png, caption: "something else", token: ada, key: "post-1")
                #expect(reused == .unprocessableContent)
                #expect((body?["error"] as? String) == "idempotency_key_reused")
                #expect(try await client.upload(TestImages.png, caption: "once", token: bob, key: "post-1").0 == .created, "keys are per account")
                #expect(try await Self.count(client, "/posts") == 2)
                #expect(try await client.upload(TestImages.png, token: ada, key: String(repeating: "k", count: 256)).0 == .badRequest)
                #expect(try await client.upload(TestImages.png, token: ada, key: "has space").0 == .badRequest)
            }
        }
    }

    @Test(arguments: StoreKind.available) func aRetriedCommentIsOneCommentAndItsAnswerNamesIt(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let post = try await client.post(by: ada)
                let (status, first) = try await client.form("operation=create&postid=\(post)&text=Lovely", token: ada, key: "c-1")
                #expect(status == .ok)
                let answer = try #require(first as? [String: Any])
                #expect(answer["status"] as? String == "ok", "the original clients still read their answer")
                let id = try #require(answer["id"] as? String, "the new comment's id")
                let (_, second) = try await client.form("operation=create&postid=\(post)&text=Lovely", token: ada, key: "c-1")
                #expect((second as? [String: Any])?["id"] as? String == id)
                let comments = try #require(try await client.json(.get, "/posts/\(post)/comments").1 as? [[String: Any]])
                #expect(comments.map { $0["id"] as? String } == [id])
                #expect(try await client.json(.get, "/posts/\(post)").1.map { ($0 as? [String: Any])?["commentCount"] as? Int } == 1)
                #expect(try await client.form("operation=create&postid=\(post)&text=Other", token: ada, key: "c-1").0 == .unprocessableContent)
                #expect(try await client.form("operation=create&postid=\(post)&text=Lovely", token: ada).0 == .ok, "without a key, each is new")
            }
        }
    }

    @Test(arguments: StoreKind.available) func aRetriedSignUpIsTheFirst201NotAConflict(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let body = #"{"username":"cara","password":"pw-1","fullname":"Cara"}"#
                let (status, first, _) = try await client.json(.post, "/users", body, key: "signup-1")
                #expect(status == .created)
                let (again, second, _) = try await client.json(.post, "/users", body, key: "signup-1")
                #expect(again == .created, "its repeat answers the first 201, not 409")
                #expect((second as? NSDictionary) == (first as? NSDictionary), "the same body")
                #expect(try await client.json(.post, "/users", body).0 == .conflict, "without the key, the name is taken")
                let other = #"{"username":"cara","password":"pw-1","fullname":"Someone else"}"#
                #expect(try await client.json(.post, "/users", other, key: "signup-1").0 == .unprocessableContent)
            }
        }
    }

    /// The server's deadline passed (503) while the database still committed the post; the
    /// client, having seen an error, sends it again with the same key: one post.
    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func aPostCommittedAfterItsDeadlineAndRetriedIsOnePost() async throws {
        let quiet = Logger(label: "kiwi-idempotency-test") { _ in SwiftLogNoOpLogHandler() }
        try await withPostgres { first in
            let schema = try #require(first.listener.schema)
            let url = try #require(StoreKind.databaseURL)
            // A server with little patience, on the same database: a second, which its sign-up, login
            // and session reads need on a loaded CI machine (300 ms did not always do), and the
            // commit below outlasts.
            let hurried = PostgresKiwiDatabase(
                address: try #require(PostgresAddress(url: url)),
                schema: schema,
                patience: .seconds(1),
                logger: quiet
            )
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await hurried.run() }
                defer { group.cancelAll() }
                let server = buildApplication(storage: hurried, uploads: nil, arguments: try ServeCommand.testing(), logger: quiet)
                try await server.test(.router) { client in
                    let ada = try await client.member("ada")
                    // Commits that take three seconds: the server's COMMIT is sent, and its answer comes after the deadline.
                    for sql in [
                        "CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(3); RETURN NULL; END $$",
                        "CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON kept_answers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit()",
                    ] {
                        try await first.client.query(PostgresQuery(unsafeSQL: sql), logger: quiet)
                    }
                    let (status, _) = try await client.upload(TestImages.png, caption: "late", token: ada, key: "late-1")
                    #expect(status == .serviceUnavailable, "the server could not wait")
                    try await first.client.query("DROP TRIGGER slow_commit ON kept_answers", logger: quiet)
                    // The rest through a patient server of the same community: on a loaded CI machine
                    // the hurried one's deadline was too short for any read at all.
                    let patient = buildApplication(storage: first, uploads: nil, arguments: try ServeCommand.testing(), logger: quiet)
                    try await patient.test(.router) { other in
                        var stored = 0
                        for _ in 0..<50 where stored == 0 {
                            stored = try await Self.count(other, "/posts")
                            try await Task.sleep(for: .milliseconds(100))
                        }
                        #expect(stored == 1, "the post was stored although its answer was 503")
                        let (retried, answer) = try await other.upload(TestImages.png, caption: "late", token: ada, key: "late-1")
                        #expect(retried == .created)
                        #expect(answer?["caption"] as? String == "late")
                        #expect(try await Self.count(other, "/posts") == 1, "the retry stored nothing")
                    }
                }
            }
        }
    }

    /// A post sent through server A, its answer lost, sent again through server B: one post.
    @Test(.enabled(if: StoreKind.databaseURL != nil, "needs KIWI_TEST_DATABASE_URL"))
    func theSameKeyThroughTwoServersIsOnePost() async throws {
        try await withTwoServers { a, b in
            let ada = try await a.member("ada")
            let throughA = try #require(try await a.upload(TestImages.png, caption: "once", token: ada, key: "k-ab").1)
            let throughB = try #require(try await b.upload(TestImages.png, caption: "once", token: ada, key: "k-ab").1)
            #expect(throughB["id"] as? String == throughA["id"] as? String)
            // At once, through both: still one.
            async let viaA = a.upload(TestImages.jpeg, caption: "race", token: ada, key: "k-race")
            async let viaB = b.upload(TestImages.jpeg, caption: "race", token: ada, key: "k-race")
            let answers = try await [viaA, viaB]
            let created = answers.filter { $0.0 == .created }
            #expect(!created.isEmpty && answers.allSatisfy { $0.0 == .created || $0.0 == .conflict })
            #expect(Set(created.compactMap { $0.1?["id"] as? String }).count == 1, "one post, whichever answered")
            #expect(try await Self.count(a, "/posts?pageSize=10") == 2)
        }
    }

    /// A repeat while the first is still being answered: 409 with Retry-After, and the write once.
    @Test func aRepeatWhileTheFirstRunsIs409() async throws {
        let idempotency = Idempotency(store: MemoryKiwiDatabase())
        let gate = AsyncStream<Void>.makeStream()
        let writes = Atomic(0)
        let answer: @Sendable (Int) throws -> (status: Int, body: Data) = { (201, Data("\($0)".utf8)) }
        async let first = idempotency.once(key: "k", account: "ada", request: "r", answer: answer) { _ in
            writes.add(1, ordering: .relaxed)
            for await _ in gate.stream { break }
            return 7
        }
        while writes.load(ordering: .relaxed) == 0 { try await Task.sleep(for: .milliseconds(5)) }
        await #expect(throws: KiwiProblem.stillAnswering) {
            try await idempotency.once(key: "k", account: "ada", request: "r", answer: answer) { _ in 8 }
        }
        #expect(KiwiProblem.stillAnswering.answer.status == .conflict && KiwiProblem.stillAnswering.answer.retryAfter == 1)
        gate.continuation.yield()
        #expect(try await first.body == Data("7".utf8))
        #expect(writes.load(ordering: .relaxed) == 1)
        #expect(Idempotency.digest("a", "bc") != Idempotency.digest("ab", "c") && Idempotency.digest(nil) != Idempotency.digest(""))
    }

    /// The new-post page's form carries its own key: sent twice, one post.
    @Test(arguments: StoreKind.available) func theWebFormSentTwiceStoresOnePost(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let page = try await client.execute(uri: "/new", method: .get, headers: [.cookie: "session=\(ada)"]) {
                    String(buffer: $0.body)
                }
                let key = try #require(page.firstMatch(of: /name="key" value="([^"]+)"/)?.1, "the form carries a key")
                let csrf = try #require(page.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
                var locations: [String] = []
                for _ in 0..<2 {
                    let (body, contentType) = TestImages.multipart(
                        TestImages.png,
                        caption: "twice",
                        fields: ["csrf": String(csrf), "key": String(key)]
                    )
                    let location = try await client.execute(
                        uri: "/new",
                        method: .post,
                        headers: [.cookie: "session=\(ada)", .contentType: contentType],
                        body: ByteBuffer(bytes: body)
                    ) { $0.headers[.location] }
                    locations.append(try #require(location))
                }
                #expect(locations[0] == locations[1] && locations[0].hasPrefix("/p/"), "\(locations)")
                #expect(try await Self.count(client, "/posts") == 1)
            }
        }
    }
}
