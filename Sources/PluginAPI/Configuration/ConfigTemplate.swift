/// The documented configuration template: every declared key with its default,
/// commented out, nested the way the file nests dotted keys.
public enum ConfigTemplate {
    public static func render(_ keys: [ConfigKey]) -> String {
        var lines = [
            "# toolbox configuration: every key, with its default.",
            "# The file lives at ~/.config/toolbox/config.yaml (`toolbox config path`).",
            "# Uncomment what you change (with its section), or use `toolbox config set KEY VALUE`.",
            "# Each key can also be set by TOOLBOX_<KEY> in the environment (dots become underscores).",
        ]
        var node = Node()
        for key in keys { node.insert(key, path: key.name.split(separator: ".").map(String.init)) }
        node.render(into: &lines, depth: 0)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Keys grouped by their dotted path, in declaration order.
    private struct Node {
        var order: [String] = []
        var children: [String: Node] = [:]
        var keys: [String: ConfigKey] = [:]

        mutating func insert(_ key: ConfigKey, path: [String]) {
            guard let first = path.first else { return }
            if !order.contains(first) { order.append(first) }
            if path.count == 1 {
                keys[first] = key
            } else {
                children[first, default: Node()].insert(key, path: Array(path.dropFirst()))
            }
        }

        func render(into lines: inout [String], depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            for name in order {
                if let key = keys[name] {
                    var about = key.summary
                    if key.isSecret { about += " Secret." }
                    if let allowed = key.allowedValues { about += " One of: \(allowed.joined(separator: ", "))." }
                    lines.append("\(indent)# \(about) (\(key.environmentVariables.joined(separator: ", ")))")
                    lines.append("\(indent)# \(name): \(key.defaultValue ?? "")".trimmingTrailingSpaces)
                } else if let child = children[name] {
                    if depth == 0 { lines.append("") }
                    lines.append("\(indent)# \(name):")
                    child.render(into: &lines, depth: depth + 1)
                }
            }
        }
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
