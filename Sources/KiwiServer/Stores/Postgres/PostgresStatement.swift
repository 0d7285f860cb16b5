import PostgresNIO
import Synchronization

/// A statement's text: PostgreSQL parses and plans it once per connection (a prepared
/// statement, named after the type that holds it), and every later use sends only its values.
protocol PostgresStatementText: SendableMetatype {
    static var sql: String { get }
}

/// One use of a prepared statement: its values, and how its rows read.
struct Prepared<Text: PostgresStatementText, Row: Sendable>: PostgresPreparedStatement {
    static var name: String { StatementNames.name(of: Text.self) }
    static var sql: String { Text.sql }
    let bindings: PostgresBindings
    let read: @Sendable (PostgresRow) throws -> Row

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) throws -> Row { try read(row) }
}

/// A statement's values in order (nil is NULL: the statement casts it, `$3::text`).
func binds(_ values: (any PostgresDynamicTypeEncodable & Sendable)?...) -> PostgresBindings {
    binds(values)
}

func binds(_ values: [(any PostgresDynamicTypeEncodable & Sendable)?]) -> PostgresBindings {
    var bindings = PostgresBindings(capacity: values.count)
    for value in values {
        if let value { bindings.append(value) } else { bindings.appendNull() }
    }
    return bindings
}

/// Each statement's name, given once: its type's name and a number no other statement has
/// ("kiwi_Like_7"; PostgreSQL keeps 63 bytes of a name, so a type's full name would not do).
enum StatementNames {
    private static let names = Mutex<[ObjectIdentifier: String]>([:])

    static func name(of text: any PostgresStatementText.Type) -> String {
        names.withLock { names in
            if let name = names[ObjectIdentifier(text)] { return name }
            let name = "kiwi_\(String(describing: text).prefix(40))_\(names.count + 1)"
            names[ObjectIdentifier(text)] = name
            return name
        }
    }
}
