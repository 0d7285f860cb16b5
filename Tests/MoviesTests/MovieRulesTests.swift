import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import Movies
@testable import TMDB

@Suite struct MovieRulesTests {
    @Test(arguments: [(7.89, 78), (8.2, 82), (5.7, 57), (10.0, 100), (0.05, 0), (6.99, 69)])
    func percentIsRoundedDown(average: Double, percent: Int) throws {
        #expect(try #require(MovieRating(average: average, votes: 1)).percent == percent)
    }

    @Test func noVotesMeansNoRating() {
        #expect(MovieRating(average: 7.5, votes: 0) == nil)
        #expect(MovieRating(average: nil, votes: 10) == nil)
        #expect(MovieRating(average: 7.84, votes: 3)?.display == "7.8/10 (78%)")
        #expect(MovieRating(average: 7.86, votes: 3)?.oneDecimal == 7.9)
    }

    @Test func releaseDates() {
        #expect(ReleaseDate("1999-10-15").display == "Oct 15, 1999")
        #expect(ReleaseDate("1999-10-15").year == "1999")
        #expect(ReleaseDate("1999-10-15").iso == "1999-10-15")
        for missing in [nil, "", "  "] as [String?] {
            #expect(ReleaseDate(missing).year == "TBA")
            #expect(ReleaseDate(missing).display == "TBA")
            #expect(ReleaseDate(missing).iso == nil)
        }
        #expect(ReleaseDate("1999-13-45").display == "1999-13-45", "an unparsable date is shown as given")
        #expect(ReleaseDate("1999-13-45").year == "1999")
        #expect(ReleaseDate("1999-13-45").iso == nil)
        #expect(ReleaseDate("2023-02-30").iso == nil)
        #expect(ReleaseDate("soon").year == "TBA")
    }

    @Test func actorSearchKeepsTheFirstFiveActors() {
        let people = (1...8).map { TMDBPerson(id: $0, name: "P\($0)", knownForDepartment: $0 == 2 ? "Directing" : "Acting") }
        #expect(ActorSearch.actingOnly(people).map(\.id) == [1, 3, 4, 5, 6])
    }

    @Test func pagesAreDeduplicatedKeepingTheFirstOccurrence() async throws {
        let pages = [1: [1, 2, 3], 2: [3, 4, 5], 3: [5, 6]]
        let all = try await TMDBPaging.all(
            key: \.id,
            progress: { ProgressIndicatorFactory.hidden($0) },
            fetch: { page in
                TMDBPage(page: page, results: pages[page]!.map { TMDBMovie(id: $0, title: "M\($0)") }, totalPages: 3, totalResults: 8)
            }
        )
        #expect(all.results.map(\.id) == [1, 2, 3, 4, 5, 6])
        #expect(all.totalResults == 8, "the totals are TMDB's")
        let limited = try await TMDBPaging.collect(from: 1, limit: 4, key: \.id) { page in
            TMDBPage(page: page, results: pages[page]!.map { TMDBMovie(id: $0, title: "M\($0)") }, totalPages: 3, totalResults: 8)
        }
        #expect(limited.results.map(\.id) == [1, 2, 3, 4])
        #expect(limited.totalResults == 8)
    }

    @Test func spokenLinesReadWellAloud() throws {
        let item = MovieItem(
            TMDBMovie(id: 550, title: "Fight Club", releaseDate: "1999-10-15", voteAverage: 8.43, voteCount: 100),
            imageURL: { _, _ in nil }
        )
        #expect(item.spoken == "Fight Club, 1999, Rating 84%")
        let unrated = MovieItem(TMDBMovie(id: 1, title: "Soon", releaseDate: ""), imageURL: { _, _ in nil })
        #expect(unrated.spoken == "Soon, TBA, no rating yet")
    }
}

enum ProgressIndicatorFactory {
    static func hidden(_ total: Int) -> ProgressIndicator {
        Output(console: .memory(), format: .lines, color: false, quiet: true).progress("test", total: total)
    }
}

@Suite struct FixtureDecodingTests {
    @Test func discoverPage() throws {
        let page = try JSONDecoder().decode(TMDBPage<TMDBMovie>.self, from: TMDBStub.fixture("discover-movie.json"))
        #expect(page.results.count == 20)
        #expect(page.totalPages == 34675)
        let first = try #require(page.results.first)
        #expect(first.id == 616037)
        #expect(first.title == "Thor: Love and Thunder")
        #expect(first.posterPath?.hasPrefix("/") == true)
    }

    @Test func handMadePageWithoutDatesOrPaths() throws {
        let page = try JSONDecoder().decode(TMDBPage<TMDBMovie>.self, from: TMDBStub.fixture("movie-pageable-list.json"))
        let item = MovieItem(page.results[0], imageURL: { path, size in path.map { "x\(size)\($0)" } })
        #expect(item.year == "TBA")
        #expect(item.releaseDate == nil)
        #expect(item.rating == nil)
        #expect(item.posterURL == nil)
    }

