import Foundation
import PluginAPI

/// Where `kiwi serve`, `kiwi migrate`, `kiwi approve` and `kiwi role` run: the one entry from the plugin into the server.
/// toolbox hands them to the server's own program (`KiwiServerProgram`), which links the
/// server's libraries so that no other command pays for them at start-up; that program
/// runs them in its process.
public protocol KiwiServerHost: Sendable {
    func serve(_ command: ServeCommand, in context: CommandContext) async throws
    func migrate(_ command: MigrateCommand, in context: CommandContext) async throws
    func approve(_ command: ApproveCommand, in context: CommandContext) async throws
    func giveRole(_ command: RoleCommand, in context: CommandContext) async throws
    func checkMedia(_ command: MediaCommand.Check, in context: CommandContext) async throws
}

/// toolbox's host: replaces this process with `toolbox-kiwi-server`, installed beside
/// toolbox, on the same command line, so the server gets the terminal, the signals
/// (Ctrl-C, SIGTERM) and the exit code as if toolbox itself were serving.
public struct KiwiServerProgram: KiwiServerHost {
    public static let name = "toolbox-kiwi-server"

    public init() {}

    public func serve(_ command: ServeCommand, in context: CommandContext) async throws { try run() }
    public func migrate(_ command: MigrateCommand, in context: CommandContext) async throws { try run() }
    public func approve(_ command: ApproveCommand, in context: CommandContext) async throws { try run() }
    public func giveRole(_ command: RoleCommand, in context: CommandContext) async throws { try run() }
    public func checkMedia(_ command: MediaCommand.Check, in context: CommandContext) async throws { try run() }

    private func run() throws {
        let folder = Bundle.main.executableURL?.deletingLastPathComponent() ?? URL(fileURLWithPath: ".")
        let program = folder.appendingPathComponent(Self.name).path
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw ToolboxError(
                .io,
                "the Kiwi server's program is missing: no \(Self.name) beside toolbox in \(folder.path)",
                hint: "install both programs, as the README's Install says"
            )
        }
        let arguments = [Self.name] + CommandLine.arguments.dropFirst()
        let argv = arguments.map { strdup($0) } + [nil]
        Self.tuneMemory()
        execv(program, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        throw ToolboxError(.io, "cannot start \(program) (\(reason))", hint: "check that it is executable")
    }

    /// glibc gives threads that allocate at the same time arenas of their own, up to eight a core,
    /// and memory freed in one arena serves only its threads: a server's event loops, pool threads
    /// and tasks then keep megabytes more than they use (1,000 live streams on PostgreSQL: 3 to 8 MB).
    /// An arena a core costs a few percent of page throughput at most (Tests/Benchmarks/README.md). Read when the
    /// server's program starts; a value the user set stays.
    private static func tuneMemory() {
        #if os(Linux)
        setenv("MALLOC_ARENA_MAX", String(ProcessInfo.processInfo.activeProcessorCount), 0)
        #endif
    }
}
