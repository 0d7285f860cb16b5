import AsyncHTTPClient
import Foundation
import PluginAPI

/// What a toolbox run printed and how it ended.
public struct ToolboxResult: Sendable {
    public var exitCode: Int32
    public var standardOutput: String
    public var standardError: String
}

/// A fresh HOME with private XDG folders (under the temp folder), and the
/// environment that points toolbox at them.
public struct TestHome: Sendable {
    public let url: URL
    public var environment: [String: String]

    public init(extraEnvironment: [String: String] = [:]) throws {
        url = Scratch.url("toolbox-test")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        environment = [
            "HOME": url.path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "XDG_CONFIG_HOME": url.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": url.appendingPathComponent("cache").path,
            "XDG_DATA_HOME": url.appendingPathComponent("data").path,
            "LANG": "C.UTF-8",
            // Nothing asks Open Library or the Marine Institute's tides: a test gives a stub (port 9 refuses).
            "TOOLBOX_KIWI_BOOKS_URL": "http://127.0.0.1:9",
            "TOOLBOX_KIWI_COVERS_URL": "http://127.0.0.1:9",
            "TOOLBOX_SURF_TIDES_URL": "http://127.0.0.1:9",
        ].merging(extraEnvironment) { $1 }
    }
}

/// Runs the built `toolbox` binary the way a user would, in private XDG folders.
public struct ToolboxBinary: Sendable {
    public typealias Result = ToolboxResult

    public let home: URL
    public var environment: [String: String]

    public init(extraEnvironment: [String: String] = [:]) throws {
        let home = try TestHome(extraEnvironment: extraEnvironment)
        self.home = home.url
        self.environment = home.environment
    }

    /// The binary beside the test bundle (`.build/debug/toolbox`).
    public static var url: URL {
        if let override = ProcessInfo.processInfo.environment["TOOLBOX_BINARY"] { return URL(fileURLWithPath: override) }
        var folder = Bundle.main.bundleURL
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("toolbox")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate }
            folder.deleteLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("toolbox")
    }

    /// Runs `toolbox arguments…` with `input` on stdin and waits for it.
    public func run(_ arguments: [String], input: String = "", environment extra: [String: String] = [:]) async throws -> Result {
        let process = try start(arguments, input: input, environment: extra)
        return await process.finish()
    }

    /// Runs `toolbox arguments…` as on a machine with no network: in a network namespace of
    /// its own, whose only interface is a loopback that is down, so no name resolves, no
    /// address has a route, and nothing it sends can leave. Needs `canCutTheNetwork`.
    ///
    /// Answers how long toolbox itself took, from its start to its exit: the namespace is
    /// made first (which can take seconds while other processes, a browser's sandbox say,
    /// make and drop their own), and a shell in it starts toolbox only when told to.
    public func runWithoutNetwork(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> (Result, Duration) {
        let gate = "ready for toolbox"
        let shell = ["/bin/sh", "-c", "echo '\(gate)' >&2; read go; exec \"$0\" \"$@\"", Self.url.path]
        let (running, stdin) = try launch(Self.unshare, ["--net", "--"] + shell + arguments, environment: extra)
        _ = try await running.waitForLine(containing: gate)
        let started = ContinuousClock.now
        stdin?.write(Data("go\n".utf8))
        try? stdin?.close()
        var result = await running.finish()
        let elapsed = ContinuousClock.now - started
        result.standardError = String(result.standardError.dropFirst(gate.count + 1))
        return (result, elapsed)
    }

    /// Whether this process may give a child a network namespace of its own (root, with
    /// util-linux's unshare: as in CI).
    public static let canCutTheNetwork: Bool = {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: unshare) else { return false }
        return Program.succeeds(unshare, ["--net", "true"])
    }()

    static let unshare = "/usr/bin/unshare"

    /// Starts `toolbox arguments…` without waiting (to signal it, for example); in a network
    /// namespace (a test host of its own) when one is named.
    public func start(
        _ arguments: [String],
        input: String = "",
        environment extra: [String: String] = [:],
        namespace: String? = nil,
        openFiles: Int? = nil
    ) throws -> RunningToolbox {
        let (executable, launched): (String, [String]) =
            if let openFiles {
                ("/usr/bin/prlimit", ["--nofile=\(openFiles):\(openFiles)", Self.url.path] + arguments)
            } else if let namespace {
                ("/usr/sbin/ip", ["netns", "exec", namespace, Self.url.path] + arguments)
            } else {
                (Self.url.path, arguments)
            }
        let (running, stdin) = try launch(executable, launched, environment: extra)
        // Throwing, not trapping: a program that ends before it reads its input (a refusal at once,
        // on a loaded machine) closes the pipe, and `write(_:)` would crash the whole test process.
        if !input.isEmpty { try? stdin?.write(contentsOf: Data(input.utf8)) }
        try? stdin?.close()
        return running
    }

    /// Runs `executable arguments…` with toolbox's environment (and `extra`) and a pipe for each
    /// stream: it running, and where its input is written.
    private func launch(_ executable: String, _ arguments: [String], environment extra: [String: String]) throws -> (RunningToolbox, FileHandle?) {
        let child = try ChildProcess(
            executable,
            arguments,
            environment: environment.merging(extra) { $1 },
            input: .pipe,
            output: .pipe,
            error: .pipe
        )
        return (RunningToolbox(process: child), child.input)
    }
}

