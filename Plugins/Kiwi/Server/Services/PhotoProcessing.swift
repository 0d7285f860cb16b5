import CPhoto
import Foundation
import KiwiWire
import PluginAPI

/// A photo as the server keeps and serves it: decoded once by libvips, upright, in sRGB, with none
/// of its metadata, re-encoded whole and at the widths the pages and clients draw.
struct ProcessedPhoto: Sendable {
    struct Version: Sendable {
        var size: KiwiPhotoSize
        var format: KiwiPhotoFormat
        var bytes: Data
        var width: Int
        var height: Int
    }

    private(set) var versions: [Version]
    /// The whole image as a JPEG: what `/uploads/<name>` serves and the store keeps.
    private(set) var full: Version

    init(versions: [Version], full: Version) {
        self.versions = versions
        self.full = full
    }

    /// The same, with `bytes` (a JPEG of the same pixels) as the whole image.
    func keeping(whole bytes: Data) -> ProcessedPhoto {
        var whole = full
        whole.bytes = bytes
        return ProcessedPhoto(versions: versions.map { $0.size == .full && $0.format == .jpeg ? whole : $0 }, full: whole)
    }
}

/// Processes photos with libvips, as many at once as there are cores: each takes two threads (its
/// whole image streamed a band of rows at a time; its sizes from one decode at 1280 px wide, a few
/// megabytes), and more at once only add memory, so the rest wait their turn.
struct PhotoProcessor: Sendable {
    /// A decode that runs longer is stopped and the photo refused (a crafted or pathological file).
    static let decodeSeconds = 5.0
    let workers: HostLimiter

    init(atOnce: Int = ProcessInfo.processInfo.activeProcessorCount) {
        workers = HostLimiter(limit: max(1, atOnce))
    }

    /// Every size of `bytes`, or the reason it is refused (`notAPhoto`, `tooManyPixels`).
    func process(_ bytes: Data) async throws -> ProcessedPhoto {
        try await workers.withPermit(for: "photos") {
            // libvips blocks its thread for the whole decode: off the server's own threads.
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(with: Result { try Self.decode(bytes) }) }
            }
        }
    }

    private static func decode(_ bytes: Data) throws -> ProcessedPhoto {
        let sizes = KiwiPhotoSize.allCases
        var jpegs = [tb_photo_version](repeating: tb_photo_version(), count: sizes.count)
        var webps = jpegs
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBytes { buffer in
            tb_photo_process(
                buffer.baseAddress,
                buffer.count,
                Int64(ImageSize.pixelLimit),
                decodeSeconds,
                sizes.map { Int32($0.width ?? 0) },
                Int32(sizes.count),
                1,
                &jpegs,
                &webps,
                &message,
                message.count
            )
        }
        defer { for version in jpegs + webps where version.bytes != nil { tb_photo_free(version.bytes) } }
        let said = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case TB_PHOTO_OK: break
        case TB_PHOTO_TOO_LARGE: throw KiwiProblem.tooManyPixels(ImageSize.problem(bytes) ?? "the image has more than 40 megapixels")
        case TB_PHOTO_TOO_SLOW: throw KiwiProblem.photoTooSlow(seconds: decodeSeconds)
        default: throw KiwiProblem.unreadablePhoto(said)
        }
        var versions: [ProcessedPhoto.Version] = []
        for (index, size) in sizes.enumerated() {
            for (format, encoded) in [(KiwiPhotoFormat.jpeg, jpegs[index]), (.webp, webps[index])] {
                guard let pointer = encoded.bytes else { continue }
                // libvips's WebP saver adds an EXIF block of its own (no position, but nothing at all is the rule).
                let written = Data(bytes: pointer, count: encoded.length)
                let data = format == .webp ? ImageMetadata.stripped(written) : written
                versions.append(.init(size: size, format: format, bytes: data, width: Int(encoded.width), height: Int(encoded.height)))
            }
        }
        guard let full = versions.first(where: { $0.size == .full && $0.format == .jpeg }) else {
            throw KiwiProblem.unreadablePhoto("libvips made no image")
        }
        return ProcessedPhoto(versions: Self.smallerFormats(versions), full: full)
    }

    /// A WebP version is kept only where it is smaller than the JPEG of the same size.
    private static func smallerFormats(_ versions: [ProcessedPhoto.Version]) -> [ProcessedPhoto.Version] {
        versions.filter { version in
            guard version.format == .webp else { return true }
            let jpeg = versions.first { $0.size == version.size && $0.format == .jpeg }
            return version.bytes.count < jpeg?.bytes.count ?? .max
        }
    }
}
