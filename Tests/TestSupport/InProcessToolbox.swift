import ArgumentParser
import Foundation
import PluginAPI

/// Runs the toolbox entry point in this process, with a memory console and
/// private XDG folders, for tests that need a context of fakes or a debugger.
public struct InProcessToolbox: Sendable {
    public let root: any ParsableCommand.Type
    public let plugins: [any ToolboxPlugin.Type]
    public var environment: [String: String]

    public init(root: any ParsableCommand.Type, plugins: [any ToolboxPlugin.Type], environment extra: [String: String] = [:]) throws {
        self.root = root
        self.plugins = plugins
        self.environment = try TestHome(extraEnvironment: extra).environment
    }

    public func run(
        _ arguments: [String],
        input: String = "",
        terminal: Bool = false,
        width: Int = 100,
        environment extra: [String: String] = [:],
        customize: @escaping @Sendable (inout Container) -> Void = { _ in }
    ) async -> ToolboxResult {
        let console = Console.memory(input: input, terminal: terminal, width: width)
        let code = await ToolboxEntry.run(
            root: root,
            plugins: plugins,
            arguments: arguments,
            environment: environment.merging(extra) { $1 },
            console: console,
            customize: customize
        )
        return ToolboxResult(exitCode: code, standardOutput: console.captured.standardOutput, standardError: console.captured.standardError)
    }
}

/// The root command of a toolbox with some plugins, for tests: a test target names its plugins, nothing more.
public protocol PluginRoot: ParsableCommand {
    static var plugins: [any ToolboxPlugin.Type] { get }
}

extension PluginRoot {
    public static var configuration: CommandConfiguration {
        ToolboxEntry.rootConfiguration(
            abstract: "toolbox with \(plugins.map { $0.descriptor.name }.joined(separator: ", ")), for tests",
            plugins: plugins
        )
    }
}

extension InProcessToolbox {
    public init<Root: PluginRoot>(_ root: Root.Type, environment extra: [String: String] = [:]) throws {
        try self.init(root: root, plugins: root.plugins, environment: extra)
    }
}
