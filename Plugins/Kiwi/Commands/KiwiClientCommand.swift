import ArgumentParser
import Foundation
import PluginAPI

/// `--server URL`, for every client command.
struct ServerOption: ParsableArguments {
    @Option(help: "The Kiwi server (default: kiwi.server).") var server: String?
}

/// A client command: `--server URL` stands for the `kiwi.server` key.
protocol KiwiClientCommand: ToolboxCommand {
    var connection: ServerOption { get }
}

extension KiwiClientCommand {
    var configurationOverrides: [ConfigKey: String] { connection.server.map { [KiwiPlugin.Keys.server: $0] } ?? [:] }
}

/// `--password-stdin` and `--insecure`, and reading the password they govern:
/// never from an argument or the environment.
struct PasswordOptions: ParsableArguments {
    @Flag(help: "Read the password from standard input.") var passwordStdin = false
    @Flag(help: "Send the password over plain http without asking.") var insecure = false

    /// The password for `server`: asked for without echo on a terminal, or read from stdin.
    func read(for server: URL, prompt: String = "Password: ", context: CommandContext) throws -> String {
        try confirmTransport(to: server, context: context)
        let console = context.output.console
        let password: String?
        if passwordStdin {
            password = console.readLine(secret: false)
        } else {
            try context.requireTerminal(for: "a password", instead: "--password-stdin")
            console.write(prompt, to: .standardError)
            password = console.readLine(secret: true)
        }
        guard let password, !password.isEmpty else {
            throw ToolboxError.usage("no password given", hint: "type it at the prompt, or pipe it with --password-stdin")
        }
        return password
    }

    /// A password over plain http to anything but this machine crosses the network in clear text: ask first.
    private func confirmTransport(to server: URL, context: CommandContext) throws {
        let host = server.host?.lowercased() ?? ""
        let loopback = host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
        guard server.scheme?.lowercased() == "http", !loopback, !insecure else { return }
        try context.requireTerminal(for: "sending a password over plain http", instead: "--insecure (or an https:// server)")
        context.output.console.write(
            "\(server.absoluteString) is plain http: your password would cross the network unencrypted. Send it anyway? [y/N] ",
            to: .standardError
        )
        guard context.output.console.readLine(secret: false)?.lowercased().hasPrefix("y") == true else {
            throw ToolboxError.usage("nothing was sent", hint: "use an https:// server, or --insecure if you accept the risk")
        }
    }
}
