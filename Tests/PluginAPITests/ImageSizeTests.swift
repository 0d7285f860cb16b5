import Foundation
import Testing

@testable import PluginAPI

/// The size an image declares, read from its header without decoding it.
@Suite struct ImageSizeTests {
    static let fixtures: [(String, Int, Int)] = [
        ("gradient-16x24.jpg", 16, 24), ("half-transparent-12x12.png", 12, 12), ("red-then-blue-8x12.gif", 8, 12),
        ("green-8x12.webp", 8, 12), ("declares-50000x50000.png", 50_000, 50_000),
    ]

    /// A HEIC's boxes as an iPhone writes them: a thumbnail's `ispe` and the primary image's.
    static let heic = Data(
        hex: "000000186674797068656963000000006d69663168656963000000646d657461000000000000002068646c72"
            + "0000000000000000000000000000000000000000000000000000003869707270000000306970636f0000001469"
            + "7370650000000000000140000000f000000014697370650000000000000fc000000bd0"
    )

    @Test func eachFormatSaysItsSize() throws {
        for (name, width, height) in Self.fixtures {
            let size = try #require(ImageSize.declared(in: try TerminalPicturesTests.fixture(name)), "\(name)")
            #expect(size == (width, height), "\(name)")
        }
        #expect(ImageSize.declared(in: Self.heic)! == (4032, 3024), "the primary image, not its thumbnail")
        // A lossy WebP (VP8) and an extended one (VP8X), as their headers lay them out.
        var lossy = Data("RIFF\0\0\0\0WEBPVP8 \0\0\0\0".utf8) + Data([0, 0, 0, 0x9D, 0x01, 0x2A, 0x80, 0x02, 0xE0, 0x01])
        #expect(ImageSize.declared(in: lossy)! == (640, 480))
        lossy.removeLast()
        #expect(ImageSize.declared(in: lossy) == nil, "cut short: no size, no crash")
        let extended = Data("RIFF\0\0\0\0WEBPVP8X\0\0\0\0".utf8) + Data([0, 0, 0, 0, 0x3F, 0x1F, 0, 0x2F, 0x15, 0])
        #expect(ImageSize.declared(in: extended)! == (8000, 5424))
    }

    @Test func pastFortyMegapixelsIsAProblemInWords() throws {
        let bomb = try TerminalPicturesTests.fixture("declares-50000x50000.png")
        #expect(ImageSize.problem(bomb) == "the picture is 50000 × 50000 pixels, more than 40 megapixels")
        #expect(ImageSize.problem(try TerminalPicturesTests.fixture("gradient-16x24.jpg")) == nil)
        #expect(ImageSize.problem(Self.heic) == nil, "12 megapixels")
    }

    /// Headers from elsewhere: every prefix of every fixture, and bytes flipped in each, read
    /// without a trap (a size or nil).
    @Test func brokenHeadersNeverTrap() throws {
        for data in try Self.fixtures.map({ try TerminalPicturesTests.fixture($0.0) }) + [Self.heic] {
            for length in 0...min(data.count, 600) { _ = ImageSize.declared(in: data.prefix(length)) }
            for index in 0..<min(data.count, 200) {
                var broken = data
                broken[index] ^= 0xFF
                _ = ImageSize.declared(in: broken)
            }
        }
        // A JPEG whose segment lengths point past the end, or loop on zero.
        _ = ImageSize.declared(in: Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x00]))
        #expect(ImageSize.declared(in: Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x00, 0xFF, 0xC0])) == nil)
    }
}

extension Data {
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        self.init(bytes)
    }
}
