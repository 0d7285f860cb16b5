import KiwiServerSettings
import KiwiWire
import Testing

/// `--database`, `--from` and `--to`: one parse, one uploads rule, no password shown.
@Suite struct KiwiDatabaseTests {
    @Test func theThreeKindsParseAndAnythingElseIsRefused() throws {
        #expect(KiwiDatabase(argument: "memory") == .memory)
        #expect(KiwiDatabase(argument: "sqlite:/srv/kiwi/kiwi.sqlite") == .sqlite(path: "/srv/kiwi/kiwi.sqlite"))
        let address = try #require(PostgresAddress(url: "postgresql://kiwi:secret@db.example:6543/community"))
        #expect(KiwiDatabase(argument: "postgresql://kiwi:secret@db.example:6543/community") == .postgres(address))
        #expect(
            [address.host, "\(address.port)", address.username, address.password, address.database] == [
                "db.example", "6543", "kiwi", "secret", "community",
            ]
        )
        let defaults = try #require(PostgresAddress(url: "postgres://db"))
        #expect(defaults.port == 5432 && defaults.username == "postgres" && defaults.password == nil && defaults.database == nil)
        for refused in ["", "sqlite:", "sqlite", "Memory", "mysql://db/kiwi", "postgres:///kiwi", "postgres://kiwi:secret@/kiwi", "/srv/kiwi.sqlite"]
        {
            #expect(KiwiDatabase(argument: refused) == nil, "\(refused)")
        }
    }

    @Test func imagesGoBesideAnSQLiteFileOrIntoTheStore() {
        #expect(KiwiDatabase.sqlite(path: "/srv/kiwi/kiwi.sqlite").uploads(given: nil) == "/srv/kiwi/uploads")
        #expect(
            KiwiDatabase.standard(dataHome: "/home/ada/.local/share/toolbox").uploads(given: nil) == "/home/ada/.local/share/toolbox/kiwi/uploads"
        )
        #expect(KiwiDatabase(argument: "postgres://db/kiwi")?.uploads(given: nil) == .some(nil))
        #expect(KiwiDatabase.memory.uploads(given: nil) == nil)
        #expect(KiwiDatabase.memory.uploads(given: "/tmp/up") == "/tmp/up")
    }

    @Test func noInterpolationShowsThePassword() throws {
        let database = try #require(KiwiDatabase(argument: "postgres://kiwi:secret@db:5432/kiwi"))
        #expect("\(database)" == "postgres://kiwi:••••@db:5432/kiwi")
        #expect(String(reflecting: database) == "postgres://kiwi:••••@db:5432/kiwi")
    }
}
