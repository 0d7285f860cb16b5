import Foundation
import Yams

/// Writes keys into the YAML configuration file (swift-configuration only reads).
///
/// Dotted keys are stored nested (`tmdb:` / `  api_key: …`); other keys and their
/// order are kept; the file is written atomically with mode 0600 under a lock.
public struct ConfigFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Sets `key` to `value`, keeping every other key.
    public func set(_ key: String, to value: String) throws {
        try edit { root in
            root = Self.setting(Array(key.split(separator: ".").map(String.init)), to: value, in: root)
        }
    }

    /// Removes `key`; returns false when it was not in the file.
    @discardableResult
    public func unset(_ key: String) throws -> Bool {
        var removed = false
        try edit { root in
            let result = Self.removing(Array(key.split(separator: ".").map(String.init)), from: root)
            root = result.mapping
            removed = result.removed
        }
        return removed
    }

    private func edit(_ change: (inout Node.Mapping) throws -> Void) throws {
        try LocalFile.update(path, mode: 0o600) { current in
            var root = try Self.parse(current)
            try change(&root)
            do {
                return Data(try Yams.serialize(node: .mapping(root), allowUnicode: true).utf8)
            } catch {
                throw ToolboxError.io("cannot write the configuration file \(path)")
            }
        }
    }

    private static func parse(_ data: Data?) throws -> Node.Mapping {
        guard let data, let text = String(data: data, encoding: .utf8),
            !text.trimmed.isEmpty
        else { return Node.Mapping([]) }
        guard let node = try? Yams.compose(yaml: text), let mapping = node.mapping else {
            throw ToolboxError.configuration(
                "the configuration file is not a valid YAML mapping; nothing was changed",
                hint: "fix the file in an editor (`toolbox config path` shows where it is)"
            )
        }
        return mapping
    }

    private static func setting(_ path: [String], to value: String, in mapping: Node.Mapping) -> Node.Mapping {
        var mapping = mapping
        guard let first = path.first else { return mapping }
        if path.count == 1 {
            // Quoted, so `0123` or `yes` stay the strings they were typed as.
            mapping[first] = Node(value, .implicit, .doubleQuoted)
        } else {
            let child = mapping[first]?.mapping ?? Node.Mapping([])
            mapping[first] = .mapping(setting(Array(path.dropFirst()), to: value, in: child))
        }
        return mapping
    }

    private static func removing(_ path: [String], from mapping: Node.Mapping) -> (mapping: Node.Mapping, removed: Bool) {
        var mapping = mapping
        guard let first = path.first, let current = mapping[first] else { return (mapping, false) }
        if path.count == 1 {
            mapping[first] = nil
            return (mapping, true)
        }
        guard let child = current.mapping else { return (mapping, false) }
        let result = removing(Array(path.dropFirst()), from: child)
        // An emptied section goes too, so `unset` leaves no `tmdb: {}` behind.
        mapping[first] = result.mapping.isEmpty ? nil : .mapping(result.mapping)
        return (mapping, result.removed)
    }
}
