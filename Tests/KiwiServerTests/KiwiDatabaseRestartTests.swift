import Foundation
import PluginAPI
import TestSupport
import Testing

/// A database that stops and starts again under a running server: nothing hangs, nothing exits,
/// nothing stale is answered, and the server comes back by itself.
@Suite(.enabled(if: ScratchPostgres.unavailable == nil, "\(ScratchPostgres.unavailable ?? "")"))
struct KiwiDatabaseRestartTests {
    let http = LiveHTTP()

    /// The answer to `method path` and how long it took.
    func timed(_ method: String, _ url: String, headers: [String: String] = [:]) async throws -> (PluginAPI.HTTPResponse, Duration) {
        let started = ContinuousClock.now
        let answer = try await http.send(method, url, headers: headers)
        return (answer, ContinuousClock.now - started)
    }

    /// The times of `method url`, each answer checked by `check`: a loaded run can keep one answer
    /// waiting for a core past its deadline, so one that took 5 s or more is asked again, and the
    /// quicker of the two says what the server does.
    func askedAgainIfSlow(
        _ method: String,
        _ url: String,
        headers: [String: String] = [:],
        check: (PluginAPI.HTTPResponse, Duration) -> Void
    ) async throws -> [Duration] {
        var times: [Duration] = []
        for _ in 0..<2 {
            let (answer, time) = try await timed(method, url, headers: headers)
            check(answer, time)
            times.append(time)
            if time < .seconds(5) { break }
        }
        return times
    }

    @Test func withTheDatabaseDownEveryRequestAnswersWithinFiveSecondsAndTheServerRecoversByItself() async throws {
        let database = try await ScratchPostgres()
        let (server, base) = try await ToolboxBinary().serveKiwi(["--database", database.url])
        defer { server.process.terminate() }
        let ada = try await LiveMember.join("ada", at: base)
        let post = try await ada.post("before the restart", at: base)
        let page = base + "/posts?page=0&pageSize=20"
        #expect(try await http.send("GET", page).status == 200, "and kept in memory")

        try await database.stop()
        // Within its 2 s, give or take: a loaded run can keep an answer waiting for a core (a CI run
        // beside a browser took 2.9 s at best), so the best of three looks (a second apart, each asks
        // the database anew) must be within 4 s: below the 5 s every other request is given.
        var healthTimes: [Duration] = []
        for _ in 0..<3 {
            let (health, time) = try await timed("GET", base + "/health")
            #expect(health.status == 503 && time < .seconds(5), "/health: \(health.status) in \(time)")
            healthTimes.append(time)
            if time < .milliseconds(2_500) { break }
            try await Task.sleep(for: .milliseconds(1_100))
        }
        #expect(healthTimes.contains { $0 < .seconds(4) }, "/health said 503 within 4 s: \(healthTimes)")
        let asks: [(String, String, [String: String])] = [
            ("POST", base + "/posts/\(post)/like", ["Authorization": "Bearer \(ada.token)"]),
            ("GET", page, [:]),
            ("GET", base + "/posts/\(post)", [:]),
            ("GET", base + "/users/me", ["Authorization": "Bearer \(ada.token)"]),
        ]
        for (method, url, headers) in asks {
            let times = try await askedAgainIfSlow(method, url, headers: headers) { answer, time in
                let failure = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
                #expect(answer.status == 503, "\(method) \(url): \(answer.status) in \(time)")
                #expect(failure?["error"] as? String == "database_unavailable" && (failure?["message"] as? String)?.contains("database") == true)
            }
            #expect(times.contains { $0 < .seconds(5) }, "\(method) \(url) answered within 5 s: \(times)")
        }
        let pageTimes = try await askedAgainIfSlow("GET", base + "/", headers: ["Accept": "text/html"]) { browser, time in
            let html = String(decoding: browser.body, as: UTF8.self)
            #expect(browser.status == 503 && html.contains("cannot reach its database"), "the page says so (\(time)): \(html.prefix(300))")
        }
        #expect(pageTimes.contains { $0 < .seconds(5) }, "the page answered within 5 s: \(pageTimes)")
        #expect(server.process.isRunning, "the server does not exit")

        try await database.start()
        let deadline = ContinuousClock.now + .seconds(15)
        var liked = 0
        while ContinuousClock.now < deadline {
            let answer = try await http.send("POST", base + "/posts/\(post)/like", headers: ["Authorization": "Bearer \(ada.token)"])
            if answer.status == 200 {
                liked = (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["likes"] as? Int ?? 0
                break
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(liked == 1, "the server answers again by itself, without a restart")
        let after = try JSONSerialization.jsonObject(with: try await http.send("GET", page).body) as? [[String: Any]]
        #expect(after?.first?["likes"] as? Int == 1, "and nothing it kept from before is answered")
        #expect(try await http.send("GET", base + "/health").status == 200)
    }
}
