import Foundation

/// How secrets are shown and when a value is only a placeholder.
public enum Secret {
    /// A masked form that shows at most the last 4 characters (`••••d4e1`).
    public static func mask(_ value: String) -> String {
        guard value.count > 8 else { return "••••" }
        return "••••" + value.suffix(4)
    }

    /// A URL with its password masked: `postgres://kiwi:••••@db:5432/kiwi`.
    public static func maskedURL(_ text: String) -> String {
        guard let password = URLComponents(string: text)?.percentEncodedPassword else { return text }
        return text.replacingOccurrences(of: ":\(password)@", with: ":••••@")
    }

    /// `text` with the password of every URL in it masked: for messages that quote what
    /// someone typed (`The value 'postgres://kiwi:••••@/kiwi' is invalid for '--database'`).
    public static func maskingURLPasswords(in text: String) -> String {
        var masked = ""
        var rest = Substring(text)
        while let scheme = rest.range(of: "://") {
            masked += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let authority = rest.prefix { !"/?#'\" \n".contains($0) }
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                masked += rest[..<colon] + ":••••@"
                rest = rest[rest.index(after: at)...]
            }
        }
        return masked + rest
    }

    /// Whether a value is a stand-in someone forgot to replace
    /// (`YOUR_API_KEY_HERE`, `<api key>`, `changeme`, …); such values count as missing.
    public static func isPlaceholder(_ value: String) -> Bool {
        let trimmed = value.trimmed
        if trimmed.isEmpty { return true }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("<") && lower.hasSuffix(">") { return true }
        if lower.hasPrefix("your") || lower.hasSuffix("_here") || lower.hasSuffix("-here") { return true }
        let words = ["changeme", "change_me", "placeholder", "todo", "replace_me", "replaceme", "xxx", "xxxx", "none", "null", "api_key", "apikey"]
        if words.contains(lower) { return true }
        return lower.allSatisfy { $0 == "x" || $0 == "*" || $0 == "." } && lower.count >= 3
    }
}
