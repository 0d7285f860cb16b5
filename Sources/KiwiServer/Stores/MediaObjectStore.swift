import Foundation
import KiwiMedia

/// The objects of each photo kept in a media store's bucket, as the database knows them: by the
/// photo's name and file (the object's key is `PREFIX/name/file`), with the digest, length and
/// pixels of each. Written once the objects are in the bucket and dropped before they are removed,
/// so the database names no object the bucket does not hold but for a moment; `kiwi media check`
/// holds each to the other.
protocol MediaObjectStore: Sendable {
    /// Keeps the rows of a photo's objects, in place of any it had.
    func keepObjects(of name: String, _ manifest: MediaManifest) async throws
    /// The photo's objects as a manifest; nil when the database knows of none.
    func objects(of name: String) async throws -> MediaManifest?
    func dropObjects(of name: String) async throws
}
