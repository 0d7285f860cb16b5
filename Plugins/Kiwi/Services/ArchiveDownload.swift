import Foundation
import KiwiWire
import PluginAPI

/// A member's archive as it downloads: written to a `.part` file beside the one asked for and
/// moved there once whole (an interrupted download leaves nothing that looks finished), its files
/// counted as their headers go by, for the progress bar.
struct ArchiveDownload {
    /// Counts a zip's files by their local headers (`PK\u{3}\u{4}`), skipping each one's bytes by
    /// its stored size; it stops at the central directory.
    struct FileCounter {
        private(set) var files = 0
        private var skipping = 0
        private var header: [UInt8] = []
        private var done = false

        mutating func read(_ chunk: Data) {
            var index = chunk.startIndex
            while index < chunk.endIndex, !done {
                if skipping > 0 {
                    let step = min(skipping, chunk.endIndex - index)
                    skipping -= step
                    index += step
                    continue
                }
                header.append(chunk[index])
                index += 1
                guard header.count == 30 else { continue }
                let bytes = header
                let word = { (at: Int) in Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
                guard header[0] == 0x50, header[1] == 0x4B, header[2] == 3, header[3] == 4 else {
                    done = true
                    break
                }
                files += 1
                let size = word(18) | word(20) << 16
                skipping = size + word(26) + word(28)
                header = []
            }
        }
    }

    /// Downloads the member's archive to `path` (by default `kiwi-USERNAME-DAY.zip` here), with a
    /// progress bar of its files; an existing file is kept.
    static func fetch(_ client: KiwiClient, to path: String?, context: CommandContext) async throws -> (file: String, bytes: Int, files: Int?) {
        let username = try client.session().user.username
        let path = path ?? "kiwi-\(username)-\(KiwiWire.Day.today()).zip"
        guard !FileManager.default.fileExists(atPath: path) else {
            throw ToolboxError.usage("\(path) exists already", hint: "name another file, or move that one away")
        }
        let archive = try await client.archive()
        let bar = archive.files.map { context.output.progress("Files", total: $0) }
        defer { bar?.finish() }
        let bytes = try await save(archive.bytes, to: path) { bar?.update($0) }
        return (path, bytes, archive.files)
    }

    /// Writes `bytes` to `path`, calling `progress` with the files read so far; answers the bytes written.
    static func save(
        _ bytes: AsyncThrowingStream<Data, any Error>,
        to path: String,
        progress: (Int) -> Void
    ) async throws -> Int {
        let part = path + ".part"
        guard FileManager.default.createFile(atPath: part, contents: nil), let file = FileHandle(forWritingAtPath: part) else {
            throw ToolboxError.io("cannot write \(part)", hint: "check that its folder exists and that you may write there")
        }
        var written = 0
        var counter = FileCounter()
        do {
            defer { try? file.close() }
            for try await chunk in bytes {
                try file.write(contentsOf: chunk)
                written += chunk.count
                counter.read(chunk)
                progress(counter.files)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: part)
            throw error
        }
        try? FileManager.default.removeItem(atPath: path)
        do {
            try FileManager.default.moveItem(atPath: part, toPath: path)
        } catch {
            throw ToolboxError.io("cannot move the archive to \(path)", hint: "it is whole at \(part)")
        }
        return written
    }
}
