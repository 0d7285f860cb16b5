import Foundation

/// The declaration of one configuration key.
public struct ConfigKey: Sendable, Hashable {
    /// The kinds of value a key holds; values are validated against them.
    public enum ValueType: String, Sendable, Hashable {
        case string, integer, number, boolean, url, list, path
    }

    /// Dotted name, e.g. `tmdb.api_key`.
    public var name: String
    public var type: ValueType
    /// The default as it would be written in the file; nil when there is none.
    public var defaultValue: String?
    /// Secrets are masked wherever they are shown and never logged.
    public var isSecret: Bool
    /// Whether a command cannot work without it (reported by `config check`).
    public var isRequired: Bool
    /// Conventional environment variables, e.g. `TMDB_API_KEY`; `TOOLBOX_…` wins over them.
    public var environmentAliases: [String]
    /// The only values allowed, when the key is an enumeration.
    public var allowedValues: [String]?
    /// One line saying what it is for.
    public var summary: String
    /// What to do when it is missing, e.g. where to get an API key.
    public var setupHint: String?
    /// A file under the cache folder naming the values a service knows, a line each (the watch
    /// providers of a region): shells complete them and `config set` checks against them.
    public var valueNamesFile: String?

    public init(
        _ name: String,
        type: ValueType = .string,
        default defaultValue: String? = nil,
        secret: Bool = false,
        required: Bool = false,
        environmentAliases: [String] = [],
        allowedValues: [String]? = nil,
        summary: String,
        setupHint: String? = nil,
        valueNamesFile: String? = nil
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.isSecret = secret
        self.isRequired = required
        self.environmentAliases = environmentAliases
        self.allowedValues = allowedValues
        self.summary = summary
        self.setupHint = setupHint
        self.valueNamesFile = valueNamesFile
    }

    /// `TOOLBOX_` + the name in upper case with dots as underscores.
    public var environmentVariable: String {
        // Plain Swift rather than Foundation's replacingOccurrences: this runs for every key at start-up.
        "TOOLBOX_" + String(name.uppercased().map { $0 == "." ? "_" : $0 })
    }

    /// The environment variables that can set this key, strongest first.
    public var environmentVariables: [String] { [environmentVariable] + environmentAliases }

    /// Two declarations of one key agree when everything but the wording matches.
    func conflicts(with other: ConfigKey) -> Bool {
        name == other.name
            && (type != other.type || defaultValue != other.defaultValue
                || isSecret != other.isSecret || environmentAliases != other.environmentAliases
                || allowedValues != other.allowedValues)
    }

    /// Checks a value against the key's type; returns a sentence saying what is wrong.
    public func problem(with value: String) -> String? {
        if let allowedValues, !allowedValues.contains(value) {
            return "\(name) must be one of \(allowedValues.joined(separator: ", ")), not '\(value)'"
        }
        switch type {
        case .string, .list, .path:
            return nil
        case .integer:
            return Int(value) == nil ? "\(name) must be a whole number, not '\(value)'" : nil
        case .number:
            return Double(value).map { $0.isFinite && $0 >= 0 } == true ? nil : "\(name) must be a non-negative number, not '\(value)'"
        case .boolean:
            return Bool(configurationValue: value) == nil ? "\(name) must be true or false, not '\(value)'" : nil
        case .url:
            guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme), url.host != nil
            else { return "\(name) must be an http(s) URL, not '\(value)'" }
            return nil
        }
    }
}

extension Bool {
    /// Accepts the spellings people write in YAML and the environment.
    init?(configurationValue value: String) {
        switch value.lowercased() {
        case "true", "yes", "on", "1": self = true
        case "false", "no", "off", "0": self = false
        default: return nil
        }
    }
}
