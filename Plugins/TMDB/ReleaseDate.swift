import Foundation
import PluginAPI

/// TMDB's `release_date` / `first_air_date`: "YYYY-MM-DD", "" or null.
public struct ReleaseDate: Sendable, Equatable {
    public let raw: String?

    public init(_ raw: String?) {
        self.raw = raw
    }

    private var text: String? {
        guard let raw, !raw.trimmed.isEmpty else { return nil }
        return raw
    }

    /// The date in `YYYY-MM-DD` form, or nil when missing or unparsable.
    public var iso: String? { text.flatMap { DateStyle.parse(isoDate: $0) != nil ? $0 : nil } }

    /// "Oct 15, 1999"; a date that does not parse is shown as given; none is "TBA".
    public var display: String {
        guard let text else { return "TBA" }
        return DateStyle.format(isoDate: text) ?? text
    }

    /// The year, or "TBA" when unknown.
    public var year: String {
        guard let text else { return "TBA" }
        if let parts = DateStyle.parse(isoDate: text) { return String(parts.year) }
        let prefix = text.prefix(4)
        return prefix.count == 4 && prefix.allSatisfy(\.isNumber) ? String(prefix) : "TBA"
    }
}
