import Foundation
import KiwiMedia
import KiwiServerSettings
import Logging
import PluginAPI

/// `toolbox kiwi media check [--repair]`: the bucket held to the community's rows, both ways.
/// Every photo a post, avatar or cover names must have its manifest and every file it lists, and
/// the database its objects' rows as the manifest gives them (`--repair` writes them); a photo in
/// the bucket that nothing names (a write cut short, a removal the store missed) is an orphan,
/// which `--repair` removes. One written in the last ten minutes is left: its post may be
/// being written now (the objects go first, the row after).
public struct KiwiMediaCheck: Sendable {
    public struct Report: Sendable, Encodable {
        /// Photos the community names.
        public var photos = 0
        /// Photos in the bucket.
        public var stored = 0
        /// Named, but without their manifest or a file it lists.
        public var withoutObjects: [String] = []
        /// Whole in the bucket, but the database's rows of their objects are missing or say
        /// otherwise (`--repair` writes them from the bucket's manifest).
        public var withoutRows: [String] = []
        /// In the bucket, named by nothing.
        public var withoutRow: [String] = []
        /// Of those, removed now (`--repair`).
        public var removed: [String] = []
        /// Named by nothing yet, but written in the last ten minutes: left alone.
        public var recent: [String] = []
    }

    static let grace: TimeInterval = 600

    let database: KiwiDatabase
    let bucket: S3Bucket
    let repair: Bool
    let logger: Logger

    /// The bucket `store` names, with the keys the environment or the credentials file holds.
    public init(database: KiwiDatabase, store: KiwiMediaStore, repair: Bool, logger: Logger) throws {
        self.init(database: database, bucket: try MediaStoreCheck.bucket(store), repair: repair, logger: logger)
    }

    init(database: KiwiDatabase, bucket: S3Bucket, repair: Bool, logger: Logger) {
        (self.database, self.bucket, self.repair, self.logger) = (database, bucket, repair, logger)
    }

    public func run(now: Date = Date()) async throws -> Report {
        let media = BucketMedia(bucket: bucket, cacheBytes: 0)
        do {
            return try await database.opened(mustExist: true, serving: false, logger: logger) { storage in
                // The rows first: a photo posted meanwhile then has its objects when they are listed.
                let names = try await KiwiPhotoNames.all(in: storage)
                var objects: [String: [S3Bucket.Object]] = [:]
                for object in try await bucket.objects() {
                    let parts = object.key.split(separator: "/", maxSplits: 1)
                    if parts.count == 2 { objects[String(parts[0]), default: []].append(object) }
                }
                var report = Report(photos: names.count, stored: objects.count)
                for name in names.sorted() {
                    let keys = Set((objects[name] ?? []).map(\.key))
                    guard keys.contains("\(name)/\(MediaManifest.fileName)"), let manifest = try await media.manifest(name),
                        manifest.files.keys.allSatisfy({ keys.contains("\(name)/\($0)") })
                    else {
                        report.withoutObjects.append(name)
                        continue
                    }
                    guard try await storage.objects(of: name)?.files != manifest.files else { continue }
                    report.withoutRows.append(name)
                    if repair { try await storage.keepObjects(of: name, manifest) }
                }
                for (name, kept) in objects.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
                    let newest = kept.compactMap(\.modified).max() ?? now
                    guard now.timeIntervalSince(newest) > Self.grace else {
                        report.recent.append(name)
                        continue
                    }
                    report.withoutRow.append(name)
                    if repair {
                        try await storage.dropObjects(of: name)
                        try await media.remove(name)
                        report.removed.append(name)
                    }
                }
                return report
            }
        } catch let problem as ObjectStoreProblem {
            throw MediaStoreCheck.said(problem)
        }
    }
}
