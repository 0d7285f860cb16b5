import ArgumentParser
import KiwiServerSettings

/// `--database` of the operator's tools (`approve`, `role`), which work on a community's database
/// itself, beside its running servers or not: a file or a server, never memory.
public struct CommunityDatabase: ParsableArguments, Sendable {
    @Option(
        help: ArgumentHelp(
            "The community's database: sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE (default: kiwi serve's).",
            valueName: "database"
        )
    )
    public var database: KiwiDatabase?

    public init() {}

    public func validate() throws {
        if database == .memory {
            throw ValidationError("--database: a memory store holds nothing once its server stops; name sqlite:PATH or a postgres:// URL")
        }
    }

    /// The database named, else `kiwi serve`'s under `dataHome`.
    public func resolved(dataHome: String) -> KiwiDatabase { database ?? .standard(dataHome: dataHome) }
}
