import ArgumentParser
import Foundation
import KiwiWire
import PluginAPI

extension KiwiCommand.AccountCommand {
    /// `toolbox kiwi account delete [--archive FILE] [--confirm USERNAME] [--password-stdin]`
    struct Delete: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete your account and everything of yours on the server; offers your archive first.",
            discussion: """
                Your posts with their photos, comments, likes, follows, shelves and readings, notifications \
                and sessions go, from every server of the community; it cannot be undone. Reports about the \
                account stay with the moderators, without your posts, and nobody can sign up with your \
                username for 30 days.

                On a terminal it offers to save your archive first (as `toolbox kiwi export`), then asks for \
                your password and for your username typed again. A script names both: --confirm and \
                --password-stdin (and --archive to save the archive first).

                Examples:
                  toolbox kiwi account delete
                  toolbox kiwi account delete --archive ~/kiwi-archive.zip
                  printf '%s\\n' "$PASSWORD" | toolbox kiwi account delete --confirm ada --password-stdin
                """
        )
        @Option(help: ArgumentHelp("Save your archive to this file first (on a terminal you are asked).", valueName: "file"), completion: .file())
        var archive: String?
        @Option(help: ArgumentHelp("Your username again, to confirm (on a terminal you are asked).", valueName: "username")) var confirm: String?
        @OptionGroup var passwordOptions: PasswordOptions
        @OptionGroup var options: ClientOptions

        struct Answer: Encodable {
            var deleted: String
            var server: String
            var archive: String?
        }

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let username = try client.session().user.username
            let console = context.output.console
            var saved: String?
            if let archive {
                saved = try await ArchiveDownload.fetch(client, to: archive, context: context).file
            } else if console.isInputTerminal, try context.confirm("Save your archive first?", for: "offering the archive", instead: "--archive") {
                saved = try await ArchiveDownload.fetch(client, to: nil, context: context).file
            }
            if let saved { context.output.notice("Saved your archive to \(saved).") }
            let typed: String?
            if let confirm {
                typed = confirm
            } else {
                try context.requireTerminal(for: "confirming the deletion", instead: "--confirm \(username)")
                console.write(
                    "This deletes \(username) on \(client.server.absoluteString) and cannot be undone. Type your username to confirm: ",
                    to: .standardError
                )
                typed = console.readLine(secret: false)
            }
            guard typed?.trimmingCharacters(in: .whitespaces) == username else {
                throw ToolboxError.usage(
                    "that is not your username: nothing was deleted",
                    hint: "type \(username) exactly, or give --confirm \(username)"
                )
            }
            let password = try passwordOptions.read(for: client.server, prompt: "Password for \(username): ", context: context)
            try await client.deleteAccount(password: password)
            let answer = Answer(deleted: username, server: client.server.absoluteString, archive: saved)
            if context.output.format == .json { return try context.output.json(answer) }
            context.output.line(
                "Deleted \(username) on \(answer.server), with everything of yours there. Nobody can sign up as \(username) for 30 days."
            )
        }
    }
}
