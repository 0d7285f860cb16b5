import Foundation
import PluginAPI

/// Opens a link with the desktop's opener: `$BROWSER`, else `xdg-open`, else `open`.
public struct TrailerOpener: Sendable {
    let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The command that would open links, nil when there is none.
    var command: [String]? {
        if let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init), !browser.isEmpty {
            return browser.split(separator: " ").map(String.init)
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["xdg-open", "open"] {
            if let folder = folders.first(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }) {
                return ["\(folder)/\(name)"]
            }
        }
        return nil
    }

    /// Opens `url`; false when nothing could.
    func open(_ url: String) -> Bool {
        guard let command, let executable = command.first else { return false }
        let path =
            executable.contains("/")
            ? executable
            : (environment["PATH"] ?? "").split(separator: ":")
                .map { "\($0)/\(executable)" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? executable
        guard let browser = try? ChildProcess(path, Array(command.dropFirst()) + [url], environment: environment) else { return false }
        browser.waitUntilExit()
        return browser.terminationStatus == 0
    }
}
