extension StringProtocol {
    /// The text without white space or line breaks at either end.
    ///
    /// Rather than Foundation's `trimmingCharacters(in:)`: its first call costs
    /// about half a millisecond of runtime type lookups, and configuration values
    /// are trimmed on every run. Inlinable for the same reason: called unspecialized
    /// from another module, generic code pays those lookups too.
    @inlinable public var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
