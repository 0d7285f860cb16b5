import ArgumentParser
import Foundation

/// What `kiwi serve` is told, declared once: `ServeCommand`'s options are these (the parsed
/// command is the server's arguments, as in Hummingbird's examples), and a test parses the same
/// command line. Each has one default, the option's.
public protocol AppArguments: Sendable {
    var host: String { get }
    var port: Int { get }
    /// nil: the SQLite file in the data folder (`KiwiDatabase.standard`).
    var database: KiwiDatabase? { get }
    var uploads: String? { get }
    var publicURL: String? { get }
    var maxUploadBytes: Int { get }
    /// Where photos' versions are kept (nil: `KiwiDatabase.media(given:dataHome:)`).
    var mediaFolder: String? { get }
    /// The file of keys that sign photo URLs (nil: `kiwi/media-keys` in the data folder).
    var mediaKeys: String? { get }
    /// A CDN or cache in front, where photos' signed URLs point.
    var mediaURL: String? { get }
    /// The object store's bucket photos are kept in, for every server of a community (nil: the
    /// media and uploads folders, or the database, as before).
    var mediaStore: KiwiMediaStore? { get }
    /// Bytes of photos a server keeps in memory from the media store (least recently used out).
    var mediaCacheBytes: Int { get }
    /// Photos answered with a redirect to the media store's short-lived presigned URL, rather than
    /// through the server.
    var mediaRedirect: Bool { get }
    var metrics: Bool { get }
    /// Who may sign up.
    var registrations: KiwiRegistrations { get }
    /// The cost of each password's bcrypt hash.
    var bcryptCost: Int { get }
    /// Proxies whose `X-Forwarded-For` names the client: addresses or CIDR ranges.
    var trustedProxies: [String] { get }
    /// Seconds a new connection has to send a request's head.
    var headTimeout: Double { get }
    /// Seconds a request's body may pause between bytes.
    var bodyTimeout: Double { get }
    /// Seconds a keep-alive connection may wait for its next request.
    var idleTimeout: Double { get }
    /// Open connections at most (live streams apart); nil: as many as the open-files limit allows.
    var maxConnections: Int? { get }
    /// Open connections at most from one client address (trusted proxies apart).
    var maxConnectionsPerAddress: Int { get }
    /// The limits that differ from the defaults (`KiwiRateLimit.defaults`).
    var rateLimits: [KiwiRateLimit] { get }
    /// Seconds between a quiet live stream's heartbeats.
    var heartbeat: Double { get }
    /// Seconds `GET /health` waits for the database before it answers 503.
    var healthPatience: Double { get }
    /// Whether the server speaks ActivityPub (it needs an https public URL).
    var federation: KiwiFederation { get }
    /// Whether federation may ask loopback and private addresses (`--federation-allow-private`):
    /// for tests, whose other servers run on this machine.
    var federationAllowPrivate: Bool { get }
}

/// `--federation`: whether the community's readers can be found and followed from other servers
/// (ActivityPub). Off by default, so a server on a LAN answers as it always has.
public enum KiwiFederation: String, Sendable, CaseIterable, ExpressibleByArgument {
    case off, on
}

/// `--registrations`: who may make an account.
public enum KiwiRegistrations: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// Anyone (the original's contract).
    case open
    /// Anyone may sign up; a moderator lets each one in (`toolbox kiwi approve`) before they can log in.
    case approval
    /// Nobody: the members there are keep their accounts.
    case closed
}

