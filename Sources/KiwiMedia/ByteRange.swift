import PluginAPI

/// A single byte range a `Range` header asks for (RFC 9110 §14.1.2): `bytes=A-B`, `bytes=A-` or
/// `bytes=-N`, within a body of `length` bytes.
public struct ByteRange: Equatable {
    public let range: Range<Int>

    public enum Asked: Equatable {
        /// No range, or one this server answers whole (several ranges, another unit).
        case whole
        case part(ByteRange)
        /// Past the end: 416.
        case unsatisfiable
    }

    public static func asked(_ field: String?, length: Int) -> Asked {
        guard let field, field.hasPrefix("bytes="), !field.contains(",") else { return .whole }
        let spec = field.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard spec.count == 2 else { return .whole }
        let (first, last) = (spec[0].trimmed, spec[1].trimmed)
        if first.isEmpty {
            // The last N bytes.
            guard let suffix = Int(last), suffix > 0 else { return .whole }
            return length == 0 ? .unsatisfiable : .part(ByteRange(range: max(0, length - suffix)..<length))
        }
        guard let start = Int(first), start >= 0, let end = last.isEmpty ? length - 1 : Int(last).map({ min($0, length - 1) }) else {
            return .whole
        }
        guard start < length else { return .unsatisfiable }
        guard end >= start else { return .whole }
        return .part(ByteRange(range: start..<end + 1))
    }
}
