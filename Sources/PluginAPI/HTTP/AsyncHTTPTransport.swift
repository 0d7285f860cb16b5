import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The live transport: async-http-client over real sockets.
public struct AsyncHTTPTransport: HTTPTransport {
    /// The largest answer read into memory (posters are well under this).
    static let maximumBodyBytes = 64 * 1024 * 1024

    /// One connection pool for the process, like `HTTPClient.shared`, but failing fast:
    /// a refused connection is reported at once (WebClient decides about retries)
    /// instead of being retried inside the pool until the deadline.
    public static let pooledClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(10))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.tlsConfiguration = TrustedAuthorities.tlsConfiguration
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    private let customClient: HTTPClient?
    private let userAgent: String

    /// - Parameter client: nil for the process's pool, created on the first request
    ///   (its event-loop threads cost start-up time a cached answer never needs).
    public init(client: HTTPClient? = nil, userAgent: String = "toolbox/\(ToolboxVersion.current)") {
        self.customClient = client
        self.userAgent = userAgent
    }

    private var client: HTTPClient { customClient ?? Self.pooledClient }

    public func send(_ request: HTTPRequest, timeout: TimeInterval) async throws -> HTTPResponse {
        do {
            let response = try await client.execute(outgoing(request), timeout: .milliseconds(Int64(timeout * 1000)))
            let body = try await response.body.collect(upTo: Self.maximumBodyBytes)
            return HTTPResponse(status: Int(response.status.code), headers: Self.headers(response), body: Data(body.readableBytesView))
        } catch {
            throw Self.failure(error, request: request, timeout: timeout)
        }
    }

    public func open(_ request: HTTPRequest, timeout: TimeInterval) async throws -> HTTPStream {
        let response: HTTPClientResponse
        do {
            // The deadline covers the answer's head; the body goes on for as long as the stream does.
            response = try await client.execute(outgoing(request), timeout: .milliseconds(Int64(timeout * 1000)))
        } catch {
            throw Self.failure(error, request: request, timeout: timeout)
        }
        let body = AsyncThrowingStream<Data, any Error> { continuation in
            let reading = Task {
                do {
                    for try await chunk in response.body { continuation.yield(Data(chunk.readableBytesView)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in reading.cancel() }
        }
        return HTTPStream(status: Int(response.status.code), headers: Self.headers(response), body: body)
    }

    /// The request as async-http-client sends it.
    private func outgoing(_ request: HTTPRequest) -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        outgoing.headers.add(name: "User-Agent", value: userAgent)
        for (name, value) in request.headers { outgoing.headers.replaceOrAdd(name: name, value: value) }
        if let body = request.body {
            if let progress = request.uploadProgress {
                // In chunks, so progress follows what the connection has taken.
                outgoing.body = .stream(UploadChunks(data: body, progress: progress), length: .known(Int64(body.count)))
            } else {
                outgoing.body = .bytes(ByteBuffer(bytes: body))
            }
        }
        return outgoing
    }

    private static func headers(_ response: HTTPClientResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return headers
    }

    /// A failure as the transport says it: cancelled, no answer in time, nothing listening,
    /// no route, or a connection that broke.
    private static func failure(_ error: any Error, request: HTTPRequest, timeout: TimeInterval) -> any Error {
        switch error {
        case is CancellationError:
            return CancellationError()
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout:
            return TransportError(.timeout, "no answer from \(request.host) within \(Int(timeout))s")
        case let error as HTTPClientError where error == .cancelled:
            return CancellationError()
        default:
            if Task.isCancelled { return CancellationError() }
            if let unreachable = unreachable(error, host: request.host) { return unreachable }
            if refused(error) { return TransportError(.refused, "nothing answers at \(request.host) (connection refused)") }
            return TransportError(.connection, "cannot reach \(request.host) (\(error))")
        }
    }

    /// Every address tried refused the connection: nothing listens there.
    static func refused(_ error: any Error) -> Bool {
        switch error {
        case let failure as IOError: return failure.errnoCode == ECONNREFUSED
        case let connection as NIOConnectionError:
            let attempts = connection.connectionErrors.map(\.error)
            return !attempts.isEmpty && attempts.allSatisfy(refused)
        default: return false
        }
    }

    /// The failures no retry mends soon: the name does not resolve (no DNS, or no such
    /// host), or every address tried has no route (the network is down).
    static func unreachable(_ error: any Error, host: String) -> TransportError? {
        let noRoute = TransportError(.unreachable, "cannot reach \(host): no route to it (is the network down?)")
        switch error {
        case let lookup as SocketAddressError.UnknownHost:
            return TransportError(.unreachable, "cannot resolve \(host) (\(lookup.errorDescription))")
        case let failure as IOError:
            return [ENETUNREACH, EHOSTUNREACH].contains(failure.errnoCode) ? noRoute : nil
        case let connection as NIOConnectionError:
            let attempts = connection.connectionErrors.map(\.error)
            if attempts.isEmpty, let lookup = connection.dnsAError ?? connection.dnsAAAAError {
                return unreachable(lookup, host: host) ?? TransportError(.unreachable, "cannot resolve \(host) (\(lookup))")
            }
            return !attempts.isEmpty && attempts.allSatisfy { unreachable($0, host: host) != nil } ? noRoute : nil
        default:
            return nil
        }
    }
}

/// A body sent in 64 KiB chunks, reporting how much has been handed over.
struct UploadChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    static let chunkSize = 64 * 1024

    let data: Data
    let progress: @Sendable (Int) -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        let data: Data
        let progress: @Sendable (Int) -> Void
        var offset = 0

        mutating func next() async -> ByteBuffer? {
            guard offset < data.count else { return nil }
            let end = Swift.min(offset + UploadChunks.chunkSize, data.count)
            let chunk = ByteBuffer(bytes: data[data.startIndex + offset..<data.startIndex + end])
            offset = end
            progress(end)
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(data: data, progress: progress) }
}
