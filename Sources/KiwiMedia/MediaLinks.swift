import Foundation
import KiwiWire

/// Where a photo's versions are reached, signed: the base (`--media-url`, a CDN in front, else the
/// server itself), what signs, and the expiry every URL handed out now carries.
public struct MediaLinks: Sendable {
    public let base: String
    let signer: MediaSigner
    public let expires: Int

    public init(base: String, signer: MediaSigner, at now: Date = Date()) {
        self.base = base
        self.signer = signer
        expires = MediaSigner.expiry(at: now)
    }

    /// One version at its signed URL: `/media/<name>/<size>.<jpg|webp>?expires=…&key=…&signature=…`.
    public func url(_ file: String, _ size: KiwiPhotoSize, _ format: KiwiPhotoFormat = .jpeg) -> String {
        "\(base)/media/\(file)/\(size.rawValue).\(format.rawValue)?\(signer.query(for: file, expires: expires))"
    }

    /// Every size of a photo, as answers name them (JPEG).
    public func versions(_ file: String) -> KiwiPhotoVersions {
        Dictionary(uniqueKeysWithValues: KiwiPhotoSize.allCases.map { size in (size.rawValue, url(file, size)) })
    }

    /// The same links signed afresh: for a live stream, whose events go on for hours.
    public func renewed(at now: Date = Date()) -> MediaLinks {
        MediaLinks(base: base, signer: signer, at: now)
    }
}
