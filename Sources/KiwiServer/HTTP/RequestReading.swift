import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import KiwiWire

/// What the API's controllers read from a request.
extension Request {
    /// A query parameter that is a whole number within `range`; nil when it is absent, 400 otherwise.
    func number<Number: FixedWidthInteger>(_ name: String, within range: ClosedRange<Number>) throws -> Number? {
        guard let text = uri.queryParameters.get(name) else { return nil }
        guard let number = Number(text), range.contains(number) else {
            throw KiwiHTTPError.badRequest("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A query parameter that is `true` (or `1`, or present without a value) or `false`.
    func flag(_ name: String) throws -> Bool {
        switch uri.queryParameters.get(name) {
        case nil, "false", "0": false
        case "true", "1", "": true
        default: throw KiwiHTTPError.badRequest("\(name) must be true or false")
        }
    }

    /// A JSON body; anything unreadable or missing a required field is 400.
    func decodeJSON<Body: Decodable>(_ type: Body.Type) async throws -> Body {
        var request = self
        return try Self.decode(type, from: try await request.collectBody(upTo: KiwiLimits.formBody))
    }

    /// As `decodeJSON`, with `empty` for a request without a body.
    func decodeJSON<Body: Decodable>(_ type: Body.Type, ifEmpty empty: Body) async throws -> Body {
        var request = self
        let buffer = try await request.collectBody(upTo: KiwiLimits.formBody)
        return buffer.readableBytes == 0 ? empty : try Self.decode(type, from: buffer)
    }

    private static func decode<Body: Decodable>(_ type: Body.Type, from buffer: ByteBuffer) throws -> Body {
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
        try Idempotency.key(headers.single(.idempotencyKey))
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
        let query = ListQuery(uri)
        func number<Number: FixedWidthInteger>(_ text: String?, _ name: String) throws -> Number? {
            guard let text else { return nil }
            guard let number = Number(text), number >= 0 else { throw KiwiHTTPError.badRequest("\(name) must be a whole number") }
            return number
        }
        let (sizeText, sizeName) = query.limit == nil && query.pageSize != nil ? (query.pageSize, "pageSize") : (query.limit, "limit")
        let size: Int = try number(sizeText, sizeName) ?? defaultSize
        guard sizes.contains(size) else { throw KiwiHTTPError.badRequest("\(sizeName) must be between \(sizes.lowerBound) and \(sizes.upperBound)") }
        var window = ListWindow(limit: size, below: try number(query.maxID, "max_id"))
        let newer: Int64? = try number(query.minID, "min_id")
        window.above = try newer ?? number(query.sinceID, "since_id")
        window.oldestFirst = newestFirst ? newer != nil : window.below == nil || window.above != nil
        if let page: Int = try number(query.page, "page") {
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

/// A list's query (`Request.window`): the first of each name counts. Read from the query's bytes
/// where nothing in it is encoded, as a list's query of names and numbers is: Hummingbird's
/// `queryParameters` decodes and hashes every name, and comparing by characters costs more still.
private struct ListQuery {
    var limit: String?
    var pageSize: String?
    var maxID: String?
    var sinceID: String?
    var minID: String?
    var page: String?

    /// Reads the URI alone: a copy of the whole request would retain each of its parts.
    init(_ uri: URI) {
        guard var query = uri.query, !query.isEmpty else { return }
        let plain = query.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return false }
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) ?? end
                take(bytes[start..<equals], value: { String(decoding: bytes[min(equals + 1, end)..<end], as: UTF8.self) })
                start = end + 1
            }
            return true
        }
        if !plain {
            for (name, value) in uri.queryParameters { take(Array(name.utf8), value: { String(value) }) }
        }
    }

    /// Keeps the value of a name a list reads, made into a string only then.
    private mutating func take<Name: Collection<UInt8>>(_ name: Name, value: () -> String) {
        func named(_ wanted: StaticString) -> Bool {
            name.count == wanted.utf8CodeUnitCount
                && name.elementsEqual(UnsafeBufferPointer(start: wanted.utf8Start, count: wanted.utf8CodeUnitCount))
        }
        if named("limit") {
            limit = limit ?? value()
        } else if named("pageSize") {
            pageSize = pageSize ?? value()
        } else if named("max_id") {
            maxID = maxID ?? value()
        } else if named("since_id") {
            sinceID = sinceID ?? value()
        } else if named("min_id") {
            minID = minID ?? value()
        } else if named("page") {
            page = page ?? value()
        }
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

extension HTTPFields {
    /// The value of a field sent once (a type, a tag, a token). `self[name]` joins every field of the
    /// name lazily, which cost a few thousand instructions a call on the path of every read.
    func single(_ name: HTTPField.Name) -> String? {
        first { $0.name == name }?.value
    }
}
