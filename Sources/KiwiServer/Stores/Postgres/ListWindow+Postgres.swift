import PostgresNIO

/// A `ListWindow` in prepared statements: one text for every window, so each list stays one
/// prepared statement. Its five values follow the statement's own (`values`).
extension PostgresKiwiDatabase {
    /// The keys of `table`'s rows `where` the window says, newest first unless `oldestFirst`: two
    /// branches, one of which takes no rows (`LIMIT 0`), since a statement's order is fixed.
    /// `time` nil for a list sorted by `key` alone. The window's values are `$first`…`$first+4`.
    static func window(select: String, from table: String, where filter: String, time: String?, key: String, first: Int) -> String {
        let (below, above, oldestFirst, limit, offset) = (
            "$\(first)::bigint", "$\(first + 1)::bigint", "$\(first + 2)", "$\(first + 3)", "$\(first + 4)"
        )
        let range: String
        if let time {
            // A key's place: the time of the row it names, or of the nearest before it that is left.
            func place(_ bound: String, noTime: String, noKey: String) -> String {
                "(COALESCE((SELECT \(time) FROM \(table) WHERE \(key) <= \(bound) ORDER BY \(key) DESC LIMIT 1), \(noTime)), COALESCE(\(bound), \(noKey)))"
            }
            let noUpperTime = "CASE WHEN \(below) IS NULL THEN 'Infinity'::float8 ELSE '-Infinity'::float8 END"
            range = """
                (\(time), \(key)) < \(place(below, noTime: noUpperTime, noKey: "9223372036854775807"))
                AND (\(time), \(key)) > \(place(above, noTime: "'-Infinity'::float8", noKey: "-9223372036854775808"))
                """
            let order = "\(time) DESC, \(key) DESC"
            return branches(select, table, filter, range, order, "\(time), \(key)", oldestFirst, limit, offset)
        }
        range = "\(key) < COALESCE(\(below), 9223372036854775807) AND \(key) > COALESCE(\(above), -9223372036854775808)"
        return branches(select, table, filter, range, "\(key) DESC", key, oldestFirst, limit, offset)
    }

    private static func branches(
        _ select: String,
        _ table: String,
        _ filter: String,
        _ range: String,
        _ newest: String,
        _ oldest: String,
        _ oldestFirst: String,
        _ limit: String,
        _ offset: String
    ) -> String {
        """
        (SELECT \(select) FROM \(table) WHERE (\(filter)) AND \(range)
         ORDER BY \(newest) LIMIT CASE WHEN \(oldestFirst) THEN 0 ELSE \(limit) END OFFSET \(offset))
        UNION ALL
        (SELECT \(select) FROM \(table) WHERE (\(filter)) AND \(range)
         ORDER BY \(oldest) LIMIT CASE WHEN \(oldestFirst) THEN \(limit) ELSE 0 END OFFSET \(offset))
        """
    }
}

extension ListWindow {
    /// The window's five values, after `values`.
    func binding(after values: (any PostgresDynamicTypeEncodable & Sendable)?...) -> PostgresBindings {
        binds(values + [below, above, oldestFirst, Int64(limit), Int64(offset)])
    }
}
