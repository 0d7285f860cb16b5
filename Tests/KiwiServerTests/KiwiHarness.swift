import Foundation
import Hummingbird
import HummingbirdTesting
import Kiwi
import KiwiMedia
import KiwiServerCommands
import KiwiServerSettings
import KiwiWire
import Logging
import NIOCore
import PluginAPI
import PostgresNIO
import TestSupport
import Testing

@testable import KiwiServer

/// The stores the route suite runs against: memory and SQLite always, PostgreSQL when
/// `KIWI_TEST_DATABASE_URL` names a server (CI always sets it).
enum StoreKind: String, Sendable, CustomTestStringConvertible {
    case memory, sqlite, postgres

    /// With `?pool=2` unless it names a pool: dozens of test servers run at once, each with its
    /// pool and listener, and a PostgreSQL server takes 100 clients unless told otherwise.
    static var databaseURL: String? {
        guard let url = ProcessInfo.processInfo.environment["KIWI_TEST_DATABASE_URL"], !url.isEmpty else { return nil }
        return url.contains("?") ? url : url + "?pool=2"
    }

    static var available: [StoreKind] { databaseURL == nil ? [.memory, .sqlite] : [.memory, .sqlite, .postgres] }

    var testDescription: String { rawValue }
}

extension KiwiDatabase {
    /// A test server's URL as `--database` takes it.
    static func postgres(url: String) throws -> KiwiDatabase { .postgres(try address(url)) }
}

extension PostgresKiwiDatabase {
    convenience init(url: String, schema: String? = nil, trust: Duration = PostgresChangeListener.usualTrust, logger: Logger) throws {
        self.init(address: try address(url), schema: schema, trust: trust, logger: logger)
    }
}

private func address(_ url: String) throws -> PostgresAddress {
    try #require(PostgresAddress(url: url), "a postgres:// URL: \(Secret.maskedURL(url))")
}

/// A Kiwi server on a fresh database (an SQLite file, or a PostgreSQL schema of its own) and uploads folder.
struct KiwiHarness {
    let folder: URL
    let database: any KiwiStorage
    /// nil: images are kept by the store (as PostgreSQL does by default).
    let uploads: UploadFolder?
    let arguments: ServeCommand
    let books: BookSearch?
    var covers: CoverSource? = nil
    /// Photos' versions, in the test's folder; and the keys signing their URLs.
    var media: MediaFolder { get throws { try MediaFolder(path: folder.appendingPathComponent("media").path) } }
    let keys = MediaKeys.random()

    let quiet = Logger(label: "kiwi-test") { _ in SwiftLogNoOpLogHandler() }

    var application: some ApplicationProtocol {
        get throws {
            buildApplication(
                storage: database,
                uploads: uploads,
                media: try media,
                keys: keys,
                arguments: arguments,
                books: books,
                covers: covers,
                logger: quiet
            )
        }
    }

    var uploadedFiles: [String] {
        uploads.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) }?.filter { !$0.hasPrefix(".") } ?? []
    }

}

extension ServeCommand {
    /// `kiwi serve`'s arguments as a test's server takes them: the command line parsed as a
    /// person's would be, on a throwaway database, with the lowest bcrypt cost (it keeps the suite
    /// fast; the server's default is 10) and a patient `/health` (a loaded CI machine, a browser
    /// and a fuzzer beside the suite, took over 2 s to open a SQLite reader).
    static func testing(_ words: [String] = []) throws -> ServeCommand {
        try parse(["--database", "memory", "--port", "0", "--bcrypt-cost", "4", "--health-patience", "30"] + patientClocks + words)
    }

    /// Clocks for clients, not slow-loris attackers: a live test's client connects at once and on a
    /// loaded machine (the whole suite, a browser) sent its first request after the 10 s head clock,
    /// and the server had closed it ("I/O on closed channel"). A test's own words come after, and win.
    static let patientClocks = ["--head-timeout", "120", "--idle-timeout", "300"]
}

extension KiwiCommunity {
    /// The community's rules on `storage`, as a test without a server uses them.
    static func testing(_ storage: any KiwiStorage, federatedAt publicURL: String? = nil) -> KiwiCommunity {
        KiwiCommunity(
            storage: storage,
            photos: PhotoIntake(
                uploads: nil,
                media: MediaFolder.scratch(),
                processor: PhotoProcessor(),
                maxBytes: 64 * 1024,
                measures: false,
                logger: Logger(label: "kiwi-test") { _ in SwiftLogNoOpLogHandler() }
            ),
            bookSearch: nil,
            bcryptCost: 4,
            healthPatience: .seconds(30),
            heartbeat: .seconds(15),
            federation: publicURL.map { Federation.Settings(publicURL: $0, mediaURL: nil, mediaSigner: MediaSigner(keys: .random())) }
        )
    }
}

