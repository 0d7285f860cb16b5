import TMDB

/// The browse filter. Invalid combinations cannot exist: the three rules of the
/// Trailers app are applied after every change.
///
/// 1. Any content type other than movie clears the certification.
/// 2. Sort trending with an active filter (providers, kinds and your services too) becomes popularity.
/// 3. Date range upcoming with sort trending or popularity becomes newest.
///
/// A change returns the overrides of values the user typed, to be said on stderr;
/// replacing a default is silent.
struct TrailerFilter: Sendable, Equatable {
    enum Field: Sendable, Hashable { case contentType, sort, genre, dates, certification, providers, kinds, onlyMyServices }

    /// A value the rules changed after the user typed it.
    struct Override: Sendable, Equatable {
        var field: Field
        var notice: String
    }

    private(set) var contentType: ContentType = .all
    private(set) var sort: Sort = .trending
    private(set) var genre: String?
    private(set) var dates: DateRange = .allTime
    private(set) var certification: Certification?
    /// Watch providers by name, and the kinds of watching (stream, rent, …): "any of".
    private(set) var providers: [String] = []
    private(set) var kinds: [WatchKind] = []
    /// Only titles on the user's services (`--on-my-services`): discover filters them.
    private(set) var onlyMyServices = false
    private var typed: Set<Field> = []

    /// Genre, certification, a date range other than all-time, providers, kinds or your services.
    var hasActiveFilter: Bool {
        genre != nil || certification != nil || dates != .allTime || !providers.isEmpty || !kinds.isEmpty || onlyMyServices
    }

    /// Sort trending with no active filter reads the trending endpoint; everything else discovers.
    var usesTrendingEndpoint: Bool { sort == .trending && !hasActiveFilter }

    @discardableResult mutating func setContentType(_ value: ContentType) -> [Override] {
        change(.contentType) { $0.contentType = value }
    }

    @discardableResult mutating func setSort(_ value: Sort) -> [Override] {
        change(.sort) { $0.sort = value }
    }

    @discardableResult mutating func setGenre(_ value: String?) -> [Override] {
        change(.genre) { $0.genre = value }
    }

    @discardableResult mutating func setDates(_ value: DateRange) -> [Override] {
        change(.dates) { $0.dates = value }
    }

    @discardableResult mutating func setCertification(_ value: Certification?) -> [Override] {
        change(.certification) { $0.certification = value }
    }

    @discardableResult mutating func setProviders(_ value: [String]) -> [Override] {
        change(.providers) { $0.providers = value }
    }

    @discardableResult mutating func setKinds(_ value: [WatchKind]) -> [Override] {
        change(.kinds) { $0.kinds = value }
    }

    @discardableResult mutating func setOnlyMyServices(_ value: Bool) -> [Override] {
        change(.onlyMyServices) { $0.onlyMyServices = value }
    }

    private mutating func change(_ field: Field, _ apply: (inout TrailerFilter) -> Void) -> [Override] {
        typed.insert(field)
        apply(&self)
        return enforceRules()
    }

    private mutating func enforceRules() -> [Override] {
        var overrides: [Override] = []
        let requested = sort
        func override(_ field: Field, _ notice: String) {
            if typed.contains(field) { overrides.append(Override(field: field, notice: notice)) }
        }
        if contentType != .movie, let certification {
            self.certification = nil
            override(.certification, "certification \(certification.rawValue) cleared: only movies have certifications")
        }
        if sort == .trending && hasActiveFilter {
            sort = .popularity
            override(.sort, "sort changed to popularity: trending cannot be combined with filters")
        }
        if dates == .upcoming && (sort == .trending || sort == .popularity) {
            sort = .newest
            override(.sort, "sort changed to newest: upcoming titles cannot be sorted by \(requested.rawValue)")
        }
        // A later rule can undo an earlier override of the same field; say only the last.
        return overrides.reversed().reduce(into: [Override]()) { kept, next in
            if !kept.contains(where: { $0.field == next.field }) { kept.insert(next, at: 0) }
        }
    }
}
