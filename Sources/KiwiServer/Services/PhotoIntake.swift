import Foundation
import KiwiMedia
import KiwiWire
import Logging
import NIOCore
import PluginAPI

/// The photos members send (a post's, an avatar): checked, processed once into the versions the
/// pages and clients draw (`PhotoProcessor`), and kept: the whole image, re-encoded without its
/// metadata, in the uploads folder or the database, or with the versions in an object store's
/// bucket; the versions in the media folder or that bucket (`MediaStore`).
struct PhotoIntake: Sendable {
    /// Where new images go; nil: into the store, beside the posts, or into a bucket that keeps
    /// them (`MediaStore.keepsOriginals`).
    let uploads: UploadFolder?
    let media: any MediaStore
    let processor: PhotoProcessor
    let maxBytes: Int
    /// Counts upload bytes for `/metrics` (`--metrics`).
    let measures: Bool
    /// Says why the media store failed, where the answer says only that it did.
    let logger: Logger
    /// Where the database keeps a bucket's objects (`MediaObjectStore`); used only with a media
    /// store that keeps originals.
    var objects: (any MediaObjectStore)? = nil
    /// Photos kept before versions existed, being processed on their first request: once.
    let catchingUp = InFlightWork<MediaManifest>()

    /// A checked upload: the image to keep, its versions, and how many bytes were sent.
    struct Photo: Sendable {
        let image: StoredImage
        let processed: ProcessedPhoto
        let received: Int
    }

    /// What can be told of an upload without decoding it: there, up to the byte limit, a JPEG,
    /// PNG, GIF, WebP or HEIC image by its first bytes, declaring no more pixels than the limit.
    func precheck(_ file: Data?) throws -> Data {
        guard let file, !file.isEmpty else { throw KiwiProblem.missingPhoto }
        guard file.count <= maxBytes else { throw KiwiProblem.photoRefused(.tooManyBytes(limit: maxBytes)) }
        guard ImageSignature.kind(of: file) != nil else { throw KiwiProblem.photoRefused(.notAPicture) }
        // Refused from its header, before libvips is handed a byte.
        if let size = ImageSize.declared(in: file), size.width * size.height > PhotoProcessor.pixelLimit {
            throw KiwiProblem.photoRefused(.tooManyPixels(width: size.width, height: size.height, limit: PhotoProcessor.pixelLimit))
        }
        return file
    }

    /// What this server takes, as `GET /instance` states it.
    var limits: KiwiWire.MediaLimits {
        KiwiWire.MediaLimits(
            supportedMimeTypes: ImageSignature.Kind.allCases.map(\.mimeType),
            imageSizeLimit: maxBytes,
            imageMatrixLimit: PhotoProcessor.pixelLimit,
            largestSide: PhotoProcessor.largestSide,
            descriptionLimit: KiwiLimits.imageAlt
        )
    }

    /// The upload as a photo to keep, decoded within the limits of pixels and time. What it told
    /// of its author is gone.
    func processed(_ file: Data?) async throws -> Photo {
        let (file, processed) = try await decoded(file)
        return Photo(image: StoredImage(processed.full.bytes, kind: .jpeg), processed: processed, received: file.count)
    }

    /// A photo brought from an archive: processed as any, but one that is already a whole version
    /// as processing makes them (a bare JPEG, within the largest side) is kept as it is, so that it
    /// comes back from this server byte for byte.
    func arrived(_ file: Data) async throws -> Photo {
        let photo = try await processed(file)
        let full = photo.processed.full
        guard PhotoProcessor.isBareJPEG(file), max(full.width, full.height) < PhotoProcessor.largestSide else { return photo }
        return Photo(image: StoredImage(file, kind: .jpeg), processed: photo.processed.keeping(whole: file), received: photo.received)
    }

    /// A book's cover the server fetched, processed as a photo is and kept under the book's own
    /// name (`BookCover.name`); nobody uploaded it, so it counts as no upload.
    func cover(_ file: Data, of isbn13: String) async throws -> Photo {
        let processed = try await decoded(file).processed
        let bytes = processed.full.bytes
        let image = StoredImage(
            name: BookCover.name(isbn13: isbn13),
            contentType: ImageSignature.Kind.jpeg.mimeType,
            digest: Digest.sha256(bytes),
            bytes: bytes
        )
        return Photo(image: image, processed: processed, received: 0)
    }

    private func decoded(_ file: Data?) async throws -> (file: Data, processed: ProcessedPhoto) {
        let file = try precheck(file)
        return (file, try await refusing { try await processor.process(file) })
    }

    /// Writes with `photo` kept: with an uploads folder or a bucket that keeps originals the image
    /// is there before the write, as are the versions, and all are removed if the write fails;
    /// otherwise the store keeps the image in the write's transaction. No row names an image that
    /// is not kept.
    func keep<Result>(_ photo: Photo, _ write: (PostImage) async throws -> Result) async throws -> Result {
        let image = photo.image
        try uploads?.store(image)
        do {
            let manifest = try await refusing { try await media.write(photo.processed, for: image.name) }
            if media.keepsOriginals { try await objects?.keepObjects(of: image.name, manifest) }
            let result = try await write(uploads == nil && !media.keepsOriginals ? .stored(image) : .file(image.name))
            if measures, photo.received > 0 { KiwiMetrics.uploadBytes.increment(by: photo.received) }
            return result
        } catch {
            await discard(image.name)
            throw error
        }
    }

