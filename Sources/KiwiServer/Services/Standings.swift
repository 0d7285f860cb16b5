import PluginAPI

/// Who is silenced or suspended now, as every list asks: few members, the same for every reader,
/// kept in memory while true. A moderator's decision changes a member's row, which every server
/// hears of as a change of that member (`KiwiChange.member`), and drops what it kept.
struct Standings: Sendable {
    let store: any ReportStore
    let cache: KiwiCache<Int, KiwiStandings>
    /// Asked of the store once however many requests want it at once (a thousand live streams
    /// opening together), in a task of its own: a caller waits without the store call's depth.
    let asking = InFlightWork<KiwiStandings>()

    @Sendable static func stale(_ change: KiwiChange) -> KiwiCache<Int, KiwiStandings>.Stale? {
        if case .member = change { return .all }
        return nil
    }

    /// What is kept in memory now, without asking the store.
    var kept: KiwiStandings? { cache.kept(0) }

    func current() async throws -> KiwiStandings {
        if let kept { return kept }
        return try await asking.run(key: "") { [cache, store] in try await cache.value(for: 0) { try await store.standings() } }
    }

    /// Refuses a suspended member: they cannot log in, and their sessions do nothing.
    func refuseSuspended(_ name: String) async throws {
        if try await current().suspended.contains(name) { throw KiwiProblem.suspended }
    }
}
