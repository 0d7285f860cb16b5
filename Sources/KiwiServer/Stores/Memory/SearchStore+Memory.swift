import Foundation

/// A throwaway community's search: every post, comment, book and member read through (the
/// databases have indexes; memory holds a test's few).
extension MemoryKiwiDatabase: SearchStore {
    func searchPosts(_ query: KiwiSearchQuery, offset: Int, limit: Int) -> [KiwiPost] {
        let commented = Set(comments.values.filter { query.matches([$0.text]) }.map(\.postID))
        // A caption's match ranks above a comment's, as in the databases; then the newest.
        let found = posts.values.map(\.post).compactMap { post -> (post: KiwiPost, rank: Int)? in
            if query.matches([post.caption ?? ""]) { return (post, 0) }
            return commented.contains(post.id) ? (post, 1) : nil
        }
        return Array(found.sorted { ($0.rank, -$0.post.id) < ($1.rank, -$1.post.id) }.map(\.post).dropFirst(offset).prefix(limit)).map { post in
            var post = post
            post.owner = current(post.owner)
            return post
        }
    }

    func searchBooks(_ query: KiwiSearchQuery, offset: Int, limit: Int) -> [KiwiBook] {
        let named = posts.values.sorted { $0.post.id < $1.post.id }.compactMap(\.post.book) + readings.values.map(\.book)
        let books = Dictionary(named.map { ($0.isbn13, $0) }, uniquingKeysWith: { _, newer in newer }).values
        let found = books.filter { query.matches([$0.title] + $0.authors) }.sorted { $0.isbn13 > $1.isbn13 }
        return Array(found.dropFirst(offset).prefix(limit))
    }

    func searchMembers(_ query: KiwiSearchQuery, offset: Int, limit: Int) -> [KiwiUser] {
        let found = members.values.filter { !$0.pending && query.matches([$0.user.username, $0.user.fullName ?? ""]) }.map(\.user)
        return Array(found.sorted { $0.username < $1.username }.dropFirst(offset).prefix(limit))
    }
}
