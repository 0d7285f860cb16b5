import Foundation
import Hummingbird
import HummingbirdTesting
import Kiwi
import KiwiMedia
import KiwiServerCommands
import KiwiWire
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

/// Photos processed once at upload, and their versions at signed URLs a CDN may keep.
@Suite struct KiwiMediaTests {
    /// A version's path and query, as a test client asks for it.
    static func path(_ url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        return components.path + (components.query.map { "?" + $0 } ?? "")
    }

    @Test(arguments: StoreKind.available) func everyVersionIsFreeOfWhereThePhotoWasTaken(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let (status, post) = try await client.upload(try TestImages.photoTakenAtHome, token: ada)
                #expect(status == .created)
                let versions = try #require(post?["imageVersions"] as? [String: String])
                #expect(Set(versions.keys) == Set(KiwiPhotoSize.allCases.map(\.rawValue)))
                var urls = Array(versions.values)
                urls += KiwiPhotoSize.allCases.filter { $0 != .full }.compactMap {
                    versions[$0.rawValue]?.replacingOccurrences(of: ".jpg?", with: ".webp?")
                }
                #expect(urls.count == 9)
                var types: Set<String> = []
                for url in urls {
                    // Signed: no login needed, as a CDN fetches it.
                    let (answer, bytes, type) = try await client.execute(uri: Self.path(url), method: .get) {
                        ($0.status, Data(buffer: $0.body), $0.headers[.contentType])
                    }
                    #expect(answer == .ok, "\(url)")
                    #expect(bytes.range(of: Data(TestImages.position)) == nil, "no position in \(url)")
                    #expect(
                        bytes.range(of: Data("Exif".utf8)) == nil && bytes.range(of: Data("http://ns.adobe.com/xap".utf8)) == nil,
                        "no metadata in \(url)"
                    )
                    #expect(
                        bytes.range(of: Data("EXIF".utf8)) == nil && bytes.range(of: Data("XMP ".utf8)) == nil,
                        "no WebP metadata chunk in \(url)"
                    )
                    #expect(ImageSignature.kind(of: bytes) != .jpeg || PhotoProcessor.isBareJPEG(bytes), "a bare JPEG: \(url)")
                    #expect(ImageSignature.kind(of: bytes)?.mimeType == type, "\(url) is the \(type ?? "?") it says")
                    types.insert(type ?? "")
                    // Turned upright: 16 × 24 with orientation 6 is 24 wide.
                    #expect(ImageSize.declared(in: bytes)?.width == 24, "\(url)")
                }
                #expect(types == ["image/jpeg", "image/webp"], "WebP versions where smaller, JPEG ones")
            }
        }
    }

    @Test func aVersionIsServedAsACacheWantsIt() async throws {
        try await withKiwi(.sqlite) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let post = try #require(try await client.upload(TestImages.png(seed: 5, size: 40_000), token: ada).1)
                let url = try #require((post["imageVersions"] as? [String: String])?["320"])
                let path = Self.path(url)
                let (status, headers, bytes) = try await client.execute(uri: path, method: .get) { ($0.status, $0.headers, Data(buffer: $0.body)) }
                #expect(status == .ok && headers[.contentType] == "image/jpeg" && headers[.xContentTypeOptions] == "nosniff")
                let life = try #require(headers[.cacheControl].flatMap { $0.split(separator: "=").last }.flatMap { Int($0.prefix { $0.isNumber }) })
                #expect(headers[.cacheControl]?.hasPrefix("public, max-age=") == true && life > 3000 && life <= MediaSigner.longestLife)
                #expect(headers[.eTag] == "\"\(Digest.sha256(bytes))\"" && headers[.lastModified]?.hasSuffix(" GMT") == true)

                // HEAD and one range.
                let head = try await client.execute(uri: path, method: .head) { ($0.status, $0.headers[.contentLength], $0.body.readableBytes) }
                #expect(head.0 == .ok && head.1 == String(bytes.count) && head.2 == 0)
                let part = try await client.execute(uri: path, method: .get, headers: [.range: "bytes=0-9"]) { ($0.status, Data(buffer: $0.body)) }
                #expect(part.0 == .partialContent && part.1 == bytes.prefix(10))

                // A 304 reads none of the image's bytes: with a version's file gone from under it
                // (its list of versions kept), its revalidation is still answered; a GET is not.
                let name = try #require(url.split(separator: "/").dropLast().last.map(String.init))
                let other = path.replacingOccurrences(of: "/320.jpg?", with: "/640.jpg?")
                let etag = try await client.execute(uri: other, method: .head) { $0.headers[.eTag] ?? "" }
                try FileManager.default.removeItem(atPath: try kiwi.media.path + "/\(name)/640.jpg")
                let revalidated = try await client.execute(uri: other, method: .get, headers: [.ifNoneMatch: etag]) { $0.status }
                #expect(revalidated == .notModified)
                #expect(try await client.execute(uri: other, method: .get) { $0.status } == .notFound)
            }
        }
    }

    /// Bare: nothing but the image (JFIF aside), as processing writes every version; what a server
    /// keeps again as the largest version when it makes a photo's versions anew.
    @Test func aBareJPEGIsToldFromOneThatCarriesMetadata() throws {
        #expect(PhotoProcessor.isBareJPEG(try TestImages.photo) && PhotoProcessor.isBareJPEG(TestImages.jpeg))
        let photo = try TestImages.photo
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x07] + Array("hello".utf8)
        #expect(!PhotoProcessor.isBareJPEG(try TestImages.photoTakenAtHome), "EXIF")
        #expect(!PhotoProcessor.isBareJPEG(Data(photo.prefix(2) + comment + photo.dropFirst(2))), "a comment")
        #expect(!PhotoProcessor.isBareJPEG(TestImages.png) && !PhotoProcessor.isBareJPEG(photo.prefix(3)))
    }

    @Test func signaturesAreBase64ForURLs() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 251) }
            let foundation = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(MediaSigner.base64URL(bytes) == foundation, "\(length) bytes")
        }
    }

    @Test func theCDNInFrontIsAllowedByThePagesPolicy() throws {
        let policy = try #require(PageSecurity.headers(loggedIn: true, mediaURL: "https://cdn.example.org:8443/kiwi/")[.contentSecurityPolicy])
        #expect(policy.contains("img-src 'self' https://cdn.example.org:8443;"))
        #expect(PageSecurity.headers(loggedIn: true)[.contentSecurityPolicy]?.contains("img-src 'self';") == true)
        #expect(throws: (any Error).self) { try ServeCommand.testing(["--media-url", "cdn.example.org"]) }
    }

    @Test func lastModifiedIsAnHTTPDate() {
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 1_795_000_000)) == "Wed, 18 Nov 2026 11:06:40 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 GMT")
    }

    @Test func aURLWithAChangedByteOrPastItsExpiryIsRefused() async throws {
        try await withKiwi(.memory) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let post = try #require(try await client.upload(TestImages.png, token: ada).1)
                let url = Self.path(try #require((post["imageVersions"] as? [String: String])?["640"]))
                #expect(try await client.execute(uri: url, method: .get) { $0.status } == .ok)
                let signature = try #require(url.range(of: "signature=")).upperBound
                var changed = url
                changed.replaceSubrange(signature...signature, with: url[signature] == "A" ? "B" : "A")
                var later = url
                let expires = try #require(url.firstMatch(of: /expires=(\d+)/)).1
                later.replace("expires=\(expires)", with: "expires=\(Int(expires)! + 3600)")
                for refused in [changed, later, url.replacingOccurrences(of: "key=", with: "key=x"), String(url.prefix { $0 != "?" })] {
                    let (status, body) = try await client.execute(uri: refused, method: .get) { ($0.status, String(buffer: $0.body)) }
                    #expect(status == .forbidden && body.contains("bad_signature"), "\(refused)")
                }
                // Another photo's path under this photo's signature.
                let other = try #require(try await client.upload(TestImages.png(seed: 2), token: ada).1?["imageURL"] as? String)
                let otherName = try #require(other.split(separator: "/").last.map(String.init))
                let name = try #require(url.split(separator: "/").dropLast().last.map(String.init))
                #expect(try await client.execute(uri: url.replacingOccurrences(of: name, with: otherName), method: .get) { $0.status } == .forbidden)
            }
            // Past its expiry, the same signature no longer verifies; a rotated-in key still checks the old one.
            let signer = MediaSigner(keys: kiwi.keys)
            let expires = MediaSigner.expiry(at: Date())
            let query = signer.query(for: "a.jpg", expires: expires)
            let parts = Dictionary(
                uniqueKeysWithValues: query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }.map {
                    ($0[0], $0[1])
                }
            )
            #expect(signer.verifies(name: "a.jpg", expires: parts["expires"], key: parts["key"], signature: parts["signature"]))
            #expect(
                !signer.verifies(
                    name: "a.jpg",
                    expires: parts["expires"],
                    key: parts["key"],
                    signature: parts["signature"],
                    now: Date(timeIntervalSince1970: Double(expires + 1))
                )
            )
            let rotated = MediaSigner(keys: MediaKeys(keys: MediaKeys.random().keys + kiwi.keys.keys))
            #expect(rotated.verifies(name: "a.jpg", expires: parts["expires"], key: parts["key"], signature: parts["signature"]))
        }
    }

    @Test(arguments: StoreKind.available) func aDeletedPostsPhotoIsGoneAtOnceAndGuestsGetNoSignedURLs(kind: StoreKind) async throws {
        try await withKiwi(kind, uploadsFolder: kind != .postgres) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let post = try #require(try await client.upload(TestImages.png, token: ada).1)
                let id = try #require(post["id"] as? String)
                let url = Self.path(try #require((post["imageVersions"] as? [String: String])?["96"]))
                // Served, and so kept in memory: the deletion must end that too.
                #expect(try await client.execute(uri: url, method: .get) { $0.status } == .ok)
                // Photos are members': a guest's answers name none of their signed URLs.
                let guest = try await client.json(.get, "/posts/\(id)").1 as? [String: Any]
                #expect(guest?["imageURL"] is String && guest?["imageVersions"] == nil)
                #expect(try await client.json(.delete, "/posts/\(id)", token: ada).0 == .ok)
                #expect(try await client.execute(uri: url, method: .get) { $0.status } == .notFound)
                let name = try #require(url.split(separator: "/").dropLast().last.map(String.init))
                #expect(try !FileManager.default.fileExists(atPath: kiwi.media.path + "/\(name)"))
            }
        }
    }

    @Test(arguments: StoreKind.available) func aHEICPhotoIsServedAsAJPEGEveryBrowserShows(kind: StoreKind) async throws {
        try await withKiwi(kind) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                let (status, post) = try await client.upload(try TestImages.heic, token: ada)
                #expect(status == .created)
                let imageURL = try #require(post?["imageURL"] as? String)
                #expect(imageURL.hasSuffix(".jpg"), "kept under a JPEG's name")
                let bytes = try await client.execute(uri: Self.path(imageURL), method: .get, headers: [.authorization: "Bearer \(ada)"]) {
                    Data(buffer: $0.body)
                }
                #expect(ImageSignature.kind(of: bytes) == .jpeg && ImageSize.declared(in: bytes).map { [$0.width, $0.height] } == [64, 96])
            }
        }
    }

    @Test func refusedPhotosSayWhyAndLeaveNothing() async throws {
        try await withKiwi(.sqlite, maxUploadBytes: 1024 * 1024) { kiwi in
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                // A whole PNG (its end chunk there) whose pixels are noise: damaged, in the reader's words.
                let broken = TestImages.png.prefix(40) + Data(repeating: 7, count: 200) + TestImages.png.suffix(12)
                let (status, body) = try await client.upload(broken, token: ada)
                #expect(status == .unprocessableContent && body?["error"] as? String == "unreadable_image", "\(String(describing: body))")
                #expect(body?["message"] as? String == "this PNG is damaged: its pixels cannot be read")
                // A photo cut short in its upload: not shown half grey, refused as cut short.
                let cut = try TestImages.photo
                let (_, short) = try await client.upload(cut.prefix(cut.count / 2), token: ada)
                #expect(
                    short?["error"] as? String == "truncated_image"
                        && short?["message"] as? String == "this JPEG is cut short: the end of the file is missing"
                )
                let started = ContinuousClock.now
                let (bomb, _) = try await client.upload(try TestImages.declaringTooManyPixels, token: ada)
                // Refused from its header (the benchmark measures how fast; 5 s is for a loaded CI machine).
                #expect(bomb == .unprocessableContent && ContinuousClock.now - started < .seconds(5))
                let versions = try FileManager.default.contentsOfDirectory(atPath: kiwi.media.path)
                #expect(kiwi.uploadedFiles.isEmpty && versions.isEmpty)
            }
        }
    }

    /// A photo kept before versions existed (as it came, metadata and all) is processed on its
    /// first request, once, and its original bytes are never served.
    @Test(arguments: StoreKind.available) func aPhotoKeptBeforeVersionsGetsThemOnItsFirstRequest(kind: StoreKind) async throws {
        try await withKiwi(kind, uploadsFolder: false) { kiwi in
            let original = try TestImages.photoTakenAtHome
            let kept = StoredImage(original, kind: .jpeg)
            try await kiwi.application.test(.router) { client in
                let ada = try await client.member("ada")
                _ = try await kiwi.database.createPost(NewPost(owner: "ada", image: .stored(kept)), keeping: nil)
                let answers = try await withThrowingTaskGroup(of: Data.self) { group in
                    for _ in 0..<4 {
                        group.addTask {
                            try await client.execute(uri: "/uploads/\(kept.name)", method: .get, headers: [.authorization: "Bearer \(ada)"]) {
                                Data(buffer: $0.body)
                            }
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(Set(answers).count == 1, "one processing, one answer")
                let served = try #require(answers.first)
                #expect(served != original && served.range(of: Data(TestImages.position)) == nil)
                #expect(try kiwi.media.manifest(kept.name)?.files.keys.contains("1280.jpg") == true)
            }
        }
    }
}
