import Hummingbird
import KiwiWire

/// What operators and tools ask: `GET /health`, the contract (`GET /openapi.json`), and what the
/// server takes (`GET /instance`).
struct OperationsController: Sendable {
    let health: DatabaseHealth
    /// What `/instance` answers: the same for the server's life, so made once.
    let instance: KiwiJSON.Tagged

    init(health: DatabaseHealth, instance: KiwiWire.Instance) {
        self.health = health
        self.instance = KiwiJSON.Tagged(KiwiJSON.body(instance))
    }

    func addRoutes(to router: Router<KiwiRequestContext>) {
        router.get("/health", use: healthCheck)
        router.get("/instance") { _, _ in KiwiJSON.response(tagged: instance) }
        router.get("/openapi.json") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: KiwiOpenAPI.document))
            )
        }
    }

    /// 200 when the database answers, 503 saying what is wrong when it does not.
    @Sendable func healthCheck(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        if let problem = await health.problem() { throw KiwiHTTPError(.serviceUnavailable, problem, code: "unavailable") }
        return KiwiJSON.response(KiwiWire.Status())
    }
}
