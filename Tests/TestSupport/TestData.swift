import AsyncHTTPClient
import Foundation
import Logging
import PluginAPI

/// The smallest bytes each image check accepts, for upload and cache tests.
public enum TestImages {
    /// A real 16 × 16 PNG: the server decodes every photo it keeps.
    public static let png = png(width: 16, height: 16, seed: 0)
    /// A real 8 × 8 black JPEG (314 bytes, made by libvips without metadata).
    public static let jpeg = Data([
        0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43, 0x00, 0x10, 0x0B, 0x0C, 0x0E, 0x0C, 0x0A, 0x10, 0x0E, 0x0D, 0x0E, 0x12, 0x11, 0x10, 0x13, 0x18, 0x28,
        0x1A,
        0x18, 0x16, 0x16, 0x18, 0x31, 0x23, 0x25, 0x1D, 0x28, 0x3A, 0x33, 0x3D, 0x3C, 0x39, 0x33, 0x38, 0x37, 0x40, 0x48, 0x5C, 0x4E, 0x40, 0x44,
        0x57,
        0x45, 0x37, 0x38, 0x50, 0x6D, 0x51, 0x57, 0x5F, 0x62, 0x67, 0x68, 0x67, 0x3E, 0x4D, 0x71, 0x79, 0x70, 0x64, 0x78, 0x5C, 0x65, 0x67, 0x63,
        0xFF,
        0xC0, 0x00, 0x0B, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00, 0xFF, 0xC4, 0x00, 0x1F, 0x00, 0x00, 0x01, 0x05, 0x01, 0x01, 0x01,
        0x01,
        0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0xFF, 0xC4,
        0x00,
        0xB5, 0x10, 0x00, 0x02, 0x01, 0x03, 0x03, 0x02, 0x04, 0x03, 0x05, 0x05, 0x04, 0x04, 0x00, 0x00, 0x01, 0x7D, 0x01, 0x02, 0x03, 0x00, 0x04,
        0x11,
        0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15,
        0x52,
        0xD1, 0xF0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x34, 0x35, 0x36,
        0x37,
        0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66,
        0x67,
        0x68, 0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95,
        0x96,
        0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2,
        0xC3,
        0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7,
        0xE8,
        0xE9, 0xEA, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA, 0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0xF3,
        0xFA,
        0xFF, 0xD9,
    ])

    /// A 1 × 1 GIF, 43 bytes: what Open Library's covers service sends for a book it has no cover of.
    public static let gif1x1 = Data([
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x21, 0xF9, 0x04,
        0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ])

    /// A real photo that decodes (a 16×24 JPEG gradient), for pictures drawn in the terminal.
    public static var photo: Data {
        get throws {
            try Data(contentsOf: Fixtures.tests.appendingPathComponent("PluginAPITests/Fixtures/gradient-16x24.jpg"))
        }
    }

    /// A real HEIC photo (64 × 96, HEVC), as an iPhone's camera saves them.
    public static var heic: Data {
        get throws {
            try Data(contentsOf: Fixtures.tests.appendingPathComponent("PluginAPITests/Fixtures/gradient-64x96.heic"))
        }
    }

    /// Where a phone says a photo was taken, as words anyone can search its bytes for.
    public static let position = Array("GPS 53.3498 N 6.2603 W".utf8)

