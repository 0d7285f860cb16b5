/// "Did you mean …?" for mistyped names.
public enum Suggestion {
    /// The closest candidate: a prefix match, or within a small edit distance.
    public static func closest(to input: String, among candidates: [String]) -> String? {
        let input = input.lowercased()
        guard !input.isEmpty else { return nil }
        if let prefixed = candidates.sorted().first(where: { $0.lowercased().hasPrefix(input) }) { return prefixed }
        let scored = candidates.map { ($0, distance(input, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        return best.1 <= max(2, input.count / 3) ? best.0 : nil
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
