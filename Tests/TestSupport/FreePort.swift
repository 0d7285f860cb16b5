import Foundation

/// A port on 127.0.0.1 that nothing listens on now: for a server a test restarts on the same
/// address (another process could take it in between; on a test machine, nothing does).
public enum FreePort {
    public static func pick() throws -> Int {
        let socket = try TCPSocket()
        try socket.bind()
        return socket.port
    }
}
