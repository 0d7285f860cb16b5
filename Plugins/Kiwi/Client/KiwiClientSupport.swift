import ArgumentParser
import Foundation
import PluginAPI

/// `--server URL`, for every client command.
struct ServerOption: ParsableArguments {
    @Option(help: "The Kiwi server (default: kiwi.server).") var server: String?

    var overrides: [String: String] { server.map { ["kiwi.server": $0] } ?? [:] }
}

/// How posts and comments read, in every client command.
enum KiwiPresentation {
    static let postColumns: [Column<RemotePost>] = [
        Column("ID", rightAligned: true) { $0.id },
        Column("Author") { $0.author.username },
        Column("Age") { KiwiTime.age($0.created) },
        Column("Likes", rightAligned: true) { "\($0.likes)" },
        Column("Comments", rightAligned: true) { $0.commentCount.map(String.init) ?? "–" },
        Column("Caption", flexible: true) { $0.caption ?? "" },
    ]

    static func spoken(_ post: RemotePost) -> String {
        let caption = post.caption.map { " “\($0)”" } ?? " a photo"
        let age = post.created.map { ", \(RelativeTime.ago(Date().timeIntervalSince($0)))" } ?? ""
        return "\(post.author.displayName ?? post.author.username) posted\(caption), \(post.likes) \(post.likes == 1 ? "like" : "likes")\(age)."
    }

    static let commentColumns: [Column<RemoteComment>] = [
        Column("ID", rightAligned: true) { $0.id },
        Column("Author") { $0.author.username },
        Column("Age") { KiwiTime.age($0.createdAt.flatMap(KiwiTime.parse)) },
        Column("Comment", flexible: true) { $0.text },
    ]

    static func list(_ posts: [RemotePost], empty: String, in context: CommandContext) throws {
        try context.output.list(posts, columns: postColumns, plain: spoken, empty: empty)
    }

    static let userColumns: [Column<RemoteUser>] = [
        Column("Username") { $0.username },
        Column("Name", flexible: true) { $0.displayName ?? "–" },
    ]
}

/// Reading a password: never from an argument or the environment.
enum PasswordInput {
    static func read(fromStandardInput: Bool, context: CommandContext, prompt: String = "Password: ") throws -> String {
        let console = context.output.console
        let password: String?
        if fromStandardInput {
            password = console.readLine(secret: false)
        } else {
            try context.requireTerminal(for: "a password", instead: "--password-stdin")
            console.write(prompt, to: .standardError)
            password = console.readLine(secret: true)
        }
        guard let password, !password.isEmpty else { throw ToolboxError.usage("no password given", hint: "type it at the prompt, or pipe it with --password-stdin") }
        return password
    }

    /// A password over plain http to anything but this machine crosses the network in clear text: ask first.
    static func confirmTransport(to server: URL, insecure: Bool, context: CommandContext) throws {
        let host = server.host?.lowercased() ?? ""
        let loopback = host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
        guard server.scheme?.lowercased() == "http", !loopback, !insecure else { return }
        try context.requireTerminal(for: "sending a password over plain http", instead: "--insecure (or an https:// server)")
        context.output.console.write("\(server.absoluteString) is plain http: your password would cross the network unencrypted. Send it anyway? [y/N] ", to: .standardError)
        guard context.output.console.readLine(secret: false)?.lowercased().hasPrefix("y") == true else {
            throw ToolboxError.usage("nothing was sent", hint: "use an https:// server, or --insecure if you accept the risk")
        }
    }
}

/// Checks an image before anything is sent, so nothing half-posts.
enum ImageCheck {
    static let limit = 10 * 1024 * 1024

    static func load(_ path: String) throws -> (Data, ImageSignature.Kind) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ToolboxError.io("no such file: \(path)", hint: "check the path of the image")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ToolboxError.io("cannot read \(path)", hint: "check that you may read it")
        }
        guard let kind = ImageSignature.kind(of: data) else {
            throw ToolboxError.usage("\(path) is not an image (JPEG, PNG, GIF, WebP or HEIC), whatever its name says", hint: "choose a photo file")
        }
        guard data.count <= limit else {
            throw ToolboxError.usage("\(path) is \(data.count / 1_048_576) MiB; the limit is 10 MiB", hint: "resize the photo first")
        }
        return (data, kind)
    }

    static func multipart(_ data: Data, kind: ImageSignature.Kind, caption: String?) -> (Data, String) {
        let boundary = "toolbox-\(UUID().uuidString)"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"image.\(kind.fileExtension)\"\r\nContent-Type: \(kind.mimeType)\r\n\r\n".utf8)
        body += data + Data("\r\n".utf8)
        if let caption { body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\n\(caption)\r\n".utf8) }
        body += Data("--\(boundary)--\r\n".utf8)
        return (body, boundary)
    }
}

/// A client command: `--server URL` stands for the `kiwi.server` key.
protocol KiwiClientCommand: ToolboxCommand {
    var connection: ServerOption { get }
}

extension KiwiClientCommand {
    var configurationOverrides: [String: String] { connection.overrides }
}
