import Foundation
import Hummingbird
import KiwiWire
import Logging
import PluginAPI

/// What `toolbox kiwi serve` runs.
public struct KiwiServerOptions: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var database = KiwiDatabase.memory
    /// The folder for uploaded images; nil: the store keeps them beside the posts.
    public var uploads: String?
    public var publicURL: String?
    public var maxUploadBytes = 10 * 1024 * 1024
    /// Kept low in tests only; production uses at least 10.
    public var bcryptCost: UInt8 = 10
    /// Where `GET /books/search` and a post's `book` look books up; without it they answer 503.
    public var books: BookSearch?
    /// `GET /metrics` and the measuring behind it, which costs throughput: on when asked.
    public var metrics = false
    /// How long `GET /health` waits for the store before it answers 503.
    public var healthPatience: Duration = .seconds(2)
    /// How often a quiet live stream says it is still there.
    public var liveHeartbeat: Duration = .seconds(15)

    public init(
        host: String,
        port: Int,
        database: KiwiDatabase,
        uploads: String?,
        publicURL: String? = nil,
        maxUploadBytes: Int = 10 * 1024 * 1024,
        bcryptCost: UInt8 = 10,
        books: BookSearch? = nil,
        metrics: Bool = false
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.uploads = uploads
        self.publicURL = publicURL
        self.maxUploadBytes = maxUploadBytes
        self.bcryptCost = bcryptCost
        self.books = books
        self.metrics = metrics
    }
}

/// The application on the database the options name, opened and migrated with the server's
/// lifecycle (PostgreSQL's pool and its listener run as services beside it).
public func buildApplication(
    _ options: KiwiServerOptions,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let uploads = try options.uploads.map { try UploadFolder(path: $0) }
    switch options.database {
    case .memory:
        return buildApplication(storage: MemoryKiwiDatabase(), uploads: uploads, options: options, logger: logger, onServerRunning: onServerRunning)
    case .sqlite(let path):
        try LocalFile.createDirectory((path as NSString).deletingLastPathComponent)
        let database: SQLiteKiwiDatabase
        do {
            database = try SQLiteKiwiDatabase(path: path, measured: options.metrics)
        } catch let error as ToolboxError {
            throw error
        } catch {
            throw ToolboxError.io("cannot open the database \(path)", hint: "check the path and its permissions")
        }
        return buildApplication(storage: database, uploads: uploads, options: options, logger: logger, onServerRunning: onServerRunning)
    case .postgres(let address):
        let database = PostgresKiwiDatabase(address: address, measured: options.metrics, logger: logger)
        var app = buildApplication(storage: database, uploads: uploads, options: options, logger: logger, onServerRunning: onServerRunning)
        app.addServices(database)
        app.beforeServerStarts { try await database.start() }
        return app
    }
}

/// The application on a database that is already open (tests pass theirs).
func buildApplication(
    storage: any KiwiStorage,
    uploads: UploadFolder?,
    options: KiwiServerOptions,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> Application<RouterResponder<KiwiRequestContext>> {
    let community = KiwiCommunity(
        storage: storage,
        photos: PhotoIntake(uploads: uploads, maxBytes: options.maxUploadBytes, measures: options.metrics),
        books: Books(search: options.books),
        bcryptCost: options.bcryptCost,
        healthPatience: options.healthPatience,
        heartbeat: options.liveHeartbeat
    )
    var app = Application(
        router: buildRouter(community, options: options),
        server: options.metrics ? KiwiMetrics.countedHTTP1 : .http1(),
        configuration: .init(address: .hostname(options.host, port: options.port), serverName: "kiwi"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? options.port) },
        logger: logger
    )
    app.addServices(community.live)
    return app
}

/// Every route (the API's and the web pages'), and the middleware in order: metrics, logs, errors, auth.
func buildRouter(_ community: KiwiCommunity, options: KiwiServerOptions) -> Router<KiwiRequestContext> {
    let router = Router(context: KiwiRequestContext.self)
    if options.metrics {
        // Every request by route pattern, method and status, and its latency; `/metrics` shows them.
        KiwiMetrics.start()
        router.add(middleware: MetricsMiddleware())
        router.get("/metrics", use: KiwiMetrics.page)
    }
    router.add(middleware: KiwiRequestLogMiddleware())
    let routes = RouteMethods()
    router.add(middleware: KiwiErrorMiddleware.json(routes: routes))
    router.add(middleware: KiwiETagMiddleware())
    router.add(middleware: KiwiAuthMiddleware(accounts: community.accounts))
    let links = LinkMaker(publicURL: options.publicURL)
    OperationsController(health: community.health).addRoutes(to: router)
    AccountController(community: community, links: links).addRoutes(to: router)
    PostController(community: community, links: links).addRoutes(to: router)
    FollowController(community: community, links: links).addRoutes(to: router)
    let notifications = NotificationController(community: community, links: links)
    notifications.addRoutes(to: router)
    LiveController(community: community, links: links).addRoutes(to: router)
    let pages = KiwiPages(community: community, links: links)
    pages.addRoutes(to: router)
    // `/notifications` is the API's list, and the page a browser asks for (`Accept: text/html`).
    router.get("/notifications") { request, context in
        guard KiwiPages.wantsPage(request) else { return try await notifications.list(request, context: context) }
        do {
            return try await pages.notifications(request, context: context)
        } catch {
            return await pages.errorPage(error, request, context)
        }
    }
    routes.load(router)
    return router
}
