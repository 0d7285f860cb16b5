import Foundation
import Hummingbird
import Logging

/// What `toolbox kiwi serve` runs.
struct KiwiServerOptions: Sendable {
    var host = "127.0.0.1"
    var port = 8080
    var publicURL: String?
    var maxUploadBytes = 10 * 1024 * 1024
    var bcryptCost: UInt8 = 10
}

enum KiwiServer {
    /// The router with every route and the middleware in order: logs, errors, auth.
    static func buildRouter(store: any KiwiStore, uploads: UploadFolder, options: KiwiServerOptions) -> Router<KiwiRequestContext> {
        let router = Router(context: KiwiRequestContext.self)
        router.add(middleware: KiwiRequestLogMiddleware())
        router.add(middleware: KiwiErrorMiddleware())
        router.add(middleware: KiwiAuthMiddleware(store: store))
        KiwiController(store: store, uploads: uploads, publicURL: options.publicURL, maxUploadBytes: options.maxUploadBytes,
                       bcryptCost: options.bcryptCost).addRoutes(to: router)
        return router
    }

    static func buildApplication(store: any KiwiStore, uploads: UploadFolder, options: KiwiServerOptions, logger: Logger,
                                 onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: buildRouter(store: store, uploads: uploads, options: options),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "kiwi"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? options.port) },
            logger: logger)
    }
}
