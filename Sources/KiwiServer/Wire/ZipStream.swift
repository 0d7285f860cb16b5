import Foundation
import KiwiWire
import NIOCore

/// A zip written as it goes: each file's local header and bytes (`entry`), then the central
/// directory (`finish`). Files are stored, not deflated (photos do not shrink, and the rest is
/// small), and ZIP64's records are written where an offset or a count outgrows the classic
/// format: the archive of 10,000 phone photos passes 4 GiB.
struct ZipStream {
    private struct Entry {
        var name: [UInt8]
        var crc: UInt32
        var size: UInt64
        var offset: UInt64
    }

    private var entries: [Entry] = []
    /// Bytes written so far.
    private(set) var offset: UInt64 = 0
    /// Every file's time, in MS-DOS's form (UTC here, in two-second steps): zip keeps no zone.
    private let time: UInt16
    private let date: UInt16

    init(modified: Date) {
        var seconds = time_t(modified.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        time = UInt16(parts.tm_hour << 11 | parts.tm_min << 5 | parts.tm_sec / 2)
        date = UInt16(max(0, parts.tm_year - 80) << 9 | (parts.tm_mon + 1) << 5 | parts.tm_mday)
    }

    /// A file's local header and bytes, in that order. One file is at most 4 GiB (a photo is far
    /// less); its bytes are sent as they are, not copied after the header. `crc`: its CRC-32 when
    /// known already (a photo's versions keep theirs), else it is computed here.
    mutating func entry(_ name: String, _ bytes: ByteBuffer, crc: UInt32? = nil) -> [ByteBuffer] {
        let checksum = crc ?? bytes.withUnsafeReadableBytes { CRC32.checksum($0) }
        let entry = Entry(name: Array(name.utf8), crc: checksum, size: UInt64(bytes.readableBytes), offset: offset)
        var out = ByteBuffer()
        out.reserveCapacity(30 + entry.name.count)
        out.writeInteger(UInt32(0x0403_4b50), endianness: .little)
        out.writeInteger(UInt16(20), endianness: .little)  // version needed: 2.0
        describe(entry, into: &out)
        out.writeInteger(UInt16(0), endianness: .little)
        out.writeBytes(entry.name)
        entries.append(entry)
        offset += UInt64(out.readableBytes + bytes.readableBytes)
        return [out, bytes]
    }

    /// What a file's local header and its central directory record both say, in the same order:
    /// the flags, how it is kept, when, its CRC-32, its sizes and its name's length.
    private func describe(_ entry: Entry, into out: inout ByteBuffer) {
        out.writeInteger(UInt16(0x0800), endianness: .little)  // names in UTF-8
        out.writeInteger(UInt16(0), endianness: .little)  // stored
        out.writeInteger(time, endianness: .little)
        out.writeInteger(date, endianness: .little)
        out.writeInteger(entry.crc, endianness: .little)
        out.writeInteger(UInt32(entry.size), endianness: .little)  // compressed
        out.writeInteger(UInt32(entry.size), endianness: .little)
        out.writeInteger(UInt16(entry.name.count), endianness: .little)
    }

    /// The central directory and its end: the zip's last bytes.
    mutating func finish() -> ByteBuffer {
        let limit32 = UInt64(UInt32.max)
        let start = offset
        var out = ByteBuffer()
        for entry in entries {
            let far = entry.offset >= limit32
            out.writeInteger(UInt32(0x0201_4b50), endianness: .little)
            out.writeInteger(UInt16(3 << 8 | 45), endianness: .little)  // made by: Unix, 4.5
            out.writeInteger(UInt16(far ? 45 : 20), endianness: .little)
            describe(entry, into: &out)
            out.writeInteger(UInt16(far ? 12 : 0), endianness: .little)  // extra: ZIP64's offset
            out.writeInteger(UInt16(0), endianness: .little)  // comment
            out.writeInteger(UInt16(0), endianness: .little)  // disk
            out.writeInteger(UInt16(0), endianness: .little)  // internal attributes
            out.writeInteger(UInt32(0o100644) << 16, endianness: .little)  // a plain file, rw-r--r--
            out.writeInteger(far ? UInt32.max : UInt32(entry.offset), endianness: .little)
            out.writeBytes(entry.name)
            if far {
                out.writeInteger(UInt16(0x0001), endianness: .little)
                out.writeInteger(UInt16(8), endianness: .little)
                out.writeInteger(entry.offset, endianness: .little)
            }
        }
        let size = UInt64(out.readableBytes)
        let count = UInt64(entries.count)
        if start >= limit32 || size >= limit32 || count >= 0xFFFF {
            let record = start + size
            out.writeInteger(UInt32(0x0606_4b50), endianness: .little)
            out.writeInteger(UInt64(44), endianness: .little)
            out.writeInteger(UInt16(3 << 8 | 45), endianness: .little)
            out.writeInteger(UInt16(45), endianness: .little)
            out.writeInteger(UInt32(0), endianness: .little)
            out.writeInteger(UInt32(0), endianness: .little)
            out.writeInteger(count, endianness: .little)
            out.writeInteger(count, endianness: .little)
            out.writeInteger(size, endianness: .little)
            out.writeInteger(start, endianness: .little)
            out.writeInteger(UInt32(0x0706_4b50), endianness: .little)
            out.writeInteger(UInt32(0), endianness: .little)
            out.writeInteger(record, endianness: .little)
            out.writeInteger(UInt32(1), endianness: .little)
        }
        out.writeInteger(UInt32(0x0605_4b50), endianness: .little)
        out.writeInteger(UInt16(0), endianness: .little)
        out.writeInteger(UInt16(0), endianness: .little)
        out.writeInteger(UInt16(min(count, 0xFFFF)), endianness: .little)
        out.writeInteger(UInt16(min(count, 0xFFFF)), endianness: .little)
        out.writeInteger(UInt32(min(size, limit32)), endianness: .little)
        out.writeInteger(UInt32(min(start, limit32)), endianness: .little)
        out.writeInteger(UInt16(0), endianness: .little)
        offset += UInt64(out.readableBytes)
        return out
    }
}
