import ArgumentParser
import Foundation
import PluginAPI
import Testing

@testable import toolbox

/// The README and docs/ are the manual: their links lead somewhere, and they name every command and option.
@Suite struct DocumentationTests {
    static let repository = HelpTests.repository

    /// README.md, docs/*.md and the benchmarks' README, by path from the repository.
    static func documents() throws -> [String: String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
        var texts: [String: String] = [:]
        for path in ["README.md", "Tests/Benchmarks/README.md"] + docs {
            texts[path] = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
        }
        return texts
    }

    /// GitHub's anchor for a heading: lower case, spaces to hyphens, punctuation dropped.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : nil })
    }

    static func anchors(in text: String) -> Set<String> {
        var inFence = false
        var found = Set<String>()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle() }
            if !inFence, line.hasPrefix("#") { found.insert(anchor(line.drop { $0 == "#" }.trimmed)) }
        }
        return found
    }

    @Test func everyRelativeLinkResolves() throws {
        let documents = try Self.documents()
        let link = /\[[^\]]*\]\(([^)\s]+)\)/
        var broken: [String] = []
        for (path, text) in documents.sorted(by: { $0.key < $1.key }) {
            let folder = Self.repository.appendingPathComponent(path).deletingLastPathComponent()
            for match in text.matches(of: link) {
                let target = String(match.output.1)
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? Self.repository.appendingPathComponent(path) : folder.appendingPathComponent(parts[0])
                guard FileManager.default.fileExists(atPath: file.standardizedFileURL.path) else {
                    broken.append("\(path): \(target) (no such file)")
                    continue
                }
                if parts.count == 2, file.pathExtension == "md" {
                    let text = try String(contentsOf: file, encoding: .utf8)
                    if !Self.anchors(in: text).contains(parts[1]) { broken.append("\(path): \(target) (no such heading)") }
                }
            }
        }
        #expect(broken.isEmpty, "broken links: \(broken.joined(separator: "; "))")
    }

    /// Each plugin's commands are documented on its page; toolbox's own in the README and the configuration page.
    static func pages(for path: [String], in documents: [String: String]) -> String {
        let plugin = path.count > 1 ? path[1] : ""
        let own = documents.filter { $0.key == "docs/\(plugin).md" || ($0.key.hasPrefix("docs/\(plugin)-") && $0.key.hasSuffix(".md")) }
        let core = ["README.md", "docs/configuration.md", "docs/install.md"].compactMap { documents[$0] }
        return (own.isEmpty ? core : own.values.sorted()).joined(separator: "\n")
    }

    @Test func everyCommandAndOptionIsDocumented() throws {
        let documents = try Self.documents()
        // The options every command shares are the rows of the README's table.
        let shared = (documents["README.md"] ?? "").split(separator: "\n").filter { $0.hasPrefix("| `") }.joined(separator: "\n")
        var missing: [String] = []
        for (path, command) in everyCommand() where path.count > 1 && command.configuration.shouldDisplay {
            let pages = Self.pages(for: path, in: documents)
            // Named on a line of its parent's usage: `toolbox kiwi logout | whoami`, `toolbox movies favorites list | add ID`.
            let parent = "toolbox " + path.dropFirst().dropLast().joined(separator: " ")
            let named = pages.split(separator: "\n").contains { line in
                line.contains(parent.trimmed) && line.split(whereSeparator: { !$0.isLetter && $0 != "-" }).contains { $0 == path[path.count - 1] }
            }
            if !named { missing.append(path.joined(separator: " ")) }
            for option in longOptions(of: command) where !pages.contains("--\(option)") && !shared.contains("--\(option)") {
                missing.append("\(path.joined(separator: " ")) --\(option)")
            }
        }
        #expect(missing.isEmpty, "not in the docs: \(missing.joined(separator: "; "))")
    }
}
