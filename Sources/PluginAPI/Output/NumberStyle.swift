/// Numbers as toolbox shows them, without Foundation's formatters (they are slow to set up).
public enum NumberStyle {
    /// A number with thousands separators: 1,234.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }

    /// One decimal, rounded: 7.86 → "7.9".
    public static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
