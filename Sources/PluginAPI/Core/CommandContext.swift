import ArgumentParser
import Logging

/// Everything a command receives, passed explicitly (no globals).
public struct CommandContext: Sendable {
    public var container: Container
    public var configuration: ToolboxConfiguration
    public var output: Output
    public var logger: Logger
    public var paths: ToolboxPaths
    public var registry: PluginRegistry
    public var options: GlobalOptions
    /// The process environment (tests pass their own).
    public var environment: [String: String]

    public init(
        container: Container,
        configuration: ToolboxConfiguration,
        output: Output,
        logger: Logger,
        paths: ToolboxPaths,
        registry: PluginRegistry,
        options: GlobalOptions,
        environment: [String: String]
    ) {
        self.container = container
        self.configuration = configuration
        self.output = output
        self.logger = logger
        self.paths = paths
        self.registry = registry
        self.options = options
        self.environment = environment
    }

    /// A service from the container.
    public func resolve<Service: Sendable>(_ type: Service.Type = Service.self) throws -> Service {
        try container.resolve(type)
    }

    /// Fails with exit 64 when a prompt is needed but there is no terminal to ask on.
    public func requireTerminal(for what: String, instead flag: String) throws {
        guard output.console.isInputTerminal else {
            throw ToolboxError.usage("\(what) needs a terminal to ask on", hint: "use \(flag) instead")
        }
    }

    /// Asks `question` ("Delete post 42? [y/N] ") on the terminal: whether the answer was yes.
    /// Without a terminal, a usage error naming `flag`, which answers yes instead.
    public func confirm(_ question: String, for what: String, instead flag: String) throws -> Bool {
        try requireTerminal(for: what, instead: flag)
        output.console.write(question + " [y/N] ", to: .standardError)
        return output.console.readLine(secret: false)?.lowercased().hasPrefix("y") == true
    }
}

/// A command that runs with a context. Commands write only `run(in:)`;
/// the entry point builds the context once and maps errors to exit codes.
public protocol ToolboxCommand: AsyncParsableCommand {
    var global: GlobalOptions { get }
    /// Values given by flags that stand for configuration keys (the strongest layer),
    /// e.g. `--server URL` for `kiwi.server`.
    var configurationOverrides: [ConfigKey: String] { get }
    /// A long-running server: it handles SIGINT/SIGTERM itself (a graceful shutdown) and
    /// runs on every core. Every other command is cancelled by Ctrl-C and runs on the main thread.
    var isServer: Bool { get }
    func run(in context: CommandContext) async throws
}

extension ToolboxCommand {
    public var configurationOverrides: [ConfigKey: String] { [:] }
    public var isServer: Bool { false }

    /// Commands run through `ToolboxEntry`, which supplies the context.
    public func run() async throws {
        throw ToolboxError.failure("internal error: \(Self._commandName) must be run through ToolboxEntry")
    }
}
