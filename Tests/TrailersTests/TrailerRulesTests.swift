import Foundation
import TestSupport
import Testing

@testable import TMDB
@testable import Trailers

@Suite struct FilterRuleTests {
    enum Extra: CaseIterable { case none, genre, certification, dates }

    static let combinations: [(ContentType, Sort, Extra, DateRange)] = ContentType.allCases.flatMap { type in
        Sort.allCases.flatMap { sort in
            Extra.allCases.flatMap { extra in
                (extra == .dates ? DateRange.allCases : [.allTime]).map { (type, sort, extra, $0) }
            }
        }
    }

    @Test(arguments: combinations)
    func theRulesHoldForEveryCombination(type: ContentType, sort: Sort, extra: Extra, dates: DateRange) {
        var filter = TrailerFilter()
        var notices: [TrailerFilter.Override] = []
        notices += filter.setContentType(type)
        notices += filter.setSort(sort)
        if extra == .genre { notices += filter.setGenre("Drama") }
        if extra == .dates { notices += filter.setDates(dates) }
        if extra == .certification { notices += filter.setCertification(.pg13) }
        // Rule 1: only movies keep a certification.
        #expect(filter.certification == (type == .movie && extra == .certification ? .pg13 : nil))
        // Rule 2: trending never coexists with an active filter.
        #expect(!(filter.sort == .trending && filter.hasActiveFilter))
        // Rule 3: upcoming is never sorted by trending or popularity.
        #expect(!(filter.dates == .upcoming && [.trending, .popularity].contains(filter.sort)))
        // Anything the rules did not have to touch stays as typed, and a change to a typed sort is said.
        let sortChanged = filter.sort != sort
        #expect(notices.contains { $0.field == .sort } == sortChanged)
        if !sortChanged { #expect(filter.sort == sort) }
        #expect(filter.usesTrendingEndpoint == (filter.sort == .trending))
    }

    @Test func overridingWhatTheUserTypedIsSaid() {
        var filter = TrailerFilter()
        filter.setSort(.trending)
        let notices = filter.setGenre("Drama")
        #expect(notices == [.init(field: .sort, notice: "sort changed to popularity: trending cannot be combined with filters")])
        #expect(filter.sort == .popularity)
    }

    @Test func replacingADefaultIsSilent() {
        var filter = TrailerFilter()
        #expect(filter.setGenre("Drama").isEmpty)
        #expect(filter.sort == .popularity)
        var upcoming = TrailerFilter()
        #expect(upcoming.setDates(.upcoming).isEmpty)
        #expect(upcoming.sort == .newest)
    }

    @Test func upcomingWithATypedSortSaysWhatItBecame() {
        var filter = TrailerFilter()
        filter.setSort(.popularity)
        #expect(filter.setDates(.upcoming).map(\.notice) == ["sort changed to newest: upcoming titles cannot be sorted by popularity"])
        var trending = TrailerFilter()
        trending.setSort(.trending)
        #expect(trending.setDates(.upcoming).map(\.notice) == ["sort changed to newest: upcoming titles cannot be sorted by trending"])
    }

    @Test func changingTheTypeAwayFromMoviesClearsATypedCertification() {
        var filter = TrailerFilter()
        filter.setContentType(.movie)
        filter.setCertification(.r)
        #expect(filter.setContentType(.tv).map(\.notice).contains("certification R cleared: only movies have certifications"))
        #expect(filter.certification == nil)
    }
}

@Suite struct DateWindowTests {
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Dublin")!
        return calendar
    }

    var today: Date { calendar.date(from: DateComponents(year: 2026, month: 2, day: 14, hour: 23, minute: 30))! }