    /// An EXIF block as a phone writes one: IFD0 with Orientation and a pointer to a GPS IFD,
    /// then the GPS IFD holding `position`.
    public static func exif(orientation: UInt16) -> [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0]  // "II", 42, IFD0 at 8
        tiff += [2, 0]  // two entries
        tiff += [0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation), 0, 0, 0]  // Orientation, SHORT
        tiff += [0x25, 0x88, 4, 0, 1, 0, 0, 0, 38, 0, 0, 0]  // GPS IFD pointer, LONG, at 38
        tiff += [0, 0, 0, 0]  // no next IFD
        tiff += [1, 0, 2, 0, 2, 0, UInt8(position.count), 0, 0, 0, 56, 0, 0, 0, 0, 0, 0, 0] + position
        return Array("Exif\0\0".utf8) + tiff
    }

    /// `photo` as a phone would have saved it: with its EXIF block (orientation 6, and `position`).
    public static var photoTakenAtHome: Data {
        get throws {
            let photo = [UInt8](try TestImages.photo)
            let payload = exif(orientation: 6)
            let segment = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
            return Data(photo.prefix(2) + segment + photo.dropFirst(2))
        }
    }

    /// A 274-byte PNG that declares 50,000 × 50,000 pixels: 10 GB for whoever decodes it.
    public static var declaringTooManyPixels: Data {
        get throws {
            try Data(contentsOf: Fixtures.tests.appendingPathComponent("PluginAPITests/Fixtures/declares-50000x50000.png"))
        }
    }

    /// A real PNG of about `size` bytes (64 pixels wide) whose pixels differ with `seed`.
    public static func png(seed: Int, size: Int = 20_000) -> Data {
        png(width: 64, height: max(1, size / (1 + 64 * 3)), seed: seed)
    }

    /// A PNG of `width` × `height` RGB pixels from `seed`, stored without compression, so its size
    /// is what the pixels take.
    public static func png(width: Int, height: Int, seed: Int) -> Data {
        var pixels: [UInt8] = []
        for row in 0..<height {
            pixels.append(0)  // no filter
            for column in 0..<width * 3 { pixels.append(UInt8(truncatingIfNeeded: (row &* 7) ^ (column &* 31) &+ seed &* 131)) }
        }
        // zlib: a header, stored deflate blocks of at most 65,535 bytes, the Adler-32 of the pixels.
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, pixels.count - start)
            zlib.append(start + count == pixels.count ? 1 : 0)
            zlib += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += pixels[start..<start + count]
            start += count
        } while start < pixels.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in pixels { (a, b) = ((a + UInt32(byte)) % 65_521, (b + (a + UInt32(byte)) % 65_521) % 65_521) }
        zlib += bigEndian(b << 16 | a)
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return bigEndian(UInt32(body.count)) + typed + bigEndian(~crc)
        }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", []))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// A multipart form as a client sends it: the `file` part (named `filename`), then `caption`
    /// when given, then `fields` in order.
    public static func multipart(
        _ file: Data?,
        filename: String = "image.png",
        caption: String? = nil,
        fields: KeyValuePairs<String, String> = [:]
    ) -> (body: Data, contentType: String) {
        let boundary = "test-\(UUID().uuidString)"
        var body = Data()
        if let file {
            body += Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\nContent-Type: image/png\r\n\r\n".utf8
            )
            body += file + Data("\r\n".utf8)
        }
        for (name, value) in [("caption", caption)].compactMap({ name, value in value.map { (name, $0) } }) + fields.map({ ($0.key, $0.value) }) {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Data("--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }
}

/// The shared HTTP client as a service test uses it: a private cache folder, quick retries, output to memory.
public func testWebClient(
    console: Console = .memory(),
    mode: WebClient.CacheMode = .normal,
    // A loaded CI machine can take seconds to answer (a POST is sent once); a test about timeouts passes its own policy.
    policy: RetryPolicy = RetryPolicy(maxRetries: 5, initialDelay: 0.01, maximumDelay: 0.05, timeout: 60),
    transport: any HTTPTransport = AsyncHTTPTransport()
) -> WebClient {
    let cacheRoot = Scratch.url("cache").path
    return WebClient(
        transport: transport,
        cache: ResponseCache(root: cacheRoot, maximumBytes: 10_000_000),
        policy: policy,
        mode: mode,
        output: Output(console: console, format: .lines, color: false, quiet: false),
        logger: Logger(label: "test") { _ in ConsoleLogHandler(console: console, level: .info) }
    )
}

/// `testWebClient()` on a connection pool of its own rather than the process's, shut down after
/// `body`: in a shared pool, one refused connection fails every request then waiting for that address.
public func withOwnConnectionPool<T>(_ body: (WebClient) async throws -> T) async throws -> T {
    let pool = HTTPClient(eventLoopGroupProvider: .singleton)
    do {
        let answer = try await body(testWebClient(transport: AsyncHTTPTransport(client: pool)))
        try await pool.shutdown()
        return answer
    } catch {
        try? await pool.shutdown()
        throw error
    }
}
