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

/// The application: the store the options name, opened and migrated with the
/// server's lifecycle (PostgreSQL's connection pool runs as a service beside it).
public func buildApplication(
    _ options: KiwiServerOptions,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let uploads = try options.uploads.map { try UploadFolder(path: $0) }
    switch options.database {
    case .memory:
        return buildApplication(store: MemoryKiwiStore(), uploads: uploads, options: options, logger: logger, onServerRunning: onServerRunning)
    case .sqlite(let path):
        try LocalFile.createDirectory((path as NSString).deletingLastPathComponent)
        let store: SQLiteKiwiStore
        do {
            store = try SQLiteKiwiStore(path: path)
        } catch let error as ToolboxError {
            throw error
        } catch {
            throw ToolboxError.io("cannot open the database \(path)", hint: "check the path and its permissions")
        }
        return buildApplication(store: store, uploads: uploads, options: options, logger: logger, onServerRunning: onServerRunning)
    case .postgres(let address):
        let store = PostgresKiwiStore(address: address, logger: logger)
        var app = buildApplication(store: store, uploads: uploads, options: options, logger: logger, onServerRunning: onServerRunning)
        app.addServices(store.client)
        app.beforeServerStarts { try await store.start() }
        return app
    }
}

/// The application on a store that is already open (tests pass theirs).
func buildApplication(
    store: any KiwiStore,
    uploads: UploadFolder?,
    options: KiwiServerOptions,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> Application<RouterResponder<KiwiRequestContext>> {
    Application(
        router: buildRouter(store: store, uploads: uploads, options: options),
        server: options.metrics ? KiwiMetrics.countedHTTP1 : .http1(),
        configuration: .init(address: .hostname(options.host, port: options.port), serverName: "kiwi"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? options.port) },
        logger: logger
    )
}

/// Every route (the API's and the web pages'), and the middleware in order: metrics, logs, errors, auth (and the post-list cache's invalidation).
func buildRouter(store unmeasured: any KiwiStore, uploads: UploadFolder?, options: KiwiServerOptions) -> Router<KiwiRequestContext> {
    let store: any KiwiStore = options.metrics ? MeasuredKiwiStore(unmeasured) : unmeasured
    let router = Router(context: KiwiRequestContext.self)
    if options.metrics {
        // Every request by route pattern, method and status, and its latency; `/metrics` shows them.
        KiwiMetrics.start()
        router.add(middleware: MetricsMiddleware())
        router.get("/metrics", use: KiwiMetrics.page)
    }
    router.add(middleware: KiwiRequestLogMiddleware())
    let routes = RouteMethods()
    router.add(middleware: KiwiErrorMiddleware(routes: routes))
    router.add(middleware: KiwiAuthMiddleware(store: store))
    let postListCache = store.hasOtherWriters ? nil : PostListCache()
    if let postListCache { router.add(middleware: PostListCacheInvalidation(cache: postListCache)) }
    let community = KiwiCommunity(
        store: store,
        uploads: uploads,
        maxUploadBytes: options.maxUploadBytes,
        bcryptCost: options.bcryptCost,
        books: options.books,
        measuresUploads: options.metrics
    )
    let links = LinkMaker(publicURL: options.publicURL)
    KiwiController(
        community: community,
        postListCache: postListCache,
        storeHealth: StoreHealth(store: store, patience: options.healthPatience),
        links: links
    )
    .addRoutes(to: router)
    KiwiPages(community: community, links: links).addRoutes(to: router)
    routes.load(router)
    return router
}
