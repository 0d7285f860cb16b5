import Foundation
import HummingbirdBcrypt
import KiwiWire
import PluginAPI

/// What members do, with every rule the community keeps. The JSON API and the web pages
/// both call these, so each rule is written once. Failures are `KiwiHTTPError`s (the API
/// answers them as JSON, a page shows the message on its form) or `KiwiStoreError`s.
struct KiwiCommunity: Sendable {
    let store: any KiwiStore
    /// Where new images go; nil: into the store, beside the posts.
    let uploads: UploadFolder?
    let maxUploadBytes: Int
    /// Kept low in tests only; production uses at least 10.
    let bcryptCost: UInt8
    let books: BookSearch?
    /// Counts upload bytes for `/metrics` (`--metrics`).
    let measuresUploads: Bool
    var throttle: LoginThrottle { LoginThrottle(store: store) }

    // MARK: members and sessions

    func signUp(username: String, password: String, fullName: String?, email: String?) async throws -> KiwiUser {
        if let problem = KiwiLimits.usernameProblem(username) { throw KiwiHTTPError.badRequest(problem) }
        guard !password.isEmpty, password.count <= 72 else { throw KiwiHTTPError.badRequest("password must be 1 to 72 characters") }
        try Self.checkProfile(fullName: fullName, email: email)
        let user = KiwiUser(username: username, fullName: fullName, email: email, avatar: nil, createdAt: Date())
        let cost = bcryptCost
        let hash = await Task.detached { Bcrypt.hash(password, cost: cost) }.value
        try await store.createUser(user, passwordHash: hash)
        return user
    }

    /// A new session's token; five failures within 15 minutes and the username waits (429).
    func logIn(username: String, password: String) async throws -> (token: String, user: KiwiUser) {
        if let seconds = try await throttle.wait(for: username) {
            throw KiwiHTTPError(.tooManyRequests, "too many failed logins; try again in \(seconds) s")
        }
        guard let hash = try await store.passwordHash(of: username),
            await Task.detached(operation: { Bcrypt.verify(password, hash: hash) }).value,
            let user = try await store.user(username)
        else {
            try await throttle.failed(username)
            throw KiwiHTTPError(.forbidden, "wrong username or password", code: "wrong_credentials")
        }
        try await throttle.succeeded(username)
        return (try await openSession(for: user), user)
    }

    /// A new session for a member whose password was just checked or set; answers its token.
    func openSession(for user: KiwiUser) async throws -> String {
        let token = KiwiTokens.make()
        try await store.createSession(tokenHash: KiwiTokens.hash(token), username: user.username)
        return token
    }

    /// The caller's own profile (whose it may be is the route's question: `requireOwner`).
    func updateProfile(of caller: KiwiUser, fullName: String?, email: String?) async throws -> KiwiUser {
        try Self.checkProfile(fullName: fullName, email: email)
        return try await store.updateUser(caller.username, fullName: fullName, email: email)
    }

    /// The caller's new avatar: an image, checked as a post's photo is.
    func setAvatar(of caller: KiwiUser, file: Data?) async throws -> KiwiUser {
        let image = try checkedImage(file)
        let (user, replaced) = try await keep(image) { try await store.setAvatar(caller.username, image: $0) }
        if let replaced { uploads?.remove(replaced) }
        return user
    }

    /// The member of that name: the one place where nobody by that name becomes "no such user".
    func member(_ username: String) async throws -> KiwiUser {
        guard let user = try await store.user(username) else { throw KiwiStoreError.noSuchUser }
        return user
    }

    /// 404 for nobody by that name, 403 for anyone but that member.
    func requireOwner(_ username: String, _ caller: KiwiUser) async throws {
        _ = try await member(username)
        guard caller.username == username else { throw KiwiHTTPError.notOwner }
    }

    static func checkProfile(fullName: String?, email: String?) throws {
        if let problem = fullName.flatMap({ KiwiLimits.textProblem($0, field: "fullname", limit: KiwiLimits.fullName) })
            ?? email.flatMap({ KiwiLimits.textProblem($0, field: "email", limit: KiwiLimits.email) })
        {
            throw KiwiHTTPError.badRequest(problem)
        }
    }

