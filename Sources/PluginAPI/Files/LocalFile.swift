import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Atomic, locked writes of the small files toolbox keeps (configuration,
/// favourites, tokens, cache entries): a crash never leaves a torn file, and
/// two toolbox processes at once never lose each other's update.
public enum LocalFile {
    /// Writes `data` to a temporary file beside `path`, flushes it, and renames it into place.
    ///
    /// - Parameter durable: flush to disk before the rename. Files that check their own
    ///   integrity on reading (cache entries) skip it: a lost entry is only a cache miss.
    public static func writeAtomically(_ data: Data, to path: String, mode: mode_t = 0o644, durable: Bool = true) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try createDirectory(directory)
        let temporary = "\(directory)/.\((path as NSString).lastPathComponent).\(UUID().uuidString).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw ioError("cannot write \(path)", errno) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fchmod(fd, mode) != 0 || (durable && fsync(fd) != 0) { failure = errno }
        close(fd)
        guard failure == 0, rename(temporary, path) == 0 else {
            let code = failure != 0 ? failure : errno
            unlink(temporary)
            throw ioError("cannot write \(path)", code)
        }
    }

    /// Runs `body` holding an exclusive advisory lock tied to `path` (a `.lock` file beside it).
    public static func withLock<T>(on path: String, _ body: () throws -> T) throws -> T {
        let fd = try openLock(for: path)
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw ioError("cannot lock \(path)", errno) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The same lock as `withLock`, when nobody holds it: nil at once otherwise (another process
    /// is doing the work). Held until the returned lock is released or dropped.
    public static func tryLock(on path: String) throws -> HeldLock? {
        let fd = try openLock(for: path)
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        return HeldLock(fd: fd)
    }

    /// The descriptor of `path`'s lock file. Hidden beside the file: the file itself is replaced
    /// by rename, so it cannot carry the lock.
    private static func openLock(for path: String) throws -> Int32 {
        let lockPath = (path as NSString).deletingLastPathComponent + "/." + (path as NSString).lastPathComponent + ".lock"
        try createDirectory((lockPath as NSString).deletingLastPathComponent)
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ioError("cannot lock \(path)", errno) }
        return fd
    }

    /// An advisory lock held until this is dropped (closing the descriptor releases it).
    public final class HeldLock: Sendable {
        private let fd: Int32
        init(fd: Int32) { self.fd = fd }
        deinit { close(fd) }
    }

    /// Read-modify-write under the lock: `transform` gets the current bytes (nil when absent)
    /// and returns the new ones, which replace the file atomically (`durable` as in `writeAtomically`).
    public static func update(_ path: String, mode: mode_t = 0o644, durable: Bool = true, _ transform: (Data?) throws -> Data) throws {
        try withLock(on: path) {
            let current = FileManager.default.contents(atPath: path)
            try writeAtomically(try transform(current), to: path, mode: mode, durable: durable)
        }
    }

    /// Creates a folder and its parents (mode 0700: toolbox's folders hold private data). An empty
    /// path is the current folder (the folder of `kiwi.sqlite`), which is there.
    public static func createDirectory(_ path: String) throws {
        guard !path.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ToolboxError.io("cannot create the folder \(path)", hint: "check that you may write there")
        }
    }

    static func ioError(_ message: String, _ code: Int32) -> ToolboxError {
        ToolboxError.io("\(message): \(String(cString: strerror(code)))", hint: "check the folder's permissions and free space")
    }
}
