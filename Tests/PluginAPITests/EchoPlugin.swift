import ArgumentParser
import Foundation
import PluginAPI
import TestSupport

/// A plugin that exists only in tests: it exercises registration, the
/// container, configuration keys in all four layers, and error mapping.
enum EchoPlugin: ToolboxPlugin {
    enum Keys {
        static let greeting = ConfigKey("echo.greeting", default: "hello", environmentAliases: ["ECHO_GREETING"], summary: "What to say.")
        static let token = ConfigKey("echo.token", secret: true, required: true, summary: "A secret.", setupHint: "get one from the echo desk")
        static let baseURL = ConfigKey("echo.base_url", type: .url, default: "http://127.0.0.1:9", summary: "Where to fetch from.")

        static let all = [greeting, token, baseURL]
    }

    static let descriptor = PluginDescriptor(name: "Echo", command: EchoCommand.self, configurationKeys: Keys.all)

    static func register(into container: inout Container) {
        container.register(Greeter.self) { container in
            LiveGreeter(greeting: try container.resolve(ToolboxConfiguration.self).required(Keys.greeting))
        }
    }
}

/// The service the echo plugin resolves; tests swap in a fake.
struct Greeter: Sendable {
    var greet: @Sendable (String) -> String
}

func LiveGreeter(greeting: String) -> Greeter {
    Greeter { "\(greeting), \($0)" }
}

struct EchoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echo",
        abstract: "Says things back, for tests.",
        subcommands: [Greet.self, Fail.self, Fetch.self, Token.self]
    )

    struct Greet: ToolboxCommand {
        @Argument var name: String
        @Option var greeting: String?
        @OptionGroup var global: GlobalOptions

        var configurationOverrides: [ConfigKey: String] {
            greeting.map { [EchoPlugin.Keys.greeting: $0] } ?? [:]
        }

        func run(in context: CommandContext) async throws {
            let greeter = try context.resolve(Greeter.self)
            context.output.line(greeter.greet(name))
        }
    }

    struct Fail: ToolboxCommand {
        @Argument var kind: String
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            guard let kind = ToolboxError.Kind(rawValue: kind) else { throw ValidationError("no such kind") }
            throw ToolboxError(kind, "failed as \(kind.rawValue)")
        }
    }

    struct Fetch: ToolboxCommand {
        @Argument var path: String
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let base = try context.configuration.url(EchoPlugin.Keys.baseURL)
            let request = HTTPRequest(
                url: base.appendingPathComponent(path),
                namespace: "echo",
                cache: CachePolicy(kind: "test", timeToLive: 0.5)
            )
            let response = try await context.resolve(WebClient.self).send(request)
            context.output.line(String(decoding: response.body, as: UTF8.self))
        }
    }

    struct Token: ToolboxCommand {
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            context.output.line("token ends in \(try context.configuration.required(EchoPlugin.Keys.token).suffix(4))")
        }
    }
}

struct EchoRoot: PluginRoot {
    static let plugins: [any ToolboxPlugin.Type] = [EchoPlugin.self]
}

/// Runs the echo toolbox in this process.
func runEcho(
    _ arguments: [String],
    environment: [String: String] = [:],
    input: String = "",
    terminal: Bool = false,
    customize: @escaping @Sendable (inout Container) -> Void = { _ in }
) async throws -> ToolboxResult {
    try await InProcessToolbox(EchoRoot.self, environment: environment)
        .run(arguments, input: input, terminal: terminal, customize: customize)
}
