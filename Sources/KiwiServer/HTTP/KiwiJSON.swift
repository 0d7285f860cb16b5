import Foundation
import Hummingbird

/// JSON responses. An answer of 200 carries its `ETag`, made from the body in hand here (see
/// `KiwiETagMiddleware`); a body kept for many requests is tagged once (`Tagged`).
enum KiwiJSON {
    static func response(_ value: some KiwiJSONWritable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        let body = body(value)
        return status == .ok ? response(tagged: Tagged(body), headers: headers) : response(body: body, status: status, headers: headers)
    }

    /// The bytes of `value` as JSON.
    static func body(_ value: some KiwiJSONWritable) -> ByteBuffer {
        var writer = KiwiJSONWriter()
        value.write(into: &writer)
        return ByteBuffer(string: writer.text)
    }

    /// An answer as a write keeps it for `Idempotency-Key` (`Idempotency.once`).
    static func kept(_ value: some KiwiJSONWritable, status: HTTPResponse.Status = .ok) -> (status: Int, body: Data) {
        (Int(status.code), Data(buffer: body(value)))
    }

    /// A kept answer, sent again as it was.
    static func response(_ kept: (status: Int, body: Data)) -> Response {
        response(body: ByteBuffer(data: kept.body), status: HTTPResponse.Status(code: kept.status))
    }

    /// A body kept to answer many requests, with its `ETag` made once (not at every request).
    struct Tagged: Sendable {
        let body: ByteBuffer
        let tag: String

        init(_ body: ByteBuffer) {
            self.init(body: body, tag: KiwiETagMiddleware.tag(of: body))
        }

        init(body: ByteBuffer, tag: String) {
            self.body = body
            self.tag = tag
        }
    }

    static func response(tagged: Tagged, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.eTag] = tagged.tag
        return response(body: tagged.body, headers: fields)
    }

    static func response(body: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: body))
    }
}
