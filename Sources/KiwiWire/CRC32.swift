/// CRC-32 as zip (and gzip, and PNG) checks it, eight bytes a step (slicing-by-8): photos by the
/// gigabyte pass through it.
public enum CRC32 {
    /// Eight tables of 256, one after another: table `k` is the CRC of a byte followed by `k` zeros.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            tables[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        tables.withUnsafeBufferPointer { t in
            var crc: UInt32 = 0xFFFF_FFFF
            var index = 0
            func at(_ slice: Int, _ byte: UInt32) -> UInt32 { t[slice << 8 | Int(byte & 0xFF)] }
            while index + 8 <= bytes.count {
                let low = crc ^ UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self))
                let high = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
                crc = at(7, low) ^ at(6, low >> 8) ^ at(5, low >> 16) ^ at(4, low >> 24)
                crc ^= at(3, high) ^ at(2, high >> 8) ^ at(1, high >> 16) ^ at(0, high >> 24)
                index += 8
            }
            while index < bytes.count {
                crc = at(0, crc ^ UInt32(bytes[index])) ^ (crc >> 8)
                index += 1
            }
            return ~crc
        }
    }
}
