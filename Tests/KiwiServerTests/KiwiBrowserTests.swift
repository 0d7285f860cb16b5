import Foundation
import TestSupport
import Testing

/// The web pages in a real browser: Chromium, driven through WebDriver by Selenium
/// (`Tests/Browser/kiwi_journey.py`), takes the built binary through a reader's journey at a
/// phone's width without JavaScript (every page must work without it) and at a desktop's with it
/// (the unread count and the feed's news arrive live), reports a post and a reader for a moderator
/// to decide on, and saves screenshots.
@Suite(.serialized) struct KiwiBrowserTests {
    static let environment = ProcessInfo.processInfo.environment
    /// CI installs chromium, chromium-driver and selenium, and names the driver in KIWI_WEBDRIVER,
    /// so there a missing tool fails; elsewhere the driver on PATH, if any.
    static let required = environment["KIWI_WEBDRIVER"].map { !$0.isEmpty } ?? false
    static let driver: String? = {
        let candidates =
            required ? [environment["KIWI_WEBDRIVER"] ?? ""] : (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/chromedriver" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/kiwi_journey.py")
    /// Where the screenshots go: KIWI_SCREENSHOTS (CI prints it), else a folder the test prints.
    static let screenshots = environment["KIWI_SCREENSHOTS"] ?? FileManager.default.temporaryDirectory.appendingPathComponent("kiwi-screenshots").path

    @Test(
        .enabled(
            if: driver != nil || required,
            "chromedriver is not installed (apt-get install chromium chromium-driver; pip install selenium); scripts/test installs it"
        ),
        arguments: [(375, false), (1280, true)]
    )
    func aReaderJourneyInChromium(width: Int, javascript: Bool) async throws {
        let driver = try #require(Self.driver, "KIWI_WEBDRIVER names no program")
        let folder = Scratch.url("kiwi-browser")
        let library = try await OpenLibraryStub.start()
        let serving = try ToolboxBinary(
            extraEnvironment: ["TOOLBOX_KIWI_BOOKS_URL": library.baseURL.absoluteString, "TOOLBOX_KIWI_COVERS_URL": library.baseURL.absoluteString]
        )
        let (server, base) = try await serving.serveKiwi(["--database", "sqlite:\(folder.path)/kiwi.sqlite"])
        defer { server.process.terminate() }
        // What a new user is told to open.
        let told = try await server.waitForLine(containing: "in a browser")
        #expect(told.hasSuffix("open \(base)/ in a browser"), "\(told)")

        // A moderator, named by the operator, for the reports' part of the journey.
        _ = try await ToolboxBinary.kiwiReader("mia", on: base)
        #expect(try await serving.run(["kiwi", "role", "mia", "moderator", "--database", "sqlite:\(folder.path)/kiwi.sqlite"]).exitCode == 0)

        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let (status, report) = try await Program.run(
            "/usr/bin/env",
            ["python3", Self.script.path, "--base", base, "--width", "\(width)", "--screenshots", Self.screenshots, "--chromedriver", driver]
                + ["--moderator", "mia:pw-mia"]
                + (chromium.map { ["--chromium", $0] } ?? []) + (javascript ? [] : ["--no-javascript"])
        )
        print(report)
        let name = javascript ? "\(width)" : "\(width)-no-js"
        #expect(status == 0, "the journey at \(name):\n\(report.suffix(4_000))")
        #expect(report.contains("journey at \(name) passed"), "\(report.suffix(2_000))")
        await library.stop()
    }
}
