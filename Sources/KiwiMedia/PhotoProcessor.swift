import CPhoto
import Foundation
import KiwiWire
import PluginAPI

/// A photo as the server keeps and serves it: decoded once by libvips, upright, in sRGB, with none
/// of its metadata, re-encoded whole and at the widths the pages and clients draw.
public struct ProcessedPhoto: Sendable {
    public struct Version: Sendable {
        public var size: KiwiPhotoSize
        public var format: KiwiPhotoFormat
        public var bytes: Data
        public var width: Int
        public var height: Int
    }

    public private(set) var versions: [Version]
    /// The largest version as a JPEG (`PhotoProcessor.largestSide`): what `/uploads/<name>` serves
    /// and the store keeps.
    public private(set) var full: Version

    init(versions: [Version], full: Version) {
        self.versions = versions
        self.full = full
    }

    /// The same, with `bytes` (a JPEG of the same pixels) as the whole image.
    public func keeping(whole bytes: Data) -> ProcessedPhoto {
        var whole = full
        whole.bytes = bytes
        return ProcessedPhoto(versions: versions.map { $0.size == .full && $0.format == .jpeg ? whole : $0 }, full: whole)
    }
}

/// Processes photos with libvips, as many at once as `PhotoWorkers` allows.
public struct PhotoProcessor: Sendable {
    /// A decode that runs longer is stopped and the photo refused (a crafted or pathological file).
    public static let decodeSeconds = 5
    /// The most pixels a photo may declare: well above today's cameras (48 and 50 megapixels, a
    /// 100-megapixel sensor), far below a crafted picture's billions. Refused from its header.
    public static let pixelLimit = 100_000_000
    /// The largest version kept, on its long side: about what Mastodon keeps (3840 × 2160). A
    /// photo up to twice as large is decoded at half its scale (a 48-megapixel one at 4032 ×
    /// 3024), so a larger camera costs about what a 12-megapixel one does.
    public static let largestSide = 4096
    let workers: PhotoWorkers

    public init(workers: PhotoWorkers = PhotoWorkers()) {
        self.workers = workers
    }

    /// Whether `data` is a JPEG that carries nothing but its image (no EXIF, XMP, colour profile,
    /// comment), as every version processing makes is.
    public static func isBareJPEG(_ data: Data) -> Bool {
        data.withUnsafeBytes { tb_photo_is_bare_jpeg($0.baseAddress, $0.count) != 0 }
    }

    /// Every size of `bytes`, or why it is refused (`MediaProblem.refused`).
    public func process(_ bytes: Data) async throws -> ProcessedPhoto {
        try await workers.withWorker {
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
                Int64(pixelLimit),
                Double(decodeSeconds),
                Int32(largestSide),
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
        if status != TB_PHOTO_OK { throw MediaProblem.refused(refusal(status, bytes)) }
        var versions: [ProcessedPhoto.Version] = []
        for (index, size) in sizes.enumerated() {
            for (format, encoded) in [(KiwiPhotoFormat.jpeg, jpegs[index]), (.webp, webps[index])] {
                guard let pointer = encoded.bytes else { continue }
                let data = Data(bytes: pointer, count: encoded.length)
                versions.append(.init(size: size, format: format, bytes: data, width: Int(encoded.width), height: Int(encoded.height)))
            }
        }
        guard let full = versions.first(where: { $0.size == .full && $0.format == .jpeg }) else {
            throw MediaProblem.refused(.damaged(ImageSignature.kind(of: bytes) ?? .jpeg))
        }
        return ProcessedPhoto(versions: Self.smallerFormats(versions), full: full)
    }

    /// Why libvips did not take the photo, in its reader's words: its header, or its end, says
    /// what libvips's own words (kept for the log, not the reader) would not.
    private static func refusal(_ status: tb_photo_status, _ bytes: Data) -> PhotoRefusal {
        guard let kind = ImageSignature.kind(of: bytes) else { return .notAPicture }
        switch status {
        case TB_PHOTO_TOO_LARGE:
            let size = ImageSize.declared(in: bytes) ?? (0, 0)
            return .tooManyPixels(width: size.width, height: size.height, limit: pixelLimit)
        case TB_PHOTO_TOO_SLOW: return .tooSlow(seconds: decodeSeconds)
        default: return PhotoEnding.isCutShort(bytes, kind) ? .cutShort(kind) : .damaged(kind)
        }
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

/// The photos processed at once: as many as there are cores. Each takes two threads (its largest
/// version streamed a band of rows at a time; its sizes from one decode at 1280 px wide, a few
/// megabytes), and more at once only add memory, so the rest wait their turn, in order.
public actor PhotoWorkers {
    private var idle: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(count: Int = ProcessInfo.processInfo.activeProcessorCount) {
        idle = max(1, count)
    }

    func withWorker<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
        if idle > 0 {
            idle -= 1
        } else {
            // A worker is handed over by the one finishing, so the count of busy ones stays.
            await withCheckedContinuation { waiting.append($0) }
        }
        defer {
            if waiting.isEmpty { idle += 1 } else { waiting.removeFirst().resume() }
        }
        return try await work()
    }
}
