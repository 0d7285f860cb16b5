import ArgumentParser
import Foundation
import Logging
import Synchronization

/// The one place where arguments become a command, the context is built, and
/// errors become a message, a hint and an exit code.
public enum ToolboxEntry {
    /// The root command's configuration: toolbox's own commands, then the plugins.
    /// `abstract` says what this toolbox's plugins add up to.
    public static func rootConfiguration(abstract: String, plugins: [any ToolboxPlugin.Type]) -> CommandConfiguration {
        CommandConfiguration(
            commandName: "toolbox",
            abstract: abstract,
            discussion: """
                Each plugin brings its own commands: run `toolbox help PLUGIN` to see them. \
                Configuration lives in ~/.config/toolbox/config.yaml (`toolbox config path`).
                """,
            version: ToolboxVersion.current,
            subcommands: [PluginsCommand.self, ConfigCommand.self, CacheCommand.self, CompletionCommand.self],
            groupedSubcommands: [CommandGroup(name: "Plugins", subcommands: plugins.map { $0.command })]
        )
    }

    /// Runs toolbox as this process and exits with its code. Ctrl-C cancels the
    /// running command (exit 130); a second Ctrl-C exits at once.
    ///
    /// Help, `--version` and completions are answered synchronously, before the
    /// concurrency runtime, the environment or Foundation's process state are touched:
    /// that is most of toolbox's start-up time. `customize` replaces services in the container
    /// (a program that runs some of a plugin's commands its own way).
    public static func main(
        root: any ParsableCommand.Type,
        plugins: [any ToolboxPlugin.Type],
        customize: @escaping @Sendable (inout Container) -> Void = { _ in }
    ) -> Never {
        signal(SIGPIPE, SIG_IGN)
        let console = Console.process()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let version = versionProbe(arguments, root: root) {
            console.write(version + "\n", to: .standardOutput)
            exit(0)
        }
        // Foundation's process environment costs milliseconds to set up; a command needs it
        // after parsing, so it is read on the other core while the main thread parses.
        let environment = Prefetched { ProcessInfo.processInfo.environment }
        let prepared = prepare(root: root, plugins: plugins, arguments: arguments, console: console)
        guard case .run(let parsed, let registry) = prepared else {
            if case .finished(let code) = prepared { exit(code) }
            exit(1)
        }
        let isServer = parsed.isServer
        // The parsed command crosses into the one task that runs it, and nothing else touches it.
        nonisolated(unsafe) let command = parsed
        let exitCode = Mutex<Int32>(1)
        // The command runs on this thread; a server runs on every core while this thread waits.
        let executor = MainThreadExecutor()
        let task = Task(executorPreference: isServer ? nil : executor) {
            let code = await execute(command, registry: registry, environment: environment.value, console: console, customize: customize)
            exitCode.withLock { $0 = code }
            executor.stop()
        }
        executor.run(interruptible: isServer ? nil : task)
        exit(exitCode.withLock { $0 })
    }

    /// Runs one command line and returns its exit code. Tests call this with a
    /// memory console, their own environment, and `customize` to put fakes in the container.
    public static func run(
        root: any ParsableCommand.Type,
        plugins: [any ToolboxPlugin.Type],
        arguments: [String],
        environment: [String: String],
        console: Console,
        customize: @Sendable (inout Container) -> Void = { _ in }
    ) async -> Int32 {
        switch prepare(root: root, plugins: plugins, arguments: arguments, console: console) {
        case .finished(let code):
            return code
        case .run(let command, let registry):
            return await execute(command, registry: registry, environment: environment, console: console, customize: customize)
        }
    }

    enum Prepared {
        /// Help, version, completions or a usage error: already answered.
        case finished(Int32)
        case run(any ToolboxCommand, PluginRegistry)
    }

    /// The most frequent probe of all, answered before anything else is built: the parser's
    /// first pass over every command, the registry, and even the generic types that reading
    /// the environment instantiates cost more than printing a version.
    static func versionProbe(_ arguments: [String], root: any ParsableCommand.Type) -> String? {
        arguments == ["--version"] ? root.configuration.version : nil
    }

    /// Checks the registry, catches mistyped commands, and parses.
    static func prepare(root: any ParsableCommand.Type, plugins: [any ToolboxPlugin.Type], arguments: [String], console: Console) -> Prepared {
        let plainOutput = Output(console: console, format: .lines, color: false, quiet: false)
        if let version = versionProbe(arguments, root: root) {
            plainOutput.line(version)
            return .finished(0)
        }
        let registry: PluginRegistry
        do {
            registry = try PluginRegistry(root: root, plugins: plugins)
        } catch {
            plainOutput.error(ToolboxError.from(error))
            return .finished(1)
        }
        let path = CommandPath(arguments, root: root)
        if let unknown = CommandSuggestions.unknownCommand(in: path) {
            plainOutput.error(unknown)
            return .finished(unknown.exitCode)
        }
        let parsed: any ParsableCommand
        do {
            parsed = try parseLeaf(path) ?? PluginRegistry.$current.withValue(registry) { try root.parseAsRoot(arguments) }
        } catch {
            return .finished(reportParserError(error, root: root, output: plainOutput))
        }
        guard let command = runnable(parsed) else {
            // A command group without a command of its own shows its help.
            do {
                var parsed = parsed
                try parsed.run()
                return .finished(0)
            } catch {
                return .finished(reportParserError(error, root: root, output: plainOutput))
            }
        }
        return .run(command, registry)
    }

