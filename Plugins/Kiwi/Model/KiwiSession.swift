import KiwiWire

/// The saved login: which server, the token, and who (for `whoami` on base-only servers).
struct KiwiSession: Codable, Sendable {
    var server: String
    var token: String
    var user: KiwiWire.User
}