    @Test func rangesFromTheLocalCalendar() {
        #expect(DateWindow(.allTime, today: today, calendar: calendar) == DateWindow(from: nil, to: nil))
        #expect(DateWindow(.upcoming, today: today, calendar: calendar) == DateWindow(from: "2026-02-15", to: "2027-02-14"))
        #expect(DateWindow(.thisMonth, today: today, calendar: calendar) == DateWindow(from: "2026-02-01", to: "2026-02-28"))
        #expect(DateWindow(.last30Days, today: today, calendar: calendar) == DateWindow(from: "2026-01-15", to: "2026-02-14"))
        #expect(DateWindow(.last90Days, today: today, calendar: calendar) == DateWindow(from: "2025-11-16", to: "2026-02-14"))
        #expect(DateWindow(.thisYear, today: today, calendar: calendar) == DateWindow(from: "2026-01-01", to: "2026-12-31"))
    }
}

@Suite struct TrailerRankingTests {
    func video(
        _ id: String,
        name: String = "Clip",
        site: String = "YouTube",
        type: String = "Trailer",
        size: Int? = 1080,
        official: Bool? = true,
        published: String? = "2024-01-01T00:00:00.000Z"
    ) -> TMDBVideo {
        TMDBVideo(id: id, key: "k\(id)", name: name, site: site, type: type, size: size, official: official, publishedAt: published)
    }

    func ranked(_ videos: [TMDBVideo]) -> [String] { TrailerRanking.rank(videos).map { String($0.url.suffix(2)) } }

    @Test func onlyYouTubeInAnyCasePlays() {
        #expect(ranked([video("1", site: "Vimeo"), video("2", site: "youtube"), video("3", site: "YOUTUBE")]) == ["k2", "k3"])
    }

    @Test func officialFirst() { #expect(ranked([video("1", official: false), video("2", official: true)]) == ["k2", "k1"]) }

    @Test func thenByType() {
        let types = ["Behind the Scenes", "Featurette", "Bloopers", "Clip", "Teaser", "Trailer"]
        let videos = types.enumerated().map { video("\($0.offset)", type: $0.element) }
        #expect(TrailerRanking.rank(videos).map(\.type) == ["Trailer", "Teaser", "Clip", "Featurette", "Behind the Scenes", "Bloopers"])
    }

    @Test func thenOfficialTrailerInTheName() {
        #expect(ranked([video("1", name: "Trailer 2"), video("2", name: "OFFICIAL TRAILER #1")]) == ["k2", "k1"])
    }

    @Test func thenLargerSizeWithMissingAsZero() {
        #expect(ranked([video("1", size: nil), video("2", size: 720), video("3", size: 2160)]) == ["k3", "k2", "k1"])
    }

    @Test func thenNewerWithDatedBeforeUndated() {
        #expect(
            ranked([video("1", published: nil), video("2", published: "2020-01-01T00:00:00.000Z"), video("3", published: "2023-05-01T00:00:00.000Z")])
                == ["k3", "k2", "k1"]
        )
    }

    @Test func thenLowerID() {
        #expect(ranked([video("b"), video("a")]) == ["ka", "kb"])
    }

    @Test func theBestOnesSummaryLine() {
        let best = TrailerRanking.rank([video("1", name: "Official Trailer", size: 1080)]).first
        #expect(best?.summary == "YouTube • Official Trailer • 1080p")
        #expect(best?.url == "https://www.youtube.com/watch?v=k1")
    }
}

@Suite struct MergeTests {
    static func item(_ id: Int, _ type: MediaType, popularity: Double? = 1, date: String? = nil, rating: Double? = nil) -> TitleItem {
        TitleItem(id: id, type: type, title: "\(type.rawValue) \(id)", releaseDate: date, rating: rating, popularity: popularity)
    }

    /// A fake discover: pages of 20 from a fixed list per type, counting what was fetched.
    final class Pages: @unchecked Sendable {
        let lists: [MediaType: [TitleItem]]
        private let lock = NSLock()
        private var fetched: [String] = []

        init(_ lists: [MediaType: [TitleItem]]) { self.lists = lists }

        var requests: [String] { lock.withLock { fetched } }

        func fetch(_ type: MediaType, _ page: Int) -> TMDBPage<TitleItem> {
            lock.withLock { fetched.append("\(type.rawValue)\(page)") }
            let all = lists[type] ?? []
            let pages = max(1, (all.count + 19) / 20)
            return TMDBPage(page: page, results: Array(all.dropFirst((page - 1) * 20).prefix(20)), totalPages: pages, totalResults: all.count)
        }
    }

