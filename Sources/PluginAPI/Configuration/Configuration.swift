import Configuration
import Foundation
import SystemPackage

/// The layered configuration of one run: flags > environment > file > declared defaults.
///
/// Only declared keys can be read; every read says where the value came from,
/// and placeholder values (see ``Secret/isPlaceholder(_:)``) count as missing.
public struct ToolboxConfiguration: Sendable {
    /// Where a value came from, strongest first.
    public enum Source: Sendable, Equatable, CustomStringConvertible {
        case flag
        case environment(String)
        case file(String)
        case `default`

        public var description: String {
            switch self {
            case .flag: "flag"
            case .environment(let name): "env (\(name))"
            case .file: "file"
            case .default: "default"
            }
        }
    }

    /// A value with its origin.
    public struct Resolved: Sendable, Equatable {
        public var value: String
        public var source: Source

        public init(value: String, source: Source) {
            self.value = value
            self.source = source
        }

        /// True when the value is a stand-in such as `YOUR_API_KEY_HERE`.
        public var isPlaceholder: Bool { Secret.isPlaceholder(value) }
    }

    public let keys: [String: ConfigKey]
    /// The configuration file in use (it may not exist).
    public let filePath: String
    private let flags: [String: String]
    /// A plain dictionary rather than swift-configuration's environment provider: building
    /// that provider costs milliseconds of generic-type instantiation on every run, and a
    /// lookup by exact variable name needs none of its key encoding.
    private let environment: [String: String]
    /// The file's values for the declared keys, read once.
    private let fileValues: [String: String]

    /// Reads the file (when present) once; the rest is looked up on demand.
    public init(keys: [ConfigKey], flags: [String: String] = [:], environment: [String: String], filePath: String) async throws {
        self.keys = Dictionary(keys.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.flags = flags
        self.environment = environment
        self.filePath = filePath
        self.fileValues =
            FileManager.default.fileExists(atPath: filePath)
            ? try await Self.readFile(filePath, keys: keys.map(\.name)) : [:]
    }

    /// The declaration of a key, or a usage error naming the closest known key.
    public func declaration(of name: String) throws -> ConfigKey {
        if let key = keys[name] { return key }
        let hint = Suggestion.closest(to: name, among: Array(keys.keys)).map { "did you mean '\($0)'?" }
        throw ToolboxError.usage("unknown configuration key '\(name)'", hint: hint ?? "run `toolbox config list` to see every key")
    }

    /// By name, for `toolbox config`, where the user types the name.
    func resolve(_ name: String) -> Resolved? {
        guard let key = keys[name] else { return nil }
        if let value = flags[name] { return Resolved(value: value, source: .flag) }
        for variable in key.environmentVariables {
            // An empty variable (`TMDB_API_KEY= toolbox …`) counts as unset, as shells treat it.
            if let value = environment[variable], !value.isEmpty {
                return Resolved(value: value, source: .environment(variable))
            }
        }
        if let value = fileValues[name] { return Resolved(value: value, source: .file(filePath)) }
        return key.defaultValue.map { Resolved(value: $0, source: .default) }
    }

    /// The value in force for a key and where it came from, placeholders included.
    public func resolve(_ key: ConfigKey) -> Resolved? { resolve(key.name) }

    /// The value for a key, or nil when it is unset or a placeholder.
    public func string(_ key: ConfigKey) -> String? { string(key.name) }

    /// The value for a key, or a configuration error (exit 78) saying how to set it.
    public func required(_ key: ConfigKey) throws -> String { try required(key.name) }

    public func int(_ key: ConfigKey) throws -> Int { try value(key.name) { Int($0) } }
    public func double(_ key: ConfigKey) throws -> Double { try value(key.name) { Double($0) } }
    public func bool(_ key: ConfigKey) throws -> Bool { try value(key.name) { Bool(configurationValue: $0) } }
    public func url(_ key: ConfigKey) throws -> URL { try value(key.name) { URL(string: $0) } }
    public func list(_ key: ConfigKey) throws -> [String] {
        try value(key.name) { $0.split(separator: ",").map(\.trimmed).filter { !$0.isEmpty } }
    }

    /// A key whose allowed values are an enumeration's raw values.
    public func choice<Choice: RawRepresentable<String>>(_ key: ConfigKey, as type: Choice.Type = Choice.self) throws -> Choice {
        try value(key.name) { Choice(rawValue: $0) }
    }

    /// By name: for `toolbox config`, where the user types the name.
    func string(_ name: String) -> String? {
        guard let resolved = resolve(name), !resolved.isPlaceholder else { return nil }
        return resolved.value
    }

    func required(_ name: String) throws -> String {
        if let value = string(name) { return value }
        let key = try declaration(of: name)
        let state = resolve(name).map { $0.isPlaceholder ? "is still a placeholder (\($0.source))" : "" } ?? "is not set"
        throw ToolboxError.configuration("\(name) \(state)", hint: Self.howToSet(key))
    }

    /// A typed read that reports a badly formed value as a configuration error.
    func value<T>(_ name: String, _ convert: (String) -> T?) throws -> T {
        let text = try required(name)
        if let key = keys[name], let problem = key.problem(with: text) {
            throw ToolboxError.configuration(problem, hint: "fix it with `toolbox config set \(name) VALUE`")
        }
        guard let value = convert(text) else {
            throw ToolboxError.configuration("\(name) has an unusable value '\(text)'", hint: "fix it with `toolbox config set \(name) VALUE`")
        }
        return value
    }

    /// The ways to set a key, for hints.
    public static func howToSet(_ key: ConfigKey) -> String {
        let prompt = key.isSecret ? "`toolbox config set \(key.name)` (prompts without echo)" : "`toolbox config set \(key.name) VALUE`"
        let variables = key.environmentVariables.joined(separator: " or ")
        let ways = "set it with \(prompt) or the environment variable \(variables)"
        return key.setupHint.map { "\($0); \(ways)" } ?? ways
    }

    /// The declared keys' values in the YAML file (dotted keys nested).
    private static func readFile(_ path: String, keys: [String]) async throws -> [String: String] {
        let file: FileProvider<YAMLSnapshot>
        do {
            file = try await FileProvider<YAMLSnapshot>(filePath: FilePath(path))
        } catch {
            throw ToolboxError.configuration(
                "the configuration file \(path) is not valid YAML",
                hint: "fix it in an editor, or move it aside and set keys again with `toolbox config set`"
            )
        }
        var values: [String: String] = [:]
        for name in keys {
            let key = AbsoluteConfigKey(name.split(separator: ".").map(String.init))
            if case .string(let value)? = try? file.value(forKey: key, type: .string).value?.content {
                values[name] = value
            } else if case .stringArray(let list)? = try? file.value(forKey: key, type: .stringArray).value?.content {
                // A YAML list (`buoys: [M4, M6]`) reads as the comma-separated form.
                values[name] = list.joined(separator: ",")
            }
        }
        return values
    }
}
