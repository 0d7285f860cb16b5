import Foundation

/// The sizes a photo is served in: the widths the pages and clients draw, and the whole image.
public enum KiwiPhotoSize: String, CaseIterable, Sendable, Codable {
    case w96 = "96"
    case w320 = "320"
    case w640 = "640"
    case w1280 = "1280"
    case full

    /// At most this many pixels wide; nil for the whole image.
    public var width: Int? { Int(rawValue) }
}

/// A version's encoding: every version is a JPEG; the sized ones also a WebP at the same URL
/// ending `.webp` (the JPEG's bytes where a WebP would not be smaller).
public enum KiwiPhotoFormat: String, CaseIterable, Sendable {
    case jpeg = "jpg"
    case webp

    public var mimeType: String { self == .jpeg ? "image/jpeg" : "image/webp" }
}

/// A photo's versions as an answer names them (our extension): the JPEG URL of each size, signed
/// for a while (`/media/…`).
public typealias KiwiPhotoVersions = [String: String]

extension KiwiPhotoVersions {
    /// The URL of the smallest version at least `pixels` wide, when the answer names versions.
    public func url(filling pixels: Int) -> String? {
        KiwiPhotoSize.allCases.drop { ($0.width ?? .max) < pixels }.lazy.compactMap { self[$0.rawValue] }.first
    }

    /// Its versions smallest first, then any size this build does not know by name: the order
    /// the server writes them in, the same bytes on every server (a dictionary's own order
    /// differs from process to process).
    public var inSizeOrder: [(size: String, url: String)] {
        let known = KiwiPhotoSize.allCases.compactMap { size in self[size.rawValue].map { (size.rawValue, $0) } }
        guard known.count < count else { return known }
        let names = Set(KiwiPhotoSize.allCases.map(\.rawValue))
        return known + filter { !names.contains($0.key) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
