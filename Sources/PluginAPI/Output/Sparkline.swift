/// A row of block characters, one per value, as tall as the value: the terminal's charts (a surf
/// forecast's waves, a year's books).
public enum Sparkline {
    public static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The values between their minimum (or `floor`, when given: a count's zero) and their
    /// maximum; a missing value is a space, and with a floor, so is a value at it (nothing to draw).
    public static func line(_ values: [Double?], floor: Double? = nil) -> String {
        let present = values.compactMap { $0 }
        guard let low = floor ?? present.min(), let high = present.max() else { return String(repeating: " ", count: values.count) }
        return String(
            values.map { value -> Character in
                guard let value, floor == nil || value > low else { return " " }
                guard high > low else { return levels[3] }
                return levels[min(levels.count - 1, max(0, Int((value - low) / (high - low) * Double(levels.count - 1) + 0.5)))]
            }
        )
    }
}
