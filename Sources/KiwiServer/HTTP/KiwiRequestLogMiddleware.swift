import Foundation
import Hummingbird
import Logging

/// One log line per request: method, path, status, milliseconds. Never a token or a query.
struct KiwiRequestLogMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext

    /// Keeps only the line's start across the wait, and writes the line in a plain function: the
    /// connection's task keeps the room this frame takes for as long as the connection stays open.
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let line = Line(request, logger: context.logger)
        let response = try await next(request, context)
        line.log(response.status)
        return response
    }

    private struct Line {
        let method: HTTPRequest.Method
        let target: String
        let logger: Logger
        let started = ContinuousClock.now

        init(_ request: Request, logger: Logger) {
            method = request.method
            target = request.head.path ?? ""
            self.logger = logger
        }

        @inline(never)
        func log(_ status: HTTPResponse.Status) {
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            logger.info("\(method) \(target.prefix { $0 != "?" }) \(status.code) \(String(format: "%.1f", milliseconds)) ms")
        }
    }
}
