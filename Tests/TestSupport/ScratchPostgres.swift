import Foundation
import PluginAPI

/// A PostgreSQL server of a test's own (its own folder and port, on this machine), which the
/// test may stop and start again: a database that restarts. Needs Debian's PostgreSQL server
/// programs (the `postgresql` package, which CI installs) and root, to run them as `postgres`.
public final class ScratchPostgres: @unchecked Sendable {
    // @unchecked: immutable after init; the server is driven from one test at a time.
    public private(set) var port: Int
    public let host: String
    private let folder: URL
    private let programs: URL
    /// What runs a program: in a network namespace (`ip netns exec NAME`), or here.
    private let prefix: [String]

    /// The server programs, when this machine has them and can run them.
    public static var programs: URL? {
        guard getuid() == 0, let versions = try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql") else { return nil }
        return versions.sorted { $0.compare($1, options: .numeric) == .orderedDescending }.lazy
            .map { URL(fileURLWithPath: "/usr/lib/postgresql/\($0)/bin") }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("initdb").path) }
    }

    public static var unavailable: String? {
        programs == nil ? "needs PostgreSQL's server programs (apt-get install postgresql) and root to run them as postgres" : nil
    }

    /// A new cluster (user `toolbox`, password `toolbox`, database `kiwi`), started on `host`:`port`.
    public init(host: String = "127.0.0.1", port: Int? = nil, namespace: String? = nil) async throws {
        guard let programs = Self.programs else { throw POSIXError(.ENOENT) }
        self.programs = programs
        self.host = host
        self.port = try port ?? FreePort.pick()
        prefix = namespace.map { ["/usr/sbin/ip", "netns", "exec", $0] } ?? []
        folder = Scratch.url("kiwi-pg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await Self.run(["/bin/chown", "postgres:postgres", folder.path])
        let password = folder.appendingPathComponent("password")
        try await Self.run(["/usr/sbin/runuser", "-u", "postgres", "--", "sh", "-c", "echo toolbox > \(password.path)"])
        try await Self.run(
            [
                "/usr/sbin/runuser", "-u", "postgres", "--", programs.appendingPathComponent("initdb").path, "-D", data, "-U", "toolbox",
                "--pwfile", password.path, "--auth", "scram-sha-256", "-E", "UTF8", "--no-sync",
            ]
        )
        // Reached over TCP from anywhere the test puts its servers (its own namespaces included).
        try "host all all 0.0.0.0/0 scram-sha-256\n".appendToFile(folder.appendingPathComponent("data/pg_hba.conf"))
        // A port picked free can be taken before the server binds it (dozens of test servers start
        // at once): then another.
        for attempt in 1... {
            do {
                try await start()
                break
            } catch  where port == nil && attempt < 3 {
                self.port = try FreePort.pick()
            }
        }
        try await Self.run(
            prefix + [
                "/usr/bin/env", "PGPASSWORD=toolbox", "psql", "-h", host, "-p", "\(self.port)", "-U", "toolbox", "-d", "postgres", "-qc",
                "CREATE DATABASE kiwi",
            ]
        )
    }

    private var data: String { folder.appendingPathComponent("data").path }

    public var url: String { "postgres://toolbox:toolbox@\(host):\(port)/kiwi" }

    /// Starts it; a failure says what the server's log says.
    public func start() async throws {
        let log = folder.appendingPathComponent("log")
        do {
            // The server it starts keeps what it inherits open: nothing of its is read here.
            try await Self.run(
                quietly: true,
                prefix + [
                    "/usr/sbin/runuser", "-u", "postgres", "--", programs.appendingPathComponent("pg_ctl").path, "-D", data, "-w", "-l",
                    log.path, "-o", "-p \(port) -k \(folder.path) -c listen_addresses=\(host) -c fsync=off", "start",
                ]
            )
        } catch let failure as ChildProcess.Failed {
            throw ChildProcess.Failed(command: failure.command, said: String(((try? String(contentsOf: log, encoding: .utf8)) ?? "").suffix(1_000)))
        }
    }

    /// Stops it as an operator restarting it would (`fast`: sessions are ended, nothing is lost).
    public func stop() async throws {
        try await Self.run(stopping)
    }

    private var stopping: [String] {
        ["/usr/sbin/runuser", "-u", "postgres", "--", programs.appendingPathComponent("pg_ctl").path, "-D", data, "-m", "fast", "-w", "stop"]
    }

    deinit {
        _ = try? Self.runBlocking(stopping)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs a program and waits for it; its output (both streams) when it fails. With `quietly`, its
    /// output goes nowhere: a server it starts keeps what it inherits open, so nothing of it is read.
    /// (A file, not a pipe: a pipe's reader would wait for as long as the daemon the program
    /// started holds it.)
    @discardableResult
    public static func run(quietly: Bool = false, _ arguments: [String]) async throws -> String {
        try await offThePool { try runBlocking(quietly: quietly, arguments) }
    }

    /// `run`, waiting on this thread: for a `deinit` or a `defer`, which cannot wait otherwise.
    @discardableResult
    public static func runBlocking(quietly: Bool = false, _ arguments: [String]) throws -> String {
        let log = Scratch.url("kiwi-pg-run").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let child = try ChildProcess(arguments[0], Array(arguments.dropFirst()), output: quietly ? .null : .file(log))
        child.waitUntilExit()
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        guard child.terminationStatus == 0 else { throw ChildProcess.Failed(command: arguments.joined(separator: " "), said: said) }
        return said
    }
}

extension String {
    fileprivate func appendToFile(_ url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(utf8))
    }
}
