import ArgumentParser
import Foundation
import Hummingbird
import Logging
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi serve`
    struct Serve: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Run the Kiwi server (wire-compatible with the original backend).",
            discussion: """
                Data lives in $XDG_DATA_HOME/toolbox/kiwi/ (an SQLite file and the uploads) unless \
                --database and --uploads say otherwise. Stops cleanly on Ctrl-C or SIGTERM, \
                finishing the requests in flight.

                Examples:
                  toolbox kiwi serve
                  toolbox kiwi serve --host 0.0.0.0 --port 8080 --public-url https://kiwi.example.org
                  toolbox kiwi serve --database sqlite:/srv/kiwi/kiwi.sqlite --uploads /srv/kiwi/uploads
                """)

        @Option(help: "The address to listen on.") var host = "127.0.0.1"
        @Option(help: "The port to listen on (0: any free port).") var port = 8080
        @Option(help: ArgumentHelp("Where the data lives: sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE.", valueName: "database"))
        var database: String?
        @Option(help: "The folder for uploaded images.", completion: .directory) var uploads: String?
        @Option(help: "The largest upload accepted, in bytes.") var maxUploadBytes = 10 * 1024 * 1024
        @Option(help: "The address clients reach the server at, for links (behind a proxy).") var publicURL: String?
        @OptionGroup var global: GlobalOptions

        var isServer: Bool { true }

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
            guard maxUploadBytes > 0 else { throw ValidationError("--max-upload-bytes must be positive") }
            if let database, !database.hasPrefix("sqlite:"), !database.hasPrefix("postgres://"), !database.hasPrefix("postgresql://") {
                throw ValidationError("--database takes sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE")
            }
        }

        func run(in context: CommandContext) async throws {
            let folder = "\(context.paths.data)/kiwi"
            let uploadFolder = try UploadFolder(path: uploads ?? "\(folder)/uploads")
            let console = context.output.console
            let logger = Logger(label: "kiwi") { _ in ConsoleLogHandler(console: console, level: context.options.quiet ? .error : .info) }
            let options = KiwiServerOptions(host: host, port: port, publicURL: publicURL, maxUploadBytes: maxUploadBytes)
            let output = context.output
            func serve(_ store: any KiwiStore, described: String) async throws {
                let app = KiwiServer.buildApplication(store: store, uploads: uploadFolder, options: options, logger: logger) { port in
                    output.notice("Kiwi is listening on http://\(host):\(port)")
                    output.notice("data: \(described), uploads: \(uploadFolder.path)")
                }
                try await app.runService()
            }
            if let database, database.hasPrefix("postgres") {
                let store = try PostgresKiwiStore(url: database, logger: logger)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await store.client.run() }
                    defer { group.cancelAll() }
                    do {
                        try await store.migrate()
                    } catch {
                        throw ToolboxError.unavailable("cannot reach the PostgreSQL database", hint: "check --database and that the server is running")
                    }
                    try await serve(store, described: Secret.maskedURL(database))
                }
                return
            }
            let path = database.map { String($0.dropFirst("sqlite:".count)) } ?? "\(folder)/kiwi.sqlite"
            try LocalFile.createDirectory((path as NSString).deletingLastPathComponent)
            let store: SQLiteKiwiStore
            do {
                store = try SQLiteKiwiStore(path: path)
            } catch {
                throw ToolboxError.io("cannot open the database \(path)", hint: "check the path and its permissions")
            }
            try await serve(store, described: "sqlite:\(path)")
        }
    }
}