    func merged(_ pages: Pages, sort: Sort = .popularity, offset: Int = 0, count: Int) async throws -> [TitleItem] {
        try await MergedListing(order: MergeOrder(sort: sort), types: [.movie, .tv]) { pages.fetch($0, $1) }.items(offset: offset, count: count)
    }

    @Test func popularityOrderAcrossTypesWithTieBreakers() async throws {
        let pages = Pages([
            .movie: [Self.item(5, .movie, popularity: 9), Self.item(2, .movie, popularity: 5), Self.item(1, .movie, popularity: 5)],
            .tv: [Self.item(3, .tv, popularity: 7), Self.item(1, .tv, popularity: 5)],
        ])
        let order = try await merged(pages, count: 10).map { "\($0.type.rawValue)\($0.id)" }
        // Heads are compared, each type keeps TMDB's own order; at equal popularity movies go before TV.
        #expect(order == ["movie5", "tv3", "movie2", "movie1", "tv1"])
    }

    @Test func orderWithinEqualPopularityIsDeterministic() {
        let order = MergeOrder(sort: .popularity)
        #expect(order.precedes(Self.item(1, .movie, popularity: 5), Self.item(2, .movie, popularity: 5)))
        #expect(order.precedes(Self.item(9, .movie, popularity: 5), Self.item(1, .tv, popularity: 5)))
        #expect(!order.precedes(Self.item(1, .tv, popularity: 5), Self.item(9, .movie, popularity: 5)))
    }

    /// The merge compares raw values (tmdb.md): 8.94 and 8.92 both show as 8.9, and 101.27 and 101.3
    /// popularity both as 101.3, yet the higher raw value goes first, whichever type holds it.
    @Test(arguments: [(MediaType.movie, MediaType.tv), (.tv, .movie)])
    func valuesThatShowAlikeCompareByTheirRawValues(higherType: MediaType, lowerType: MediaType) {
        let higherRated = TitleItem(TMDBTitle(id: 1, title: "A", voteAverage: 8.94, voteCount: 10, popularity: 101.27), type: higherType)!
        let lowerRated = TitleItem(TMDBTitle(id: 2, title: "B", voteAverage: 8.92, voteCount: 10, popularity: 101.3), type: lowerType)!
        #expect(MergeOrder(sort: .topRated).precedes(higherRated, lowerRated), "8.94 before 8.92")
        #expect(!MergeOrder(sort: .topRated).precedes(lowerRated, higherRated))
        #expect(MergeOrder(sort: .lowestRated).precedes(lowerRated, higherRated), "8.92 before 8.94")
        #expect(!MergeOrder(sort: .lowestRated).precedes(higherRated, lowerRated))
        #expect(MergeOrder(sort: .popularity).precedes(lowerRated, higherRated), "101.3 before 101.27")
        #expect(!MergeOrder(sort: .popularity).precedes(higherRated, lowerRated))
        // Equal ratings: popularity's raw values decide next, before the movie-first rule.
        let sameRating = TitleItem(TMDBTitle(id: 3, title: "C", voteAverage: 8.94, voteCount: 10, popularity: 101.3), type: lowerType)!
        #expect(MergeOrder(sort: .topRated).precedes(sameRating, higherRated), "equal 8.94: 101.3 before 101.27")
    }

    @Test func aMergedListOrdersLookAlikeValuesByTheirRawValues() async throws {
        let pages = Pages([
            .movie: [Self.item(1, .movie, popularity: 101.27), Self.item(2, .movie, popularity: 50.04)],
            .tv: [Self.item(1, .tv, popularity: 101.3), Self.item(2, .tv, popularity: 50.01)],
        ])
        let order = try await merged(pages, count: 4).map { "\($0.type.rawValue)\($0.id)" }
        #expect(order == ["tv1", "movie1", "movie2", "tv2"])
    }

