import Hummingbird
import KiwiWire

/// What operators and tools ask: `GET /health`, the contract (`GET /openapi.json`), and what the
/// server takes (`GET /instance`). Each answer is the same for the server's life: made and tagged once.
struct OperationsController: Sendable {
    let health: DatabaseHealth
    let instance: KiwiJSON.Tagged
    let healthy = KiwiJSON.Tagged(KiwiJSON.body(KiwiWire.Status()))
    let document = KiwiJSON.Tagged(ByteBuffer(string: KiwiOpenAPI.document))

    init(health: DatabaseHealth, instance: KiwiWire.Instance) {
        self.health = health
        self.instance = KiwiJSON.Tagged(KiwiJSON.body(instance))
    }

    /// `/health` is routed without the session and ETag middlewares and answers a reader's
    /// `If-None-Match` itself: load balancers ask it every few seconds, and it saves them both
    /// middlewares' frames (the ETag's, about 600 instructions of its 150,000).
    func addHealthRoute(to router: some RouterMethods<KiwiRequestContext>) {
        router.get("/health", use: healthCheck)
    }

    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        router.get("/instance") { _, _ in KiwiJSON.response(tagged: instance) }
        router.get("/openapi.json") { _, _ in KiwiJSON.response(tagged: document) }
    }

    /// 200 when the database answers, 503 saying what is wrong when it does not.
    @Sendable func healthCheck(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        if let problem = await health.problem() { throw KiwiHTTPError(.serviceUnavailable, problem, code: "unavailable") }
        if let tag = healthy.headers.single(.eTag), KiwiETagMiddleware.holds(tag, request) {
            return Response(status: .notModified, headers: [.eTag: tag])
        }
        return KiwiJSON.response(tagged: healthy)
    }
}
