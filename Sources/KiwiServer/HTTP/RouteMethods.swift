import Hummingbird
import Synchronization

/// The methods each route pattern answers, filled once every route is added.
final class RouteMethods: Sendable {
    private let patterns = Mutex<[(segments: [Substring], method: String)]>([])

    func load<Context>(_ router: Router<Context>) {
        patterns.withLock { $0 = router.routes.map { (segments: "\($0.path)".split(separator: "/"), method: "\($0.method)") } }
    }

    /// The methods of the most specific patterns `path` matches (a `{name}` parameter matches any
    /// one segment, `@{name}` any segment starting with `@`; `/users/me` is not `/users/{username}`).
    func methods(for path: String) -> [String] {
        let segments = path.split(separator: "/")
        func isParameter(_ segment: Substring) -> Bool { segment.contains("{") || segment.hasPrefix(":") }
        func matches(_ pattern: Substring, _ segment: Substring) -> Bool {
            if let brace = pattern.firstIndex(of: "{") { return segment.hasPrefix(pattern[..<brace]) }
            return pattern.hasPrefix(":") || pattern == segment
        }
        return patterns.withLock { patterns in
            let matching = patterns.filter { pattern in
                pattern.segments.count == segments.count && zip(pattern.segments, segments).allSatisfy(matches)
            }
            let literals = { (pattern: (segments: [Substring], method: String)) in pattern.segments.count { !isParameter($0) } }
            let best = matching.map(literals).max()
            return Array(Set(matching.filter { literals($0) == best }.map(\.method))).sorted()
        }
    }
}
