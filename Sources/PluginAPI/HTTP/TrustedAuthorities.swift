import Foundation
import NIOSSL

/// The certificate authorities toolbox's requests trust: the system's, or those in the file
/// `SSL_CERT_FILE` names, as OpenSSL's own tools (curl, Python) read it. That is how a server whose
/// certificate comes from a private authority (a company's, a test's) is trusted, by the client
/// and by a Kiwi server asking others of the fediverse.
public enum TrustedAuthorities {
    public static var tlsConfiguration: TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let file = ProcessInfo.processInfo.environment["SSL_CERT_FILE"], !file.isEmpty { tls.trustRoots = .file(file) }
        return tls
    }
}
