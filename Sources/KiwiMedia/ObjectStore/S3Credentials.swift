import Foundation
import PluginAPI

/// The keys an object store is asked with, found where every AWS tool looks: the environment
/// (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), else the shared credentials
/// file (`AWS_SHARED_CREDENTIALS_FILE`, else `~/.aws/credentials`; the profile `AWS_PROFILE`, else
/// `default`), which must be readable by its owner only. Never in a URL; shown masked.
public struct S3Credentials: Sendable, CustomStringConvertible {
    public let accessKeyID: String
    public let secretAccessKey: String
    public let sessionToken: String?

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// `AKIA…TEST`: enough to tell keys apart in a log, never the secret.
    public var description: String { "\(accessKeyID.prefix(4))…\(accessKeyID.suffix(4))" }

    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> S3Credentials {
        let given = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let id = given("AWS_ACCESS_KEY_ID") {
            guard let secret = given("AWS_SECRET_ACCESS_KEY") else {
                throw ToolboxError(
                    .configuration,
                    "AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not",
                    hint: "set both for the media store, or neither to use the credentials file"
                )
            }
            return S3Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: given("AWS_SESSION_TOKEN"))
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let path = given("AWS_SHARED_CREDENTIALS_FILE") ?? "\(home)/.aws/credentials"
        let profile = given("AWS_PROFILE") ?? "default"
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ToolboxError(
                .configuration,
                "no credentials for the media store",
                hint: "set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or write them to \(path) (mode 0600)"
            )
        }
        guard status.st_mode & 0o077 == 0 else {
            throw ToolboxError(
                .configuration,
                "\(path) may be read by others (mode \(String(status.st_mode & 0o777, radix: 8)))",
                hint: "chmod 600 \(path): it holds the media store's secret key"
            )
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let values = Self.section(profile, of: text)
        guard let id = values["aws_access_key_id"], let secret = values["aws_secret_access_key"] else {
            throw ToolboxError(
                .configuration,
                "\(path) has no aws_access_key_id and aws_secret_access_key under [\(profile)]",
                hint: "add both under [\(profile)], or set AWS_PROFILE to the profile that has them"
            )
        }
        return S3Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: values["aws_session_token"])
    }

    /// The `name = value` lines of an INI file's `[profile]`.
    static func section(_ profile: String, of text: String) -> [String: String] {
        var values: [String: String] = [:]
        var inside = false
        for line in text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("[") {
                inside = line == "[\(profile)]"
            } else if inside, !line.hasPrefix("#"), !line.hasPrefix(";"), let equals = line.firstIndex(of: "=") {
                values[line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()] = line[line.index(after: equals)...]
                    .trimmingCharacters(in: .whitespaces)
            }
        }
        return values
    }
}
