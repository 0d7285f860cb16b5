import Hummingbird
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