/// A toolbox process that is still running. Both streams are read as they come,
/// so a test can wait for a line (and a chatty process never blocks on a full pipe).
public final class RunningToolbox: @unchecked Sendable {
    // @unchecked: the buffers are guarded by `lock`.
    public let process: ChildProcess
    private let lock = NSLock()
    private var output = Data()
    private var error = Data()
    private let drained = DispatchGroup()

    init(process: ChildProcess) {
        self.process = process
        if let output = process.output { drain(output) { self.output.append($0) } }
        if let error = process.error { drain(error) { self.error.append($0) } }
    }

    private func drain(_ stream: FileHandle, into append: @escaping @Sendable (Data) -> Void) {
        drained.enter()
        onAThreadOfItsOwn {
            while case let chunk = stream.availableData, !chunk.isEmpty {
                self.lock.withLock { append(chunk) }
            }
            self.drained.leave()
        }
    }

    public func interrupt() { process.interrupt() }

    /// What the process has written to stderr so far.
    public var standardErrorSoFar: String { lock.withLock { String(decoding: error, as: UTF8.self) } }

    /// What the process has written to stdout so far.
    public var standardOutputSoFar: String { lock.withLock { String(decoding: output, as: UTF8.self) } }

    /// Waits until stdout has a line that `matches`, and answers it (nil after `timeout`).
    public func waitForOutput(within timeout: Duration, _ matches: (Substring) -> Bool) async throws -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let line = standardOutputSoFar.split(separator: "\n").first(where: matches) { return String(line) }
            try await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    /// Waits until the process has written `text` to stderr and returns that line;
    /// throws with everything it wrote if it exits first or `timeout` passes.
    public func waitForLine(containing text: String, timeout: Duration = .seconds(60)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let written = standardErrorSoFar
            if let line = written.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            guard process.isRunning else { throw ProcessEnded(waitingFor: text, standardError: written) }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw ProcessEnded(waitingFor: text, standardError: standardErrorSoFar + " (still running after \(timeout))")
    }

    /// Reads both streams to their end and waits for the exit code.
    public func finish() async -> ToolboxBinary.Result {
        await withCheckedContinuation { continuation in
            onAThreadOfItsOwn {
                self.drained.wait()
                self.process.waitUntilExit()
                let (out, err) = self.lock.withLock { (self.output, self.error) }
                continuation.resume(
                    returning: ToolboxBinary.Result(
                        exitCode: self.process.terminationStatus,
                        standardOutput: String(decoding: out, as: UTF8.self),
                        standardError: String(decoding: err, as: UTF8.self)
                    )
                )
            }
        }
    }
}

/// A process that ended (or never said it) before writing what a test waited for.
public struct ProcessEnded: Error, CustomStringConvertible {
    public var waitingFor: String
    public var standardError: String
    public var description: String { "toolbox never wrote '\(waitingFor)'; its stderr: \(standardError)" }
}

extension ToolboxBinary {
    /// A reader with a home of their own, signed up and logged in as `name` (password `pw-<name>`)
    /// on the Kiwi server at `base`; a login that fails throws, with what toolbox said.
    public static func kiwiReader(_ name: String, on base: String) async throws -> ToolboxBinary {
        let reader = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": base])
        _ = try await reader.run(["kiwi", "signup", name, "--password-stdin"], input: "pw-\(name)\n")
        let login = try await reader.run(["kiwi", "login", name, "--password-stdin"], input: "pw-\(name)\n")
        guard login.exitCode == 0 else { throw ProcessEnded(waitingFor: "Logged in … as \(name)", standardError: login.standardError) }
        return reader
    }

