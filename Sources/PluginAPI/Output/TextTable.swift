/// One column of a table of items.
public struct Column<Item>: Sendable {
    public var title: String
    public var value: @Sendable (Item) -> String
    /// Flexible columns give up width (ending in "…") when the table is wider than the terminal.
    public var flexible: Bool
    public var rightAligned: Bool

    public init(_ title: String, flexible: Bool = false, rightAligned: Bool = false, _ value: @escaping @Sendable (Item) -> String) {
        self.title = title
        self.value = value
        self.flexible = flexible
        self.rightAligned = rightAligned
    }
}

/// Lays out rows as aligned columns, by display width, within a width budget.
public struct TextTable: Sendable {
    public var headers: [String]
    public var rows: [[String]]
    public var flexible: Set<Int>
    public var rightAligned: Set<Int>

    public init(headers: [String], rows: [[String]], flexible: Set<Int> = [], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rows = rows
        self.flexible = flexible
        self.rightAligned = rightAligned
    }

    static let gap = 2
    static let narrowest = 6

    /// The widths each column gets so that the whole line fits in `maxWidth` where it can.
    func columnWidths(maxWidth: Int) -> [Int] {
        var widths = headers.indices.map { column in
            ([headers[column]] + rows.map { column < $0.count ? $0[column] : "" }).map(DisplayWidth.of).max() ?? 0
        }
        var excess = widths.reduce(0, +) + Self.gap * max(0, widths.count - 1) - maxWidth
        // Shrink the widest flexible column first, one column at a time, down to a floor.
        while excess > 0 {
            guard let widest = flexible.filter({ widths[$0] > Self.narrowest }).max(by: { widths[$0] < widths[$1] }) else { break }
            let others = flexible.filter { $0 != widest }.map { widths[$0] }.max() ?? Self.narrowest
            let cut = min(excess, widths[widest] - max(Self.narrowest, min(others, widths[widest] - 1)))
            widths[widest] -= max(1, cut)
            excess -= max(1, cut)
        }
        return widths
    }

    /// The table as lines: a header line, then one line per row.
    public func render(maxWidth: Int, header: (String) -> String = { $0 }) -> [String] {
        let widths = columnWidths(maxWidth: maxWidth)
        func line(_ cells: [String], style: (String) -> String = { $0 }) -> String {
            let last = widths.count - 1
            return widths.indices.map { column in
                let cell = DisplayWidth.truncate(column < cells.count ? cells[column] : "", to: widths[column])
                // No trailing spaces after the last column.
                if column == last && !rightAligned.contains(column) { return style(cell) }
                return style(DisplayWidth.pad(cell, to: widths[column], rightAligned: rightAligned.contains(column)))
            }.joined(separator: String(repeating: " ", count: Self.gap))
        }
        return [line(headers, style: header)] + rows.map { line($0) }
    }
}
