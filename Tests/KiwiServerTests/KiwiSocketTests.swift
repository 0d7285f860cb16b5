import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiWire
import Logging
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

/// The server over real sockets rather than the router alone.
@Suite struct KiwiSocketTests {
    @Test(arguments: StoreKind.available) func anImageUploadedOverRealSocketsComesBackWhole(kind: StoreKind) async throws {
        try await withKiwi(kind, maxUploadBytes: 2 * 1024 * 1024) { kiwi in
            let image = TestImages.png(seed: 3, size: 300_000)
            try await kiwi.application.test(.live) { client in
                let ada = try await client.member("ada")
                let (status, post) = try await client.upload(image, token: ada)
                #expect(status == .created)
                let url = try #require(post?["imageURL"] as? String)
                let path = "/uploads/" + (url.split(separator: "/").last.map(String.init) ?? "")
                let (bytes, etag) = try await client.execute(uri: path, method: .get, headers: [.authorization: "Bearer \(ada)"]) {
                    (Data(buffer: $0.body), $0.headers[.eTag])
                }
                // The whole photo, re-encoded: every byte the server says it has.
                #expect(etag == "\"\(Digest.sha256(bytes))\"" && ImageSignature.kind(of: bytes) == .jpeg)
                #expect(ImageSize.declared(in: bytes).map { [$0.width, $0.height] } == ImageSize.declared(in: image).map { [$0.width, $0.height] })
            }
        }
    }
}
