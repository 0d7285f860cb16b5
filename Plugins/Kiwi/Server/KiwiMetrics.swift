import Hummingbird
import HummingbirdCore
import Logging
import Metrics
import NIOCore
import Prometheus

/// The server's metrics in the Prometheus text format (`GET /metrics`): Hummingbird's
/// requests by route pattern, method and status with their latency, and Kiwi's own
/// store query latency and upload bytes, all through swift-metrics.
enum KiwiMetrics {
    /// swift-metrics has one backend a process; every server in it reports to this registry.
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()

    /// Makes sure the backend is in place: a metric made before it would report nowhere.
    static func start() { _ = registry }

    /// Bytes of accepted uploads.
    static let uploadBytes: Metrics.Counter = {
        start()
        return Metrics.Counter(label: "kiwi_upload_bytes_total")
    }()

    /// Connections open now (idle keep-alive ones included).
    static let openConnections: Meter = {
        start()
        return Meter(label: "kiwi_open_connections")
    }()

    /// HTTP/1 as Hummingbird builds it, each connection counted while it is open.
    static var countedHTTP1: HTTPServerBuilder {
        HTTPServerBuilder { responder in CountedConnections(base: HTTP1Channel(responder: responder)) }
    }

    /// Each store call's duration, by operation.
    static func storeQuery(_ operation: String) -> Metrics.Timer {
        start()
        return Metrics.Timer(label: "kiwi_store_query_duration_seconds", dimensions: [("operation", operation)], preferredDisplayUnit: .seconds)
    }

    @Sendable static func page(_ request: Request, context: some RequestContext) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer()))
        )
    }
}

/// A connection's channel as Hummingbird sets it up, counted for the whole of its handling.
struct CountedConnections<Base: ServerChildChannel>: ServerChildChannel {
    let base: Base

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> { base.setup(channel: channel, logger: logger) }

    func handle(value: Base.Value, logger: Logger) async {
        KiwiMetrics.openConnections.increment()
        defer { KiwiMetrics.openConnections.decrement() }
        await base.handle(value: value, logger: logger)
    }
}