    @Test func missingDatesSortLastWhenNewestAndFirstWhenOldest() {
        let dated = Self.item(1, .movie, date: "2020-01-01")
        let undated = Self.item(2, .tv, date: nil)
        #expect(MergeOrder(sort: .newest).precedes(dated, undated))
        #expect(MergeOrder(sort: .oldest).precedes(undated, dated))
        #expect(MergeOrder(sort: .newest).precedes(Self.item(3, .tv, date: "2024-05-01"), dated))
        #expect(MergeOrder(sort: .oldest).precedes(dated, Self.item(3, .tv, date: "2024-05-01")))
        #expect(MergeOrder(sort: .topRated).precedes(Self.item(1, .tv, rating: 8), Self.item(2, .movie, rating: nil)))
    }

    @Test func whenOneTypeRunsOutTheOtherContinues() async throws {
        let pages = Pages([
            .movie: (1...3).map { Self.item($0, .movie, popularity: 100 - Double($0)) },
            .tv: (1...30).map { Self.item($0, .tv, popularity: 50 - Double($0)) },
        ])
        let items = try await merged(pages, count: 25)
        #expect(items.count == 25)
        #expect(items.prefix(3).allSatisfy { $0.type == .movie })
        #expect(items.dropFirst(3).allSatisfy { $0.type == .tv })
    }

    @Test func limitIsExactAndFetchesNoMorePagesThanNeeded() async throws {
        // Every movie is more popular than every show: 60 movies need 3 movie pages and TV's first page.
        let pages = Pages([
            .movie: (1...200).map { Self.item($0, .movie, popularity: 1000 - Double($0)) },
            .tv: (1...200).map { Self.item($0, .tv, popularity: 500 - Double($0)) },
        ])
        let items = try await merged(pages, count: 60)
        #expect(items.count == 60)
        #expect(Set(pages.requests) == ["movie1", "movie2", "movie3", "tv1"])
    }

    @Test func duplicatesAreDroppedAndPagesAreSlicesOfTheMergedOrder() async throws {
        let movies = (1...40).map { Self.item($0, .movie, popularity: 100 - Double($0)) }
        let pages = Pages([.movie: movies + [movies[0]], .tv: []])
        let second = try await merged(pages, offset: 20, count: 20)
        #expect(second.map(\.id) == Array(21...40))
    }
}

@Suite struct TitleFactsTests {
    func details(_ name: String) throws -> TMDBTitleDetails {
        try JSONDecoder().decode(TMDBTitleDetails.self, from: Fixtures.trailers(name))
    }

