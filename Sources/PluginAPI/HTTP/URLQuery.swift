import Foundation

/// `name=value&…` with every byte but RFC 3986's unreserved characters percent-encoded,
/// so `+`, `&`, `=` and spaces in a value arrive intact: the query of a URL and the body
/// of an `application/x-www-form-urlencoded` request.
public enum URLQuery {
    public static func encode(_ items: [(String, String)]) -> String {
        // Appended in a loop: `joined(separator:)` costs a runtime type lookup on first use.
        var query = ""
        for (name, value) in items {
            if !query.isEmpty { query += "&" }
            query += percentEncoded(name) + "=" + percentEncoded(value)
        }
        return query
    }

    /// Every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) as `%XX`, uppercase; with
    /// `keepingSlash`, `/` too stays (a path, as AWS's signatures encode one).
    public static func percentEncoded(_ text: String, keepingSlash: Bool = false) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(byte)
            case UInt8(ascii: "/") where keepingSlash: encoded.append(byte)
            default:
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}

extension URL {
    /// This URL with `items` added to its query (see ``URLQuery``).
    ///
    /// Rather than `URLComponents.queryItems`, which leaves `+` unencoded (many servers
    /// read it as a space) and whose first use costs a runtime type lookup on every run.
    public func appendingQuery(_ items: [(String, String)]) -> URL {
        guard !items.isEmpty else { return self }
        return URL(string: absoluteString + (query == nil ? "?" : "&") + URLQuery.encode(items)) ?? self
    }
}
