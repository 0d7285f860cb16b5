import ArgumentParser
import Foundation
import PluginAPI

/// Where a community's data lives: `--database`, `--from` and `--to`, parsed once, here.
public enum KiwiDatabase: Sendable, Equatable, ExpressibleByArgument, CustomStringConvertible {
    /// Gone when the server stops, images too: for trying things out and for tests.
    case memory
    case sqlite(path: String)
    case postgres(PostgresAddress)

    /// `memory`, `sqlite:PATH` or `postgres://USER:PASSWORD@HOST:PORT/DATABASE`; nil for anything else.
    public init?(argument: String) {
        if argument == "memory" {
            self = .memory
        } else if argument.hasPrefix("sqlite:"), argument.count > "sqlite:".count {
            self = .sqlite(path: String(argument.dropFirst("sqlite:".count)))
        } else if let address = PostgresAddress(url: argument) {
            self = .postgres(address)
        } else {
            return nil
        }
    }

    /// `kiwi serve`'s community when `--database` does not name one: `$XDG_DATA_HOME/toolbox/kiwi/kiwi.sqlite`.
    public static func standard(dataHome: String) -> KiwiDatabase { .sqlite(path: "\(dataHome)/kiwi/kiwi.sqlite") }

    /// Where photos' versions are kept: the folder given, else `media` beside an SQLite file, else
    /// in the data folder (every server on one machine shares it); nil for memory (a scratch folder).
    public func media(given folder: String?, dataHome: String) -> String? {
        if let folder { return folder }
        switch self {
        case .memory: return nil
        case .sqlite(let path): return ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("media")
        case .postgres: return "\(dataHome)/kiwi/media"
        }
    }

    /// The uploads folder, for the server and for a migration's source alike: the one given,
    /// else `uploads` beside an SQLite file; memory and PostgreSQL keep images in the store.
    public func uploads(given folder: String?) -> String? {
        if let folder { return folder }
        guard case .sqlite(let path) = self else { return nil }
        return ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("uploads")
    }

    /// How the start-up line and the errors name it, the password masked (interpolation too).
    public var description: String {
        switch self {
        case .memory: "memory (gone when the server stops)"
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let address): address.description
        }
    }
}

/// A PostgreSQL server and database, from a `postgres://` (or `postgresql://`) URL, with the size
/// of the server's connection pool (`?pool=N`).
public struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: Int
    public let username: String
    public let password: String?
    /// Nil: the server's default (the user's name).
    public let database: String?
    /// Connections a server keeps open to the database at most.
    public let pool: Int
    private let url: String

    /// Sized for the machine: enough for every core to wait on the database twice over.
    public static var defaultPool: Int { max(4, 4 * ProcessInfo.processInfo.activeProcessorCount) }
    static let pools = 1...1_000

    /// Nil for anything else, a query parameter other than `pool` included.
    public init?(url: String) {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, !host.isEmpty
        else { return nil }
        var pool = Self.defaultPool
        for item in components.queryItems ?? [] {
            guard item.name == "pool", let size = item.value.flatMap(Int.init), Self.pools.contains(size) else { return nil }
            pool = size
        }
        self.host = host
        port = components.port ?? 5432
        username = components.user ?? "postgres"
        password = components.password
        database = components.path.isEmpty || components.path == "/" ? nil : String(components.path.dropFirst())
        self.pool = pool
        self.url = url
    }

    /// The URL with its password masked, so that no interpolation shows it.
    public var description: String { Secret.maskedURL(url) }
}
