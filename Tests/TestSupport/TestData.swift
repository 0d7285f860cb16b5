import Foundation
import Logging
import PluginAPI

/// The smallest bytes each image check accepts, for upload and cache tests.
public enum TestImages {
    public static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    public static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46])

    /// A real photo that decodes (a 16×24 JPEG gradient), for pictures drawn in the terminal.
    public static var photo: Data {
        get throws {
            try Data(contentsOf: Fixtures.tests.appendingPathComponent("PluginAPITests/Fixtures/gradient-16x24.jpg"))
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

    /// A PNG of about `size` bytes whose content differs with `seed`; it declares 16 × 16 pixels.
    public static func png(seed: Int, size: Int = 20_000) -> Data {
        png + Data([0, 0, 0, 16, 0, 0, 0, 16]) + Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) })
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
    policy: RetryPolicy = RetryPolicy(maxRetries: 5, initialDelay: 0.01, maximumDelay: 0.05, timeout: 60)
) -> WebClient {
    let cacheRoot = Scratch.url("cache").path
    return WebClient(
        transport: AsyncHTTPTransport(),
        cache: ResponseCache(root: cacheRoot, maximumBytes: 10_000_000),
        policy: policy,
        mode: mode,
        output: Output(console: console, format: .lines, color: false, quiet: false),
        logger: Logger(label: "test") { _ in ConsoleLogHandler(console: console, level: .info) }
    )
}
