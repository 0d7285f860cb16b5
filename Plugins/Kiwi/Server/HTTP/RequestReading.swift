import Foundation
import HTTPTypes
import Hummingbird
import KiwiWire

/// What the API's controllers read from a request.
extension Request {
    /// A JSON body; anything unreadable or missing a required field is 400.
    func decodeJSON<Body: Decodable>(_ type: Body.Type) async throws -> Body {
        var request = self
        let buffer = try await request.collectBody(upTo: KiwiLimits.formBody)
        do {
            return try JSONDecoder().decode(Body.self, from: Data(buffer: buffer))
        } catch DecodingError.keyNotFound(let key, _) {
            throw KiwiHTTPError.badRequest("missing field '\(key.stringValue)'")
        } catch {
            throw KiwiHTTPError.badRequest("the body is not the JSON this route takes")
        }
    }

    /// The `Idempotency-Key` header, when there is one; a malformed one is 400.
    func idempotencyKey() throws -> String? {
        try Idempotency.key(headers[.idempotencyKey])
    }

    /// `page` (from 0) and `pageSize` (1…100); anything else is 400, never "everything".
    func paging() throws -> (page: Int, size: Int) {
        let query = uri.queryParameters
        func number(_ name: String, default value: Int) throws -> Int {
            guard let text = query.get(name) else { return value }
            guard let number = Int(text) else { throw KiwiHTTPError.badRequest("\(name) must be a whole number") }
            return number
        }
        let page = try number("page", default: 0)
        let size = try number("pageSize", default: KiwiLimits.defaultPageSize)
        guard KiwiLimits.page.contains(page) else { throw KiwiHTTPError.badRequest("page must be between 0 and \(KiwiLimits.page.upperBound)") }
        guard KiwiLimits.pageSize.contains(size) else { throw KiwiHTTPError.badRequest("pageSize must be between 1 and 100") }
        return (page, size)
    }

    /// A multipart body's fields, holding a photo up to the community's limit.
    func photoForm<Fields: Decodable>(_ type: Fields.Type, community: KiwiCommunity, what: String) async throws -> Fields {
        guard KiwiForms.isMultipart(self) else { throw KiwiHTTPError.badRequest("\(what) is multipart/form-data with a 'file' part") }
        return try await KiwiForms.decode(
            type,
            from: self,
            upTo: community.uploadBodyLimit,
            tooLarge: KiwiProblem.photoTooLarge(limit: community.maxUploadBytes)
        )
    }
}

/// Where links point: `--public-url`, else the request's Host.
struct LinkMaker: Sendable {
    let publicURL: String?

    func callAsFunction(_ request: Request) -> Links {
        if let publicURL { return Links(base: publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL) }
        return Links(base: "http://\(request.head.authority ?? "127.0.0.1")")
    }

    /// Whether the session cookie may travel only over HTTPS: when the public URL says so.
    var secure: Bool { publicURL?.lowercased().hasPrefix("https://") == true }
}

extension Data {
    init(buffer: ByteBuffer) {
        self = buffer.withUnsafeReadableBytes { Data($0) }
    }
}

extension HTTPField.Name {
    /// The IETF httpapi draft's header for writes that must happen once.
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}
