import Hummingbird
import KiwiWire

/// Turns every failure into Kiwi's JSON error body (`message`, `status_code`, `error`);
/// Hummingbird's own error body has another shape. A path that exists with other methods is 405 with `Allow`.
struct KiwiErrorMiddleware: RouterMiddleware {
    typealias Context = KiwiRequestContext
    let routes: RouteMethods

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && error.body == nil {
            // The router found no route: the path may still exist for other methods.
            let allowed = routes.methods(for: request.uri.path)
            guard !allowed.isEmpty else { return Self.response(KiwiHTTPError(.notFound, "no such route")) }
            var response = Self.response(
                KiwiHTTPError(.methodNotAllowed, "\(request.method) is not allowed here; use \(allowed.joined(separator: ", "))")
            )
            response.headers[.allow] = allowed.joined(separator: ", ")
            return response
        } catch {
            return Self.response(KiwiHTTPError.answering(error, logger: context.logger))
        }
    }

    static func response(_ error: KiwiHTTPError) -> Response {
        KiwiJSON.response(KiwiWire.Failure(message: error.message, statusCode: Int(error.status.code), error: error.code), status: error.status)
    }
}
