import Foundation

/// A zip read from its central directory, as Kiwi's archive is written (`ZipStream` on the server):
/// files stored, not compressed, and ZIP64's records where an offset passes 4 GiB. Each file is
/// checked against its CRC-32 as it is read; nothing is read before it is asked for, so a member's
/// photos by the gigabyte never sit in memory together.
public struct ZipReader: Sendable {
    public struct Entry: Sendable {
        public let name: String
        public let size: UInt64
        let crc: UInt32
        let method: UInt16
        let offset: UInt64
    }

    /// What is wrong with the zip, and where.
    public struct Damage: Error, CustomStringConvertible {
        public let description: String
    }

    /// Its files by name.
    public let entries: [String: Entry]
    private let path: String

    public init(path: String) throws {
        self.path = path
        guard let file = FileHandle(forReadingAtPath: path) else { throw Damage(description: "cannot open \(path)") }
        defer { try? file.close() }
        let length = try file.seekToEnd()
        // The end record is the last 22 bytes, unless a comment (at most 65,535 bytes) follows it.
        let tailStart = length > 22 + 65_535 ? length - 22 - 65_535 : 0
        let tail = try Self.read(file, at: tailStart, count: Int(length - tailStart))
        guard let end = Self.lastIndex(of: 0x0605_4b50, in: tail) else { throw Damage(description: "not a zip file (it has no end record)") }
        var count = UInt64(tail.le16(end + 10))
        var size = UInt64(tail.le32(end + 12))
        var start = UInt64(tail.le32(end + 16))
        // ZIP64: the end record's fields are full, and a locator 20 bytes before it points at the real ones.
        if count == 0xFFFF || size == 0xFFFF_FFFF || start == 0xFFFF_FFFF {
            guard end >= 20, tail.le32(end - 20) == 0x0706_4b50 else { throw Damage(description: "its ZIP64 locator is missing") }
            let record = try Self.read(file, at: tail.le64(end - 20 + 8), count: 56)
            guard record.count == 56, record.le32(0) == 0x0606_4b50 else { throw Damage(description: "its ZIP64 end record is damaged") }
            (count, size, start) = (record.le64(32), record.le64(40), record.le64(48))
        }
        guard start + size <= length else { throw Damage(description: "it is cut short (its directory lies past its end)") }
        let directory = try Self.read(file, at: start, count: Int(size))
        var entries: [String: Entry] = [:]
        var at = 0
        for index in 0..<count {
            guard at + 46 <= directory.count, directory.le32(at) == 0x0201_4b50 else {
                throw Damage(description: "its directory is damaged at file \(index + 1) of \(count)")
            }
            let (nameLength, extraLength, commentLength) = (Int(directory.le16(at + 28)), Int(directory.le16(at + 30)), Int(directory.le16(at + 32)))
            guard at + 46 + nameLength + extraLength + commentLength <= directory.count else {
                throw Damage(description: "its directory is cut short at file \(index + 1) of \(count)")
            }
            let name = String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            var sizes = [UInt64(directory.le32(at + 24)), UInt64(directory.le32(at + 20)), UInt64(directory.le32(at + 42))]
            // ZIP64's extra field holds, in order, each of the three that did not fit.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let (id, length) = (directory.le16(extra), Int(directory.le16(extra + 2)))
                if id == 0x0001 {
                    var field = extra + 4
                    for slot in sizes.indices where sizes[slot] == 0xFFFF_FFFF && field + 8 <= extra + 4 + length {
                        sizes[slot] = directory.le64(field)
                        field += 8
                    }
                }
                extra += 4 + length
            }
            entries[name] = Entry(name: name, size: sizes[0], crc: directory.le32(at + 16), method: directory.le16(at + 10), offset: sizes[2])
            at = extraEnd + commentLength
        }
        self.entries = entries
    }

    /// A file's bytes, checked; throws when it is missing, compressed or damaged.
    public func data(_ name: String) throws -> Data {
        guard let entry = entries[name] else { throw Damage(description: "\(name) is not in it") }
        guard entry.method == 0 else {
            throw Damage(description: "\(name) is compressed (method \(entry.method)): Kiwi reads archives as it writes them, stored")
        }
        guard let file = FileHandle(forReadingAtPath: path) else { throw Damage(description: "cannot open \(path)") }
        defer { try? file.close() }
        let header = try Self.read(file, at: entry.offset, count: 30)
        guard header.count == 30, header.le32(0) == 0x0403_4b50 else { throw Damage(description: "\(name)'s header is damaged") }
        let bytes = try Self.read(file, at: entry.offset + 30 + UInt64(header.le16(26)) + UInt64(header.le16(28)), count: Int(entry.size))
        guard UInt64(bytes.count) == entry.size else { throw Damage(description: "\(name) is cut short") }
        guard bytes.withUnsafeBytes({ CRC32.checksum($0) }) == entry.crc else { throw Damage(description: "\(name) is damaged (its CRC-32 differs)") }
        return bytes
    }

    private static func read(_ file: FileHandle, at offset: UInt64, count: Int) throws -> Data {
        try file.seek(toOffset: offset)
        return try file.read(upToCount: count) ?? Data()
    }

    private static func lastIndex(of signature: UInt32, in data: Data) -> Int? {
        guard data.count >= 22 else { return nil }
        return stride(from: data.count - 22, through: 0, by: -1).first { data.le32($0) == signature }
    }
}

extension Data {
    /// Little-endian integers at an offset from the start (whatever this slice's own indices are).
    fileprivate func le16(_ at: Int) -> UInt16 { UInt16(self[startIndex + at]) | UInt16(self[startIndex + at + 1]) << 8 }
    fileprivate func le32(_ at: Int) -> UInt32 { UInt32(le16(at)) | UInt32(le16(at + 2)) << 16 }
    fileprivate func le64(_ at: Int) -> UInt64 { UInt64(le32(at)) | UInt64(le32(at + 4)) << 32 }
}