/// Runs `body` with a harness on a fresh store of this kind, and cleans the store up after.
func withKiwi(
    _ kind: StoreKind,
    maxUploadBytes: Int = 64 * 1024,
    books: BookSearch? = nil,
    covers: CoverSource? = nil,
    metrics: Bool = false,
    uploadsFolder: Bool = true,
    publicURL: String? = nil,
    heartbeat: Double = 15,
    serve more: [String] = [],
    _ body: (KiwiHarness) async throws -> Void
) async throws {
    let folder = Scratch.url("kiwi")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let uploads = uploadsFolder ? try UploadFolder(path: folder.appendingPathComponent("uploads").path) : nil
    var words = ["--max-upload-bytes", "\(maxUploadBytes)", "--heartbeat", "\(heartbeat)"]
    if let uploads { words += ["--uploads", uploads.path] }
    if let publicURL { words += ["--public-url", publicURL] }
    if metrics { words.append("--metrics") }
    let arguments = try ServeCommand.testing(words + more)
    switch kind {
    case .memory:
        try await body(
            KiwiHarness(folder: folder, database: MemoryKiwiDatabase(), uploads: uploads, arguments: arguments, books: books, covers: covers)
        )
    case .sqlite:
        let database = try SQLiteKiwiDatabase(path: folder.appendingPathComponent("kiwi.sqlite").path, measured: metrics)
        try await body(KiwiHarness(folder: folder, database: database, uploads: uploads, arguments: arguments, books: books, covers: covers))
    case .postgres:
        try await withPostgres(metrics: metrics) { database in
            try await body(KiwiHarness(folder: folder, database: database, uploads: uploads, arguments: arguments, books: books, covers: covers))
        }
    }
}

/// Two servers of one community on PostgreSQL (a schema of its own), both with `kiwi serve`
/// `words`, as `body`'s clients A and B.
func withTwoServers(
    _ words: [String] = [],
    books: BookSearch? = nil,
    covers: CoverSource? = nil,
    _ body: @Sendable (any TestClientProtocol, any TestClientProtocol) async throws -> Void
) async throws {
    try await withTwoServers(words, books: books, covers: covers) { _, a, b in try await body(a, b) }
}

/// The same, with the community's database as the operator reaches it (`kiwi role`); with
/// `testing` `.live`, both servers listen on ports (for live streams).
func withTwoServers(
    _ words: [String] = [],
    books: BookSearch? = nil,
    covers: CoverSource? = nil,
    testing: TestingSetup = .router,
    _ body: @Sendable (PostgresKiwiDatabase, any TestClientProtocol, any TestClientProtocol) async throws -> Void
) async throws {
    let quiet = Logger(label: "kiwi-two-servers") { _ in SwiftLogNoOpLogHandler() }
    try await withPostgres { first in
        let schema = try #require(first.listener.schema)
        let second = try PostgresKiwiDatabase(url: try #require(StoreKind.databaseURL), schema: schema, logger: quiet)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await second.run() }
            defer { group.cancelAll() }
            let arguments = try ServeCommand.testing(words)
            let serverA = buildApplication(storage: first, uploads: nil, arguments: arguments, books: books, covers: covers, logger: quiet)
            let serverB = buildApplication(storage: second, uploads: nil, arguments: arguments, books: books, covers: covers, logger: quiet)
            try await serverA.test(testing) { a in
                try await serverB.test(testing) { b in try await body(first, a, b) }
            }
        }
    }
}

