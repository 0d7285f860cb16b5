import Foundation
import KiwiWire

/// Finding what the community wrote: posts (by caption or comment), books (by title or author)
/// and members (by name), each from its database's own full-text search, ranked, a page at a
/// time. A page is named by where it starts (`cursor`, opaque to clients), as Mastodon's search is.
struct Search: Sendable {
    let store: any SearchStore & PostStore
    /// What a reader keeps away is found by nobody's search of theirs.
    let blocks: Blocks
    /// Nothing of a silenced or suspended member is found.
    let standings: Standings

    enum Kind: String, Sendable, CaseIterable {
        case posts, books, members
    }

    /// What a search asks: its words, of which kind, and which page.
    struct Request: Sendable {
        var query: KiwiSearchQuery
        var kind: Kind
        var offset: Int
        var limit: Int

        static let limits = 1...50
        static let defaultLimit = 20
        /// How deep pages go: past it, the search wants more words.
        static let deepest = 1_000

        /// From a request's `q`, `type`, `limit` and `cursor`; `invalid` for what cannot be asked.
        init(q: String?, type: String?, limit: String?, cursor: String?) throws {
            let text = q?.trimmed ?? ""
            guard text.count <= KiwiSearchQuery.longest else {
                throw KiwiProblem.invalid("a search is at most \(KiwiSearchQuery.longest) characters")
            }
            query = KiwiSearchQuery(text)
            guard let kind = Kind(rawValue: type ?? Kind.posts.rawValue) else { throw KiwiProblem.invalid("type must be posts, books or members") }
            self.kind = kind
            if let limit {
                guard let number = Int(limit), Self.limits.contains(number) else {
                    throw KiwiProblem.invalid("limit must be a whole number from 1 to 50")
                }
                self.limit = number
            } else {
                self.limit = Self.defaultLimit
            }
            if let cursor {
                guard let start = Self.offset(cursor), (0...Self.deepest).contains(start) else {
                    throw KiwiProblem.invalid("cursor is not one this server gave; start the search again")
                }
                offset = start
            } else {
                offset = 0
            }
        }

        /// The next page's cursor after a page of `found`; nil when that page was the last.
        func next(after found: Int) -> String? {
            guard found >= limit, offset + limit <= Self.deepest else { return nil }
            return Self.cursor(offset + limit)
        }

        /// A page's start as a cursor: `o40` in base64url, which a client passes back as it is.
        static func cursor(_ offset: Int) -> String {
            Data("o\(offset)".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
        }

        static func offset(_ cursor: String) -> Int? {
            var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
            guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8), text.hasPrefix("o") else { return nil }
            return Int(text.dropFirst())
        }
    }

    func posts(_ request: Request) async throws -> [KiwiPost] {
        guard !request.query.isEmpty else { return [] }
        return try await store.searchPosts(request.query, offset: request.offset, limit: request.limit)
    }

    func books(_ request: Request) async throws -> [KiwiBook] {
        guard !request.query.isEmpty else { return [] }
        return try await store.searchBooks(request.query, offset: request.offset, limit: request.limit)
    }

    /// The members found, but those a block stands between `reader` and; and how many the search
    /// found (what the next page's cursor counts).
    func members(_ request: Request, for reader: String?) async throws -> (shown: [KiwiUser], found: Int) {
        guard !request.query.isEmpty else { return ([], 0) }
        let found = try await store.searchMembers(request.query, offset: request.offset, limit: request.limit)
        let kept = try await blocks.keptAway(for: reader)
        let standings = try await standings.current()
        return (found.filter { !kept.blocks($0.username) && !standings.keepsOffPublicLists($0.username) }, found.count)
    }

    /// The posts as `reader` sees them: with their own likes, without those of members they keep
    /// away; and how many the search found.
    func posts(_ request: Request, for reader: String?) async throws -> (shown: [KiwiPost], found: Int) {
        let found = try await posts(request)
        let standings = try await standings.current()
        let listed = standings.isEmpty ? found : found.filter { !standings.keepsOffPublicLists($0.owner.username) }
        guard let reader, !listed.isEmpty else { return (listed, found.count) }
        let kept = try await blocks.keptAway(for: reader)
        let now = Date()
        let shown = listed.filter { !kept.hides($0.owner.username, at: now) }
        let liked = try await store.liked(by: reader, among: shown.map(\.id))
        let posts = shown.map { post in
            var post = post
            post.likedByMe = liked.contains(post.id)
            return post
        }
        return (posts, found.count)
    }
}