    /// Removes an image the store no longer names (its row went with the write), versions and all.
    /// One the media store cannot remove now (it is away) is removed once it answers again.
    func discard(_ name: String) async {
        uploads?.remove(name)
        // The rows first: the database never names objects that are going.
        if media.keepsOriginals { try? await objects?.dropObjects(of: name) }
        do {
            try await media.remove(name)
        } catch {
            removeLater(name, because: error)
        }
    }

    /// Waits for the media store to come back, longer each time, for about an hour: what is left
    /// after a restart meanwhile, `kiwi media check --repair` finds.
    private func removeLater(_ name: String, because error: any Error) {
        logger.warning("photo \(name) is left in the media store until it answers: \(error)")
        Task { [media, logger] in
            for wait in [1, 2, 5, 10, 30, 60, 120, 300, 600, 1_200, 1_800] {
                try? await Task.sleep(for: .seconds(wait))
                if (try? await media.remove(name)) != nil {
                    logger.info("photo \(name) is removed from the media store, which answers again")
                    return
                }
            }
            logger.warning("photo \(name) is still in the media store: `toolbox kiwi media check --repair` removes it")
        }
    }

    /// Lets go of this server's copies of an image another server removed.
    func heardRemoved(_ name: String) async { await media.forget(name) }

    /// The versions of a kept photo. One kept before versions existed (or whose versions were
    /// removed) is processed now, once, from the kept image: its original bytes are never served.
    func versions(of name: String, in store: any PostStore) async throws -> MediaManifest {
        if let manifest = try await refusing({ try await media.manifest(name) }) { return manifest }
        // Nothing to make from: the bucket keeps the originals as versions.
        if media.keepsOriginals { throw KiwiProblem.noSuchUpload }
        return try await catchingUp.run(key: name) {
            if let manifest = try await refusing({ try await media.manifest(name) }) { return manifest }
            let kept = try await image(name, in: store)
            var processed = try await refusing { try await processor.process(kept.bytes) }
            // Kept as processing keeps them (by this server or another): the whole photo is those
            // very bytes, so every server answers the same bytes and ETag for it.
            if PhotoProcessor.isBareJPEG(kept.bytes) { processed = processed.keeping(whole: kept.bytes) }
            try await refusing { try await media.write(processed, for: name) }
            guard let manifest = try await refusing({ try await media.manifest(name) }) else { throw KiwiProblem.noSuchUpload }
            return manifest
        }
    }

    /// A photo's 640-pixel JPEG, for a report to keep after the photo itself is gone.
    func copy(of name: String, in store: any PostStore) async throws -> Data? {
        let manifest = try await versions(of: name, in: store)
        guard let (file, _, _) = manifest.file(.w640, .jpeg), let bytes = try await read(name, file: file) else { return nil }
        return Data(buffer: bytes)
    }

    /// A kept file's bytes (`MediaStore.read`), the store's problems said as the community's.
    func read(_ name: String, file: String) async throws -> ByteBuffer? {
        try await refusing { try await media.read(name, file: file) }
    }

    /// The media room's problems as the community's: the edge where they are said.
    private func refusing<Result>(_ work: () async throws -> Result) async throws -> Result {
        do {
            return try await work()
        } catch let problem as MediaProblem {
            switch problem {
            case .refused(let refusal): throw KiwiProblem.photoRefused(refusal)
            case .noSuchPhoto: throw KiwiProblem.noSuchUpload
            }
        } catch let problem as ObjectStoreProblem {
            logger.error("\(problem)")
            throw KiwiProblem.mediaStoreUnavailable
        }
    }

    /// Whether the photo is still kept where its original lives (the uploads folder, else the
    /// store): what a server asks before serving its own copies when it may have missed the notice
    /// of a deletion.
    func isKept(_ name: String, in store: any PostStore) async throws -> Bool {
        if let uploads { return uploads.contains(name) }
        if media.keepsOriginals { return try await refusing { try await media.manifest(name) } != nil }
        return try await store.keepsImage(name)
    }

    /// A kept image as stored: from the uploads folder when there is one, else from the store
    /// (where PostgreSQL keeps them, and `kiwi migrate` puts them).
    func image(_ name: String, in store: any PostStore) async throws -> StoredImage {
        guard UploadFolder.isPlainName(name) else { throw KiwiProblem.noSuchUpload }
        if let file = uploads?.read(name) { return file }
        if media.keepsOriginals {
            guard let (file, _, entry) = try await versions(of: name, in: store).file(.full, .jpeg), let bytes = try await read(name, file: file)
            else { throw KiwiProblem.noSuchUpload }
            return StoredImage(name: name, contentType: KiwiPhotoFormat.jpeg.mimeType, digest: entry.digest, bytes: Data(buffer: bytes))
        }
        guard let image = try await store.image(name) else { throw KiwiProblem.noSuchUpload }
        return image
    }
}
