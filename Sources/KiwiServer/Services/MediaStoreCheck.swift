import Foundation
import KiwiMedia
import KiwiServerSettings
import Logging
import NIOCore
import PluginAPI

/// The media store's bucket, looked at before the server listens. Keys it refuses, a bucket that
/// is not there, or a community whose photos were never moved into it stop the start, with what
/// to do. A store that is away may come back, so the server starts and answers 503 for what needs
/// it meanwhile.
enum MediaStoreCheck {
    /// The bucket `--media-store` names, asked with the keys the environment or the credentials file holds.
    static func bucket(_ store: KiwiMediaStore) throws -> S3Bucket {
        S3Bucket(
            .init(endpoint: store.endpoint, bucket: store.bucket, prefix: store.prefix, region: store.region, pathStyle: store.pathStyle),
            credentials: try S3Credentials.find()
        )
    }

    static func check(_ bucket: S3Bucket, for storage: (any KiwiTableStore)?, logger: Logger) async throws {
        do {
            guard try await bucket.get(BucketMedia.marker) == nil else { return }
            // A new community starts in the bucket; one with photos elsewhere moves them first.
            if let storage, try await !KiwiPhotoNames.all(in: storage).isEmpty {
                throw ToolboxError(
                    .configuration,
                    "the community's photos are not in the bucket \(bucket.location.bucket) yet",
                    hint: "move them with `toolbox kiwi migrate --media-to ADDRESS` (the servers stopped), then start the servers with --media-store"
                )
            }
            try await bucket.put(BucketMedia.marker, ByteBuffer(bytes: BucketMedia.markerText(photos: 0)), contentType: "application/json")
        } catch ObjectStoreProblem.unavailable(let why) {
            logger.warning("the media store is not answering yet; photos are answered 503 until it does: \(why)")
        } catch let problem as ObjectStoreProblem {
            throw said(problem)
        }
    }

    /// The store's problem in the operator's words, with what to do.
    static func said(_ problem: ObjectStoreProblem) -> ToolboxError {
        switch problem {
        case .unavailable(let why):
            ToolboxError.unavailable(
                "the media store is unavailable (\(why))",
                hint: "check that it runs and answers at its endpoint, then try again"
            )
        case .refused(let status, let code, let name):
            ToolboxError(
                .configuration,
                "the media store refused the bucket \(name) (HTTP \(status) \(code))",
                hint: status == 404
                    ? "create the bucket \(name), or give --media-store the name of one that exists"
                    : "check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or ~/.aws/credentials) and the bucket's policy"
            )
        }
    }
}
