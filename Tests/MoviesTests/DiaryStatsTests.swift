import Foundation
import PluginAPI
import Testing

@testable import Movies

/// A year in film summed from a diary and what TMDB says of its films.
@Suite struct DiaryStatsTests {
    func entry(_ id: Int, _ title: String, _ year: String, on date: String?, rating: Double? = nil, rewatch: Bool = false) -> DiaryEntry {
        DiaryEntry(tmdbID: id, imdbID: nil, title: title, year: year, watchedDate: date, rating: rating, rewatch: rewatch)
    }

    static let facts: [Int: FilmFacts] = [
        550: FilmFacts(runtime: 139, genres: ["Drama"], directors: ["David Fincher"]),
        807: FilmFacts(runtime: 127, genres: ["Crime", "Mystery", "Thriller"], directors: ["David Fincher"]),
        13: FilmFacts(runtime: 142, genres: ["Comedy", "Drama", "Romance"], directors: ["Robert Zemeckis"]),
        629: FilmFacts(runtime: 81, genres: ["Animation", "Comedy"], directors: ["Don Bluth", "Gary Goldman"]),
    ]

    @Test func aYearSummedAsLetterboxdWould() {
        let diary = [
            entry(550, "Fight Club", "1999", on: "2026-01-05", rating: 4.5),
            entry(550, "Fight Club", "1999", on: "2026-03-02", rating: 5, rewatch: true),
            entry(807, "Se7en", "1995", on: "2026-03-20", rating: 4),
            entry(13, "Forrest Gump", "1994", on: "2026-12-24", rating: 3),
            entry(629, "Unknown", "1982", on: "2026-12-25"),
            entry(999, "No facts", "2001", on: "2026-06-01", rating: 2.5),
            entry(13, "Forrest Gump", "1994", on: "2025-12-31", rating: 1),
            entry(807, "Se7en", "1995", on: nil, rating: 0.5),
        ]
        let stats = DiaryStats(diary, facts: Self.facts, year: 2026)
        #expect(stats.viewings == 6 && stats.films == 5 && stats.rewatches == 1)
        #expect(stats.byMonth == [1, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0, 2])
        #expect(stats.hours == Double(139 + 139 + 127 + 142 + 81) / 60 && stats.unknownRuntimes == 1)
        // 4.5, 5, 4, 3, 2.5: mean 3.8, population spread ≈ 0.927.
        #expect(stats.rated == 5 && abs((stats.averageRating ?? 0) - 3.8) < 1e-9)
        #expect(abs((stats.ratingSpread ?? 0) - 0.92736) < 1e-4)
        #expect(stats.ratings.first { $0.name == "4.5" }?.count == 1 && stats.ratings.count == 10)
        #expect(stats.directors.first == DiaryStats.Count(name: "David Fincher", count: 3))
        #expect(stats.genres.prefix(2) == [DiaryStats.Count(name: "Drama", count: 3), DiaryStats.Count(name: "Comedy", count: 2)])
        #expect(
            stats.decades == [
                DiaryStats.Count(name: "1990s", count: 4), DiaryStats.Count(name: "1980s", count: 1), DiaryStats.Count(name: "2000s", count: 1),
            ]
        )
        #expect(stats.longest?.title == "Forrest Gump" && stats.shortest?.title == "Unknown")
    }

    @Test func theChartIsTwelveBarsFromZeroToTheBusiestMonthInEighths() {
        let rows = BarChart.rows([0, 1, 8, 4, 0, 0, 0, 0, 0, 0, 0, 16], height: 2, barWidth: 1)
        #expect(rows.count == 2 && rows[0].count == 23 && rows[1].count == 23)
        // The busiest month fills both rows; one of sixteen is an eighth of the bottom row.
        #expect(Array(rows[0])[22] == "█" && Array(rows[1])[22] == "█")
        #expect(Array(rows[1])[2] == "▁" && Array(rows[1])[0] == " ")
        #expect(Array(rows[1])[4] == "█" && Array(rows[0])[4] == " ", "eight of sixteen: the bottom row full, the top empty")
        let plain = DiaryStatsText.screen(DiaryStats([], facts: [:], year: 2026), paint: .none, bold: { $0 })
        #expect(plain.allSatisfy { !$0.contains("\u{1B}") })
    }
}
