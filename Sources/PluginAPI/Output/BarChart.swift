/// Upright bars, one per value, from zero to the values' most: a terminal chart of counts by
/// month (a year in film). Each bar's top is drawn in eighths, so a small count still shows.
public enum BarChart {
    static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The chart's rows, top first: `height` rows, each bar `barWidth` cells and one between;
    /// `paint` colours a bar's cells (identity for none).
    public static func rows(_ values: [Double], height: Int, barWidth: Int, paint: (String) -> String = { $0 }) -> [String] {
        let most = values.max() ?? 0
        let tall = values.map { most > 0 ? Int(($0 / most * Double(height * 8)).rounded()) : 0 }
        return (0..<height).reversed().map { row in
            tall.map { eighthsTall -> String in
                let filled = eighthsTall - row * 8
                let cell: String =
                    switch filled {
                    case 8...: String(repeating: "█", count: barWidth)
                    case 1...7: String(repeating: eighths[filled - 1], count: barWidth)
                    default: String(repeating: " ", count: barWidth)
                    }
                return filled > 0 ? paint(cell) : cell
            }.joined(separator: " ")
        }
    }
}
