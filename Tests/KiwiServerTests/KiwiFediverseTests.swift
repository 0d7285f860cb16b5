import Foundation
import TestSupport
import Testing

/// Kiwi on the fediverse as it is deployed: servers under host names of their own, behind nginx,
/// with TLS from an authority made for the run (`Tests/Fediverse/fediverse.py`), driven with the
/// release binary as members drive it. One at a time: they share the host names and ports.
/// - Against another project's server, bovine-herd (`kiwi_bovine.py`): a reader on each follows
///   the other; a post's Note reaches bovine with its book's link, its photo and its spoiler
///   warning; bovine's photo Note is on the Kiwi reader's feed, its photo brought in by Kiwi;
///   likes and replies go both ways; each undoes the follow; and bovine's own signature checks
///   refuse none of Kiwi's requests.
/// - Between two Kiwi communities, each on a PostgreSQL database of its own (`kiwi_kiwi.py`):
///   follows both ways, a post delivered, a block, an account's deletion and a domain block each
///   taking effect on the other side.
@Suite(.serialized) struct KiwiFediverseTests {
    static let environment = ProcessInfo.processInfo.environment
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fediverse")
    /// The Python that has bovine-herd, bovine-tool, hypercorn and Pillow: KIWI_BOVINE (scripts/test
    /// makes it), which CI sets, so there a missing one fails.
    static let python = environment["KIWI_BOVINE"].flatMap { $0.isEmpty ? nil : $0 }
    static var unavailable: String? {
        if python == nil { return "KIWI_BOVINE names no Python with bovine-herd (scripts/test installs one in .build/bovine)" }
        if getuid() != 0 { return "needs root: it writes the test hosts' names in /etc/hosts and listens on ports 80 and 443; CI is root" }
        if database == nil { return "KIWI_TEST_DATABASE_URL names no PostgreSQL server" }
        return nil
    }
    /// Where the Kiwi-to-Kiwi journey makes its two databases, as psql reaches it.
    static let database = environment["KIWI_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let enabled = unavailable == nil || environment["TOOLBOX_TEST_ALL"] == "1"

    /// Runs one of the scripts and expects its journey to pass.
    func journey(_ script: String, _ arguments: [String] = []) async throws {
        if let unavailable = Self.unavailable { Issue.record(Comment(rawValue: unavailable)) }
        let python = try #require(Self.python)
        let path = Self.scripts.appendingPathComponent(script).path
        let (status, report) = try await Program.run(python, [path, ToolboxBinary.url.path] + arguments)
        print(report)
        #expect(status == 0, "\(report.suffix(6_000))")
        #expect(report.contains("\(script): the journey passed"), "\(report.suffix(2_000))")
    }

    @Test(.enabled(if: enabled, "\(unavailable ?? "")"))
    func aReaderOnBovineAndAReaderOnKiwiFollowEachOtherAndEachTakesInTheOthersPostLikesAndReplies() async throws {
        try await journey("kiwi_bovine.py")
    }

    @Test(.enabled(if: enabled, "\(unavailable ?? "")"))
    func twoKiwiCommunitiesFollowBlockDeleteAndBlockEachOthersDomain() async throws {
        try await journey("kiwi_kiwi.py", [try #require(Self.database)])
    }
}
