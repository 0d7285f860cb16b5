import Crypto
import Foundation
import PluginAPI

/// The secrets that sign photo URLs, shared by every server of a community: the first signs, every
/// one verifies, so a new key goes first and an old one stays until the URLs it signed expire
/// (`MediaSigner.longestLife`).
public struct MediaKeys: Sendable {
    public struct Key: Sendable {
        let id: String
        let secret: SymmetricKey
    }

    public let keys: [Key]

    public init(keys: [Key]) {
        self.keys = keys
    }

    /// A file of `ID SECRET` lines (`#` starts a comment), made with one random key (mode 0600)
    /// when missing; two servers starting at once make one.
    public static func load(_ path: String) throws -> MediaKeys {
        try LocalFile.createDirectory((path as NSString).deletingLastPathComponent)
        let text = try LocalFile.withLock(on: path) { () throws -> String in
            if let text = try? String(contentsOfFile: path, encoding: .utf8) { return text }
            let made = "# Kiwi's photo URL keys: ID SECRET a line; the first signs, all verify.\n\(newKeyLine())\n"
            try LocalFile.writeAtomically(Data(made.utf8), to: path, mode: 0o600)
            return made
        }
        let keys = text.split(whereSeparator: \.isNewline).compactMap { line -> Key? in
            let words = line.split(whereSeparator: \.isWhitespace)
            guard words.count == 2, !line.hasPrefix("#"), words[1].utf8.count >= 32 else { return nil }
            return Key(id: String(words[0]), secret: SymmetricKey(data: Data(words[1].utf8)))
        }
        guard !keys.isEmpty else {
            throw ToolboxError.usage(
                "the media key file \(path) holds no key",
                hint: "give it a line 'ID SECRET' (a secret of 32 characters or more), or remove it to have one made"
            )
        }
        return MediaKeys(keys: keys)
    }

    /// One random key, for a server whose community lives and dies with it (memory, tests).
    public static func random() -> MediaKeys {
        let words = newKeyLine().split(separator: " ")
        return MediaKeys(keys: [Key(id: String(words[0]), secret: SymmetricKey(data: Data(words[1].utf8)))])
    }

    private static func newKeyLine() -> String {
        let id = String(UUID().uuidString.prefix(8)).lowercased()
        let secret = SymmetricKey(size: .bits256).withUnsafeBytes { MediaSigner.base64URL($0) }
        return "\(id) \(secret)"
    }
}

/// Signed photo URLs, as CloudFront's and nginx's `secure_link` are: an HMAC of a photo's path
/// (`/media/<name>/`, which every version of it shares) and an expiry. The expiry is rounded up
/// to a window, so one URL is handed out for a whole window and caches stay warm: a URL lives
/// between one and two windows.
public struct MediaSigner: Sendable {
    public static let window = 3600
    public static let longestLife = 2 * window
    public let keys: MediaKeys

    public init(keys: MediaKeys) {
        self.keys = keys
    }

    /// The expiry every URL signed at `now` carries.
    public static func expiry(at now: Date) -> Int {
        (Int(now.timeIntervalSince1970) / window + 2) * window
    }

    /// `expires=…&key=…&signature=…` for the versions of `name`, signed with the first key.
    public func query(for name: String, expires: Int) -> String {
        let key = keys.keys[0]
        return "expires=\(expires)&key=\(key.id)&signature=\(Self.signature(name, expires: expires, secret: key.secret))"
    }

    /// Whether a request's query signs `name` and has not expired; no database is asked.
    public func verifies(name: String, expires: String?, key: String?, signature: String?, now: Date = Date()) -> Bool {
        guard let expires = expires.flatMap({ Int($0) }), expires > Int(now.timeIntervalSince1970),
            expires <= Int(now.timeIntervalSince1970) + Self.longestLife,
            let key = keys.keys.first(where: { $0.id == key }), let signature
        else { return false }
        // Compared in time that does not depend on where they differ.
        let expected = Array(Self.signature(name, expires: expires, secret: key.secret).utf8)
        let given = Array(signature.utf8)
        return given.count == expected.count && zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func signature(_ name: String, expires: Int, secret: SymmetricKey) -> String {
        base64URL(HMAC<SHA256>.authenticationCode(for: Array("/media/\(name)/\n\(expires)".utf8), using: secret))
    }

    /// Base64 for URLs (RFC 4648 §5), without padding. By hand: it is made for every photo URL
    /// handed out and checked on every photo served.
    public static func base64URL(_ bytes: some Sequence<UInt8>) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var input = Array(bytes)
        let count = input.count
        input += [0, 0]
        var output: [UInt8] = []
        output.reserveCapacity((count * 4 + 2) / 3)
        for start in stride(from: 0, to: count, by: 3) {
            let word = Int(input[start]) << 16 | Int(input[start + 1]) << 8 | Int(input[start + 2])
            for shift in [18, 12, 6, 0].prefix(min(4, (count - start) * 4 / 3 + 1)) { output.append(alphabet[(word >> shift) & 63]) }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