    func follow(_ username: String, by caller: KiwiUser) async throws {
        guard username != caller.username else { throw KiwiHTTPError.badRequest("you cannot follow yourself") }
        try await store.follow(username, by: caller.username)
    }

    func unfollow(_ username: String, by caller: KiwiUser) async throws {
        try await store.unfollow(username, by: caller.username)
    }

    // MARK: posts, likes and comments

    /// A post of `file` (an image, checked by its first bytes), with an optional caption and book.
    /// Nothing is stored when any of it is refused.
    func createPost(by caller: KiwiUser, file: Data?, caption: String?, isbn13: String?) async throws -> KiwiPost {
        let image = try checkedImage(file)
        let caption = caption.flatMap { $0.isEmpty ? nil : $0 }
        if let problem = caption.flatMap({ KiwiLimits.textProblem($0, field: "caption", limit: KiwiLimits.caption) }) {
            throw KiwiHTTPError.badRequest(problem)
        }
        // The book is found before anything is stored, so a wrong ISBN leaves nothing behind.
        var book: KiwiBook?
        if let isbn13, !isbn13.isEmpty { book = try await findBook(isbn13) }
        let post = try await keep(image) { try await store.createPost(owner: caller.username, image: $0, caption: caption, book: book) }
        if measuresUploads { KiwiMetrics.uploadBytes.increment(by: image.bytes.count) }
        return post
    }

    /// An image up to the limit, with room for a form's other parts.
    var uploadBodyLimit: Int { maxUploadBytes + 64 * 1024 }

    func deletePost(_ id: Int64, by caller: KiwiUser) async throws {
        let image = try await store.deletePost(id, by: caller.username)
        uploads?.remove(image)
    }

    func comment(on id: Int64, by caller: KiwiUser, text: String) async throws -> KiwiComment {
        guard !text.trimmed.isEmpty else { throw KiwiHTTPError.badRequest("the comment is empty") }
        if let problem = KiwiLimits.textProblem(text, field: "comment", limit: KiwiLimits.comment) { throw KiwiHTTPError.badRequest(problem) }
        return try await store.addComment(on: id, by: caller.username, text: text)
    }

    // MARK: images

    /// The upload's bytes as an image to keep; too large is 413, not an image 415.
    private func checkedImage(_ file: Data?) throws -> StoredImage {
        guard let file, !file.isEmpty else { throw KiwiHTTPError.missingFile }
        guard file.count <= maxUploadBytes else { throw KiwiHTTPError(.contentTooLarge, "the image is larger than \(maxUploadBytes) bytes") }
        guard let kind = ImageSignature.kind(of: file) else {
            throw KiwiHTTPError(.unsupportedMediaType, "the file is not a JPEG, PNG, GIF, WebP or HEIC image")
        }
        return StoredImage(file, kind: kind)
    }

    /// Writes with `image` kept: with an uploads folder the file is on disk before the write and
    /// removed if the write fails; without one the store keeps the bytes in the write's transaction.
    private func keep<Result>(_ image: StoredImage, _ write: (PostImage) async throws -> Result) async throws -> Result {
        try uploads?.store(image)
        do {
            return try await write(uploads == nil ? .stored(image) : .file(image.name))
        } catch {
            uploads?.remove(image.name)
            throw error
        }
    }

    // MARK: books

    /// The book an ISBN-13 names; 400 for anything else.
    func findBook(_ isbn13: String) async throws -> KiwiBook {
        guard KiwiWire.Book.isISBN13(isbn13) else { throw KiwiHTTPError.badRequest("book must be an ISBN-13: 13 digits") }
        guard let book = try await bookSearch({ try await $0.book(isbn13: isbn13) }) else {
            throw KiwiHTTPError.badRequest("no book has the ISBN-13 \(isbn13)")
        }
        return book
    }

    /// Runs a look-up in the book search; a search that cannot answer is 502 (503 when there is none).
    func bookSearch<Answer>(_ lookUp: (BookSearch) async throws -> Answer) async throws -> Answer {
        guard let books else { throw KiwiHTTPError(.serviceUnavailable, "this server has no book search", code: "no_book_search") }
        do {
            return try await lookUp(books)
        } catch let error as ToolboxError {
            throw KiwiHTTPError(.badGateway, "the book search cannot answer right now: \(error.message)", code: "bad_gateway")
        }
    }
}
