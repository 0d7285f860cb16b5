import Crypto
import Foundation
import _CryptoExtras

/// HTTP Signatures as the fediverse speaks them (draft-cavage-http-signatures-12, which Mastodon,
/// BookWyrm and bovine sign and check): `rsa-sha256` over `(request-target) host date digest`, the
/// body's SHA-256 in `Digest`. Every request a Kiwi server sends another is signed so; every
/// activity it takes in must be.
enum HTTPSignatures {
    /// What is signed: a GET's target, host and date; a POST's body too, through its digest.
    static let signedGET = ["(request-target)", "host", "date"]
    static let signedPOST = ["(request-target)", "host", "date", "digest"]

    /// How far a `Date` may be from now: Mastodon's window, 12 hours back and an hour of clock
    /// skew either way.
    static let pastWindow: TimeInterval = 13 * 3600
    static let futureWindow: TimeInterval = 3600

    /// The fields to send with a request: `Date`, a POST's `Digest`, and `Signature`.
    static func sign(
        method: String,
        url: URL,
        body: Data?,
        keyID: String,
        key: _RSA.Signing.PrivateKey,
        now: Date = Date()
    ) throws -> [(String, String)] {
        var fields = [("Host", host(of: url)), ("Date", HTTPDate.format(now))]
        if let body { fields.append(("Digest", digest(of: body))) }
        let names = body == nil ? signedGET : signedPOST
        let target = "\(method.lowercased()) \(pathAndQuery(of: url))"
        let text = signingText(names, target: target) { name in fields.first { $0.0.lowercased() == name }?.1 }
        let signature = try key.signature(for: SHA256.hash(data: Data(text.utf8)), padding: .insecurePKCS1v1_5)
        let parameters = [
            "keyId=\"\(keyID)\"", "algorithm=\"rsa-sha256\"", "headers=\"\(names.joined(separator: " "))\"",
            "signature=\"\(signature.rawRepresentation.base64EncodedString())\"",
        ]
        fields.append(("Signature", parameters.joined(separator: ",")))
        return fields
    }

    /// A request's `Signature` header, read: who signed, with what, over which fields.
    struct Parameters: Sendable, Equatable {
        var keyID: String
        var algorithm: String
        var headers: [String]
        var signature: Data

        /// `keyId="…",algorithm="…",headers="…",signature="…"`; nil when it is not one.
        init?(_ header: String) {
            var values: [String: String] = [:]
            var rest = Substring(header.hasPrefix("Signature ") ? String(header.dropFirst(10)) : header)
            while !rest.isEmpty {
                rest = rest.drop { $0 == " " || $0 == "," }
                guard let equals = rest.firstIndex(of: "=") else { break }
                let name = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                rest = rest[rest.index(after: equals)...]
                let value: Substring
                if rest.first == "\"" {
                    rest = rest.dropFirst()
                    guard let close = rest.firstIndex(of: "\"") else { return nil }
                    value = rest[..<close]
                    rest = rest[rest.index(after: close)...]
                } else {
                    let end = rest.firstIndex(of: ",") ?? rest.endIndex
                    value = rest[..<end]
                    rest = rest[end...]
                }
                values[name] = String(value)
            }
            guard let keyID = values["keyid"], !keyID.isEmpty, let signature = values["signature"].flatMap({ Data(base64Encoded: $0) })
            else { return nil }
            self.keyID = keyID
            algorithm = values["algorithm"]?.lowercased() ?? "hs2019"
            // The draft's default when `headers` is left out is `date` alone.
            headers = (values["headers"] ?? "date").lowercased().split(separator: " ").map(String.init)
            self.signature = signature
        }
    }

    /// Why a request's signature does not hold; the inbox answers 401 with it.
    enum Refusal: Error, Equatable, CustomStringConvertible {
        case unsigned
        case unreadable
        case algorithm(String)
        case notSigned(String)
        case missing(String)
        case stale
        case digest
        case doesNotVerify

        var description: String {
            switch self {
            case .unsigned: "the request is not signed (HTTP Signatures)"
            case .unreadable: "the Signature header cannot be read"
            case .algorithm(let name): "the signature's algorithm \(name) is not rsa-sha256"
            case .notSigned(let name): "the signature does not cover \(name)"
            case .missing(let name): "the signed field \(name) is missing"
            case .stale: "the request's Date is too far from now"
            case .digest: "the body does not match its Digest"
            case .doesNotVerify: "the signature does not verify with the actor's key"
            }
        }
    }

    /// What the request says before any key is asked for: its signature's parameters, once its
    /// date is in the window, its digest matches its body and it signs what it must.
    static func check(
        method: String,
        fields: (String) -> String?,
        body: Data?,
        now: Date = Date()
    ) throws(Refusal) -> Parameters {
        guard let header = fields("signature") ?? fields("authorization").flatMap({ $0.hasPrefix("Signature ") ? $0 : nil }) else {
            throw .unsigned
        }
        guard let parameters = Parameters(header) else { throw .unreadable }
        // hs2019 leaves the algorithm to the key, which is RSA here.
        guard ["rsa-sha256", "hs2019"].contains(parameters.algorithm) else { throw .algorithm(parameters.algorithm) }
        let required = body == nil ? signedGET : signedPOST
        if let unsigned = required.first(where: { !parameters.headers.contains($0) }) { throw .notSigned(unsigned) }
        guard let date = fields("date").flatMap(HTTPDate.parse),
            date > now - pastWindow, date < now + futureWindow
        else { throw .stale }
        if let body {
            let sent = fields("digest")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            guard let sha256 = sent.first(where: { $0.lowercased().hasPrefix("sha-256=") }), sha256.dropFirst(8) == digest(of: body).dropFirst(8)
            else { throw .digest }
        }
        return parameters
    }

    /// Whether `parameters`' signature over the request verifies with `publicKeyPEM`.
    static func verifies(
        _ parameters: Parameters,
        method: String,
        target: String,
        fields: (String) -> String?,
        publicKeyPEM: String
    ) throws(Refusal) -> Bool {
        var missing: String?
        let text = signingText(parameters.headers, target: "\(method.lowercased()) \(target)") { name in
            let value = fields(name)
            if value == nil { missing = name }
            return value
        }
        if let missing { throw .missing(missing) }
        guard let key = try? _RSA.Signing.PublicKey(pemRepresentation: publicKeyPEM) else { return false }
        return key.isValidSignature(
            _RSA.Signing.RSASignature(rawRepresentation: parameters.signature),
            for: SHA256.hash(data: Data(text.utf8)),
            padding: .insecurePKCS1v1_5
        )
    }

    /// The lines signed: `name: value` for each field named, lower case, in order.
    private static func signingText(_ names: [String], target: String, value: (String) -> String?) -> String {
        names.map { name in
            switch name {
            case "(request-target)": "(request-target): \(target)"
            default: "\(name): \(value(name) ?? "")"
            }
        }
        .joined(separator: "\n")
    }

    static func digest(of body: Data) -> String { "SHA-256=\(Data(SHA256.hash(data: body)).base64EncodedString())" }

    /// `kiwi.example.org`, with the port when it is not the scheme's own.
    static func host(of url: URL) -> String {
        let name = url.host?.lowercased() ?? ""
        guard let port = url.port, port != (url.scheme == "https" ? 443 : 80) else { return name }
        return "\(name):\(port)"
    }

    static func pathAndQuery(of url: URL) -> String {
        let path = url.path.isEmpty ? "/" : url.path(percentEncoded: true)
        return url.query(percentEncoded: true).map { "\(path)?\($0)" } ?? path
    }
}
