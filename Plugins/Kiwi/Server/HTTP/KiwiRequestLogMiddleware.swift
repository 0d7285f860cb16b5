import Foundation
import Hummingbird

/// One log line per request: method, path, status, milliseconds. Never a token or a query.
struct KiwiRequestLogMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        context.logger.info("\(request.method) \(request.uri.path) \(response.status.code) \(String(format: "%.1f", milliseconds)) ms")
        return response
    }
}
