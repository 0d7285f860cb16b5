import Foundation

/// A program toolbox or its tests start (a browser for a trailer; toolbox, nginx, pg_ctl), with
/// posix_spawn in place of Foundation's Process. This toolchain's `Process.run()` lists
/// /proc/self/fd to close what the child must not inherit, and over-reads its entries
/// (swift-corelibs-foundation PR #5472): with the thousand files the test suite holds open it
/// crashed the whole process about once a run. Here the child closes everything past its three
/// streams itself (glibc's closefrom action), so no child holds another's pipes open.
public final class ChildProcess: @unchecked Sendable {
    // @unchecked: `status` is guarded by `lock`; the rest never changes.

    /// Where one of the child's streams goes.
    public enum Stream {
        /// A pipe whose other end the parent holds (`input`, `output` or `error`).
        case pipe
        case null
        /// A file, created or emptied, mode 0600.
        case file(String)
        /// A descriptor of the parent's (a terminal, say), which the child gets a copy of.
        case descriptor(Int32)
        /// Standard error only: wherever standard output goes.
        case sameAsOutput
    }

    public let processIdentifier: pid_t
    /// The parent's end of each piped stream: where the child's input is written, and its
    /// output and errors read. Each is closed when this is released.
    public let input: FileHandle?
    public let output: FileHandle?
    public let error: FileHandle?

    private let lock = NSLock()
    private var status: Int32?

    public init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        in directory: URL? = nil,
        input: Stream = .null,
        output: Stream = .null,
        error: Stream = .sameAsOutput
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var childEnds: [Int32] = []
        defer { for end in childEnds { close(end) } }

        /// Gives the child `stream` as descriptor `target`; answers the parent's end of a pipe.
        func connect(_ stream: Stream, to target: Int32) throws -> FileHandle? {
            switch stream {
            case .pipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw Failed(command: executable, said: "no pipe: \(String(cString: strerror(errno)))") }
                let (parent, child) = target == 0 ? (ends[1], ends[0]) : (ends[0], ends[1])
                _ = fcntl(parent, F_SETFD, FD_CLOEXEC)
                childEnds.append(child)
                posix_spawn_file_actions_adddup2(&actions, child, target)
                return FileHandle(fileDescriptor: parent, closeOnDealloc: true)
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .sameAsOutput:
                posix_spawn_file_actions_adddup2(&actions, 1, target)
            }
            return nil
        }
        self.input = try connect(input, to: 0)
        self.output = try connect(output, to: 1)
        self.error = try connect(error, to: 2)
        if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
        if let directory {
            guard let changeDirectory = Self.changeDirectory else {
                throw Failed(command: executable, said: "this C library cannot start a program in a folder")
            }
            _ = changeDirectory(&actions, directory.path)
        }

        // As a shell starts a program: no signal blocked, every one at its default (the test
        // process ignores SIGPIPE, and an ignored signal stays ignored across exec).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw Failed(command: executable, said: String(cString: strerror(spawned))) }
        processIdentifier = pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later) and
    /// `posix_spawn_file_actions_addchdir_np` (2.29), which Swift's Glibc module does not declare.
    private static let closeFrom = glibc(
        "posix_spawn_file_actions_addclosefrom_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self
    )
    private static let changeDirectory = glibc(
        "posix_spawn_file_actions_addchdir_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self
    )

    private static func glibc<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }

    /// Whether it has not exited yet.
    public var isRunning: Bool {
        lock.withLock {
            if status == nil { reap(WNOHANG) }
            return status == nil
        }
    }

    /// Blocks until it exits. Waits without reaping first, so that a signal sent meanwhile
    /// never reaches another process that was given the same pid.
    public func waitUntilExit() {
        if lock.withLock({ status != nil }) { return }
        var info = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        lock.withLock { if status == nil { reap(0) } }
    }

    /// Its exit code, or the number of the signal that ended it (as Foundation's Process answers);
    /// call after `waitUntilExit`.
    public var terminationStatus: Int32 {
        lock.withLock {
            guard let status else { preconditionFailure("\(processIdentifier) is still running") }
            // The wait status: the signal in the low seven bits, else the exit code in the next byte.
            return status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
        }
    }

    public func terminate() { signal(SIGTERM) }
    public func interrupt() { signal(SIGINT) }

    public func signal(_ number: Int32) {
        lock.withLock { if status == nil { kill(processIdentifier, number) } }
    }

    /// Reaps it if it has exited; call with `lock` held.
    private func reap(_ options: Int32) {
        var raw: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(processIdentifier, &raw, options) } while reaped < 0 && errno == EINTR
        if reaped == processIdentifier { status = raw }
    }

    public struct Failed: Error, CustomStringConvertible {
        public let command: String
        public let said: String
        public var description: String { "\(command) failed: \(said)" }

        public init(command: String, said: String) { (self.command, self.said) = (command, said) }
    }
}
