import AsyncHTTPClient
import Foundation
import KiwiServerSettings
import NIOCore
import NIOHTTP1
import NIOPosix
import PluginAPI
import _CryptoExtras

/// What a Kiwi server asks of other servers: every request signed (servers in Mastodon's secure
/// mode and BookWyrm answer nothing else), sent only to a public address (a remote document names
/// any URL it likes: without the guard, it could make the server read its own network), and no
/// answer read past a size or a time limit.
struct FederationClient: Sendable {
    /// The largest document read: an actor or an activity is a few kilobytes (Mastodon's limit is 1 MB).
    static let maximumBytes = 1 << 20
    static let timeout = TimeAmount.seconds(10)
    /// A fetch follows at most this many redirects, each to a public address.
    static let maximumRedirects = 3
    /// The certificates trusted (`SSL_CERT_FILE` may name others than the system's), read once.
    static let trust = TrustedAuthorities.tlsConfiguration

    /// Whether loopback and private addresses may be asked (`--federation-allow-private`: tests).
    let allowsPrivate: Bool
    let userAgent: String

    /// Who signs a request: the key's id (the actor's, `#main-key`) and its private key.
    struct Signer: Sendable {
        let keyID: String
        let key: _RSA.Signing.PrivateKey
    }

    enum Failure: Error, Equatable, CustomStringConvertible {
        /// The host is, or resolves to, an address of the server's own network.
        case privateAddress(String)
        case tooLarge(String, limit: Int)
        case status(Int, String)
        case unreachable(String)
        case notAURL(String)

        var description: String {
            switch self {
            case .privateAddress(let host): "\(host) is a loopback, private or link-local address, which this server does not ask"
            case .tooLarge(let host, let limit): "\(host) answered more than \(limit / 1024) KB"
            case .status(let status, let host): "\(host) answered \(status)"
            case .unreachable(let why): why
            case .notAURL(let text): "\(text) is not an https or http URL"
            }
        }
    }

    /// The document at `url`: ActivityPub's JSON unless `accepting` asks for another type (a
    /// picture), read up to `limit` bytes.
    func get(_ url: URL, accepting: String = Federation.activityJSON, upTo limit: Int = maximumBytes, signedAs signer: Signer) async throws -> Data {
        var url = url
        for _ in 0...Self.maximumRedirects {
            let (status, headers, body) = try await send("GET", to: url, body: nil, accepting: accepting, upTo: limit, signedAs: signer)
            if (300..<400).contains(status), let location = headers.first(name: "location"), let next = URL(string: location, relativeTo: url) {
                url = next.absoluteURL
                continue
            }
            guard (200..<300).contains(status) else { throw Failure.status(status, HTTPSignatures.host(of: url)) }
            return body
        }
        throw Failure.unreachable("\(HTTPSignatures.host(of: url)) redirects more than \(Self.maximumRedirects) times")
    }

    /// Delivers `body` (an activity) to an inbox; the answer's status.
    func post(_ body: Data, to url: URL, signedAs signer: Signer) async throws -> Int {
        try await send("POST", to: url, body: body, accepting: Federation.activityJSON, upTo: Self.maximumBytes, signedAs: signer).0
    }

    private func send(
        _ method: String,
        to url: URL,
        body: Data?,
        accepting: String,
        upTo limit: Int,
        signedAs signer: Signer
    ) async throws -> (Int, HTTPHeaders, Data) {
        guard ["https", "http"].contains(url.scheme?.lowercased()), let host = url.host, !host.isEmpty else {
            throw Failure.notAURL(url.absoluteString)
        }
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout = .init(connect: .seconds(5), read: Self.timeout)
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.tlsConfiguration = Self.trust
        if !allowsPrivate {
            // The address checked is the one connected to: a name that resolves again to another
            // address between the check and the connection cannot lead the request inside.
            configuration.dnsOverride = [host: try await Self.publicAddress(of: host, port: url.port ?? (url.scheme == "http" ? 80 : 443))]
        }
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = HTTPMethod(rawValue: method)
            request.headers.add(name: "User-Agent", value: userAgent)
            request.headers.add(name: "Accept", value: accepting)
            for (name, value) in try HTTPSignatures.sign(method: method, url: url, body: body, keyID: signer.keyID, key: signer.key) {
                request.headers.replaceOrAdd(name: name, value: value)
            }
            if let body {
                request.headers.add(name: "Content-Type", value: Federation.activityJSON)
                request.body = .bytes(ByteBuffer(bytes: body))
            }
            let response = try await client.execute(request, timeout: Self.timeout)
            if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > limit {
                throw Failure.tooLarge(HTTPSignatures.host(of: url), limit: limit)
            }
            let answer: ByteBuffer
            do {
                answer = try await response.body.collect(upTo: limit)
            } catch is NIOTooManyBytesError {
                throw Failure.tooLarge(HTTPSignatures.host(of: url), limit: limit)
            }
            try await client.shutdown()
            return (Int(response.status.code), response.headers, Data(answer.readableBytesView))
        } catch {
            try? await client.shutdown()
            if error is Failure || error is CancellationError { throw error }
            throw Failure.unreachable("cannot reach \(HTTPSignatures.host(of: url)): \(Self.why(error))")
        }
    }

    /// Why a server could not be asked, in a few words (NIO's own descriptions nest errno texts).
    private static func why(_ error: any Error) -> String {
        if let failure = error as? IOError {
            return failure.errnoCode == ECONNREFUSED ? "it refuses connections" : String(cString: strerror(failure.errnoCode))
        }
        if let failure = error as? HTTPClientError, [.connectTimeout, .readTimeout, .deadlineExceeded].contains(failure) {
            return "it did not answer within \(timeout.nanoseconds / 1_000_000_000) s"
        }
        return "\(error)"
    }

    /// The address `host` resolves to, when it is on the public internet.
    static func publicAddress(of host: String, port: Int) async throws -> String {
        let address: SocketAddress
        do {
            address = try await NIOThreadPool.singleton.runIfActive { try SocketAddress.makeAddressResolvingHost(host, port: port) }
        } catch {
            throw Failure.unreachable("cannot resolve \(host)")
        }
        guard let ip = address.ipAddress, isPublic(ip) else { throw Failure.privateAddress(host) }
        return ip
    }

    /// Whether an address is outside every range that names a machine's own network: loopback,
    /// private (RFC 1918, unique local), link-local, carrier-grade NAT, unspecified, multicast and
    /// reserved.
    static func isPublic(_ address: String) -> Bool {
        !nonPublic.contains { $0.contains(address) }
    }

    private static let nonPublic = [
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24",
        "192.168.0.0/16", "198.18.0.0/15", "224.0.0.0/4", "240.0.0.0/4",
        "::/127", "fc00::/7", "fe80::/10", "ff00::/8", "64:ff9b::/96",
    ].compactMap(AddressRange.init)
}
