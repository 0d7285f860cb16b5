import ArgumentParser
import Foundation
import PluginAPI

extension KiwiCommand {
    struct Credentials: Encodable, Sendable {
        var username: String
        var password: String
        var fullname: String?
        var email: String?
    }

    /// `toolbox kiwi signup USERNAME`
    struct Signup: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "signup", abstract: "Create an account (then log in).",
            discussion: "Example:\n  toolbox kiwi signup ada --name \"Ada Lovelace\"")
        @Argument(help: "1 to 20 letters, digits, '_', '.' or '-'.") var username: String
        @Option(help: "Your full name.") var name: String?
        @Option(help: "Your email address.") var email: String?
        @Flag(help: "Read the password from standard input.") var passwordStdin = false
        @Flag(help: "Send the password over plain http without asking.") var insecure = false
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            try PasswordInput.confirmTransport(to: client.server, insecure: insecure, context: context)
            let password = try PasswordInput.read(fromStandardInput: passwordStdin, context: context, prompt: "Choose a password: ")
            let body = Credentials(username: username, password: password, fullname: name, email: email)
            _ = try await client.call("POST", "users", body: .json(body))
            context.output.notice("Welcome, \(username)! Log in with `toolbox kiwi login \(username)`.")
        }
    }

    /// `toolbox kiwi login USERNAME`
    struct Login: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "login", abstract: "Log in; the session is kept for the next commands.",
            discussion: "Examples:\n  toolbox kiwi login ada\n  printf '%s\\n' \"$PASSWORD\" | toolbox kiwi login ada --password-stdin")
        @Argument(help: "Your username.") var username: String
        @Flag(help: "Read the password from standard input.") var passwordStdin = false
        @Flag(help: "Send the password over plain http without asking.") var insecure = false
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        struct Answer: Decodable {
            var token: String
            var user: RemoteUser
        }

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            try PasswordInput.confirmTransport(to: client.server, insecure: insecure, context: context)
            let password = try PasswordInput.read(fromStandardInput: passwordStdin, context: context)
            let data = try await client.call("POST", "sessions", body: .json(Credentials(username: username, password: password)))
            let answer = try client.decode(Answer.self, data)
            try client.sessions.update { $0 = KiwiSession(server: client.server.absoluteString, token: answer.token, user: answer.user) }
            context.output.notice("Logged in to \(client.server.absoluteString) as \(answer.user.username).")
        }
    }

    /// `toolbox kiwi logout`
    struct Logout: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout", abstract: "End the session on the server (where it can) and forget it here.")
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            guard (try? client.session()) != nil else {
                context.output.notice("Not logged in.")
                return
            }
            // A base-contract server has no logout route; forgetting the token here is what matters.
            let ended = (try? await client.call("DELETE", "sessions", authenticated: true)) != nil
            try client.sessions.delete()
            context.output.notice(ended ? "Logged out." : "Logged out here (the server could not end the session).")
        }
    }

    /// `toolbox kiwi whoami`
    struct Whoami: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Who you are logged in as.")
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            let session = try client.session()
            // Our server says who the token belongs to; a base-only server has no such route.
            let user = (try? client.decode(RemoteUser.self, try await client.call("GET", "users/me", authenticated: true))) ?? session.user
            try context.output.detail(user, fields: [("Username", user.username), ("Name", user.displayName ?? "–"), ("Server", session.server)],
                                      plain: "You are \(user.displayName ?? user.username), \(user.username), on \(session.server).")
        }
    }

    /// `toolbox kiwi account --name NAME --email EMAIL`
    struct Account: KiwiClientCommand {
        static let configuration = CommandConfiguration(commandName: "account", abstract: "Change your name or email.",
                                                        discussion: "Example:\n  toolbox kiwi account --name \"Ada King\"")
        @Option(help: "Your full name.") var name: String?
        @Option(help: "Your email address.") var email: String?
        @OptionGroup var connection: ServerOption
        @OptionGroup var global: GlobalOptions

        struct Change: Encodable, Sendable {
            var fullname: String?
            var email: String?
        }

        func validate() throws {
            if name == nil && email == nil { throw ValidationError("give --name, --email or both") }
        }

        func run(in context: CommandContext) async throws {
            let client = try context.resolve(KiwiClient.self)
            let session = try client.session()
            let user = try client.decode(RemoteUser.self, try await client.call(
                "PUT", "users/\(session.user.username)", body: .json(Change(fullname: name, email: email)), authenticated: true))
            try client.sessions.update { $0?.user = user }
            context.output.notice("Updated \(user.username) (\(user.displayName ?? user.username)).")
        }
    }
}
