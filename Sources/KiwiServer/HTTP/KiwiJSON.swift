import Foundation
import Hummingbird

/// JSON responses. An answer of 200 carries its `ETag`, made from the body in hand here (see
/// `KiwiETagMiddleware`); a body kept for many requests is tagged once (`Tagged`).
enum KiwiJSON {
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        let body = body(value)
        return status == .ok ? response(tagged: Tagged(body, headers: headers)) : response(body: body, status: status, headers: headers)
    }

    /// The bytes of `value` as JSON.
    static func body(_ value: some Encodable) -> ByteBuffer {
        KiwiJSONEncoder.encode(value)
    }

    /// An answer as a write keeps it for `Idempotency-Key` (`Idempotency.once`).
    static func kept(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> (status: Int, body: Data) {
        (Int(status.code), Data(buffer: body(value)))
    }

    /// A kept answer, sent again as it was.
    static func response(_ kept: (status: Int, body: Data)) -> Response {
        response(body: ByteBuffer(data: kept.body), status: HTTPResponse.Status(code: kept.status))
    }

    /// An answer of 200 with its header fields ready-made (its type, its `ETag`, and any others such
    /// as a page's `Link`): one kept to answer many requests makes none of them again (a field made
    /// is a field checked byte by byte).
    struct Tagged: Sendable {
        let body: ByteBuffer
        let headers: HTTPFields

        /// Tagged by its digest.
        init(_ body: ByteBuffer, headers: HTTPFields = [:]) {
            self.init(body: body, tag: KiwiETagMiddleware.tag(of: body), headers: headers)
        }

        init(body: ByteBuffer, tag: String, headers: HTTPFields = [:]) {
            self.body = body
            var fields = headers
            // JSON of another kind (ActivityPub's, WebFinger's) says so in `headers`.
            if fields[.contentType] == nil { fields[.contentType] = "application/json" }
            fields[.eTag] = tag
            self.headers = fields
        }
    }

    static func response(tagged: Tagged) -> Response {
        Response(status: .ok, headers: tagged.headers, body: ResponseBody(byteBuffer: tagged.body))
    }

    static func response(body: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        if fields[.contentType] == nil { fields[.contentType] = "application/json" }
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: body))
    }
}
