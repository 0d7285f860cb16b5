import Foundation

/// One event of a Server-Sent Events stream: its `id:` (what a returning client sends back as
/// `Last-Event-ID`), its name (`event:`, "message" when unnamed) and its `data:` lines joined.
public struct ServerSentEvent: Sendable, Equatable {
    public var id: String?
    public var name: String
    public var data: String

    public init(id: String?, name: String, data: String) {
        self.id = id
        self.name = name
        self.data = data
    }
}

/// A Server-Sent Events stream (`text/event-stream`): a long-lived GET whose answer arrives as
/// things happen, opened through `APIClient.stream` like every other request.
public enum EventStream {
    /// The headers that ask for a stream. The connection is the stream's alone: when it ends, the
    /// server closes it, so it is not kept for reuse.
    public static let headers = ["Accept": "text/event-stream", "Connection": "close"]

    /// The events of a stream's bytes as they arrive, until the server ends it or the connection
    /// breaks. Heartbeats (comment lines) arrive as `nil`, so a reader can tell a quiet stream from a dead one.
    public static func events(of bytes: AsyncThrowingStream<Data, any Error>) -> AsyncThrowingStream<ServerSentEvent?, any Error> {
        AsyncThrowingStream { continuation in
            let reading = Task {
                var parser = ServerSentEventParser()
                do {
                    for try await chunk in bytes {
                        for event in parser.read(chunk) { continuation.yield(event) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in reading.cancel() }
        }
    }
}

/// The `text/event-stream` format, read a chunk at a time (a line may span chunks).
public struct ServerSentEventParser: Sendable {
    private var pending: [UInt8] = []
    private var id: String?
    private var name: String?
    private var data: [String] = []
    private var sawComment = false

    public init() {}

    /// The events (and, as `nil`, the comments) that `chunk` completes.
    public mutating func read(_ chunk: Data) -> [ServerSentEvent?] {
        pending += chunk
        var events: [ServerSentEvent?] = []
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
            var line = String(decoding: pending[..<end], as: UTF8.self)
            pending.removeSubrange(...end)
            if line.hasSuffix("\r") { line.removeLast() }
            if line.isEmpty {
                if !data.isEmpty || name != nil {
                    events.append(ServerSentEvent(id: id, name: name ?? "message", data: data.joined(separator: "\n")))
                } else if sawComment {
                    events.append(nil)
                }
                (name, data, sawComment) = (nil, [], false)
                continue
            }
            if line.hasPrefix(":") {
                sawComment = true
                continue
            }
            let field = line.prefix { $0 != ":" }
            var value = line.dropFirst(field.count + 1)
            if value.hasPrefix(" ") { value = value.dropFirst() }
            switch field {
            case "id": id = String(value)
            case "event": name = String(value)
            case "data": data.append(String(value))
            default: break
            }
        }
        return events
    }
}
