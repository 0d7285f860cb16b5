import Foundation
import PluginAPI

/// A photo without what it tells of its author: EXIF (GPS position, camera, times), XMP, IPTC
/// and comments are removed from its bytes, its pixels untouched (nothing is decoded). What
/// shows the photo right is kept: the colour profile, JFIF and Adobe colour markers, and a
/// JPEG's orientation (as a one-tag EXIF block). A file whose structure does not read to its
/// end is answered as it came: its bytes are not rewritten blindly.
enum ImageMetadata {
    static func stripped(_ data: Data) -> Data {
        let bytes = ImageBytes(data: data)
        switch ImageSignature.kind(of: data) {
        case .jpeg: return jpeg(bytes).map { Data($0) } ?? data
        case .png: return png(bytes).map { Data($0) } ?? data
        case .webp: return webp(bytes).map { Data($0) } ?? data
        case .heic: return heic(bytes).map { Data($0) } ?? data
        // GIF keeps no position or camera; its comment blocks are left.
        case .gif, nil: return data
        }
    }

    // MARK: JPEG

    /// Segments up to the first scan, the metadata ones left out; the scan and what follows as they are.
    private static func jpeg(_ bytes: ImageBytes) -> [UInt8]? {
        var kept: [UInt8] = [0xFF, 0xD8]
        var orientation: Int?
        var offset = 2
        var afterJFIF: Int?
        while offset < bytes.count {
            guard bytes.byte(offset) == 0xFF, let marker = bytes.byte(offset + 1) else { return nil }
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xDA {
                kept += bytes.data[offset...]
                break
            }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                kept += [0xFF, marker]
                offset += 2
                continue
            }
            guard let length = bytes.bigEndian16(offset + 2), length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let segment = bytes.data[offset..<offset + 2 + length]
            let payload = bytes.data[offset + 4..<offset + 2 + length]
            if marker == 0xE1, payload.starts(with: Array("Exif\0\0".utf8)) {
                orientation = orientation ?? exifOrientation(ImageBytes(bytes: Array(payload.dropFirst(6))))
            }
            if keepsJPEGSegment(marker, payload) {
                kept += segment
                if marker == 0xE0, kept.count == 2 + segment.count { afterJFIF = kept.count }
            }
            offset += 2 + length
        }
        guard kept.count > 2 + 2 else { return nil }
        if let orientation, orientation != 1 { kept.insert(contentsOf: orientationSegment(orientation), at: afterJFIF ?? 2) }
        return kept
    }

    /// JFIF (APP0), the colour profile (APP2 `ICC_PROFILE`), Adobe's colour transform (APP14) and
    /// every segment that is not metadata; not EXIF or XMP (APP1), MPF thumbnails (APP2), IPTC
    /// (APP13), comments, or the other application segments.
    private static func keepsJPEGSegment(_ marker: UInt8, _ payload: ArraySlice<UInt8>) -> Bool {
        switch marker {
        case 0xE0, 0xEE: true
        case 0xE2: payload.starts(with: Array("ICC_PROFILE\0".utf8))
        case 0xE1, 0xE3...0xED, 0xEF, 0xFE: false
        default: true
        }
    }

    /// IFD0's Orientation (tag 0x0112) in a TIFF block, when it says one of the eight.
    private static func exifOrientation(_ tiff: ImageBytes) -> Int? {
        let big: Bool
        switch tiff.text(0, 2) {
        case "MM": big = true
        case "II": big = false
        default: return nil
        }
        func read(_ offset: Int, _ length: Int) -> Int? { tiff.value(offset, length, bigEndian: big) }
        guard let ifd = read(4, 4), let count = read(ifd, 2) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = ifd + 2 + entry * 12
            guard let tag = read(at, 2) else { return nil }
            if tag == 0x0112, read(at + 2, 2) == 3, let value = read(at + 8, 2), (1...8).contains(value) { return value }
        }
        return nil
    }

    /// An APP1 EXIF block holding the orientation alone.
    private static func orientationSegment(_ orientation: Int) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0]
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    // MARK: PNG

    /// Every chunk to IEND but the textual and EXIF ones (`tEXt`, `zTXt`, `iTXt` with XMP, `eXIf`, `tIME`).
    private static func png(_ bytes: ImageBytes) -> [UInt8]? {
        var kept = Array(bytes.data.prefix(8))
        var offset = 8
        while let length = bytes.bigEndian32(offset), let type = bytes.text(offset + 4, 4) {
            let end = offset + 12 + length
            guard end <= bytes.count else { return nil }
            if !["tEXt", "zTXt", "iTXt", "eXIf", "tIME"].contains(type) { kept += bytes.data[offset..<end] }
            if type == "IEND" { return kept + bytes.data[end...] }
            offset = end
        }
        return nil
    }

    // MARK: WebP

    /// The RIFF chunks but `EXIF` and `XMP `, their flags cleared in `VP8X`, the RIFF size made right.
    private static func webp(_ bytes: ImageBytes) -> [UInt8]? {
        guard let size = bytes.littleEndian32(4), size + 8 <= bytes.count else { return nil }
        var kept = Array(bytes.data[0..<12])
        var offset = 12
        while offset < size + 8 {
            guard let type = bytes.text(offset, 4), let length = bytes.littleEndian32(offset + 4) else { return nil }
            let end = offset + 8 + length + (length & 1)
            guard end <= bytes.count else { return nil }
            var chunk = Array(bytes.data[offset..<end])
            if type == "VP8X", chunk.count > 8 { chunk[8] &= ~0x0C }
            if type != "EXIF" && type != "XMP " { kept += chunk }
            offset = end
        }
        let riff = kept.count - 8
        kept.replaceSubrange(4..<8, with: [UInt8(riff & 0xFF), UInt8(riff >> 8 & 0xFF), UInt8(riff >> 16 & 0xFF), UInt8(riff >> 24 & 0xFF)])
        return kept
    }

    // MARK: HEIC

    /// The EXIF item and XMP items (`mime`, `application/rdf+xml`) overwritten with zeros where
    /// they lie: every box and offset stays as it was, so the file reads as before but for them.
    private static func heic(_ bytes: ImageBytes) -> [UInt8]? {
        guard let meta = bytes.box("meta", in: 0..<bytes.count) else { return nil }
        let children = meta.lowerBound + 4..<meta.upperBound
        guard let info = bytes.box("iinf", in: children), let locations = bytes.box("iloc", in: children) else { return nil }
        let revealing = revealingItems(bytes, info)
        guard !revealing.isEmpty else { return bytes.data }
        let idat = bytes.box("idat", in: children)
        var cleaned = bytes.data
        for extent in itemExtents(bytes, locations, idat: idat) where revealing.contains(extent.item) {
            guard extent.range.lowerBound >= 0, extent.range.upperBound <= cleaned.count else { return nil }
            cleaned.replaceSubrange(extent.range, with: repeatElement(0, count: extent.range.count))
        }
        return cleaned
    }

    /// The ids of `iinf`'s items that hold EXIF or XMP.
    private static func revealingItems(_ bytes: ImageBytes, _ info: Range<Int>) -> Set<Int> {
        guard let version = bytes.byte(info.lowerBound) else { return [] }
        var offset = info.lowerBound + 4 + (version == 0 ? 2 : 4)
        var items: Set<Int> = []
        while let (type, body) = bytes.child(at: offset, within: info) {
            offset = body.upperBound
            guard type == "infe", let entryVersion = bytes.byte(body.lowerBound), entryVersion >= 2 else { continue }
            let idLength = entryVersion == 2 ? 2 : 4
            guard let item = bytes.value(body.lowerBound + 4, idLength, bigEndian: true),
                let itemType = bytes.text(body.lowerBound + 4 + idLength + 2, 4)
            else { continue }
            let name = body.lowerBound + 4 + idLength + 6
            let contentType = bytes.data[min(name, body.upperBound)..<body.upperBound].split(separator: 0, omittingEmptySubsequences: false)
                .dropFirst().first.map { String(decoding: $0, as: UTF8.self) }
            if itemType == "Exif" || (itemType == "mime" && contentType?.contains("rdf+xml") == true) { items.insert(item) }
        }
        return items
    }

    /// Where each item's bytes are (`iloc` versions 0 to 2; in the file, or in `idat`).
    private static func itemExtents(_ bytes: ImageBytes, _ locations: Range<Int>, idat: Range<Int>?) -> [(item: Int, range: Range<Int>)] {
        guard let version = bytes.byte(locations.lowerBound), version <= 2, let sizes = bytes.byte(locations.lowerBound + 4),
            let bases = bytes.byte(locations.lowerBound + 5)
        else { return [] }
        let (offsetSize, lengthSize, baseSize) = (Int(sizes >> 4), Int(sizes & 0x0F), Int(bases >> 4))
        let indexSize = version == 0 ? 0 : Int(bases & 0x0F)
        let idSize = version < 2 ? 2 : 4
        func read(_ at: inout Int, _ length: Int) -> Int? {
            defer { at += length }
            return length == 0 ? 0 : bytes.value(at, length, bigEndian: true)
        }
        var at = locations.lowerBound + 6
        guard let count = read(&at, idSize) else { return [] }
        var extents: [(item: Int, range: Range<Int>)] = []
        for _ in 0..<min(count, 10_000) {
            guard let item = read(&at, idSize) else { return extents }
            var method = 0
            if version > 0 { method = (read(&at, 2) ?? 0) & 0x0F }
            guard read(&at, 2) != nil, let base = read(&at, baseSize), let extentCount = read(&at, 2) else { return extents }
            for _ in 0..<min(extentCount, 10_000) {
                guard read(&at, indexSize) != nil, let offset = read(&at, offsetSize), let length = read(&at, lengthSize) else { return extents }
                let origin = method == 1 ? idat?.lowerBound : (method == 0 ? 0 : nil)
                if let origin, length > 0 { extents.append((item, origin + base + offset..<origin + base + offset + length)) }
            }
        }
        return extents
    }
}
