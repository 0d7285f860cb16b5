import Foundation

/// A small JSON document kept in a file (favourites, watchlists, sessions):
/// read whole, changed under the file's lock, written back atomically.
public struct JSONFileStore<Document: Codable & Sendable>: Sendable {
    public let path: String
    private let mode: mode_t
    private let empty: Document

    /// - Parameters:
    ///   - empty: the document when the file does not exist yet.
    ///   - mode: 0600 for anything private (tokens), the default otherwise.
    public init(path: String, empty: Document, mode: mode_t = 0o600) {
        self.path = path
        self.empty = empty
        self.mode = mode
    }

    /// The current document (the empty one when there is no file).
    public func load() throws -> Document {
        guard let data = FileManager.default.contents(atPath: path) else { return empty }
        return try decode(data)
    }

    /// Changes the document under the lock; what `change` returns is passed back.
    @discardableResult
    public func update<Result>(_ change: (inout Document) throws -> Result) throws -> Result {
        var result: Result?
        try LocalFile.update(path, mode: mode) { data in
            var document = try data.map(decode) ?? empty
            result = try change(&document)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return try encoder.encode(document)
        }
        // `update` ran the closure, so `result` is set.
        return result!
    }

    /// Removes the file.
    public func delete() throws {
        try LocalFile.withLock(on: path) {
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        }
    }

    private func decode(_ data: Data) throws -> Document {
        do {
            return try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw ToolboxError.badData("\(path) is damaged and cannot be read", hint: "move it aside; toolbox will start a new one")
        }
    }
}
