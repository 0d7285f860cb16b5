import Foundation
import KiwiServerSettings
import NIOCore
import PluginAPI
import TestSupport
import Testing

@testable import KiwiMedia

/// The object store's signer and addresses: AWS's published Signature V4 test vectors, botocore's
/// signatures of the requests Kiwi sends, and what `--media-store` and the credentials accept.
@Suite struct KiwiObjectStoreTests {
    /// One of AWS's Signature V4 test vectors (aws-sig-v4-test-suite: the request, and the
    /// signature AWS's own signer gives it). Those that normalise a path (`normalize-path/*` but
    /// `get-space`) are left out: S3 signs a key as it is, `//` and `.` included.
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        var method = "GET"
        var path = "/"
        var query: [(String, String)] = []
        var headers: [(String, String)] = []
        var body = ""
        let signature: String
        var testDescription: String { name }
    }

    static let vectors: [Vector] = [
        Vector(name: "get-vanilla-query", signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        Vector(
            name: "get-vanilla-query-order-key-case",
            query: [("Param2", "value2"), ("Param1", "value1")],
            signature: "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"
        ),
        Vector(
            name: "get-vanilla-query-unreserved",
            query: [
                (
                    "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                    "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                )
            ],
            signature: "9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197"
        ),
        Vector(name: "get-vanilla-utf8-query", query: [("ሴ", "bar")], signature: "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04"),
        Vector(name: "get-utf8", path: "/ሴ", signature: "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85"),
        Vector(name: "get-space", path: "/example space/", signature: "652487583200325589f1fba4c7e578f72c47cb61beeca81406b39ddec1366741"),
        Vector(
            name: "get-unreserved",
            path: "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
            signature: "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"
        ),
        Vector(
            name: "get-header-key-duplicate",
            headers: [("My-Header1", "value2"), ("My-Header1", "value2"), ("My-Header1", "value1")],
            signature: "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea"
        ),
        Vector(
            name: "get-header-value-order",
            headers: [("My-Header1", "value4"), ("My-Header1", "value1"), ("My-Header1", "value3"), ("My-Header1", "value2")],
            signature: "08c7e5a9acfcfeb3ab6b2185e75ce8b1deb5e634ec47601a50643f830c755c01"
        ),
        Vector(
            name: "get-header-value-trim",
            headers: [("My-Header1", " value1"), ("My-Header2", " \"a   b   c\"")],
            signature: "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"
        ),
        Vector(
            name: "post-header-key-sort",
            method: "POST",
            headers: [("My-Header1", "value1")],
            signature: "c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c"
        ),
        Vector(
            name: "post-header-value-case",
            method: "POST",
            headers: [("My-Header1", "VALUE1")],
            signature: "cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d"
        ),
        Vector(
            name: "post-vanilla-empty-query-value",
            method: "POST",
            query: [("Param1", "value1")],
            signature: "28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11"
        ),
        Vector(
            name: "post-x-www-form-urlencoded",
            method: "POST",
            headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: "Param1=value1",
            signature: "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a"
        ),
        Vector(
            name: "post-sts-header-before",
            method: "POST",
            headers: [
                (
                    "X-Amz-Security-Token",
                    "AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA=="
                )
            ],
            signature: "85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead"
        ),
    ]

    @Test(arguments: vectors) func signatureV4PassesAWSTestVector(_ vector: Vector) {
        let signer = SignatureV4(
            credentials: S3Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
            region: "us-east-1",
            service: "service"
        )
        let date = Date(timeIntervalSince1970: 1_440_938_160)  // 20150830T123600Z
        #expect(SignatureV4.timestamp(date) == "20150830T123600Z")
        let headers = [("Host", "example.amazonaws.com")] + vector.headers + [("X-Amz-Date", "20150830T123600Z")]
        let request = SignatureV4.Request(
            method: vector.method,
            path: vector.path,
            query: vector.query,
            headers: headers,
            payloadHash: Digest.sha256(vector.body)
        )
        let signed = Set(headers.map { $0.0.lowercased() }).sorted().joined(separator: ";")
        #expect(
            signer.authorization(for: request, at: date)
                == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=\(signed), Signature=\(vector.signature)"
        )
    }

    /// Whether botocore can be imported by the python3 on PATH (scripts/test's, which installs it).
    static let botocore: Bool = (try? ChildProcess.runBlocking("/usr/bin/env", ["python3", "-c", "import botocore"]).status) == 0

    /// Twenty requests as Kiwi sends them to a bucket (keys with spaces, unicode and reserved
    /// characters, listings with their query, bodies, a session token, two regions), signed by
    /// botocore's S3 signer and by Kiwi's: the same `Authorization` each time.
    @Test(.enabled(if: botocore || SeaweedFS.required, "botocore is not installed (pip install botocore); scripts/test installs it"))
    func signatureV4AgreesWithBotocoreOnTwentyRequests() async throws {
        let keys = [
            "photos/3f2a.jpg/640.jpg", "photos/3f2a.jpg/versions.json", "a b/ሴ.jpg", "an avatar (1).jpg", "naïve/café/crème brûlée.webp",
            "plus+and&ampersand=equals.jpg", "tilde~dash-under_score.jpg", "double//slash.jpg", "日本語/写真.jpg", "emoji 📚.jpg",
        ]
        var requests: [[String: Any]] = []
        for (index, key) in keys.enumerated() {
            let body = index.isMultiple(of: 2) ? "photo bytes \(index)" : ""
            requests.append([
                "method": body.isEmpty ? (index % 3 == 0 ? "DELETE" : "GET") : "PUT",
                "host": index < 5 ? "127.0.0.1:8333" : "kiwi-photos.s3.eu-west-1.amazonaws.com",
                "path": index < 5 ? "/kiwi/\(key)" : "/\(key)",
                "query": [[String]](), "headers": body.isEmpty ? [String: String]() : ["Content-Type": "image/jpeg"], "body": body,
                "key": "AKIAKIWI\(index)EXAMPLE", "secret": "secret/\(index)+key",
                "token": index == 4 || index == 9 ? "session/token+\(index)==" : NSNull(),
                "region": index < 5 ? "us-east-1" : "eu-west-1",
            ])
        }
        for (index, prefix) in ["photos/", "a b/", "ሴ/", "", "x&y=z/", "naïve/", "photos/3f2a.jpg/", "emoji 📚/", "plus+", "~"].enumerated() {
            var query = [["list-type", "2"], ["prefix", prefix]]
            if index.isMultiple(of: 3) { query.append(["continuation-token", "1/abc+def=="]) }
            if index == 1 { query.append(["max-keys", "1"]) }
            requests.append([
                "method": "GET", "host": "127.0.0.1:8333", "path": "/kiwi", "query": query, "headers": [String: String](), "body": "",
                "key": "AKIAKIWILIST\(index)", "secret": "list/secret+\(index)", "token": index == 5 ? "list-token" : NSNull(), "region": "us-east-1",
            ])
        }
        let script = Fixtures.tests.appendingPathComponent("ObjectStore/botocore_signatures.py")
        let input = Scratch.url("botocore-requests.json")
        try JSONSerialization.data(withJSONObject: requests).write(to: input)
        let (status, output) = try await Program.run("/bin/sh", ["-c", "python3 '\(script.path)' < '\(input.path)'"], errors: false)
        try #require(status == 0, "botocore signed them: \(output.suffix(2_000))")
        let signed = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(signed.count == 20)
        for request in signed {
            let sent = try #require(request["sent"] as? [String: String])
            let authorization = try #require(sent["Authorization"])
            let stamp = try #require(sent["X-Amz-Date"])
            let date = try #require(Self.date(stamp))
            // The headers botocore signed, named by its Authorization, with the values it sent.
            let names = try #require(authorization.components(separatedBy: "SignedHeaders=").last?.split(separator: ",").first)
                .split(separator: ";").map(String.init)
            let headers = names.map { name in (name, sent.first { $0.key.lowercased() == name }?.value ?? "") }
            let token = request["token"] as? String
            let signer = SignatureV4(
                credentials: S3Credentials(
                    accessKeyID: try #require(request["key"] as? String),
                    secretAccessKey: try #require(request["secret"] as? String),
                    sessionToken: token
                ),
                region: try #require(request["region"] as? String)
            )
            let query = (request["query"] as? [[String]] ?? []).map { ($0[0], $0[1]) }
            let ours = signer.authorization(
                for: SignatureV4.Request(
                    method: try #require(request["method"] as? String),
                    path: try #require(request["path"] as? String),
                    query: query,
                    headers: headers,
                    payloadHash: try #require(sent["X-Amz-Content-SHA256"])
                ),
                at: date
            )
            #expect(ours == authorization, "\(request["method"] ?? "") \(request["path"] ?? "") \(query)")
            #expect(sent["X-Amz-Content-SHA256"] == Digest.sha256(try #require(request["body"] as? String)), "botocore signed the body's hash")
            if let token { #expect(names.contains("x-amz-security-token") && sent["X-Amz-Security-Token"] == token) }
        }
    }

    static func date(_ stamp: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.date(from: stamp)
    }

    @Test func aMediaStoreAddressNamesItsBucketAndKeepsNoSecret() throws {
        let store = try KiwiMediaStore(parsing: "s3://kiwi-photos/community/one/?endpoint=http://127.0.0.1:8333&region=eu-west-1&path-style=true")
        #expect(store.bucket == "kiwi-photos" && store.prefix == "community/one")
        #expect(store.endpoint.absoluteString == "http://127.0.0.1:8333" && store.region == "eu-west-1" && store.pathStyle)
        let aws = try KiwiMediaStore(parsing: "s3://kiwi-photos")
        #expect(aws.endpoint.absoluteString == "https://s3.us-east-1.amazonaws.com" && aws.region == "us-east-1" && !aws.pathStyle)

        for (address, said) in [
            ("https://kiwi-photos", "is not an s3:// address"), ("s3://", "names no bucket"),
            ("s3://kiwi?endpoint=ftp://store", "is not an http or https URL"), ("s3://kiwi?path-style=yes", "path-style must be true or false"),
            ("s3://kiwi?secret=x", "does not take"),
        ] {
            #expect(throws: ToolboxError.self, "\(address)") {
                do { _ = try KiwiMediaStore(parsing: address) } catch let error as ToolboxError {
                    #expect(error.message.contains(said), "\(error.message)")
                    throw error
                }
            }
        }
        // Keys written into the address are refused, and never repeated back.
        for address in ["s3://AKIAKIWI:hunter2secret@kiwi", "s3://kiwi?endpoint=http://AKIAKIWI:hunter2secret@127.0.0.1:8333"] {
            do {
                _ = try KiwiMediaStore(parsing: address)
                Issue.record("\(address) was taken")
            } catch let error as ToolboxError {
                #expect(error.message.contains("credentials"))
                #expect(!"\(error.message) \(error.hint)".contains("hunter2secret"))
            }
        }
    }

    @Test func credentialsComeFromTheEnvironmentOrAFileOnlyItsOwnerReads() throws {
        let found = try S3Credentials.find(environment: [
            "AWS_ACCESS_KEY_ID": "AKIAKIWIENV", "AWS_SECRET_ACCESS_KEY": "env-secret", "AWS_SESSION_TOKEN": "tok",
        ])
        #expect(found.accessKeyID == "AKIAKIWIENV" && found.secretAccessKey == "env-secret" && found.sessionToken == "tok")
        #expect("\(found)" == "AKIA…IENV", "shown masked")

        let home = Scratch.url("aws-home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".aws"), withIntermediateDirectories: true)
        let file = home.appendingPathComponent(".aws/credentials")
        try
            "[default]\naws_access_key_id = AKIADEFAULT\naws_secret_access_key = default-secret\n\n[kiwi]\naws_access_key_id=AKIAKIWI\naws_secret_access_key=kiwi-secret\n"
            .write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o644)
        do {
            _ = try S3Credentials.find(environment: ["HOME": home.path])
            Issue.record("a credentials file others may read was taken")
        } catch let error as ToolboxError {
            #expect(error.message.contains("may be read by others") && error.hint.contains("chmod 600"), "\(error.message)")
            #expect(error.exitCode == 78)
        }
        chmod(file.path, 0o600)
        #expect(try S3Credentials.find(environment: ["HOME": home.path]).accessKeyID == "AKIADEFAULT")
        #expect(try S3Credentials.find(environment: ["HOME": home.path, "AWS_PROFILE": "kiwi"]).secretAccessKey == "kiwi-secret")
        #expect(throws: ToolboxError.self) { try S3Credentials.find(environment: ["HOME": home.path, "AWS_PROFILE": "absent"]) }
        #expect(throws: ToolboxError.self) { try S3Credentials.find(environment: ["HOME": Scratch.url("no-aws").path]) }
    }

    /// What a server holds of the store in memory: within its budget, the least recently used out
    /// first (a version read again stays), manifests counted too, one too large for it never held.
    @Test func recentMediaKeepsWhatIsReadAgainWithinItsBudget() {
        let kilobyte = ByteBuffer(repeating: 1, count: 1_000)
        // A buffer counts for the memory it holds, which its allocator may round up.
        let recent = RecentMedia(budget: 8 * kilobyte.capacity)
        for name in ["a", "b", "c", "d", "e", "f", "g"] { recent.keep(kilobyte, file: "640.jpg", of: name) }
        #expect(recent.file("640.jpg", of: "a") != nil, "a, read again, is now the most recent")
        recent.keep(kilobyte, file: "640.jpg", of: "h")
        recent.keep(kilobyte, file: "640.jpg", of: "i")
        #expect(recent.file("640.jpg", of: "a") != nil && recent.file("640.jpg", of: "b") == nil, "b went first, not a")
        #expect(
            ["c", "d", "e", "f", "g", "h", "i"].filter { recent.file("640.jpg", of: $0) != nil }.count == 7,
            "eight of a kilobyte at most, a among them"
        )

        recent.keep(ByteBuffer(repeating: 2, count: kilobyte.capacity + 1), file: "full.jpg", of: "a")
        #expect(recent.file("full.jpg", of: "a") == nil, "more than an eighth of the budget is not held")

        let manifest = MediaManifest(made: Date(), files: ["640.jpg": .init(digest: "x", length: 1_000, width: 640, height: 480)])
        recent.keep(manifest, of: "a")
        #expect(recent.manifest("a")?.files.count == 1)
        recent.forget("a")
        #expect(recent.manifest("a") == nil && recent.file("640.jpg", of: "a") == nil, "forgetting a photo drops all it held")
    }
}
