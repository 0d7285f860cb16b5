import Foundation

/// Bounds-checked reads of an image's untrusted bytes: nil past the end, never a trap. Shared by the
/// header readers here and the clients that read pictures from elsewhere (Kiwi's metadata stripping).
public struct ImageBytes {
    public let data: [UInt8]

    public init(data: Data) { self.data = [UInt8](data) }
    public init(bytes: [UInt8]) { data = bytes }

    public var count: Int { data.count }

    public func byte(_ offset: Int) -> UInt8? { offset >= 0 && offset < data.count ? data[offset] : nil }

    public func value(_ offset: Int, _ length: Int, bigEndian: Bool) -> Int? {
        guard offset >= 0, length > 0, offset + length <= data.count else { return nil }
        let slice = data[offset..<offset + length]
        return (bigEndian ? Array(slice) : slice.reversed()).reduce(0) { $0 << 8 | Int($1) }
    }

    public func bigEndian16(_ offset: Int) -> Int? { value(offset, 2, bigEndian: true) }
    public func bigEndian32(_ offset: Int) -> Int? { value(offset, 4, bigEndian: true) }
    public func littleEndian16(_ offset: Int) -> Int? { value(offset, 2, bigEndian: false) }
    public func littleEndian24(_ offset: Int) -> Int? { value(offset, 3, bigEndian: false) }
    public func littleEndian32(_ offset: Int) -> Int? { value(offset, 4, bigEndian: false) }

    public func text(_ offset: Int, _ length: Int) -> String? {
        guard offset >= 0, offset + length <= data.count else { return nil }
        return String(decoding: data[offset..<offset + length], as: UTF8.self)
    }

    public func size(bigEndian32 width: Int, _ height: Int) -> (width: Int, height: Int)? {
        guard let w = bigEndian32(width), let h = bigEndian32(height) else { return nil }
        return (w, h)
    }

    public func size(littleEndian16 width: Int, _ height: Int) -> (width: Int, height: Int)? {
        guard let w = littleEndian16(width), let h = littleEndian16(height) else { return nil }
        return (w, h)
    }

    /// The ISO BMFF box at `offset` inside `parent`: its type and its body's range.
    public func child(at offset: Int, within parent: Range<Int>) -> (type: String, body: Range<Int>)? {
        guard offset + 8 <= parent.upperBound, let size = bigEndian32(offset), let type = text(offset + 4, 4) else { return nil }
        var header = 8
        var length = size
        if size == 1 {
            guard let large = value(offset + 8, 8, bigEndian: true) else { return nil }
            header = 16
            length = large
        } else if size == 0 {
            length = parent.upperBound - offset
        }
        guard length >= header, offset + length <= parent.upperBound else { return nil }
        return (type, offset + header..<offset + length)
    }

    /// The body of the first child box of `type` in `range`.
    public func box(_ type: String, in range: Range<Int>) -> Range<Int>? {
        var offset = range.lowerBound
        while let (found, body) = child(at: offset, within: range) {
            if found == type { return body }
            offset = body.upperBound
        }
        return nil
    }
}