    /// Starts `toolbox kiwi serve` on a port the kernel picks (no race for a "free" port)
    /// and answers its base URL once it says it is listening.
    /// With `openFiles`, the server starts under that open-files limit, soft and hard (`ulimit -n`).
    public func serveKiwi(_ arguments: [String] = [], openFiles: Int? = nil) async throws -> (server: RunningToolbox, base: String) {
        let server = try start(["kiwi", "serve", "--port", "0"] + arguments, openFiles: openFiles)
        let line = try await server.waitForLine(containing: "Kiwi is listening on ")
        guard let base = line.split(separator: " ").last.map(String.init), base.hasPrefix("http://") else {
            throw ProcessEnded(waitingFor: "a listening URL", standardError: line)
        }
        return (server, base)
    }

    /// Starts `toolbox kiwi serve` on every address of a test host (a network namespace), port 8080,
    /// and answers once it is listening.
    public func serveKiwi(_ arguments: [String], namespace: String) async throws -> RunningToolbox {
        let server = try start(["kiwi", "serve", "--host", "0.0.0.0", "--port", "8080"] + arguments, namespace: namespace)
        _ = try await server.waitForLine(containing: "Kiwi is listening on ")
        return server
    }
}

extension ToolboxBinary {
    /// Runs `toolbox arguments…` with stdout on a pseudo-terminal of `columns` × 50 cells, as
    /// a person at a terminal would; stderr stays a pipe. With `typing`, stdin is the terminal too,
    /// and those keys are typed on it (echoed, as a terminal does). Answers what reached the terminal.
    public func runOnTerminal(
        _ arguments: [String],
        columns: Int = 120,
        environment extra: [String: String] = [:],
        typing: String? = nil
    ) async throws -> Result {
        var primary: Int32 = 0
        var secondary: Int32 = 0
        var size = winsize(ws_row: 50, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&primary, &secondary, nil, nil, &size) == 0 else { throw ProcessEnded(waitingFor: "a pseudo-terminal", standardError: "") }
        let process: ChildProcess
        do {
            defer { close(secondary) }
            process = try ChildProcess(
                Self.url.path,
                arguments,
                environment: environment.merging(extra) { $1 },
                input: typing == nil ? .null : .descriptor(secondary),
                output: .descriptor(secondary),
                error: .pipe
            )
        } catch {
            close(primary)
            throw error
        }
        let reader = primary
        // The terminal keeps what is typed until the program reads a line.
        if let typing { _ = Array(typing.utf8).withUnsafeBytes { write(reader, $0.baseAddress, $0.count) } }
        return await withCheckedContinuation { continuation in
            onAThreadOfItsOwn {
                var shown = Data()
                var buffer = [UInt8](repeating: 0, count: 65_536)
                // The primary side reads until the child's side is closed (then read fails with EIO).
                while case let count = read(reader, &buffer, buffer.count), count > 0 || (count < 0 && errno == EINTR) {
                    if count > 0 { shown.append(contentsOf: buffer[..<count]) }
                }
                close(reader)
                let said = process.error?.readDataToEndOfFile() ?? Data()
                process.waitUntilExit()
                continuation.resume(
                    returning: Result(
                        exitCode: process.terminationStatus,
                        standardOutput: String(decoding: shown, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"),
                        standardError: String(decoding: said, as: UTF8.self)
                    )
                )
            }
        }
    }
}

/// Requests over real sockets to a running server, as a client elsewhere sends them.
public struct LiveHTTP: Sendable {
    private let transport: AsyncHTTPTransport
    private let ownPool: HTTPClient?

    /// On the process's pool, which opens at most 8 connections to a host and queues the rest.
    public init() {
        transport = AsyncHTTPTransport()
        ownPool = nil
    }

    /// Up to `connections` requests at once to one host, on a pool of its own: call `shutdown()` after.
    public init(connections: Int) {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connections
        let pool = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        transport = AsyncHTTPTransport(client: pool)
        ownPool = pool
    }

    public func shutdown() async throws { try await ownPool?.shutdown() }

    public func send(_ method: String, _ url: String, body: Data? = nil, headers: [String: String] = [:]) async throws -> HTTPResponse {
        guard let target = URL(string: url) else { throw URLError(.badURL) }
        return try await transport.send(HTTPRequest(method: method, url: target, headers: headers, body: body, namespace: "test"), timeout: 60)
    }
}
