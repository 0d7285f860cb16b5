import ArgumentParser
import Foundation
import KiwiServerSettings
import PluginAPI

/// `toolbox kiwi serve`
public struct ServeCommand: ToolboxCommand, AppArguments, Sendable {
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Kiwi server: the original backend's API and web pages for browsers.",
        discussion: """
            The API is wire-compatible with the original backend; the same process serves web \
            pages (feed, posts, profiles, sign-up, posting a photo) at the address it prints. \
            Data lives in $XDG_DATA_HOME/toolbox/kiwi/ (an SQLite file and the uploads) unless \
            --database and --uploads say otherwise; the uploads of any SQLite file go in the \
            'uploads' folder beside it. With PostgreSQL the images are kept in the database too \
            (unless --uploads is given), so any number of servers on any number of machines can \
            share it and nothing else (with --media-store, the photos are in an S3-compatible \
            bucket instead: no folder is shared either): each keeps pages in memory, exact through the database's own \
            notices, and tells its readers live of what any of them does. A server keeps up to \
            ?pool=N connections to PostgreSQL (default 4 a core). A database that stops is answered \
            503 within seconds, and the server comes back by itself when it returns. Stops cleanly \
            on Ctrl-C or SIGTERM, finishing the requests in flight.

            With --federation on and an https --public-url, other servers of the fediverse (Mastodon, \
            BookWyrm) can find and follow the community's readers (WebFinger, NodeInfo, an ActivityPub \
            actor for each member), and their posts reach those followers, signed and through a \
            queue in the database that retries for two days.

            Examples:
              toolbox kiwi serve
              toolbox kiwi serve --host 0.0.0.0 --port 8080 --public-url https://kiwi.example.org
              toolbox kiwi serve --database sqlite:/srv/kiwi/kiwi.sqlite --uploads /srv/kiwi/uploads
              toolbox kiwi serve --database postgres://kiwi:secret@db/kiwi --metrics
              toolbox kiwi serve --database 'postgres://kiwi:secret@db/kiwi?pool=16'
              toolbox kiwi serve --public-url https://kiwi.example.org --federation on
              toolbox kiwi serve --database postgres://kiwi:secret@db/kiwi \\
                --media-store 's3://kiwi-photos?endpoint=http://127.0.0.1:8333&path-style=true'
            """
    )

    @Option(help: "The address to listen on.") public var host = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free port).") public var port = 8080
    @Option(
        help: ArgumentHelp(
            "Where the data lives: sqlite:PATH, postgres://USER:PASSWORD@HOST:PORT/DATABASE[?pool=N], or memory.",
            valueName: "database"
        )
    )
    public var database: KiwiDatabase?
    @Option(
        help: "The folder for uploaded images (default: beside an SQLite file; in the database with PostgreSQL or memory).",
        completion: .directory
    )
    public var uploads: String?
    @Option(help: "The largest upload accepted, in bytes.") public var maxUploadBytes = 10 * 1024 * 1024
    @Option(
        help:
            "The folder for photos' versions, shared by every server of a community (default: 'media' beside an SQLite file; with PostgreSQL, in the data folder).",
        completion: .directory
    )
    public var mediaFolder: String?
    @Option(
        help:
            "The file of keys signing photo URLs (ID SECRET a line; the first signs, all verify), the same for every server of a community (default: made in the data folder, mode 0600).",
        completion: .file()
    )
    public var mediaKeys: String?
    @Option(help: "A CDN or cache in front, where photo URLs point (its origin is allowed by the pages' Content-Security-Policy).")
    public var mediaURL: String?
    @Option(
        name: .customLong("media-store"),
        help: ArgumentHelp(
            "An S3-compatible bucket for every photo and version, shared by the community's servers in place of the media and uploads folders: s3://BUCKET[/PREFIX]?endpoint=URL&region=R[&path-style=true] (default: kiwi.media_store; keys from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or ~/.aws/credentials).",
            valueName: "address"
        )
    )
    public var mediaStoreAddress: String?
    @Option(help: "Bytes of photos from the media store a server keeps in memory, least recently used out.")
    public var mediaCacheBytes = 256 << 20
    @Flag(help: "Answer a photo with a redirect to a presigned URL of the media store, valid five minutes, instead of through the server.")
    public var mediaRedirect = false
    @Option(help: "The address clients reach the server at, for links (behind a proxy; https makes the session cookie Secure).")
    public var publicURL: String?
    @Flag(help: "Serve Prometheus metrics at GET /metrics (measuring costs some throughput).") public var metrics = false
    @Option(
        help:
            "Who may sign up: open (anyone), approval (anyone, let in by a moderator with `toolbox kiwi approve`) or closed (the members there are keep their accounts)."
    )
    public var registrations = KiwiRegistrations.open
    @Option(help: "The bcrypt cost of each stored password (4 to 31; each step doubles the work of a sign-up and a login).")
    public var bcryptCost = 10
    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A proxy whose X-Forwarded-For names the client, for rate limits and connection caps (an address or a CIDR range; repeatable).",
            valueName: "address"
        )
    )
    public var trustedProxies: [String] = []
    @Option(help: "Seconds a new connection has to send a request's head before it is closed.") public var headTimeout = 10.0
    @Option(help: "Seconds a request's body may pause between bytes before the connection is closed.") public var bodyTimeout = 10.0
    @Option(help: "Seconds a keep-alive connection may wait for its next request.") public var idleTimeout = 60.0
    @Option(help: "Open connections at most, live streams apart (default: what the open-files limit allows); past it, 503.")
    public var maxConnections: Int?
    @Option(help: "Open connections at most from one client address (trusted proxies apart); past it, 503.")
    public var maxConnectionsPerAddress = 64
    @Option(
        name: .customLong("rate-limit"),
        help: ArgumentHelp(
            "A rate limit other than the default: KIND[@account|@address]=N/WINDOW or KIND[@SCOPE]=off (repeatable; kinds: \(KiwiRateLimit.Kind.allCases.map(\.rawValue).joined(separator: ", ")), the last counted per remote server; windows like 30s, 15m, 1h).",
            valueName: "limit"
        )
    )
    public var rateLimits: [KiwiRateLimit] = []
    @Option(help: "Seconds between a quiet live stream's heartbeats.") public var heartbeat = 15.0
    @Option(help: "Seconds GET /health waits for the database before it answers 503.") public var healthPatience = 2.0
    @Option(
        help:
            "Whether readers can be found and followed from other servers of the fediverse (ActivityPub), their posts sent to those followers: on needs an https --public-url."
    )
    public var federation = KiwiFederation.off
    @Flag(
        help:
            "Let federation ask loopback, private and link-local addresses (for tests whose other servers run on this machine; never on a public server)."
    )
    public var federationAllowPrivate = false
    @OptionGroup public var global: GlobalOptions

    public var isServer: Bool { true }

    public var mediaStore: KiwiMediaStore? { mediaStoreAddress.flatMap { try? KiwiMediaStore(parsing: $0) } }

    public init() {}

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard maxUploadBytes > 0 else { throw ValidationError("--max-upload-bytes must be positive") }
        guard (4...31).contains(bcryptCost) else { throw ValidationError("--bcrypt-cost must be between 4 and 31") }
        for (name, seconds) in [
            ("--head-timeout", headTimeout), ("--body-timeout", bodyTimeout), ("--idle-timeout", idleTimeout), ("--heartbeat", heartbeat),
        ]
        where !(seconds > 0 && seconds <= 86_400) {
            throw ValidationError("\(name) must be between 0 and 86400 seconds")
        }
        guard maxConnections.map({ $0 > 0 }) ?? true, maxConnectionsPerAddress > 0 else {
            throw ValidationError("--max-connections and --max-connections-per-address must be positive")
        }
        if let mediaURL,
            URLComponents(string: mediaURL).map({ ["http", "https"].contains($0.scheme?.lowercased()) && $0.host?.isEmpty == false }) != true
        {
            throw ValidationError("--media-url '\(mediaURL)' is not an http or https URL such as https://cdn.example.org")
        }
        if let mediaStoreAddress {
            do {
                _ = try KiwiMediaStore(parsing: mediaStoreAddress)
            } catch let error as ToolboxError {
                throw ValidationError("--media-store: \(error.message) (\(error.hint))")
            }
        }
        if mediaStoreAddress != nil, uploads != nil || mediaFolder != nil {
            throw ValidationError("--media-store keeps photos and their versions in the bucket: give it without --uploads and --media-folder")
        }
        guard mediaCacheBytes >= 0 else { throw ValidationError("--media-cache-bytes must be 0 or more") }
        if federation == .on, URLComponents(string: publicURL ?? "").map({ $0.scheme?.lowercased() == "https" && $0.host?.isEmpty == false }) != true
        {
            throw ValidationError(
                "--federation on needs the https address other servers reach this one at: add --public-url https://kiwi.example.org"
            )
        }
        for proxy in trustedProxies where AddressRange(proxy) == nil {
            throw ValidationError("--trusted-proxy '\(proxy)' is not an address or a CIDR range such as 10.0.0.0/8")
        }
    }

    public func run(in context: CommandContext) async throws {
        try await context.resolve((any KiwiServerHost).self).serve(self, in: context)
    }

    /// Where a person points a browser: the public URL, or this machine when listening on every address.
    public func browserURL(port: Int) -> String {
        if let publicURL { return publicURL.hasSuffix("/") ? publicURL : publicURL + "/" }
        let shown = ["0.0.0.0", "::", ""].contains(host) ? "127.0.0.1" : (host.contains(":") ? "[\(host)]" : host)
        return "http://\(shown):\(port)/"
    }
}
