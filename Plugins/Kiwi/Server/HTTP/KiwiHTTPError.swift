import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// A failure the routes answer with Kiwi's JSON error body.
struct KiwiHTTPError: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String
    /// The machine code, e.g. `username_conflict`.
    var code: String

    init(_ status: HTTPResponse.Status, _ message: String, code: String? = nil) {
        self.status = status
        self.message = message
        self.code = code ?? Self.defaultCode(status)
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
        case 429: "too_many_requests"
        case 502: "bad_gateway"
        default: "server_error"
        }
    }

    static func badRequest(_ message: String) -> KiwiHTTPError { .init(.badRequest, message) }
    static let notLoggedIn = KiwiHTTPError(.forbidden, "not logged in", code: "not_logged_in")
    static let notOwner = KiwiHTTPError(.forbidden, "only the owner can do this", code: "not_owner")
    static let missingFile = KiwiHTTPError.badRequest("missing field 'file'")

    /// The store's failures as the contract answers them.
    init(_ error: KiwiStoreError) {
        switch error {
        case .usernameTaken: self.init(.conflict, "username already taken", code: "username_conflict")
        case .noSuchUser: self.init(.notFound, "no such user", code: "user_not_found")
        case .noSuchPost: self.init(.notFound, "no such post", code: "post_not_found")
        case .noSuchComment: self.init(.notFound, "no such comment", code: "comment_not_found")
        case .notOwner: self = .notOwner
        }
    }

    /// Any failure as the routes answer it: the store's and Hummingbird's mapped, anything else
    /// a 500 that is logged (its details never reach the caller).
    static func answering(_ error: any Error, logger: Logger) -> KiwiHTTPError {
        switch error {
        case let error as KiwiHTTPError:
            return error
        case let error as KiwiStoreError:
            return KiwiHTTPError(error)
        case let error as HTTPError:
            let status = error.status
            let message = error.body ?? (status == .notFound ? "no such route" : status.reasonPhrase.lowercased())
            return KiwiHTTPError(status, message, code: status == .contentTooLarge ? "payload_too_large" : nil)
        default:
            logger.error("unexpected failure: \(String(describing: error))")
            return KiwiHTTPError(.internalServerError, "the server failed; try again")
        }
    }
}
