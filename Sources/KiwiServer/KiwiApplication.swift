import Foundation
import Hummingbird
import KiwiMedia
import KiwiServerSettings
import KiwiWire
import Logging
import PluginAPI

/// What a started server says of itself in its start-up lines.
public struct KiwiServerStart: Sendable {
    public var port: Int
    public var database: KiwiDatabase
    /// Where uploads go: a folder, or the store.
    public var uploads: String
    /// The open-files limit the server raised itself to, and the connections that allows.
    public var openFiles: Int
    public var maxConnections: Int
    public var maxStreams: Int
}

/// The application on the database the arguments name (the standard SQLite file in `dataHome`
/// when they name none), opened and migrated with the server's lifecycle (PostgreSQL's pool and
/// its listener run as services beside it).
public func buildApplication(
    _ arguments: some AppArguments,
    dataHome: String,
    books: BookSearch?,
    covers: CoverSource? = nil,
    logger: Logger,
    onServerRunning: @escaping @Sendable (KiwiServerStart) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let database = arguments.database ?? .standard(dataHome: dataHome)
    if arguments.mediaRedirect, arguments.mediaStore == nil {
        throw ToolboxError.usage(
            "--media-redirect sends readers to the media store, and there is none",
            hint: "give --media-store (or set kiwi.media_store), or leave out --media-redirect"
        )
    }
    let bucket = try arguments.mediaStore.map(MediaStoreCheck.bucket)
    // With a bucket, photos and their originals are there: no folder of the server's own.
    let folder = bucket == nil ? database.uploads(given: arguments.uploads) : nil
    let uploads = try folder.map { try UploadFolder(path: $0) }
    let media: (any MediaStore)? =
        try bucket.map { BucketMedia(bucket: $0, cacheBytes: arguments.mediaCacheBytes) }
        ?? database.media(given: arguments.mediaFolder, dataHome: dataHome).map { try MediaFolder(path: $0) }
    let keys =
        try database == .memory && arguments.mediaKeys == nil
        ? MediaKeys.random() : MediaKeys.load(arguments.mediaKeys ?? "\(dataHome)/kiwi/media-keys")
    let (guard_, openFiles) = ConnectionGuard.forServer(arguments)
    let started: @Sendable (Int) async -> Void = { port in
        await onServerRunning(
            KiwiServerStart(
                port: port,
                database: database,
                uploads: bucket.map { "in the bucket \($0.location.bucket)" } ?? folder ?? (database == .memory ? "in memory" : "in the database"),
                openFiles: openFiles,
                maxConnections: guard_.limits.connections,
                maxStreams: guard_.limits.streams
            )
        )
    }
    func build(_ storage: any KiwiStorage) -> Application<RouterResponder<KiwiRequestContext>> {
        buildApplication(
            storage: storage,
            uploads: uploads,
            media: media,
            keys: keys,
            arguments: arguments,
            books: books,
            covers: covers,
            connections: guard_,
            logger: logger,
            onServerRunning: started
        )
    }
    /// The bucket looked at once the database is open (after PostgreSQL's start, which comes first);
    /// nil: a community in memory, new at every start.
    func checkingTheBucket(
        _ app: Application<RouterResponder<KiwiRequestContext>>,
        of storage: (any KiwiTableStore)?
    ) -> Application<RouterResponder<KiwiRequestContext>> {
        guard let bucket else { return app }
        var app = app
        app.beforeServerStarts { try await MediaStoreCheck.check(bucket, for: storage, logger: logger) }
        return app
    }
    switch database {
    case .memory:
        return checkingTheBucket(build(MemoryKiwiDatabase()), of: nil)
    case .sqlite(let path):
        try LocalFile.createDirectory((path as NSString).deletingLastPathComponent)
        let sqlite: SQLiteKiwiDatabase
        do {
            sqlite = try SQLiteKiwiDatabase(path: path, measured: arguments.metrics)
        } catch let error as ToolboxError {
            throw error
        } catch {
            throw ToolboxError.io("cannot open the database \(path)", hint: "check the path and its permissions")
        }
        return checkingTheBucket(build(sqlite), of: sqlite)
    case .postgres(let address):
        let postgres = PostgresKiwiDatabase(address: address, measured: arguments.metrics, logger: logger)
        var app = build(postgres)
        app.addServices(postgres)
        app.beforeServerStarts { try await postgres.start() }
        return checkingTheBucket(app, of: postgres)
    }
}

