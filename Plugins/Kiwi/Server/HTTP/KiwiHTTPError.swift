import Foundation
import HTTPTypes

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
}
