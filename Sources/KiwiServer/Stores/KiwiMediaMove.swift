import Foundation
import KiwiMedia
import KiwiServerSettings
import KiwiWire
import Logging
import NIOCore
import PluginAPI

/// `toolbox kiwi migrate --media-to` and `--media-from`: a community's photos (every post's,
/// avatar and book cover, with every version) moved between its own folders or database and an
/// object store's bucket. Each photo's files are checked against its manifest's digests before
/// they go (and by the store, from their MD5) and its manifest goes last, so a photo whose manifest
/// is there is complete: a second run copies nothing and an interrupted one goes on. The database
/// keeps each moved photo's objects (`MediaObjectStore`) from then on. Moving in
/// ends with the bucket's marker, which lets servers use it; moving out removes it first.
public struct KiwiMediaMove: Sendable {
    public enum Direction: Sendable {
        case toStore, fromStore
    }

    /// What a move found and did.
    public struct Report: Sendable, Encodable {
        /// Photos the community names.
        public var photos = 0
        /// Moved by this run.
        public var moved = 0
        /// Where they go already (an earlier run's).
        public var there = 0
        /// Named, but nowhere to be found: neither their versions nor the photo itself.
        public var missing: [String] = []
    }

    let database: KiwiDatabase
    let store: KiwiMediaStore
    let direction: Direction
    let uploads: String?
    let mediaFolder: String?
    let dataHome: String
    let logger: Logger

    public init(
        _ direction: Direction,
        database: KiwiDatabase,
        store: KiwiMediaStore,
        uploads: String?,
        mediaFolder: String?,
        dataHome: String,
        logger: Logger
    ) {
        (self.direction, self.database, self.store, self.uploads, self.mediaFolder) = (direction, database, store, uploads, mediaFolder)
        (self.dataHome, self.logger) = (dataHome, logger)
    }

    /// - Parameter progress: photos done, and their total.
    public func run(progress: @escaping @Sendable (Int, Int) -> Void) async throws -> Report {
        let bucket = try MediaStoreCheck.bucket(store)
        let remote = BucketMedia(bucket: bucket, cacheBytes: 0)
        do {
            try await bucket.check()
            return try await database.opened(mustExist: true, logger: logger) { storage in
                let local = try MediaFolder(path: database.media(given: mediaFolder, dataHome: dataHome) ?? "\(dataHome)/kiwi/media")
                let folder = try database.uploads(given: uploads).map { try UploadFolder(path: $0) }
                let intake = PhotoIntake(
                    uploads: folder,
                    media: local,
                    processor: PhotoProcessor(),
                    maxBytes: .max,
                    measures: false,
                    logger: logger,
                    objects: storage
                )
                let names = try await KiwiPhotoNames.all(in: storage).sorted()
                var report = Report(photos: names.count)
                if direction == .fromStore { try await bucket.delete(BucketMedia.marker) }
                for (index, name) in names.enumerated() {
                    progress(index, names.count)
                    let moved: Bool?
                    switch direction {
                    case .toStore: moved = try await moveIn(name, from: intake, into: remote, in: storage)
                    case .fromStore: moved = try await moveOut(name, from: remote, into: intake, in: storage)
                    }
                    switch moved {
                    case true?: report.moved += 1
                    case false?: report.there += 1
                    case nil: report.missing.append(name)
                    }
                }
                progress(names.count, names.count)
                if direction == .toStore {
                    try await bucket.put(
                        BucketMedia.marker,
                        ByteBuffer(bytes: BucketMedia.markerText(photos: names.count)),
                        contentType: "application/json"
                    )
                }
                return report
            }
        } catch let problem as ObjectStoreProblem {
            throw MediaStoreCheck.said(problem)
        }
    }

    /// One photo into the bucket: true when moved, false when there already, nil when it is nowhere.
    private func moveIn(_ name: String, from intake: PhotoIntake, into remote: BucketMedia, in storage: any KiwiStorage) async throws -> Bool? {
        if let there = try await remote.manifest(name) {
            // Its rows too, should the run that put it have stopped before them.
            if try await storage.objects(of: name) == nil { try await storage.keepObjects(of: name, there) }
            return false
        }
        // Its versions as this server keeps them, made now from the photo itself if they never were.
        let manifest: MediaManifest
        do {
            manifest = try await intake.versions(of: name, in: storage)
        } catch KiwiProblem.noSuchUpload {
            return nil
        }
        var files: [String: Data] = [:]
        for (file, entry) in manifest.files {
            guard let bytes = try await intake.media.read(name, file: file), bytes.withUnsafeReadableBytes({ Digest.sha256($0) }) == entry.digest
            else {
                throw ToolboxError.badData(
                    "\(name)/\(file) does not match the digest its manifest gives it",
                    hint: "remove the folder of \(name) in the media folder: its versions are made again from the photo on the next run"
                )
            }
            files[file] = Data(bytes.readableBytesView)
        }
        try await remote.put(name, files: files, manifest: manifest)
        try await storage.keepObjects(of: name, manifest)
        return true
    }

    /// One photo out of the bucket: its versions into the media folder, and the photo itself
    /// (the largest version) into the uploads folder or the database, where a server without a
    /// media store looks for it.
    private func moveOut(
        _ name: String,
        from remote: BucketMedia,
        into intake: PhotoIntake,
        in storage: any KiwiStorage & KiwiTableStore
    ) async throws -> Bool? {
        if try await intake.media.manifest(name) != nil, try await intake.isKept(name, in: storage) { return false }
        guard let manifest = try await remote.manifest(name) else { return nil }
        var files: [String: Data] = [:]
        for (file, entry) in manifest.files {
            guard let bytes = try await remote.read(name, file: file), bytes.withUnsafeReadableBytes({ Digest.sha256($0) }) == entry.digest else {
                throw ToolboxError.badData(
                    "the bucket's \(name)/\(file) does not match the digest its manifest gives it",
                    hint: "run `toolbox kiwi media check` to see what the bucket holds"
                )
            }
            files[file] = Data(bytes.readableBytesView)
        }
        guard let (whole, _, entry) = manifest.file(.full, .jpeg), let bytes = files[whole] else { return nil }
        if try await !intake.isKept(name, in: storage) {
            let image = StoredImage(name: name, contentType: KiwiPhotoFormat.jpeg.mimeType, digest: entry.digest, bytes: bytes)
            if let uploads = intake.uploads {
                try uploads.store(image)
            } else {
                let row: KiwiRow = [
                    .text(name), .text(image.contentType), .integer(Int64(bytes.count)), .text(image.digest), .blob(bytes),
                    .real(manifest.made.timeIntervalSince1970),
                ]
                try await storage.insert([row], into: .images)
            }
        }
        try await intake.media.put(name, files: files, manifest: manifest)
        try await storage.dropObjects(of: name)
        return true
    }
}
