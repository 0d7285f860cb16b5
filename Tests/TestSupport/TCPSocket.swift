import Foundation

/// A TCP socket made by hand, for what no HTTP client does: hold a port without listening on it,
/// connect from a chosen address, stop reading. It closes when it is let go of.
public final class TCPSocket: @unchecked Sendable {
    public let descriptor: Int32

    /// A new socket, with `receiveBuffer` bytes of room to receive when given (a stalled reader's).
    public init(receiveBuffer: Int32? = nil) throws {
        descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        if var size = receiveBuffer { setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
    }

    deinit { close(descriptor) }

    /// Connected to 127.0.0.1:`port` from `source` (any port of it).
    public static func connected(port: Int, from source: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws -> TCPSocket {
        let socket = try TCPSocket(receiveBuffer: receiveBuffer)
        try socket.bind(source)
        try socket.connect(port: port)
        return socket
    }

    /// Bound to a free port of 127.0.0.1 that a server may share while it runs
    /// (`StubServer.start(sharing:)`, both with SO_REUSEPORT) and that stays held, refusing
    /// connections, once the server stops: no other test's server or client can take it between.
    public static func sharedPort() throws -> TCPSocket {
        let socket = try TCPSocket()
        var yes: Int32 = 1
        setsockopt(socket.descriptor, SOL_SOCKET, SO_REUSEPORT, &yes, socklen_t(MemoryLayout<Int32>.size))
        try socket.bind()
        return socket
    }

    /// The port it is bound to.
    public func boundPort() throws -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw POSIXError(.EBADF) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Bound to `host`:`port` (0: any free port), reusing an address a closed socket left in TIME_WAIT.
    public func bind(_ host: String = "127.0.0.1", port: Int = 0) throws {
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.address(host, port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    /// Connected to `host`:`port`.
    public func connect(_ host: String = "127.0.0.1", port: Int) throws {
        var address = Self.address(host, port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    /// The port this end is bound to.
    public var port: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Sends all of `text`; false when the connection is gone.
    public func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
    }

    /// What one read brings, at most `count` bytes; empty once the other end closed.
    public func receive(upTo count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = recv(descriptor, &buffer, count, 0)
        return Array(buffer.prefix(max(read, 0)))
    }

    private static func address(_ host: String, _ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        return address
    }
}
