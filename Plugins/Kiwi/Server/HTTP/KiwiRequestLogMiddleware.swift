import Foundation
import Hummingbird

/// One log line per request: method, path, status, milliseconds. Never a token or a query.
struct KiwiRequestLogMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext

    /// Keeps only the line's start across the wait: every request's task keeps the room its frames took.
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let (method, target, logger, started) = (request.method, request.head.path ?? "", context.logger, ContinuousClock.now)
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        logger.info("\(method) \(target.prefix { $0 != "?" }) \(response.status.code) \(String(format: "%.1f", milliseconds)) ms")
        return response
    }
}
