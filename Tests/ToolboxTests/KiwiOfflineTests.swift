import Foundation
import TestSupport
import Testing

/// Kiwi when the network fails, through the real binary: what went wrong is said, and said fast.
@Suite struct KiwiOfflineTests {
    static let session = #"{"token":"offline-token-1234","user":{"id":"ada","username":"ada","displayName":"Ada","avatarURL":null}}"#

    /// A server that answers while its database does not, then no server at all: two different
    /// errors, each with the server's own words or a hint, and neither waits out the retries.
    @Test func aDownServerAndADownDatabaseAreToldApartAtOnce() async throws {
        let server = try await StubServer.start()
        server.route("/sessions", .json(Data(Self.session.utf8)))
        let unavailable = #"{"message":"the database is unavailable; try again shortly","status_code":503,"error":"database_unavailable"}"#
        server.route("/posts", .json(Data(unavailable.utf8), status: 503))
        // The default retry policy: a refused connection must not wait it out.
        let ada = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": server.baseURL.absoluteString, "TOOLBOX_HTTP_MAX_RETRIES": "1"])
        #expect(try await ada.run(["kiwi", "login", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)

        let busy = try await ada.run(["kiwi", "feed"])
        #expect(busy.exitCode == 69)
        #expect(busy.standardError.hasPrefix("error: the Kiwi server's database is unavailable (the database is unavailable; try again shortly)\n"))
        #expect(!busy.standardError.contains("cannot reach the Kiwi server"), "the server answered: it is not down")

        await server.stop()
        let started = ContinuousClock.now
        let down = try await ada.run(["kiwi", "feed"], environment: ["TOOLBOX_HTTP_MAX_RETRIES": "5"])
        #expect(down.exitCode == 69)
        #expect(down.standardError.hasPrefix("error: cannot reach the Kiwi server at \(server.baseURL.absoluteString)"), "\(down.standardError)")
        // Five backed-off retries would take 31 s; one short look takes a fraction of one (loose for a loaded CI).
        #expect(ContinuousClock.now - started < .seconds(10))
        let following = try await ada.run(["kiwi", "feed", "--following"])
        #expect(following.exitCode == 69, "a server that is down is not a server without a following feed")
        #expect(following.standardError.contains("cannot reach the Kiwi server"))
    }
}
