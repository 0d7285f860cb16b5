import PostgresNIO

/// A statement's text, named: PostgreSQL parses and plans it once per connection (a prepared
/// statement), and every later use sends only its values.
protocol PostgresStatementText: SendableMetatype {
    static var name: String { get }
    static var sql: String { get }
}

/// One use of a prepared statement: its values, and how its rows read.
struct Prepared<Text: PostgresStatementText, Row: Sendable>: PostgresPreparedStatement {
    static var name: String { Text.name }
    static var sql: String { Text.sql }
    let bindings: PostgresBindings
    let read: @Sendable (PostgresRow) throws -> Row

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) throws -> Row { try read(row) }
}

/// A statement's values in order (nil is NULL: the statement casts it, `$3::text`).
func binds(_ values: (any PostgresDynamicTypeEncodable & Sendable)?...) -> PostgresBindings {
    var bindings = PostgresBindings(capacity: values.count)
    for value in values {
        if let value { bindings.append(value) } else { bindings.appendNull() }
    }
    return bindings
}
