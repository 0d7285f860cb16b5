import Logging

/// swift-log handler that writes bare messages to stderr: `--verbose` request
/// lines read like a transcript, not like a server log.
public struct ConsoleLogHandler: LogHandler {
    private let console: Console
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]

    public init(console: Console, level: Logger.Level) {
        self.console = console
        self.logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        console.write("\(event.message)\n", to: .standardError)
    }
}
