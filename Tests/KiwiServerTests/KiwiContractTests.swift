import Foundation
import KiwiWire
import TestSupport
import Testing

@testable import KiwiServer

/// schemathesis (PyPI) against the real server, on SQLite and on PostgreSQL: no 5xx for any
/// generated input, every response as `GET /openapi.json` documents it, 405 with the right `Allow`.
@Suite struct KiwiContractTests {
    /// CI installs schemathesis and names it in KIWI_SCHEMATHESIS, so there a missing tool fails;
    /// elsewhere the one on PATH, if any.
    static let required = ProcessInfo.processInfo.environment["KIWI_SCHEMATHESIS"].map { !$0.isEmpty } ?? false
    static let schemathesis: String? = {
        let environment = ProcessInfo.processInfo.environment
        let candidates =
            required ? [environment["KIWI_SCHEMATHESIS"] ?? ""] : (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/schemathesis" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
    static let hooks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Contract")

    @Test(
        .enabled(if: schemathesis != nil || required, "schemathesis is not installed (pip install schemathesis); scripts/test installs it"),
        arguments: StoreKind.available.filter { $0 != .memory }
    )
    func schemathesisFindsNothing(kind: StoreKind) async throws {
        let tool = try #require(Self.schemathesis, "KIWI_SCHEMATHESIS names no program")
        let library = try await OpenLibraryStub.start()
        switch kind {
        case .postgres:
            try await withFreshPostgres { url in try await fuzz(database: url, tool: tool, books: library.baseURL) }
        default:
            let folder = Scratch.url("kiwi-contract")
            try await fuzz(database: "sqlite:\(folder.path)/kiwi.sqlite", tool: tool, books: library.baseURL)
        }
        await library.stop()
    }

    /// The document served validates as OpenAPI 3.1 (openapi-spec-validator, installed beside schemathesis).
    @Test(.enabled(if: schemathesis != nil || required, "schemathesis is not installed (pip install schemathesis openapi-spec-validator)"))
    func theDocumentIsValidOpenAPI31() async throws {
        let tool = try #require(Self.schemathesis, "KIWI_SCHEMATHESIS names no program")
        let file = Scratch.url("kiwi-openapi", ending: ".json")
        try Data(KiwiOpenAPI.document.utf8).write(to: file)
        let (status, report) = try await Program.run(
            URL(fileURLWithPath: tool).deletingLastPathComponent().appendingPathComponent("python3").path,
            [
                "-m", "openapi_spec_validator", "--schema", "3.1", file.path,
            ]
        )
        #expect(status == 0 && report.contains("OK"), "\(report)")
    }

    func fuzz(database: String, tool: String, books: URL) async throws {
        let (server, base) = try await ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_BOOKS_URL": books.absoluteString])
            // The fuzzer signs up and logs in thousands of times from one address: limits that
            // would answer most of it 429 are lifted, so the logic behind them is what it tests. With
            // federation on, its routes are fuzzed too (their links name the public URL, never fetched).
            .serveKiwi([
                "--database", database, "--rate-limit", "signups@address=off", "--rate-limit", "logins@address=off",
                "--federation", "on", "--public-url", "https://kiwi.test",
            ])
        defer { server.process.terminate() }
        // hypothesis keeps its examples in `.hypothesis` where it runs.
        let folder = Scratch.url("schemathesis")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Kiwi refuses some schema-valid requests on rules a schema cannot state (a file that is not
        // an image by its bytes, following yourself, the fields each comment operation needs), so
        // `positive_data_acceptance` is left out; every other check runs. The seed keeps CI repeatable;
        // one worker, because Python 3.11's parser is not thread-safe under hypothesis. The live stream
        // (`/events`) never ends, so a fuzzer cannot read its answer: its own tests hold it to the document.
        let (status, report) = try await Program.run(
            tool,
            [
                "run", "\(base)/openapi.json", "--checks", "all", "--exclude-checks", "positive_data_acceptance",
                "--max-examples", "15", "--seed", "42", "--workers", "1", "--request-timeout", "10", "--exclude-path", "/events",
            ],
            environment: ProcessInfo.processInfo.environment.merging(
                ["KIWI_BASE": base, "SCHEMATHESIS_HOOKS": "kiwi_auth", "PYTHONPATH": Self.hooks.path, "NO_COLOR": "1"]
            ) { $1 },
            in: folder
        )
        let said = server.standardErrorSoFar.split(separator: "\n").filter { !$0.contains(" ms") }.suffix(30).joined(separator: "\n")
        #expect(
            status == 0,
            "schemathesis on \(database.hasPrefix("sqlite") ? "SQLite" : "PostgreSQL"):\n\(report.suffix(6_000))\nthe server said:\n\(said)"
        )
        // Every operation selected (all but the live stream's) was tested.
        let selected = try #require(report.firstMatch(of: /Selected: (\d+)\/(\d+)/), "\(report.suffix(2_000))")
        #expect(Int(selected.2) == Int(selected.1).map { $0 + 1 }, "only the live stream is left out")
        #expect(report.contains("Tested: \(selected.1)"), "every operation was tested:\n\(report.suffix(2_000))")
    }
}
