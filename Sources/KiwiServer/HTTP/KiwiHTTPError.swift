import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// An answer with Kiwi's JSON error body: a community problem as the API says it, or what only
/// HTTP knows of (a body that cannot be read, a route that does not exist).
struct KiwiHTTPError: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String
    /// The machine code, e.g. `username_conflict`.
    var code: String
    /// Seconds to wait before asking again (`Retry-After`), where waiting is the answer.
    var retryAfter: Int?
    /// Other fields the answer carries (a rate limit's).
    var headers: HTTPFields

    init(_ status: HTTPResponse.Status, _ message: String, code: String? = nil, retryAfter: Int? = nil, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.code = code ?? Self.defaultCode(status)
        self.retryAfter = retryAfter
        self.headers = headers
    }

    /// Puts `Retry-After` and the other fields on an answer, JSON or page.
    func fields(on response: inout Response) {
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        response.headers.append(contentsOf: headers)
    }

    static func defaultCode(_ status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "bad_request"
        case 403: "forbidden"
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 409: "conflict"
        case 413: "payload_too_large"
        case 415: "unsupported_media_type"
        case 422: "unprocessable_content"
        case 429: "too_many_requests"
        case 502: "bad_gateway"
        case 503: "unavailable"
        default: "server_error"
        }
    }

    static func badRequest(_ message: String) -> KiwiHTTPError { .init(.badRequest, message) }

    /// Any failure as the routes answer it: the community's problems and Hummingbird's mapped,
    /// anything else a 500 that is logged (its details never reach the caller).
    static func answering(_ error: any Error, logger: Logger) -> KiwiHTTPError {
        switch error {
        case let error as KiwiHTTPError:
            return error
        case let problem as KiwiProblem:
            return problem.answer
        case let error as HTTPError:
            let status = error.status
            let message = error.body ?? (status == .notFound ? "no such route" : status.reasonPhrase.lowercased())
            return KiwiHTTPError(status, message)
        default:
            logger.error("unexpected failure: \(String(describing: error))")
            return KiwiHTTPError(.internalServerError, "the server failed; try again")
        }
    }
}
