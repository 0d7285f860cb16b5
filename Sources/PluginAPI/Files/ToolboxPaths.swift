import Foundation

/// The folders toolbox uses, from the XDG variables (so tests and users can
/// give toolbox a private set of folders).
public struct ToolboxPaths: Sendable, Equatable {
    /// `$XDG_CONFIG_HOME/toolbox`
    public var config: String
    /// `$XDG_CACHE_HOME/toolbox`
    public var cache: String
    /// `$XDG_DATA_HOME/toolbox`
    public var data: String

    public init(config: String, cache: String, data: String) {
        self.config = config
        self.cache = cache
        self.data = data
    }

    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ variable: String, _ fallback: String) -> String {
            // The XDG spec says relative values are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return "\(home)/\(fallback)"
        }
        self.init(
            config: base("XDG_CONFIG_HOME", ".config") + "/toolbox",
            cache: base("XDG_CACHE_HOME", ".cache") + "/toolbox",
            data: base("XDG_DATA_HOME", ".local/share") + "/toolbox"
        )
    }

    /// The default configuration file.
    public var configFile: String { config + "/config.yaml" }
}
