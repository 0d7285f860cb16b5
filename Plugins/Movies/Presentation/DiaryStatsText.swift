import PluginAPI

/// A year in film as a screen (with a bar chart of films by month), and as sentences.
enum DiaryStatsText {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// How the chart's bars are coloured: Letterboxd's green in truecolor, plain green in 16
    /// colours, none at all without colour.
    enum Paint {
        case truecolor, basic, none

        init(color: Bool, environment: [String: String]) {
            let truecolor = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
            self = !color ? .none : truecolor ? .truecolor : .basic
        }

        func callAsFunction(_ text: String) -> String {
            switch self {
            case .truecolor: "\u{1B}[38;2;0;224;84m\(text)\u{1B}[0m"
            case .basic: "\u{1B}[32m\(text)\u{1B}[0m"
            case .none: text
            }
        }
    }

    static func screen(_ stats: DiaryStats, paint: Paint, bold: (String) -> String) -> [String] {
        var lines = [bold("\(stats.year) in film: \(films(stats))") + ", " + hours(stats)]
        if stats.rewatches > 0 { lines[0] += ", \(count(stats.rewatches, "rewatch", "rewatches"))" }
        lines += ["", bold("By month")]
        // Each month three cells wide under its name, the count beneath.
        lines += BarChart.rows(stats.byMonth.map(Double.init), height: 8, barWidth: 3, paint: paint.callAsFunction).map { "  " + $0 }
        lines.append("  " + months.joined(separator: " "))
        lines.append("  " + stats.byMonth.map { DisplayWidth.pad(String($0), to: 3) }.joined(separator: " "))
        lines += ["", bold("Ratings")]
        lines.append("  " + rating(stats))
        if stats.rated > 0 {
            // Half a star to five, left to right.
            lines.append("  ½★ " + Sparkline.line(stats.ratings.map { Double($0.count) }, floor: 0) + " 5★")
        }
        for (title, counts) in [("Genres", stats.genres), ("Directors", stats.directors), ("Decades", stats.decades)] where !counts.isEmpty {
            lines += ["", bold(title)]
            let width = counts.map { DisplayWidth.of($0.name) }.max() ?? 0
            lines += counts.map { "  \(DisplayWidth.pad($0.name, to: width))  \($0.count)" }
        }
        if let longest = stats.longest, let shortest = stats.shortest {
            lines += ["", bold("Longest and shortest")]
            lines.append("  \(film(longest))")
            if shortest != longest { lines.append("  \(film(shortest))") }
        }
        return lines
    }

    static func spoken(_ stats: DiaryStats) -> [String] {
        var lines = [
            "In \(stats.year) you watched \(films(stats)), \(hours(stats))"
                + (stats.rewatches > 0 ? ", \(count(stats.rewatches, "rewatch", "rewatches"))." : ".")
        ]
        lines += stats.byMonth.enumerated().filter { $0.element > 0 }.map { "\(months[$0.offset]): \(count($0.element, "film", "films"))." }
        lines.append(rating(stats) + ".")
        for (title, counts) in [("Top genres", stats.genres), ("Top directors", stats.directors), ("Decades", stats.decades)] where !counts.isEmpty {
            lines.append("\(title): " + counts.map { "\($0.name), \($0.count)" }.joined(separator: "; ") + ".")
        }
        if let longest = stats.longest { lines.append("Longest: \(film(longest)).") }
        if let shortest = stats.shortest, shortest != stats.longest { lines.append("Shortest: \(film(shortest)).") }
        return lines
    }

    /// "212 films (198 different)".
    static func films(_ stats: DiaryStats) -> String {
        count(stats.viewings, "film", "films") + (stats.films == stats.viewings ? "" : " (\(NumberStyle.grouped(stats.films)) different)")
    }

    /// "431 hours", with what was not counted.
    static func hours(_ stats: DiaryStats) -> String {
        let total = "\(NumberStyle.grouped(Int(stats.hours.rounded()))) \(Int(stats.hours.rounded()) == 1 ? "hour" : "hours")"
        return stats.unknownRuntimes == 0 ? total : "\(total) (\(NumberStyle.grouped(stats.unknownRuntimes)) without a known runtime)"
    }

    /// "Rated 3.6★ on average (spread 0.8★), 180 of 212 rated".
    static func rating(_ stats: DiaryStats) -> String {
        guard let average = stats.averageRating else { return "None rated" }
        let spread = stats.ratingSpread.map { ", spread \(NumberStyle.oneDecimal($0))★" } ?? ""
        return
            "Rated \(NumberStyle.oneDecimal(average))★ on average\(spread); \(NumberStyle.grouped(stats.rated)) of \(NumberStyle.grouped(stats.viewings)) rated"
    }

    /// "Fight Club (1999), 2h 19m".
    static func film(_ film: DiaryStats.Film) -> String {
        "\(film.title) (\(film.year)), \(film.runtime / 60)h \(film.runtime % 60)m"
    }

    static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(NumberStyle.grouped(n)) \(n == 1 ? one : many)" }
}
