import Foundation
import PluginAPI

/// The photos members send (a post's, an avatar): checked by their first bytes and their size,
/// then kept in the uploads folder, or by the store in the write's own transaction.
struct PhotoIntake: Sendable {
    /// Where new images go; nil: into the store, beside the posts.
    let uploads: UploadFolder?
    let maxBytes: Int
    /// Counts upload bytes for `/metrics` (`--metrics`).
    let measures: Bool

    /// The upload's bytes as an image to keep: a JPEG, PNG, GIF, WebP or HEIC image up to the limit.
    func checked(_ file: Data?) throws -> StoredImage {
        guard let file, !file.isEmpty else { throw KiwiProblem.missingPhoto }
        guard file.count <= maxBytes else { throw KiwiProblem.photoTooLarge(limit: maxBytes) }
        guard let kind = ImageSignature.kind(of: file) else { throw KiwiProblem.notAPhoto }
        // Every reader's client decodes it: what declares more pixels than any decodes safely is refused here.
        if let problem = ImageSize.problem(file) { throw KiwiProblem.tooManyPixels(problem) }
        // What a photo tells of its author (where it was taken) is never stored, let alone served.
        return StoredImage(ImageMetadata.stripped(file), kind: kind)
    }

    /// Writes with `image` kept: with an uploads folder the file is on disk before the write and
    /// removed if the write fails; without one the store keeps the bytes in the write's transaction.
    func keep<Result>(_ image: StoredImage, _ write: (PostImage) async throws -> Result) async throws -> Result {
        try uploads?.store(image)
        do {
            let result = try await write(uploads == nil ? .stored(image) : .file(image.name))
            if measures { KiwiMetrics.uploadBytes.increment(by: image.bytes.count) }
            return result
        } catch {
            uploads?.remove(image.name)
            throw error
        }
    }

    /// Forgets an image the store no longer names (its row went with the write).
    func discard(_ name: String) {
        uploads?.remove(name)
    }

    /// A kept image: from the uploads folder when there is one, else from the store (where
    /// PostgreSQL keeps them, and `kiwi migrate` puts them).
    func image(_ name: String, in store: any PostStore) async throws -> StoredImage {
        guard UploadFolder.isPlainName(name) else { throw KiwiProblem.noSuchUpload }
        if let file = uploads?.read(name) { return file }
        guard let image = try await store.image(name) else { throw KiwiProblem.noSuchUpload }
        return image
    }
}
