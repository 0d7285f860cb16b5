import Foundation

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
        url = FileManager.default.temporaryDirectory.appendingPathComponent("toolbox-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        environment = [
            "HOME": url.path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "XDG_CONFIG_HOME": url.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": url.appendingPathComponent("cache").path,
            "XDG_DATA_HOME": url.appendingPathComponent("data").path,
            "LANG": "C.UTF-8",
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

    /// Starts `toolbox arguments…` without waiting (to signal it, for example).
    public func start(_ arguments: [String], input: String = "", environment extra: [String: String] = [:]) throws -> RunningToolbox {
        let process = Process()
        process.executableURL = Self.url
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        let output = Pipe()
        let error = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        return RunningToolbox(process: process, output: output, error: error)
    }
}

/// A toolbox process that is still running.
public final class RunningToolbox: @unchecked Sendable {
    // @unchecked: Process is used from one test task at a time.
    public let process: Process
    private let output: Pipe
    private let error: Pipe

    init(process: Process, output: Pipe, error: Pipe) {
        self.process = process
        self.output = output
        self.error = error
    }

    public func interrupt() { process.interrupt() }

    /// Reads both streams to their end and waits for the exit code.
    public func finish() async -> ToolboxBinary.Result {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let out = self.output.fileHandleForReading.readDataToEndOfFile()
                let err = self.error.fileHandleForReading.readDataToEndOfFile()
                self.process.waitUntilExit()
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
