import ArgumentParser
import Foundation
import KiwiWire
import PluginAPI

/// `--server URL` and the options every command takes, for every client command.
struct ClientOptions: ParsableArguments {
    @Option(help: "The Kiwi server (default: kiwi.server).") var server: String?
    @OptionGroup var global: GlobalOptions
}

/// A client command: `--server URL` stands for the `kiwi.server` key. Each first sends what
/// waits in the outbox (`KiwiSync`), quietly, and says in a line what landed or still waits;
/// then does its own work in `run(in:client:)`.
protocol KiwiClientCommand: ToolboxCommand {
    var options: ClientOptions { get }
    /// False for the commands that look at the outbox itself.
    static var sendsWhatWaits: Bool { get }
    func run(in context: CommandContext, client: KiwiClient) async throws
}

extension KiwiClientCommand {
    var global: GlobalOptions { options.global }
    var configurationOverrides: [ConfigKey: String] { options.server.map { [KiwiPlugin.Keys.server: $0] } ?? [:] }
    static var sendsWhatWaits: Bool { true }

    func run(in context: CommandContext) async throws {
        let client = try context.resolve(KiwiClient.self)
        if Self.sendsWhatWaits {
            let sync = try context.resolve(KiwiSync.self)
            // --offline sends nothing: it only says what waits.
            let report = global.offline ? try sync.waiting() : try await sync.sendWaiting()
            KiwiSyncReport.say(report, in: context, quietly: true)
        }
        try await run(in: context, client: client)
    }
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

/// `--spoilers`: what spoiler warnings cover, shown. Without it a terminal shows the warning in
/// place of a post's words and photo, or a comment's text, as the pages do until a click.
struct SpoilerOptions: ParsableArguments {
    @Flag(help: "Show what spoiler warnings hide.") var spoilers = false
}

/// `--spoiler TEXT` of `post` and `comment`: checked before anything is sent, as the server
/// checks it.
enum SpoilerWarning {
    static let limit = 200

    static func check(_ warning: String?) throws {
        guard let warning else { return }
        if warning.trimmed.isEmpty { throw ValidationError("--spoiler says what is given away (“the ending”); it cannot be blank") }
        if warning.count > limit { throw ValidationError("--spoiler is \(warning.count) characters; at most \(limit)") }
    }

    /// As sent: trimmed.
    static func kept(_ warning: String?) -> String? { warning?.trimmed }
}

/// A post's id and the client's options: what every command about one post takes first.
struct PostTarget: ParsableArguments {
    @Argument(help: "The post's id.") var id: String
    @OptionGroup var options: ClientOptions
}

/// A reader's username and the client's options.
struct ReaderTarget: ParsableArguments {
    @Argument(help: "Their username.") var username: String
    @OptionGroup var options: ClientOptions
}

/// Whom to follow or stop following: a reader here, or (toolbox's server with federation on) on
/// another server of the fediverse; and the client's options.
struct FollowTarget: ParsableArguments {
    @Argument(help: "Their username, or user@host for a reader on another server (Mastodon, BookWyrm, another Kiwi).") var username: String
    @OptionGroup var options: ClientOptions
}

/// A reader's username, yours when left out, and the client's options.
struct ReaderOrYou: ParsableArguments {
    @Argument(help: "Their username (default: you).") var username: String?
    @OptionGroup var options: ClientOptions
}

/// A command about one post.
protocol KiwiPostCommand: KiwiClientCommand {
    var post: PostTarget { get }
}

extension KiwiPostCommand {
    var options: ClientOptions { post.options }
    var id: String { post.id }
}

/// `like` and `unlike`: one request, liking or taking it back; prints the new count.
protocol LikeToggle: KiwiPostCommand {
    static var liked: Bool { get }
}

extension LikeToggle {
    func run(in context: CommandContext, client: KiwiClient) async throws {
        guard case .likes(let count) = try await context.resolve(KiwiSync.self).deliver(.like(postID: id, liked: Self.liked)) else { return }
        if context.output.format == .json { try context.output.json(count) } else { context.output.line("\(count.likes)") }
    }
}

/// `follow` and `unfollow`: one request, following or no longer.
protocol FollowToggle: KiwiClientCommand {
    static var following: Bool { get }
    var reader: FollowTarget { get }
}

extension FollowToggle {
    var options: ClientOptions { reader.options }

    func run(in context: CommandContext, client: KiwiClient) async throws {
        _ = try await context.resolve(KiwiSync.self).deliver(.follow(username: reader.username, following: Self.following))
        let name = reader.username
        // Another server's reader is followed once their server accepts.
        let elsewhere = name.dropFirst().contains("@") ? " once their server accepts" : ""
        context.output.notice(Self.following ? "Following \(name)\(elsewhere)." : "No longer following \(name).")
    }
}

/// `block`, `unblock` and `unmute`: one request about a reader, through the outbox.
protocol KeepAwayToggle: KiwiClientCommand {
    /// `block` or `mute`, and whether it starts or ends.
    static var change: (what: String, on: Bool) { get }
    var reader: ReaderTarget { get }
}

extension KeepAwayToggle {
    var options: ClientOptions { reader.options }

