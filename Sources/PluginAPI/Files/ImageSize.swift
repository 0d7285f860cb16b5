import Foundation

/// The size an image declares in its header, read without decoding a pixel: how toolbox
/// refuses a picture too large to decode safely (a 225-byte PNG may declare 50,000 × 50,000
/// pixels, 10 GB once decoded) before any memory is spent on it. Every read is bounds-checked:
/// the bytes come from elsewhere.
public enum ImageSize {
    /// The most pixels toolbox decodes or accepts in one image: 40 megapixels (a 7,300 ×
    /// 5,500 photo; today's phone cameras take 12 to 48), 160 MB as RGBA at most.
    public static let pixelLimit = 40_000_000

    /// Width and height as the header says them; nil when it does not say (a truncated or
    /// unknown header).
    public static func declared(in data: Data) -> (width: Int, height: Int)? {
        let bytes = ImageBytes(data: data)
        switch ImageSignature.kind(of: data) {
        case .png: return bytes.size(bigEndian32: 16, 20)
        case .gif: return bytes.size(littleEndian16: 6, 8)
        case .jpeg: return jpeg(bytes)
        case .webp: return webp(bytes)
        case .heic: return heic(bytes)
        case nil: return nil
        }
    }

    /// A refusal in words when `data` declares more than `pixelLimit` pixels; nil otherwise.
    public static func problem(_ data: Data) -> String? {
        guard let size = declared(in: data), size.width * size.height > pixelLimit else { return nil }
        return "the picture is \(size.width) × \(size.height) pixels, more than \(pixelLimit / 1_000_000) megapixels"
    }

    /// The frame header (SOF0…SOF15 but DHT, JPG and DAC) after the markers before it.
    private static func jpeg(_ bytes: ImageBytes) -> (width: Int, height: Int)? {
        var offset = 2
        while let marker = bytes.byte(offset + 1), bytes.byte(offset) == 0xFF {
            if marker == 0xFF {
                offset += 1
                continue
            }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = bytes.bigEndian16(offset + 5), let width = bytes.bigEndian16(offset + 7) else { return nil }
                return (width, height)
            }
            // Markers without a length (RSTn, SOI, TEM) are two bytes; the rest say theirs.
            if (0xD0...0xD8).contains(marker) || marker == 0x01 {
                offset += 2
                continue
            }
            guard let length = bytes.bigEndian16(offset + 2), length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// VP8X (extended: 24-bit sizes less one), VP8L (lossless: 14-bit sizes less one) or VP8 (lossy).
    private static func webp(_ bytes: ImageBytes) -> (width: Int, height: Int)? {
        switch bytes.text(12, 4) {
        case "VP8X":
            guard let width = bytes.littleEndian24(24), let height = bytes.littleEndian24(27) else { return nil }
            return (width + 1, height + 1)
        case "VP8L":
            guard bytes.byte(20) == 0x2F, let bits = bytes.littleEndian32(21) else { return nil }
            return (Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8 ":
            guard let width = bytes.littleEndian16(26), let height = bytes.littleEndian16(28) else { return nil }
            return (width & 0x3FFF, height & 0x3FFF)
        default:
            return nil
        }
    }

    /// The largest `ispe` (image spatial extent) property among the `meta` box's item properties:
    /// the primary image is the largest (the others are thumbnails).
    private static func heic(_ bytes: ImageBytes) -> (width: Int, height: Int)? {
        guard let meta = bytes.box("meta", in: 0..<bytes.count) else { return nil }
        // `meta` is a full box: four bytes of version and flags before its children.
        guard let properties = bytes.box("iprp", in: meta.lowerBound + 4..<meta.upperBound),
            let container = bytes.box("ipco", in: properties)
        else { return nil }
        var largest: (width: Int, height: Int)?
        var offset = container.lowerBound
        while let (type, body) = bytes.child(at: offset, within: container) {
            if type == "ispe", let width = bytes.bigEndian32(body.lowerBound + 4), let height = bytes.bigEndian32(body.lowerBound + 8) {
                if width * height > (largest.map { $0.width * $0.height } ?? -1) { largest = (width, height) }
            }
            offset = body.upperBound
        }
        return largest
    }
}
