import ArgumentParser
import KiwiServerSettings
import PluginAPI

/// `toolbox kiwi migrate --from DATABASE --to DATABASE`, `--media-to ADDRESS`, `--media-from ADDRESS`
public struct MigrateCommand: ToolboxCommand {
    public static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Move a community between SQLite and PostgreSQL, ids, times and logins kept, or its photos into an object store.",
        discussion: """
            With --from and --to: copies members (with their password hashes and sessions), posts, images, likes, comments and follows. The target must be empty, or hold only what an earlier run of the same migration copied: an interrupted run continues where it stopped, and a second run copies nothing. Images kept as files (SQLite's uploads folder) go into the target's database. Stop the servers of both stores first. Ends with each table's counts, read back from both sides and compared row by row.

            With --media-to: copies every photo the community's database names (posts', avatars, books' covers) with every version into an S3-compatible bucket, each file checked against its digest, then marks the bucket as the community's: only then do servers started with --media-store take it. Versions never made are made from the photo first. Resumable: a second run copies nothing, an interrupted one goes on. --media-from copies them back into the media and uploads folders (or the database), and unmarks the bucket. Stop the servers first; keys come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or ~/.aws/credentials.

            Examples:
              toolbox kiwi migrate --from sqlite:/srv/kiwi/kiwi.sqlite --to postgres://kiwi:secret@db/kiwi
              toolbox kiwi migrate --from postgres://kiwi:secret@db/kiwi --to sqlite:backup.sqlite
              toolbox kiwi migrate --media-to 's3://photos?region=eu-west-1' --database sqlite:kiwi.sqlite
            """
    )

    @Option(help: ArgumentHelp("The community to copy: sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE.", valueName: "database"))
    public var from: KiwiDatabase?
    @Option(help: ArgumentHelp("Where to copy it: sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE.", valueName: "database"))
    public var to: KiwiDatabase?
    @Option(
        name: .customLong("media-to"),
        help: ArgumentHelp("Move the photos into this bucket: s3://BUCKET[/PREFIX]?endpoint=URL&region=R[&path-style=true].", valueName: "address")
    )
    public var mediaTo: String?
    @Option(name: .customLong("media-from"), help: ArgumentHelp("Move the photos back out of this bucket.", valueName: "address"))
    public var mediaFrom: String?
    @Option(help: "The source's uploads folder (default: 'uploads' beside an SQLite source).", completion: .directory)
    public var uploads: String?
    @Option(
        help: "With --media-to or --media-from: the community's media folder (default: kiwi serve's, 'media' beside an SQLite file).",
        completion: .directory
    )
    public var mediaFolder: String?
    @OptionGroup public var community: CommunityDatabase
    @OptionGroup public var global: GlobalOptions

    public init() {}

    /// What the command line asks for: a database moved, or its photos.
    public enum Move: Sendable {
        case database(from: KiwiDatabase, to: KiwiDatabase)
        case mediaTo(KiwiMediaStore)
        case mediaFrom(KiwiMediaStore)
    }

    public var move: Move {
        get throws {
            if let mediaTo { return .mediaTo(try KiwiMediaStore(parsing: mediaTo)) }
            if let mediaFrom { return .mediaFrom(try KiwiMediaStore(parsing: mediaFrom)) }
            guard let from, let to else { throw ValidationError("give --from and --to (a database), or --media-to or --media-from (its photos)") }
            return .database(from: from, to: to)
        }
    }

    public func validate() throws {
        let photos = [mediaTo, mediaFrom].compactMap { $0 }
        guard photos.count <= 1 else { throw ValidationError("--media-to and --media-from go opposite ways: give one") }
        if !photos.isEmpty {
            guard from == nil, to == nil else {
                throw ValidationError(
                    "--media-to and --media-from move the photos of --database, not between --from and --to: move the database first"
                )
            }
            do {
                _ = try move
            } catch let error as ToolboxError {
                throw ValidationError("\(mediaTo == nil ? "--media-from" : "--media-to"): \(error.message) (\(error.hint))")
            }
            return
        }
        guard community.database == nil, mediaFolder == nil else {
            throw ValidationError("--database and --media-folder go with --media-to or --media-from; a database moves with --from and --to")
        }
        guard let from, let to else { throw ValidationError("give --from and --to (a database), or --media-to or --media-from (its photos)") }
        for (flag, database) in [("--from", from), ("--to", to)] where database == .memory {
            throw ValidationError("\(flag): a memory store holds nothing to move; name sqlite:PATH or a postgres:// URL")
        }
        guard from != to else { throw ValidationError("--from and --to name the same database") }
    }

    public func run(in context: CommandContext) async throws {
        try await context.resolve((any KiwiServerHost).self).migrate(self, in: context)
    }
}