    /// The command as a `ToolboxCommand`, cast from its own type: a cast from the
    /// `any ParsableCommand` box first asks whether the box type itself conforms,
    /// a second search of every conformance in the binary.
    private static func runnable(_ parsed: some ParsableCommand) -> (any ToolboxCommand)? {
        parsed as? any ToolboxCommand
    }

    /// A plain `toolbox PLUGIN COMMAND ARGUMENTS…` line parsed by the command alone.
    ///
    /// The groups above a command take no options of their own (a test holds every
    /// group to that), so the command parses its arguments exactly as the root would;
    /// skipping the groups saves argument-parser's first use of their types, which
    /// costs about half a millisecond on every run. Anything else — help, a completion
    /// request, a mistake — is nil here and goes through the root, which answers it
    /// with the full command path.
    static func parseLeaf(_ path: CommandPath) -> (any ParsableCommand)? {
        let command = path.command
        guard path.commands.count > 1, command.configuration.subcommands.isEmpty,
            let parsed = try? command.parseAsRoot(Array(path.rest)), type(of: parsed) == command
        else { return nil }
        return parsed
    }

    /// Builds the context once and runs the command; every error becomes a message, a hint and an exit code.
    static func execute(
        _ command: any ToolboxCommand,
        registry: PluginRegistry,
        environment: [String: String],
        console: Console,
        customize: @Sendable (inout Container) -> Void = { _ in }
    ) async -> Int32 {
        var output = Output(console: console, format: .lines, color: false, quiet: false)
        do {
            let context = try await makeContext(for: command, registry: registry, environment: environment, console: console, customize: customize)
            output = context.output
            try await command.run(in: context)
            return 0
        } catch let status as ExitStatus {
            return status.code
        } catch {
            let failure = ToolboxError.from(error)
            if failure.kind != .interrupted { output.error(failure) }
            return failure.exitCode
        }
    }

    static func makeContext(
        for command: any ToolboxCommand,
        registry: PluginRegistry,
        environment: [String: String],
        console: Console,
        customize: (inout Container) -> Void
    ) async throws -> CommandContext {
        let options = command.global
        let paths = ToolboxPaths(environment: environment)
        let output = Output(console: console, options: options, environment: environment)
        let configuration = try await ToolboxConfiguration(
            keys: registry.keys,
            flags: Dictionary(uniqueKeysWithValues: command.configurationOverrides.map { ($0.key.name, $0.value) }),
            environment: environment,
            filePath: options.configPath ?? paths.configFile
        )
        let level: Logger.Level = options.verbose ? .info : .error
        let logger = Logger(label: "toolbox") { _ in ConsoleLogHandler(console: console, level: level) }

        var container = registry.makeContainer()
        container.register(ToolboxConfiguration.self, instance: configuration)
        container.register(Output.self, instance: output)
        container.register(ToolboxPaths.self, instance: paths)
        container.register(Logger.self, instance: logger)
        container.register((any HTTPTransport).self) { _ in AsyncHTTPTransport() }
        container.register(WebClient.self) { container in
            let megabytes = try configuration.int(CoreKeys.cacheMaxSize)
            return WebClient(
                transport: try container.resolve((any HTTPTransport).self),
                cache: ResponseCache(root: paths.cache, maximumBytes: megabytes * 1_000_000),
                policy: try RetryPolicy(configuration: configuration),
                mode: options.cacheMode,
                output: output,
                logger: logger
            )
        }
        container.register(TerminalPictures.self) { _ in
            TerminalPictures(
                output: output,
                environment: environment,
                setting: try configuration.choice(CoreKeys.images, as: PictureSetting.self),
                disabled: options.noImages
            )
        }
        customize(&container)
        return CommandContext(
            container: container,
            configuration: configuration,
            output: output,
            logger: logger,
            paths: paths,
            registry: registry,
            options: options,
            environment: environment
        )
    }

    /// Help, version and completions go to stdout with exit 0; usage errors become
    /// `error:` / `hint:` lines with exit 64.
    static func reportParserError(_ error: any Error, root: any ParsableCommand.Type, output: Output) -> Int32 {
        if let failure = error as? ToolboxError {
            output.error(failure)
            return failure.exitCode
        }
        let code = root.exitCode(for: error).rawValue
        let full = root.fullMessage(for: error)
        guard code != 0 else {
            if !full.isEmpty { output.line(full) }
            return 0
        }
        // The parser quotes the value it refused, which may be a URL with a password.
        let message = Secret.maskingURLPasswords(in: root.message(for: error)).replacingOccurrences(of: "Error: ", with: "")
        let lines = full.components(separatedBy: "\n")
        // For a value it refused, the parser adds the option's help, which says what it takes.
        let optionHelp = lines.first { $0.hasPrefix("Help:") }.flatMap { line -> String? in
            let parts = line.dropFirst("Help:".count).components(separatedBy: "  ").map(\.trimmed).filter { !$0.isEmpty }
            return parts.count < 2 ? nil : "\(parts[0]): " + parts.dropFirst().joined(separator: " ")
        }
        let usage = lines.first { $0.hasPrefix("Usage:") }?.replacingOccurrences(of: "Usage: ", with: "").trimmed
        let hint = optionHelp ?? usage.map { "usage: \($0) (more with --help)" }
        output.error(ToolboxError(code == 64 ? .usage : .failure, message.components(separatedBy: "\n").first ?? message, hint: hint))
        return code
    }
}
