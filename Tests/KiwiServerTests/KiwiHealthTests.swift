import Foundation
import Hummingbird
import HummingbirdTesting
import Kiwi
import KiwiMedia
import KiwiServerCommands
import KiwiServerSettings
import KiwiWire
import Logging
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

@Suite struct KiwiHealthTests {
    /// A database that does not answer makes `/health` 503 saying so, in about two seconds, not never.
    @Test func healthIs503WhenTheDatabaseDoesNotAnswer() async throws {
        let logger = Logger(label: "kiwi-health-test") { _ in SwiftLogNoOpLogHandler() }
        // Port 1 on loopback: nothing listens there.
        let database = try PostgresKiwiDatabase(url: "postgres://kiwi:secret@127.0.0.1:1/kiwi", logger: logger)
        let folder = Scratch.url("kiwi")
        let uploads = try UploadFolder(path: folder.appendingPathComponent("uploads").path)
        let arguments = try ServeCommand.testing(["--uploads", uploads.path, "--max-upload-bytes", "1000"])
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await database.run() }
            defer { group.cancelAll() }
            try await buildApplication(storage: database, uploads: uploads, arguments: arguments, logger: logger).test(.router) { client in
                let (status, body, _) = try await client.json(.get, "/health")
                #expect(status == .serviceUnavailable)
                let message = (body as? [String: Any])?["message"] as? String
                #expect(message?.contains("database") == true, "\(String(describing: body))")
            }
        }
    }
}

extension KiwiHealthTests {
    /// `/metrics` in the Prometheus text format: requests by route pattern, store calls, upload bytes.
    /// Metrics are the process's (every test server reports to them), so this reads counts that grew.
    @Test(arguments: StoreKind.available) func metricsCountRequestsStoreCallsAndUploads(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let status = try await client.json(.get, "/metrics").0
                #expect(status == .notFound, "only with --metrics")
            }
        }
        try await withKiwi(kind, metrics: true) { kiwi in
            try await kiwi.application.test(.router) { client in
                func metrics() async throws -> String {
                    try await client.execute(uri: "/metrics", method: .get) { response in
                        #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                        return String(buffer: response.body)
                    }
                }
                func value(_ series: String, in text: String) -> Double {
                    text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
                }
                let postsSeries = #"hb_requests{http_route="/posts/{id}",http_request_method="GET",http_response_status_code="200"}"#
                let storeSeries = #"kiwi_store_query_duration_seconds_count{operation="createPost"}"#
                let before = try await metrics()
                let ada = try await client.member("ada")
                let (_, post) = try await client.upload(TestImages.png, token: ada)
                _ = try await client.json(.get, "/posts/\(post?["id"] as? String ?? "")")
                let after = try await metrics()
                #expect(value(postsSeries, in: after) >= value(postsSeries, in: before) + 1, "by route pattern, not by URL")
                // Each call a database answers is timed by its store method's name (memory asks no database).
                if kind != .memory { #expect(value(storeSeries, in: after) >= value(storeSeries, in: before) + 1, "\(after)") }
                #expect(value("kiwi_upload_bytes_total", in: after) >= value("kiwi_upload_bytes_total", in: before) + Double(TestImages.png.count))
                #expect(after.contains("# TYPE http_server_request_duration histogram"), "latency histograms")
            }
        }
    }

    /// Over real sockets, the connection asking for `/metrics` is one of the open connections it reports.
    @Test func metricsCountOpenConnections() async throws {
        try await withKiwi(.memory, metrics: true) { kiwi in
            try await kiwi.application.test(.live) { client in
                let text = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
                let open = text.split(separator: "\n").first { $0.hasPrefix("kiwi_open_connections ") }.flatMap {
                    Double($0.split(separator: " ").last ?? "")
                }
                #expect((open ?? 0) >= 1, "\(text.split(separator: "\n").filter { $0.contains("open_connections") })")
            }
        }
    }
}

/// The published contract (`GET /openapi.json`) and the router agree route for route.

extension KiwiHealthTests {
    /// A request is a log line: its method, its path without the query (which may hold what a reader
    /// searched for), its status and its milliseconds. A quiet server (`--quiet`: errors only)
    /// writes none.
    @Test func eachRequestIsALogLineUnlessTheServerIsQuiet() async throws {
        for quiet in [false, true] {
            let console = Console.memory()
            let logger = Logger(label: "kiwi") { _ in ConsoleLogHandler(console: console, level: quiet ? .error : .info) }
            let arguments = try ServeCommand.testing([])
            try await buildApplication(storage: MemoryKiwiDatabase(), uploads: nil, arguments: arguments, logger: logger).test(.router) { client in
                let listed = try await client.json(.get, "/posts?page=0&pageSize=5").0
                let missing = try await client.json(.get, "/posts/404").0
                #expect(listed == .ok && missing == .notFound)
            }
            let said = console.captured.standardError
            if quiet {
                #expect(!said.contains("GET /posts"), "\(said)")
            } else {
                #expect(said.firstMatch(of: /GET \/posts 200 \d+\.\d ms/) != nil, "\(said)")
                #expect(said.firstMatch(of: /GET \/posts\/404 404 \d+\.\d ms/) != nil, "\(said)")
                #expect(!said.contains("pageSize"), "no query in the log: \(said)")
            }
        }
    }
}