    func run(in context: CommandContext, client: KiwiClient) async throws {
        let (what, on) = Self.change
        let name = reader.username
        let write: KiwiWrite = what == "block" ? .block(username: name, blocking: on) : .mute(username: name, muting: on)
        _ = try await context.resolve(KiwiSync.self).deliver(write)
        context.output.notice(on ? "Blocked \(name)." : what == "block" ? "Unblocked \(name)." : "Unmuted \(name).")
    }
}

/// `blocks` and `mutes`: whom the reader keeps away.
protocol KeptAwayList: KiwiClientCommand {
    /// The route's last word, and what is said when there is nobody.
    static var list: (what: String, empty: String) { get }
}

extension KeptAwayList {
    func run(in context: CommandContext, client: KiwiClient) async throws {
        let kept = try await client.keptAway(Self.list.what) + (Self.list.what == "blocks" ? client.remoteBlocks() : [])
        try context.output.list(
            kept,
            columns: KiwiPresentation.keptAwayColumns,
            plain: KiwiPresentation.spoken,
            empty: Self.list.empty
        )
    }
}

/// `mute --for`: 30m, 12h, 7d, 2w; at most a year.
struct MuteLength: ExpressibleByArgument, Sendable {
    let seconds: Int
    let words: String

    init?(argument: String) {
        let units: [Character: (seconds: Int, name: String)] = [
            "m": (60, "minute"), "h": (3600, "hour"), "d": (86_400, "day"), "w": (604_800, "week"),
        ]
        guard let unit = argument.last.flatMap({ units[$0] }), let count = Int(argument.dropLast()), count > 0, count * unit.seconds <= 366 * 86_400
        else { return nil }
        seconds = count * unit.seconds
        words = "\(count) \(unit.name)\(count == 1 ? "" : "s")"
    }

    static var defaultCompletionKind: CompletionKind { .list(["1h", "1d", "7d", "30d"]) }
}

/// `followers` and `following`: one reader's list of readers (yours by default).
protocol PeopleList: KiwiClientCommand {
    /// The route's last word, and what is said when the list is empty.
    static var relation: (name: String, empty: @Sendable (String) -> String) { get }
    var reader: ReaderOrYou { get }
}

extension PeopleList {
    var options: ClientOptions { reader.options }

    func run(in context: CommandContext, client: KiwiClient) async throws {
        let name = try reader.username ?? client.session().user.username
        // Readers here, then readers elsewhere as `user@host`, as members are listed.
        let elsewhere = try await client.remotePeople(Self.relation.name, of: name)
        let users = try await client.people(Self.relation.name, of: name) + elsewhere.map(\.asUser)
        try context.output.list(users, columns: KiwiPresentation.userColumns, plain: { $0.shownName }, empty: Self.relation.empty(name))
        // A follow their server has not accepted yet is listed, and said to be only asked.
        for asked in elsewhere where asked.pending == true {
            context.output.notice("\(asked.handle): asked; their server has not accepted yet.")
        }
    }
}

/// A book named on the command line, and the client's options.
struct BookTarget: ParsableArguments {
    @Argument(help: "The book: its ISBN-13, or words of its title (as `kiwi post --book`).") var book: String
    @OptionGroup var options: ClientOptions
}

/// A command about one of the reader's books, named by ISBN-13 or title.
protocol KiwiBookCommand: KiwiClientCommand {
    var target: BookTarget { get }
}

extension KiwiBookCommand {
    var options: ClientOptions { target.options }

    /// The book's ISBN-13 (a title looked up, with the choice of several offered).
    func isbn13(client: KiwiClient, in context: CommandContext) async throws -> String {
        try await BookChoice.isbn13(target.book, option: "toolbox kiwi \(Self.configuration.commandName ?? "")", client: client, in: context)
    }
}

/// `want`, `start`, `progress` and `finish`: one of the reader's books moved on their shelves,
/// through the outbox (kept while offline, sent once). Says where the book is now.
protocol ShelfMove: KiwiBookCommand {
    /// The change the command asks for.
    var change: KiwiWire.ShelfChange { get throws }
}

extension ShelfMove {
    func run(in context: CommandContext, client: KiwiClient) async throws {
        let change = try change
        let isbn13 = try await isbn13(client: client, in: context)
        let sync = try context.resolve(KiwiSync.self)
        guard case .shelved(let entry) = try await sync.deliver(.shelve(isbn13: isbn13, change: change)) else { return }
        if context.output.format == .json { return try context.output.json(entry) }
        let bar = entry.shelf == .reading && entry.progress?.fraction != nil ? " " + KiwiShelfText.bar(entry.progress) : ""
        context.output.line("\(BookChoice.byline(entry.book)): \(KiwiShelfText.place(entry)).\(bar)")
    }
}

/// `--on DATE` of `start` and `finish`: a day, `YYYY-MM-DD`; unless given, today where the reader is.
struct DayOption: ParsableArguments {
    @Option(help: "The day, YYYY-MM-DD (default: today).") var on: String?

    func validate() throws {
        if let on, KiwiWire.Day.parse(on) == nil { throw ValidationError("--on must be a day, YYYY-MM-DD (\(on) is not one)") }
    }

    var day: String {
        on
            ?? {
                let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
                return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
            }()
    }
}

/// `unsuspend` and `unsilence`: a moderator lifts what stood on a reader's account.
protocol StandingLift: KiwiClientCommand {
    /// The route's last word, and what is said once it is lifted.
    static var lifted: (what: String, said: String) { get }
    var reader: ReaderTarget { get }
    var reason: String? { get }
}

extension StandingLift {
    var options: ClientOptions { reader.options }

    func run(in context: CommandContext, client: KiwiClient) async throws {
        let write = KiwiWrite.lift(username: reader.username, what: Self.lifted.what, reason: reason)
        _ = try await context.resolve(KiwiSync.self).deliver(write)
        context.output.notice("\(reader.username) \(Self.lifted.said).")
    }
}