    @Test func details() throws {
        let movie = try JSONDecoder().decode(TMDBMovie.self, from: TMDBStub.fixture("movie-details.json"))
        #expect(movie.id == 550)
        #expect(movie.tagline == "How much can you know about yourself if you've never been in a fight?")
        #expect(movie.posterPath == nil)
        #expect(movie.runtime == 139)
        #expect(movie.genres?.map(\.name) == ["Drama"])
    }

    @Test func personSearch() throws {
        let page = try JSONDecoder().decode(TMDBPage<TMDBPerson>.self, from: TMDBStub.fixture("search-person.json"))
        #expect(page.results.first?.name == "Sydney Sweeney")
        #expect(page.results.first?.knownForDepartment == "Acting")
        let item = try JSONDecoder().decode(TMDBPerson.self, from: TMDBStub.fixture("person-list-item.json"))
        #expect(item.id > 0)
    }

    @Test func credentialKinds() {
        #expect(TMDBCredential("abc123") == .apiKey("abc123"))
        #expect(TMDBCredential("eyJhbGciOiJIUzI1NiJ9.x.y") == .readAccessToken("eyJhbGciOiJIUzI1NiJ9.x.y"))
    }
}

@Suite struct TitleReferenceTests {
    @Test func everyWayOfNamingAMovie() throws {
        let cases: [(String, TitleReference)] = [
            ("550", .tmdb(id: 550, type: nil)),
            (" 550 ", .tmdb(id: 550, type: nil)),
            ("https://www.themoviedb.org/movie/550-fight-club", .tmdb(id: 550, type: .movie)),
            ("https://themoviedb.org/fr/movie/550?language=fr", .tmdb(id: 550, type: .movie)),
            ("https://www.themoviedb.org/tv/1399-game-of-thrones/season/1", .tmdb(id: 1399, type: .tv)),
            ("tt0137523", .imdb("tt0137523")),
            ("TT0137523", .imdb("tt0137523")),
            ("https://www.imdb.com/title/tt0137523/?ref_=nv_sr_1", .imdb("tt0137523")),
            ("https://m.imdb.com/title/tt0137523/", .imdb("tt0137523")),
            ("fight club", .title("fight club")),
            ("2001: A Space Odyssey", .title("2001: A Space Odyssey")),
            ("tt12", .title("tt12")),
        ]
        for (text, expected) in cases { #expect(try TitleReference(parsing: text) == expected, "\(text)") }
        for bad in ["", "https://www.themoviedb.org/person/287-brad-pitt", "https://letterboxd.com/film/fight-club/"] {
            #expect(throws: ToolboxError.self, "\(bad)") { try TitleReference(parsing: bad) }
        }
    }
}

@Suite struct DiaryFormatTests {
    @Test func aCSVRoundTripsTitlesWithCommasQuotesAndLineBreaks() throws {
        let entries = [
            DiaryEntry(tmdbID: 1, imdbID: nil, title: "Me, Myself & \"Irene\"", year: "2000", watchedDate: "2026-01-02", rating: 2.5, rewatch: false),
            DiaryEntry(tmdbID: 2, imdbID: "tt0000002", title: "Two\nLines", year: "TBA", watchedDate: nil, rating: nil, rewatch: true),
        ]
        let rows = try LetterboxdCSV.read(LetterboxdCSV.write(entries), file: "diary.csv")
        #expect(rows.map(\.title) == ["Me, Myself & \"Irene\"", "Two\nLines"])
        #expect(rows.map(\.line) == [2, 3])
        #expect(rows.map(\.tmdbID) == [1, 2] && rows.map(\.rating) == [2.5, nil] && rows.map(\.rewatch) == [false, true])
        #expect(rows[1].watchedDate == nil && rows[1].imdbID == "tt0000002")
    }

    @Test func yearRangesAndStars() {
        #expect(YearRange(argument: "1990..1999") == YearRange(from: 1990, to: 1999))
        #expect(YearRange(argument: "2000..") == YearRange(from: 2000, to: nil))
        #expect(YearRange(argument: "..1979") == YearRange(from: nil, to: 1979))
        for bad in ["..", "1999", "1999..1990", "99..2000", "a..b"] { #expect(YearRange(argument: bad) == nil, "\(bad)") }
        let entry = DiaryEntry(tmdbID: 1, imdbID: nil, title: "x", year: "2000", watchedDate: nil, rating: 3.5, rewatch: false)
        #expect(entry.stars == "★★★½")
        #expect(DiaryEntry.isRating(0.5) && DiaryEntry.isRating(5) && !DiaryEntry.isRating(0) && !DiaryEntry.isRating(4.25))
    }
}
