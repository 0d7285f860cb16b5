import Foundation
import PluginAPI

/// Fetches a book's cover from Open Library's keyless cover service
/// (`GET <kiwi.covers_url>/b/isbn/<isbn13>-L.jpg?default=false`, which answers 404 for a book it has
/// no cover of), within a time and a size: a cover is never worth a stuck request or a huge file.
public struct CoverSource: Sendable {
    private let baseURL: URL
    private let web: WebClient
    /// The whole fetch, from asking to the last byte.
    let timeout: Duration
    /// The most bytes taken: Open Library's large covers are tens to hundreds of kilobytes.
    let maxBytes: Int

    public init(baseURL: URL, web: WebClient, timeout: Duration = .seconds(10), maxBytes: Int = 5 * 1024 * 1024) {
        self.baseURL = baseURL
        self.web = web
        self.timeout = timeout
        self.maxBytes = maxBytes
    }

    /// Why a fetch gave nothing to keep: tried again later, as the service says.
    enum Failure: Error, Equatable {
        /// Open Library has no cover of the book (its 404, or its 1 × 1 placeholder).
        case none
        case slow
        case tooLarge
        case status(Int)
        case unreachable
    }

    /// The cover's bytes, as sent (the photo pipeline decides whether they are a picture).
    func fetch(_ isbn13: String) async throws(Failure) -> Data {
        let url = baseURL.appendingPathComponent("b/isbn/\(isbn13)-L.jpg")
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { throw .unreachable }
        parts.queryItems = [URLQueryItem(name: "default", value: "false")]
        guard let address = parts.url else { throw .unreachable }
        let request = HTTPRequest(url: address, headers: ["Accept": "image/*"], namespace: "kiwi")
        let (web, maxBytes) = (self.web, self.maxBytes)
        let bytes: Data
        do {
            bytes = try await Deadline.answer(within: timeout, orThrow: Failure.slow) {
                let answer = try await web.stream(request)
                if answer.status == 404 { throw Failure.none }
                guard (200..<300).contains(answer.status) else { throw Failure.status(answer.status) }
                if let length = answer.headers["content-length"].flatMap(Int.init), length > maxBytes { throw Failure.tooLarge }
                var bytes = Data()
                for try await chunk in answer.body {
                    bytes += chunk
                    guard bytes.count <= maxBytes else { throw Failure.tooLarge }
                }
                return bytes
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unreachable
        }
        // The placeholder Open Library answers without `default=false`: a 1 × 1 GIF.
        if let size = ImageSize.declared(in: bytes), size.width <= 1 || size.height <= 1 { throw .none }
        return bytes
    }
}
