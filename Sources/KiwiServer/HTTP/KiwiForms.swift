import Foundation
import Hummingbird
import MultipartKit

/// Form bodies, `multipart/form-data` or URL-encoded, as the API's form routes and the
/// web pages take them: one reader, so both ends accept the same bodies.
enum KiwiForms {
    /// The fields of the body; a body larger than `limit` is `tooLarge`, one that cannot be read 400.
    static func decode<Fields: Decodable>(
        _ type: Fields.Type,
        from request: Request,
        upTo limit: Int,
        tooLarge: any Error = KiwiHTTPError(.contentTooLarge, "the form is too large")
    ) async throws -> Fields {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            throw tooLarge
        }
        let contentType = request.headers.single(.contentType) ?? ""
        if isMultipart(request) {
            guard let boundary = boundary(contentType), let fields = try? FormDataDecoder().decode(Fields.self, from: body, boundary: boundary) else {
                throw KiwiHTTPError.badRequest("the multipart body cannot be read")
            }
            return fields
        }
        guard let fields = try? URLEncodedFormDecoder().decode(Fields.self, from: String(buffer: body)) else {
            throw KiwiHTTPError.badRequest("the form cannot be read")
        }
        return fields
    }

    static func isMultipart(_ request: Request) -> Bool {
        request.headers.single(.contentType)?.lowercased().hasPrefix("multipart/form-data") == true
    }

    static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(\.trimmed)
            if pair.count == 2, pair[0].lowercased() == "boundary" { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return nil
    }
}
