import PluginAPI

/// Where a community's data lives.
public enum KiwiDatabase: Sendable, Equatable {
    /// Gone when the server stops: for trying things out and for tests.
    case memory
    case sqlite(path: String)
    case postgres(url: String)

    /// `memory`, `sqlite:PATH` or `postgres://…`; nil for anything else.
    public init?(_ text: String) {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("sqlite:") {
            self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else {
            return nil
        }
    }

    /// Where images go when no uploads folder is given: PostgreSQL keeps them, so servers share nothing else.
    public var keepsImages: Bool {
        if case .postgres = self { return true }
        return false
    }

    /// How the start-up line names it, the password masked.
    public var described: String {
        switch self {
        case .memory: "memory (gone when the server stops)"
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let url): Secret.maskedURL(url)
        }
    }
}