/// The application on a database that is already open (tests pass theirs).
func buildApplication(
    storage: any KiwiStorage,
    uploads: UploadFolder?,
    media: (any MediaStore)? = nil,
    keys: MediaKeys = .random(),
    arguments: some AppArguments,
    books: BookSearch? = nil,
    covers: CoverSource? = nil,
    connections: ConnectionGuard? = nil,
    logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> Application<RouterResponder<KiwiRequestContext>> {
    let signer = MediaSigner(keys: keys)
    let community = KiwiCommunity(
        storage: storage,
        photos: PhotoIntake(
            uploads: uploads,
            // A community in memory keeps its versions in a scratch folder: gone with the machine's temporary files.
            media: media ?? MediaFolder.scratch(),
            processor: PhotoProcessor(),
            maxBytes: arguments.maxUploadBytes,
            measures: arguments.metrics,
            logger: logger,
            objects: storage
        ),
        bookSearch: books,
        covers: covers,
        bcryptCost: UInt8(arguments.bcryptCost),
        registrations: arguments.registrations,
        rateLimits: KiwiRateLimit.effective(arguments.rateLimits),
        healthPatience: .seconds(arguments.healthPatience),
        heartbeat: .seconds(arguments.heartbeat),
        federation: arguments.federation == .on
            ? arguments.publicURL.map {
                Federation.Settings(
                    publicURL: $0,
                    mediaURL: arguments.mediaURL,
                    mediaSigner: signer,
                    allowsPrivateAddresses: arguments.federationAllowPrivate
                )
            } : nil
    )
    let connections = connections ?? ConnectionGuard(arguments, openFiles: ConnectionGuard.openFilesLimit())
    var app = Application(
        router: buildRouter(community, signer: signer, arguments: arguments, connections: connections),
        server: arguments.metrics ? KiwiMetrics.countedHTTP1(connections) : connections.http1(),
        configuration: .init(address: .hostname(arguments.host, port: arguments.port), serverName: "kiwi"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? arguments.port) },
        logger: logger
    )
    app.addServices(community.live, community.books.details)
    if let federation = community.federation { app.addServices(federation.deliveries) }
    return app
}

/// Every route (the API's and the web pages'), and the middleware in order: metrics, logs, errors, auth.
func buildRouter(
    _ community: KiwiCommunity,
    signer: MediaSigner,
    arguments: some AppArguments,
    connections: ConnectionGuard
) -> Router<KiwiRequestContext> {
    let router = Router(context: KiwiRequestContext.self)
    if arguments.metrics {
        // Every request by route pattern, method and status, and its latency; `/metrics` shows them.
        KiwiMetrics.start()
        router.add(middleware: MetricsMiddleware())
        router.get("/metrics", use: KiwiMetrics.page)
        KiwiMetrics.show(KiwiRateLimit.effective(arguments.rateLimits), connections.limits)
    }
    router.add(middleware: KiwiRequestLogMiddleware())
    let routes = RouteMethods()
    router.add(middleware: KiwiErrorMiddleware.json(routes: routes))
    // The router tries a path's first segment against the segments in the order they were added
    // (each one passed over costs a string comparison, about 240 instructions of a read's 150,000),
    // and a route has the middlewares of the router and groups it is added through: so the reads
    // asked most come first, each with only what it needs. `/health` first, without a session.
    let operations = OperationsController(health: community.health, instance: community.instance)
    operations.addHealthRoute(to: router)
    // Then the photos, a page's score of requests; `/media/` is signed: it needs no session and
    // answers no JSON.
    let media = MediaController(community: community, signer: signer, redirects: arguments.mediaRedirect)
    media.addSignedRoutes(to: router)
    // Then the lists of posts, and the rest, with the session middleware and the ETag's.
    let withSession = router.group().add(
        middleware: KiwiAuthMiddleware(accounts: community.accounts, trustedProxies: connections.limits.trustedProxies)
    )
    let tagged = withSession.group().add(middleware: KiwiETagMiddleware())
    let links = LinkMaker(publicURL: arguments.publicURL, mediaURL: arguments.mediaURL, signer: signer)
    let federation = community.federation.map { FederationController(federation: $0, posts: community.posts, reports: community.reports) }
    PostController(community: community, links: links, federation: federation).addRoutes(to: tagged)
    operations.addRoutes(to: tagged)
    federation?.addRoutes(to: tagged)
    AccountController(community: community, links: links, federation: federation).addRoutes(to: tagged)
    media.addRoutes(to: tagged)
    FollowController(community: community, links: links, federation: federation).addRoutes(to: tagged)
    BlockController(community: community, links: links).addRoutes(to: tagged)
    ReportController(community: community, links: links).addRoutes(to: tagged)
    ShelfController(community: community, links: links).addRoutes(to: tagged)
    let notifications = NotificationController(community: community, links: links)
    notifications.addRoutes(to: tagged)
    let books = BookController(community: community, links: links)
    books.addRoutes(to: tagged)
    let pages = KiwiPages(community: community, links: links)
    pages.addRoutes(to: tagged)
    ArchiveController(community: community, links: links, library: pages.library).addRoutes(to: tagged)
    // These paths are the API's answer, and the page a browser asks for (`Accept: text/html`).
    let search = SearchController(community: community, links: links)
    for (path, answer, page) in [
        ("/notifications", notifications.list, pages.notifications), ("/books/:isbn13", books.book, pages.book),
        ("/search", search.search, pages.search),
    ] {
        tagged.get(RouterPath(path)) { request, context in
            guard KiwiPages.wantsPage(request) else { return try await answer(request, context) }
            do {
                return try await page(request, context)
            } catch {
                return await pages.errorPage(error, request, context)
            }
        }
    }
    // A live stream has no tag to compare, and its task keeps the frames of every middleware it
    // passes for as long as it lasts (1,000 streams: 3 MB for the ETag's).
    LiveController(community: community, links: links, connections: connections).addRoutes(to: withSession)
    routes.load(router)
    return router
}