/// A PostgreSQL database in a schema of its own, its pool and listener running, dropped after `body`.
/// Patient, as the test servers' `/health` is: dozens of writes at once queue for a test's pool of
/// two, and on a loaded CI machine the last waited longer than a server's 4 s (a test of patience
/// builds its own store).
func withPostgres(
    metrics: Bool = false,
    trust: Duration = PostgresChangeListener.usualTrust,
    _ body: (PostgresKiwiDatabase) async throws -> Void
) async throws {
    let url = try #require(StoreKind.databaseURL)
    let schema = "kiwi_test_\(UUID().uuidString.prefix(8).lowercased())"
    let logger = Logger(label: "kiwi-pg-test") { _ in SwiftLogNoOpLogHandler() }
    let database = PostgresKiwiDatabase(
        address: try address(url),
        schema: schema,
        measured: metrics,
        patience: .seconds(30),
        trust: trust,
        logger: logger
    )
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await database.run() }
        defer { group.cancelAll() }
        try await database.migrate(schema: schema)
        try await database.listening(within: .seconds(10))
        try await body(database)
        try await database.client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \"\(schema)\" CASCADE"))
    }
}

@Suite struct PostgresAvailabilityTests {
    /// Locally, without a server, this is skipped and says so; scripts/test (TOOLBOX_TEST_ALL) must always run the PostgreSQL suite.
    @Test(
        .enabled(
            if: StoreKind.databaseURL != nil || ProcessInfo.processInfo.environment["TOOLBOX_TEST_ALL"] == "1",
            "PostgreSQL store suite skipped: set KIWI_TEST_DATABASE_URL to a server to run it"
        )
    )
    func thePostgreSQLSuiteRuns() {
        #expect(StoreKind.databaseURL != nil, "scripts/test must set KIWI_TEST_DATABASE_URL so the store suite runs against PostgreSQL")
    }
}

/// Requests as a client sends them.
extension TestClientProtocol {
    func json(
        _ method: HTTPRequest.Method,
        _ uri: String,
        _ body: String? = nil,
        token: String? = nil,
        key: String? = nil
    ) async throws -> (HTTPResponse.Status, Any?, HTTPFields) {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let key { headers[.idempotencyKey] = key }
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }) { response in
            let object = try? JSONSerialization.jsonObject(with: Data(buffer: response.body), options: [.fragmentsAllowed])
            return (response.status, object, response.headers)
        }
    }

    /// A request whose answer is read with the wire types the client uses; nil when it does not decode.
    func wire<Value: Decodable>(
        _ type: Value.Type,
        _ method: HTTPRequest.Method,
        _ uri: String,
        _ body: String? = nil,
        token: String? = nil
    ) async throws -> (HTTPResponse.Status, Value?) {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }) { response in
            (response.status, try? JSONDecoder().decode(Value.self, from: Data(buffer: response.body)))
        }
    }

    func form(_ body: String, token: String?, key: String? = nil) async throws -> (HTTPResponse.Status, Any?) {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let key { headers[.idempotencyKey] = key }
        return try await execute(uri: "/comments", method: .post, headers: headers, body: ByteBuffer(string: body)) { response in
            (response.status, try? JSONSerialization.jsonObject(with: Data(buffer: response.body)))
        }
    }

    func upload(
        _ file: Data?,
        caption: String? = nil,
        book: String? = nil,
        token: String?,
        key: String? = nil
    ) async throws -> (HTTPResponse.Status, [String: Any]?) {
        let (body, contentType) =
            book.map { TestImages.multipart(file, filename: "x.png", caption: caption, fields: ["book": $0]) }
            ?? TestImages.multipart(file, filename: "x.png", caption: caption)
        var headers: HTTPFields = [.contentType: contentType]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let key { headers[.idempotencyKey] = key }
        return try await execute(uri: "/posts", method: .post, headers: headers, body: ByteBuffer(bytes: body)) { response in
            (response.status, try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
        }
    }

    /// A photo posted by the member with this token, with a caption and a book if given; its id.
    func post(_ caption: String? = nil, book: String? = nil, by token: String) async throws -> String {
        let (status, answer) = try await upload(TestImages.png, caption: caption, book: book, token: token)
        return try #require(answer?["id"] as? String, "posting answered \(status) without an id")
    }

    /// Signs up and logs in; returns the token.
    func member(_ username: String, password: String = "secret-\(UUID().uuidString.prefix(4))") async throws -> String {
        _ = try await json(.post, "/users", #"{"username":"\#(username)","password":"\#(password)"}"#)
        let (_, session, _) = try await json(.post, "/sessions", #"{"username":"\#(username)","password":"\#(password)"}"#)
        return ((session as? [String: Any])?["token"] as? String) ?? ""
    }
}

extension KiwiUser {
    init(username: String, createdAt: Date) {
        self.init(username: username, fullName: nil, email: nil, avatar: nil, createdAt: createdAt)
    }
}
