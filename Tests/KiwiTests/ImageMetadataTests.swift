import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import Kiwi

/// Photos without what they tell of their author, their pixels and orientation kept.
@Suite struct ImageMetadataTests {
    static let gps = TestImages.position

    static func exif(orientation: UInt16) -> [UInt8] { TestImages.exif(orientation: orientation) }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    static func contains(_ data: Data, _ needle: [UInt8]) -> Bool {
        data.range(of: Data(needle)) != nil
    }

    @Test func aJPEGLosesItsPositionAndKeepsItsOrientationAndPixels() throws {
        let photo = [UInt8](try Fixtures.data("gradient-16x24.jpg", target: "PluginAPITests"))
        let xmp = Self.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>GPS here</x:xmpmeta>".utf8))
        let icc = Self.segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1] + Array(repeating: 7, count: 20))
        let comment = Self.segment(0xFE, Array("taken at home".utf8))
        var tagged = Data(photo.prefix(2))
        tagged += Self.segment(0xE1, Self.exif(orientation: 6))
        tagged += xmp + icc + comment
        tagged += photo.dropFirst(2)
        #expect(Self.contains(tagged, Self.gps))

        let clean = ImageMetadata.stripped(tagged)
        #expect(!Self.contains(clean, Self.gps) && !Self.contains(clean, Array("xmpmeta".utf8)) && !Self.contains(clean, Array("at home".utf8)))
        #expect(Self.contains(clean, Array("ICC_PROFILE".utf8)), "the colour profile stays")
        let orientation = Self.segment(
            0xE1,
            Array("Exif\0\0".utf8) + [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 1, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        )
        #expect(Self.contains(clean, orientation), "the orientation stays, alone")
        #expect(ImageSize.declared(in: clean)! == (16, 24))
        let picture = try TerminalPictures.render(clean, as: .blocks(truecolor: true), columns: 4, rows: 10, cell: (10, 20))
        let original = try TerminalPictures.render(Data(photo), as: .blocks(truecolor: true), columns: 4, rows: 10, cell: (10, 20))
        #expect(picture.text == original.text, "the same pixels")
        #expect(ImageMetadata.stripped(Data(photo)) == Data(photo), "nothing to remove: the same bytes")
        let upright = Data(photo.prefix(2) + Self.segment(0xE1, Self.exif(orientation: 1)) + photo.dropFirst(2))
        #expect(ImageMetadata.stripped(upright) == Data(photo), "an upright photo needs no EXIF at all")
    }

    @Test func aPNGLosesItsTextAndEXIFChunks() throws {
        let photo = [UInt8](try Fixtures.data("half-transparent-12x12.png", target: "PluginAPITests"))
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            [0, 0, UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        // After IHDR (8 + 25 bytes): a text chunk, XMP in iTXt and an eXIf chunk.
        let extra =
            chunk("tEXt", Array("Location\0home".utf8)) + chunk("iTXt", Array("XML:com.adobe.xmp\0\0\0\0\0GPS".utf8)) + chunk("eXIf", Self.gps)
        let tagged = Data(photo.prefix(33) + extra + photo.dropFirst(33))
        let clean = ImageMetadata.stripped(tagged)
        #expect(clean == Data(photo))
        #expect(ImageMetadata.stripped(Data(photo.dropLast(5))) == Data(photo.dropLast(5)), "cut short: left as it came")
    }

    @Test func aWebPLosesItsEXIFAndXMPChunksAndSaysSo() throws {
        let simple = [UInt8](try Fixtures.data("green-8x12.webp", target: "PluginAPITests"))
        let image = Array(simple[12...])  // its VP8L chunk
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Array(type.utf8) + [UInt8(data.count & 0xFF), UInt8(data.count >> 8), 0, 0] + data + (data.count.isMultiple(of: 2) ? [] : [0])
        }
        func riff(_ chunks: [UInt8]) -> Data {
            let size = chunks.count + 4
            return Data(Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8), 0, 0] + Array("WEBP".utf8) + chunks)
        }
        let header = { (flags: UInt8) in chunk("VP8X", [flags, 0, 0, 0, 7, 0, 0, 11, 0, 0]) }
        let tagged = riff(header(0x0C) + image + chunk("EXIF", Self.exif(orientation: 1)) + chunk("XMP ", Array("<x:xmpmeta/>".utf8)))
        #expect(ImageMetadata.stripped(tagged) == riff(header(0) + image))
    }

    @Test func aHEICsEXIFItemIsZeroedWhereItLies() {
        // ftyp; meta with iinf (item 1: hvc1, item 2: Exif) and iloc (version 0, offsets and lengths of 4 bytes); then mdat.
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let size = body.count + 8
            return [0, 0, UInt8(size >> 8), UInt8(size & 0xFF)] + Array(type.utf8) + body
        }
        let infe = { (id: UInt8, type: String) in box("infe", [2, 0, 0, 0, 0, id, 0, 0] + Array(type.utf8) + [0]) }
        let exifPayload = [0, 0, 0, 6] + Self.exif(orientation: 1)
        func file(mdatAt: Int) -> [UInt8] {
            let iloc = box("iloc", [0, 0, 0, 0, 0x44, 0x00, 0, 1, 0, 2, 0, 0, 0, 1] + be32(mdatAt + 8 + 4) + be32(exifPayload.count))
            let meta = box("meta", [0, 0, 0, 0] + box("iinf", [0, 0, 0, 0, 0, 2] + infe(1, "hvc1") + infe(2, "Exif")) + iloc)
            return box("ftyp", Array("heic\0\0\0\0mif1heic".utf8)) + meta + box("mdat", [9, 9, 9, 9] + exifPayload)
        }
        func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        let length = file(mdatAt: 0).count - 8 - 4 - exifPayload.count
        let tagged = Data(file(mdatAt: length))
        #expect(Self.contains(tagged, Self.gps))
        let clean = ImageMetadata.stripped(tagged)
        #expect(clean.count == tagged.count && !Self.contains(clean, Self.gps))
        #expect(
            clean.suffix(exifPayload.count) == Data(count: exifPayload.count)
                && clean.dropLast(exifPayload.count) == tagged.dropLast(exifPayload.count)
        )
    }

    /// Bytes from elsewhere: every prefix and a flipped byte anywhere are answered without a trap.
    @Test func brokenFilesNeverTrap() throws {
        for name in ["gradient-16x24.jpg", "half-transparent-12x12.png", "green-8x12.webp", "red-then-blue-8x12.gif"] {
            let data = try Fixtures.data(name, target: "PluginAPITests")
            for length in 0...min(data.count, 400) { _ = ImageMetadata.stripped(data.prefix(length)) }
            for index in 0..<min(data.count, 300) {
                var broken = data
                broken[index] ^= 0xFF
                _ = ImageMetadata.stripped(broken)
            }
        }
    }
}
