import Foundation
import PluginAPI

/// The writes the server could not confirm, kept under the user's data folder
/// (`$XDG_DATA_HOME/toolbox/kiwi/outbox/`, mode 0600) until they land: one JSON file a write,
/// written atomically, and a post's photo copied in beside it before the entry exists, so a
/// crash leaves either nothing or a whole entry.
struct KiwiOutbox: Sendable {
    let folder: String

    init(dataFolder: String) {
        folder = "\(dataFolder)/kiwi/outbox"
    }

    /// Every kept write, oldest first.
    func entries() throws -> [KeptWrite] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = Self.time.date(from: text) else { throw ToolboxError.badData("not a time: \(text)") }
            return date
        }
        return try names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { name in
            guard let data = FileManager.default.contents(atPath: "\(folder)/\(name)") else {
                throw ToolboxError.io("cannot read \(folder)/\(name)")
            }
            do {
                return try decoder.decode(KeptWrite.self, from: data)
            } catch {
                throw ToolboxError.badData("\(folder)/\(name) is not a kept write toolbox can read", hint: "remove it, or move it aside")
            }
        }
        .sorted { ($0.sequence, $0.createdAt, $0.id) < ($1.sequence, $1.createdAt, $1.id) }
    }

    /// The writes waiting for one account on one server, oldest first.
    func entries(server: String, account: String) throws -> [KeptWrite] {
        try entries().filter { $0.server == server && $0.account == account }
    }

    /// Keeps a write before it is sent, after every write kept before it: its photo first, then
    /// its entry. Answers the entry as kept (with its place).
    @discardableResult
    func keep(_ entry: KeptWrite, photo: KiwiPhoto?) throws -> KeptWrite {
        var entry = entry
        entry.sequence = (try entries().map(\.sequence).max() ?? 0) + 1
        if let photo { try LocalFile.writeAtomically(photo.data, to: photoPath(entry), mode: 0o600) }
        try save(entry)
        return entry
    }

    /// Writes the entry anew (after a try).
    func save(_ entry: KeptWrite) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Self.time.string(from: date))
        }
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try LocalFile.writeAtomically(try encoder.encode(entry), to: "\(folder)/\(entry.id).json", mode: 0o600)
    }

    /// Forgets a write: its entry first, so a crash leaves at most a photo nobody names.
    func remove(_ entry: KeptWrite) throws {
        for path in ["\(folder)/\(entry.id).json", photoPath(entry)] where FileManager.default.fileExists(atPath: path) {
            try FileManager.default.removeItem(atPath: path)
        }
    }

    /// A post's photo, checked again as `kiwi post` checks it.
    func photo(of entry: KeptWrite) throws -> KiwiPhoto? {
        guard case .post = entry.write else { return nil }
        return try KiwiPhoto(path: photoPath(entry))
    }

    /// Held while one process sends what waits; nil when another is sending it.
    func sending() throws -> LocalFile.HeldLock? {
        try LocalFile.tryLock(on: "\(folder)/sending")
    }

    private func photoPath(_ entry: KeptWrite) -> String { "\(folder)/\(entry.id).photo" }

    /// ISO 8601 with milliseconds: writes kept within one second keep their order.
    nonisolated(unsafe) private static let time: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
