import Foundation
import TestSupport
import Testing

/// Kiwi against another project's ActivityPub server: bovine-herd, each under a host name of its
/// own and TLS from an authority made for the run (`Tests/Fediverse/kiwi_bovine.py`). A reader on
/// each follows the other; a post's Note reaches bovine with its book's link, its photo and its
/// spoiler warning; bovine's Note is taken in; each undoes the follow; and bovine's own signature
/// checks refuse none of Kiwi's requests.
@Suite struct KiwiBovineTests {
    static let environment = ProcessInfo.processInfo.environment
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fediverse/kiwi_bovine.py").path
    /// The Python that has bovine-herd, bovine-tool, hypercorn and Pillow: KIWI_BOVINE (scripts/test
    /// makes it), which CI sets, so there a missing one fails.
    static let python = environment["KIWI_BOVINE"].flatMap { $0.isEmpty ? nil : $0 }
    static var unavailable: String? {
        if python == nil { return "KIWI_BOVINE names no Python with bovine-herd (scripts/test installs one in .build/bovine)" }
        if getuid() != 0 { return "needs root: it writes the test hosts' names in /etc/hosts and listens on port 443; CI is root" }
        return nil
    }

    @Test(.enabled(if: unavailable == nil || environment["TOOLBOX_TEST_ALL"] == "1", "\(unavailable ?? "")"))
    func aReaderOnBovineAndAReaderOnKiwiFollowEachOtherAndBovineTakesKiwisPost() async throws {
        if let unavailable = Self.unavailable { Issue.record(Comment(rawValue: unavailable)) }
        let python = try #require(Self.python)
        let (status, report) = try await Program.run(python, [Self.script, ToolboxBinary.url.path])
        print(report)
        #expect(status == 0, "\(report.suffix(6_000))")
        #expect(report.contains("kiwi_bovine.py: the journey passed"), "\(report.suffix(2_000))")
    }
}
