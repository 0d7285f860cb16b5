import ArgumentParser
import Foundation
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi watch`
    struct Watch: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Print your notifications, and the posts and shelves of the people you follow, as they happen.",
            discussion: """
                A line for each on a terminal; one JSON object a line when piped or with --json \
                ({"type": "notification" | "post" | "reading" | "withdrawn" | "unread", …}). A broken connection \
                is opened again by itself, and nothing is missed or printed twice. Stop with Ctrl-C.

                Examples:
                  toolbox kiwi watch
                  toolbox kiwi watch --json | jq -r 'select(.type == "notification") | .notification.kind'
                """
        )
        @OptionGroup var options: ClientOptions
        @OptionGroup var warnings: SpoilerOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            let output = context.output
            let session = try client.session()
            output.notice("watching \(client.server.absoluteString) as \(session.user.username); stop with Ctrl-C")
            try await KiwiWatch(client: client).run { happening in
                switch happening {
                case .event(let event): try Self.show(event, output, spoilers: warnings.spoilers)
                case .interrupted(let reason, let wait): output.notice("\(reason); reconnecting in \(wait.components.seconds)s")
                case .resumed: output.notice("reconnected; anything missed follows")
                }
            }
        }

        /// One event: a JSON line for programs, a line of text for people (who need no counts or withdrawals).
        static func show(_ event: KiwiLiveEvent, _ output: Output, spoilers: Bool) throws {
            switch output.format {
            case .json, .lines:
                try output.jsonLine(event)
            case .table, .plain:
                let time = Self.clock.string(from: Date())
                switch event {
                case .notification(let notification):
                    output.line("\(time)  \(notification.actor.shownName) \(KiwiPresentation.what(notification, spoilers: spoilers))")
                case .post(let post):
                    let warned = spoilers ? nil : post.spoiler.map { " behind a spoiler warning, “\($0)”" }
                    let what = warned ?? post.caption.map { " “\($0)”" } ?? " a photo"
                    output.line("\(time)  \(post.author.shownName) posted\(what)  (kiwi show \(post.id))")
                case .reading(let entry):
                    output.line("\(time)  \(entry.news)")
                case .withdrawn, .unread:
                    return
                }
            }
        }

        static let clock: DateFormatter = {
            let formatter = DateFormatter()
            formatter.dateFormat = "HH:mm"
            return formatter
        }()
    }
}
