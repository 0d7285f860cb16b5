import Foundation
import Synchronization

/// A port on 127.0.0.1 that nothing listens on now, for a server a test stops and starts again on
/// the same address. It is picked below the kernel's ephemeral range (32768 up), where neither an
/// outgoing connection nor a server asking for any free port lands in between, and never twice
/// in one run.
public enum FreePort {
    private static let handedOut = Mutex(Set<Int>())

    public static func pick() throws -> Int {
        for _ in 0..<200 {
            let port = Int.random(in: 20_000..<32_768)
            guard handedOut.withLock({ $0.insert(port).inserted }) else { continue }
            let socket = try TCPSocket()
            if (try? socket.bind(port: port)) != nil { return port }
        }
        throw POSIXError(.EADDRINUSE)
    }
}
