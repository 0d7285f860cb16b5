import Hummingbird
import HummingbirdCore
import KiwiServerSettings
import KiwiWire
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

    /// Connections answered 503 at once: past `--max-connections` or `--max-connections-per-address`.
    /// (Made at the first refusal, after `--metrics` started the backend, or reporting nowhere without it.)
    static let refusedConnections = Metrics.Counter(label: "kiwi_refused_connections_total")

    /// The limits in force, so an operator reads them where they read the load: each rate limit
    /// (`kiwi_rate_limit` by kind, scope and window; absent when lifted) and the connection caps.
    static func show(_ limits: [KiwiRateLimit], _ connections: ConnectionGuard.Limits) {
        start()
        for limit in limits {
            guard let count = limit.count else { continue }
            Gauge(
                label: "kiwi_rate_limit",
                dimensions: [("kind", limit.kind.rawValue), ("scope", limit.scope.rawValue), ("window_seconds", String(limit.window))]
            ).record(count)
        }
        Gauge(label: "kiwi_max_connections").record(connections.connections)
        Gauge(label: "kiwi_max_connections_per_address").record(connections.perAddress)
        Gauge(label: "kiwi_max_live_streams").record(connections.streams)
    }

    /// Writes refused by a rate limit, by kind and scope (reporting nowhere without `--metrics`).
    static func rateLimited(_ limit: KiwiRateLimit) {
        Metrics.Counter(label: "kiwi_rate_limited_total", dimensions: [("kind", limit.kind.rawValue), ("scope", limit.scope.rawValue)]).increment()
    }

    /// HTTP/1 with the connection guard, each connection counted while it is open.
    static func countedHTTP1(_ guard: ConnectionGuard) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in CountedConnections(base: HTTP1Channel(responder: responder, configuration: `guard`.http1Configuration)) }
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
