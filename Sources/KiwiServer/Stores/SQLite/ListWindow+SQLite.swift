import GRDB

/// A `ListWindow` in SQL: the conditions, order and limit of a list sorted by `time` then `key`
/// (`time` nil for a list sorted by `key` alone), over `table` seen as `alias`.
extension ListWindow {
    func sqlite(table: String, alias: String, time: String?, key: String) -> (conditions: String, order: String, arguments: StatementArguments) {
        var conditions = ""
        var arguments: StatementArguments = []
        func bound(_ value: Int64?, _ comparison: String) {
            guard let value else { return }
            if let time {
                // A key's place: the time of the row it names, or of the nearest before it that is left.
                let place = "(SELECT \(time) FROM \(table) WHERE \(key) <= ? ORDER BY \(key) DESC LIMIT 1)"
                conditions += " AND (\(alias).\(time), \(alias).\(key)) \(comparison) (COALESCE(\(place), -9e999), ?)"
                arguments += [value, value]
            } else {
                conditions += " AND \(alias).\(key) \(comparison) ?"
                arguments += [value]
            }
        }
        bound(below, "<")
        bound(above, ">")
        let direction = oldestFirst ? "ASC" : "DESC"
        let columns = [time, key].compactMap { $0 }.map { "\(alias).\($0) \(direction)" }.joined(separator: ", ")
        arguments += [limit, offset]
        return (conditions, "ORDER BY \(columns) LIMIT ? OFFSET ?", arguments)
    }
}
