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

    /// The part of a list asked for (`ListWindow`): keys (`max_id`, `since_id`, `min_id`) or a
    /// `page` from 0, and `limit` (or the original's `pageSize`) within `sizes`. Anything else is
    /// 400, never "everything", and so is a page past `KiwiLimits.deepestOffset`.
    func window(
        newestFirst: Bool = true,
        sizes: ClosedRange<Int> = KiwiLimits.pageSize,
        defaultSize: Int = KiwiLimits.defaultPageSize
    ) throws
        -> ListWindow
    {
        let query = uri.queryParameters
        func number<Number: FixedWidthInteger>(_ name: String) throws -> Number? {
            guard let text = query.get(name) else { return nil }
            guard let number = Number(text), number >= 0 else { throw KiwiHTTPError.badRequest("\(name) must be a whole number") }
            return number
        }
        let sizeName = query.get("limit") == nil && query.get("pageSize") != nil ? "pageSize" : "limit"
        let size: Int = try number(sizeName) ?? defaultSize
        guard sizes.contains(size) else { throw KiwiHTTPError.badRequest("\(sizeName) must be between \(sizes.lowerBound) and \(sizes.upperBound)") }
        var window = ListWindow(limit: size, below: try number("max_id"))
        let newer: Int64? = try number("min_id")
        window.above = try newer ?? number("since_id")
        window.oldestFirst = newestFirst ? newer != nil : window.below == nil || window.above != nil
        if let page: Int = try number("page") {
            guard !window.byKey else { throw KiwiHTTPError.badRequest("page does not go with max_id, since_id or min_id: use one or the other") }
            guard page <= KiwiLimits.deepestOffset / size else {
                throw KiwiHTTPError.badRequest(
                    "pages by number reach \(KiwiLimits.deepestOffset) items deep; read older ones by max_id (the Link header's next page)"
                )
            }
            window.offset = page * size
        }
        return window
    }

    /// The window of a list the original answers whole: a thousand at most unless asked for fewer.
    func wholeListWindow(newestFirst: Bool = true) throws -> ListWindow {
        try window(newestFirst: newestFirst, sizes: KiwiLimits.wholeList, defaultSize: KiwiLimits.wholeList.upperBound)
    }

    /// A multipart body's fields, holding a photo up to the community's limit.
    func photoForm<Fields: Decodable>(_ type: Fields.Type, community: KiwiCommunity, what: String) async throws -> Fields {
        guard KiwiForms.isMultipart(self) else { throw KiwiHTTPError.badRequest("\(what) is multipart/form-data with a 'file' part") }
        return try await KiwiForms.decode(
            type,
            from: self,
            upTo: community.uploadBodyLimit,
            tooLarge: KiwiProblem.photoRefused(.tooManyBytes(limit: community.maxUploadBytes))
        )
    }
}

extension Data {
    init(buffer: ByteBuffer) {
        self = buffer.withUnsafeReadableBytes { Data($0) }
    }
}

extension HTTPField.Name {
    /// The IETF httpapi draft's header for writes that must happen once.
    static let idempotencyKey = HTTPField.Name(KiwiHeader.idempotencyKey)!
}