    func movie(releases: String) throws -> TMDBTitleDetails {
        try JSONDecoder().decode(TMDBTitleDetails.self, from: Data(#"{"id":1,"title":"T","release_dates":{"results":\#(releases)}}"#.utf8))
    }

    @Test func movieCertificationPrefersTheatricalThenLimitedThenDigital() throws {
        let releases =
            #"[{"iso_3166_1":"GB","release_dates":[{"certification":"15","type":3}]},{"iso_3166_1":"US","release_dates":[{"certification":"PG","type":4},{"certification":"","type":3},{"certification":"R","type":2},{"certification":"NC-17","type":1}]}]"#
        #expect(TitleFacts.certification(try movie(releases: releases), type: .movie) == "R")
        let digitalOnly = #"[{"iso_3166_1":"US","release_dates":[{"certification":"PG","type":4},{"certification":"G","type":1}]}]"#
        #expect(TitleFacts.certification(try movie(releases: digitalOnly), type: .movie) == "PG")
        let emptyOnly = #"[{"iso_3166_1":"US","release_dates":[{"certification":"","type":3}]}]"#
        #expect(TitleFacts.certification(try movie(releases: emptyOnly), type: .movie) == "NR")
        let noUS = #"[{"iso_3166_1":"DE","release_dates":[{"certification":"16","type":3}]}]"#
        #expect(TitleFacts.certification(try movie(releases: noUS), type: .movie) == "NR")
    }

    @Test func detailsFromTheRealFixtures() throws {
        let images: (String?, String) -> String? = { path, size in path.map { "https://image.tmdb.org/t/p/\(size)\($0)" } }
        let movie = TitleDetails(try details("movie-details-append-response.json"), type: .movie, region: "US", imageURL: images)
        #expect(movie.certification == "R")
        #expect(movie.runtime == "2h 19m")
        #expect(movie.genres == ["Drama"])
        #expect(movie.trailers.count == 1)
        let tv = TitleDetails(try details("tv-series-details-append-response.json"), type: .tv, region: "NZ", imageURL: images)
        #expect(movie.item.posterURL == nil, "the fixture has no poster")
        #expect(tv.item.posterURL?.hasPrefix("https://image.tmdb.org/t/p/w500/") == true)
        #expect(tv.certification == "TV-MA")
        #expect(tv.runtime == "60 min/episode")
        #expect(tv.trailers.first?.summary == "YouTube • Official Trailer • 1080p")
        #expect(tv.score == "8.2/10 (4,682 votes)")
        #expect(tv.item.title == "Game of Thrones")
    }

    @Test func runtimeAndScoreFormatting() throws {
        func runtime(_ json: String, _ type: MediaType) throws -> String? {
            TitleFacts.runtime(try JSONDecoder().decode(TMDBTitleDetails.self, from: Data(json.utf8)), type: type)
        }
        #expect(try runtime(#"{"id":1,"title":"x","runtime":135}"#, .movie) == "2h 15m")
        #expect(try runtime(#"{"id":1,"title":"x","runtime":45}"#, .movie) == "45m")
        #expect(try runtime(#"{"id":1,"title":"x","runtime":0}"#, .movie) == nil)
        #expect(try runtime(#"{"id":1,"name":"x","episode_run_time":[]}"#, .tv) == nil)
        #expect(TitleFacts.score(average: 7.84, votes: 1234) == "7.8/10 (1,234 votes)")
        #expect(TitleFacts.score(average: 7.0, votes: 0) == "★ -")
    }

    @Test func trendingWithPeopleSkipsThemWithoutAnError() throws {
        let page = try JSONDecoder().decode(TMDBPage<TMDBTitle>.self, from: Fixtures.trailers("trending-all.json"))
        let items = page.results.compactMap { TitleItem($0, type: nil) }
        #expect(page.results.count == 3)
        #expect(items.map(\.type) == [.movie, .tv])
        #expect(items.map(\.title) == ["The Housemaid", "Fallout"])
    }
}

@Suite struct GenreTests {
    func catalog() throws -> GenreCatalog {
        GenreCatalog(
            movie: try JSONDecoder().decode(TMDBGenreList.self, from: Fixtures.trailers("genre-movie-list.json")).genres,
            tv: try JSONDecoder().decode(TMDBGenreList.self, from: Fixtures.trailers("genre-tv-list.json")).genres
        )
    }

    @Test func theThreeDifferentlyNamedPairsMapBothWays() throws {
        let genres = try catalog()
        #expect(try genres.select("action") == .init(name: "Action", movieID: 28, tvID: 10759))
        #expect(try genres.select("Action & Adventure") == .init(name: "Action & Adventure", movieID: 28, tvID: 10759))
        #expect(try genres.select("SCIENCE FICTION") == .init(name: "Science Fiction", movieID: 878, tvID: 10765))
        #expect(try genres.select("sci-fi & fantasy").movieID == 878)
        #expect(try genres.select("war") == .init(name: "War", movieID: 10752, tvID: 10768))
        #expect(try genres.select("War & Politics").movieID == 10752)
    }

    @Test func aGenreOfOneTypeQueriesOnlyThatType() throws {
        let horror = try catalog().select("Horror")
        #expect(horror.tvID == nil)
        #expect(try TrailerCatalog.types(.all, genre: horror) == [.movie])
        #expect(throws: (any Error).self) { try TrailerCatalog.types(.tv, genre: horror) }
        #expect(try TrailerCatalog.types(.all, genre: catalog().select("Drama")) == [.movie, .tv])
    }

    @Test func anUnknownGenreListsTheValidNames() throws {
        let error = try #require(throws: PluginAPIError.self) { try catalog().select("Cowboys") }
        #expect(error.exitCode == 64)
        #expect(error.hint.contains("Western"))
        #expect(error.hint.contains("Sci-Fi & Fantasy"))
    }
}
