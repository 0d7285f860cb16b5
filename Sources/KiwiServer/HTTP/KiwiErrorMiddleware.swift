import Hummingbird
import KiwiWire

/// Turns every failure into an answer: Kiwi's JSON error body for the API (`json`), a page in
/// the site's style on the page routes (`KiwiPages.errorPage`).
struct KiwiErrorMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext
    let answer: @Sendable (any Error, Request, Context) async -> Response

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return await answer(error, request, context)
        }
    }

    /// `message`, `status_code` and `error` (Hummingbird's own error body has another shape); a path
    /// that exists with other methods is 405 with `Allow`.
    static func json(routes: RouteMethods) -> KiwiErrorMiddleware {
        KiwiErrorMiddleware { error, request, context in
            guard let missing = error as? HTTPError, missing.status == .notFound, missing.body == nil else {
                return response(KiwiHTTPError.answering(error, logger: context.logger))
            }
            // The router found no route: the path may still exist for other methods.
            let allowed = routes.methods(for: request.uri.path)
            guard !allowed.isEmpty else { return response(KiwiHTTPError(.notFound, "no such route")) }
            var answer = response(KiwiHTTPError(.methodNotAllowed, "\(request.method) is not allowed here; use \(allowed.joined(separator: ", "))"))
            answer.headers[.allow] = allowed.joined(separator: ", ")
            return answer
        }
    }

    static func response(_ error: KiwiHTTPError) -> Response {
        var response = KiwiJSON.response(
            KiwiWire.Failure(message: error.message, statusCode: Int(error.status.code), error: error.code),
            status: error.status
        )
        error.fields(on: &response)
        return response
    }
}