/// A rate limit: at most `count` of a kind of write in `window` seconds, per account or per client
/// address (per remote server, for the activities other servers deliver). `--rate-limit
/// posts=100/1h` sets a kind's limit per account, `posts@address=300/1h` per address, `posts=off`
/// lifts both.
public struct KiwiRateLimit: Sendable, Hashable, ExpressibleByArgument, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case signups, logins, posts, comments, likes, follows
        /// Books shelved, moved, given progress or taken off (an import of a library is one per book).
        case shelves
        /// Reports of posts, comments and accounts to the moderators.
        case reports
        /// Logins with a wrong password, counted for the account tried (whoever tries it).
        case failedLogins = "failed-logins"
        /// Uploaded bytes (posts' photos and avatars).
        case uploadBytes = "upload-bytes"
        /// Activities delivered to the inboxes by another server of the fediverse, counted per server.
        case activities
    }

    public enum Scope: String, Sendable, CaseIterable {
        case account, address
        /// The remote server an activity comes from (`activities` only).
        case server
    }

    public var kind: Kind
    public var scope: Scope
    /// nil: no limit.
    public var count: Int?
    public var window: Int

    public init(_ kind: Kind, _ scope: Scope, _ count: Int?, per window: Int) {
        (self.kind, self.scope, self.count, self.window) = (kind, scope, count, window)
    }

    /// A community of readers never meets these by hand; a script making accounts or posting in a loop does at once.
    public static let defaults: [KiwiRateLimit] = [
        .init(.signups, .address, 20, per: 3600),
        .init(.logins, .address, 100, per: 900),
        .init(.failedLogins, .account, 5, per: 900),
        .init(.posts, .account, 60, per: 3600), .init(.posts, .address, 180, per: 3600),
        .init(.comments, .account, 300, per: 3600), .init(.comments, .address, 900, per: 3600),
        .init(.likes, .account, 1_000, per: 3600), .init(.likes, .address, 3_000, per: 3600),
        .init(.follows, .account, 300, per: 3600), .init(.follows, .address, 900, per: 3600),
        .init(.shelves, .account, 3_000, per: 3600), .init(.shelves, .address, 9_000, per: 3600),
        .init(.reports, .account, 30, per: 3600), .init(.reports, .address, 90, per: 3600),
        .init(.uploadBytes, .account, 500 << 20, per: 3600), .init(.uploadBytes, .address, 1_500 << 20, per: 3600),
        // A busy server's deliveries come through its shared inbox, one for all its readers here.
        .init(.activities, .server, 1_000, per: 300),
    ]

    /// The defaults with `changes` applied (the last word on a kind and scope wins).
    public static func effective(_ changes: [KiwiRateLimit]) -> [KiwiRateLimit] {
        defaults.map { limit in changes.last { $0.kind == limit.kind && $0.scope == limit.scope } ?? limit }
    }

    /// `KIND[@account|@address]=N/WINDOW` (a window like `30s`, `15m`, `1h`, `1d`) or `KIND[@scope]=off`;
    /// `activities[@server]=N/WINDOW`.
    public init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        let names = parts[0].split(separator: "@", maxSplits: 1).map(String.init)
        guard let kind = Kind(rawValue: names[0]) else { return nil }
        // Activities are counted per server, and only they are.
        let usual: Scope = kind == .activities ? .server : .account
        guard let scope = names.count == 2 ? Scope(rawValue: names[1]) : usual, (scope == .server) == (kind == .activities) else { return nil }
        if parts[1] == "off" {
            self.init(kind, scope, nil, per: 3600)
            return
        }
        let amount = parts[1].split(separator: "/", maxSplits: 1).map(String.init)
        guard amount.count == 2, let count = Int(amount[0]), count > 0, let window = Self.seconds(amount[1]) else { return nil }
        self.init(kind, scope, count, per: window)
    }

    /// `30s`, `15m`, `1h`, `1d`, or a number of seconds.
    private static func seconds(_ text: String) -> Int? {
        let units = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        let unit = text.last.flatMap { units[String($0)] }
        guard let number = Int(unit == nil ? text : String(text.dropLast())), number > 0 else { return nil }
        return number * (unit ?? 1)
    }

    public static var defaultCompletionKind: CompletionKind { .default }

    /// As the option says it: `posts@account=60/3600s`.
    public var description: String {
        "\(kind.rawValue)@\(scope.rawValue)=" + (count.map { "\($0)/\(window)s" } ?? "off")
    }
}
