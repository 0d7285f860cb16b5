import Foundation
import Hummingbird
import MultipartKit
import PluginAPI

extension KiwiController {
    /// The parts of `POST /posts`.
    struct Upload: Decodable {
        var file: Data?
        var caption: String?
        /// The ISBN-13 of the book the reflection is about (our extension).
        var book: String?
    }

    @Sendable func posts(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await page(.everyone, request, context)
    }

    @Sendable func feed(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await page(.feed(of: try context.requireCaller().username), request, context)
    }

    @Sendable func userPosts(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let name = try username(context)
        guard try await store.user(name) != nil else { throw KiwiStoreError.noSuchUser }
        return try await page(.author(name), request, context)
    }

    private func page(_ selection: PostSelection, _ request: Request, _ context: KiwiRequestContext) async throws -> Response {
        let paging = try paging(request)
        let links = links(request)
        let viewer = context.caller?.username
        let make = {
            KiwiJSON.body(
                try await store.posts(selection, page: paging.page, pageSize: paging.size, viewer: viewer).map { KiwiWire.Post($0, links: links) }
            )
        }
        // A logged-in reader's page says which posts they liked: it is made for them alone.
        guard let pages, viewer == nil, let name = selection.cacheName else { return KiwiJSON.response(body: try await make()) }
        let key = PageCache.Key(selection: name, page: paging.page, size: paging.size, base: links.base)
        return KiwiJSON.response(body: try await pages.body(for: key, make: make))
    }

    @Sendable func post(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let post = try await store.post(try postID(context), viewer: context.caller?.username) else { throw KiwiStoreError.noSuchPost }
        return KiwiJSON.response(KiwiWire.Post(post, links: links(request)))
    }

    /// Multipart `file` (an image, checked by its first bytes) and optional `caption`.
    /// With an uploads folder the image is on disk before the post exists, and removed if the
    /// post cannot be stored; without one the store writes both in one transaction.
    @Sendable func createPost(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        guard let contentType = request.headers[.contentType], contentType.lowercased().hasPrefix("multipart/form-data"),
            let boundary = Self.boundary(contentType)
        else { throw KiwiHTTPError.badRequest("a post is multipart/form-data with a 'file' part") }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: maxUploadBytes + 64 * 1024)
        } catch {
            throw KiwiHTTPError(.contentTooLarge, "the upload is larger than \(maxUploadBytes) bytes")
        }
        let upload: Upload
        do {
            upload = try FormDataDecoder().decode(Upload.self, from: body, boundary: boundary)
        } catch {
            throw KiwiHTTPError.badRequest("the multipart body cannot be read")
        }
        guard let file = upload.file, !file.isEmpty else { throw KiwiHTTPError.badRequest("missing field 'file'") }
        guard file.count <= maxUploadBytes else { throw KiwiHTTPError(.contentTooLarge, "the image is larger than \(maxUploadBytes) bytes") }
        guard let kind = ImageSignature.kind(of: file) else {
            throw KiwiHTTPError(.unsupportedMediaType, "the file is not a JPEG, PNG, GIF, WebP or HEIC image")
        }
        let caption = upload.caption.flatMap { $0.isEmpty ? nil : $0 }
        if let problem = caption.flatMap({ KiwiLimits.textProblem($0, field: "caption", limit: KiwiLimits.caption) }) {
            throw KiwiHTTPError.badRequest(problem)
        }
        // The book is found before anything is stored, so a wrong ISBN leaves nothing behind.
        var book: KiwiBook?
        if let isbn13 = upload.book, !isbn13.isEmpty { book = try await findBook(isbn13) }
        let image = StoredImage(file, kind: kind)
        try uploads?.store(image)
        do {
            let post = try await store.createPost(
                owner: caller.username,
                image: uploads == nil ? .stored(image) : .file(image.name),
                caption: caption,
                book: book
            )
            if measuresUploads { KiwiMetrics.uploadBytes.increment(by: file.count) }
            return KiwiJSON.response(KiwiWire.Post(post, links: links(request)), status: .created)
        } catch {
            uploads?.remove(image.name)
            throw error
        }
    }

    static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(\.trimmed)
            if pair.count == 2, pair[0].lowercased() == "boundary" { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return nil
    }

    @Sendable func deletePost(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let image = try await store.deletePost(try postID(context), by: caller.username)
        uploads?.remove(image)
        return KiwiJSON.response(KiwiWire.Status())
    }

    @Sendable func like(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        KiwiJSON.response(KiwiWire.Likes(likes: try await store.like(try postID(context), by: try context.requireCaller().username)))
    }

    @Sendable func unlike(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        KiwiJSON.response(KiwiWire.Likes(likes: try await store.unlike(try postID(context), by: try context.requireCaller().username)))
    }

    @Sendable func comments(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let links = links(request)
        return KiwiJSON.response(try await store.comments(on: try postID(context)).map { KiwiWire.Comment($0, links: links) })
    }

    /// The fields of `POST /comments`, from a URL-encoded or a multipart body (the original reads either).
    struct CommentForm: Decodable {
        var operation: String?
        var postid: String?
        var text: String?
        var commentid: String?
    }

    /// `operation=create, postid, text` or `operation=delete, commentid`.
    @Sendable func commentOperation(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        var request = request
        let contentType = request.headers[.contentType] ?? ""
        let body = try await request.collectBody(upTo: 64 * 1024)
        let form: CommentForm
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            guard let boundary = Self.boundary(contentType),
                let fields = try? FormDataDecoder().decode(CommentForm.self, from: body, boundary: boundary)
            else {
                throw KiwiHTTPError.badRequest("the multipart body cannot be read")
            }
            form = fields
        } else {
            let fields = Self.form(String(buffer: body))
            form = CommentForm(operation: fields["operation"], postid: fields["postid"], text: fields["text"], commentid: fields["commentid"])
        }
        let caller = try context.requireCaller()
        switch form.operation {
        case "create":
            guard let postText = form.postid, let text = form.text else { throw KiwiHTTPError.badRequest("missing field 'postid' or 'text'") }
            guard let id = Int64(postText), id > 0 else { throw KiwiStoreError.noSuchPost }
            let trimmed = text.trimmed
            guard !trimmed.isEmpty else { throw KiwiHTTPError.badRequest("the comment is empty") }
            if let problem = KiwiLimits.textProblem(text, field: "comment", limit: KiwiLimits.comment) { throw KiwiHTTPError.badRequest(problem) }
            _ = try await store.addComment(on: id, by: caller.username, text: text)
        case "delete":
            guard let idText = form.commentid else { throw KiwiHTTPError.badRequest("missing field 'commentid'") }
            guard let id = Int64(idText) else { throw KiwiStoreError.noSuchComment }
            try await store.deleteComment(id, by: caller.username)
        case nil:
            throw KiwiHTTPError.badRequest("missing field 'operation'")
        default:
            throw KiwiHTTPError.badRequest("unknown operation")
        }
        return KiwiJSON.response(KiwiWire.Status())
    }

    /// `application/x-www-form-urlencoded` fields.
    static func form(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            if let name = parts.first { fields[name] = parts.count > 1 ? parts[1] : "" }
        }
        return fields
    }

    /// The stored bytes (from the uploads folder, else the store), to logged-in callers only;
    /// a name outside the folder is 404.
    @Sendable func upload(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let name = try context.parameters.require("file")
        if name == DefaultAvatar.name {
            // Nobody's data: public, and the same for everyone.
            return Response(
                status: .ok,
                headers: [.contentType: "image/png", .cacheControl: "public, max-age=86400"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: DefaultAvatar.png))
            )
        }
        _ = try context.requireCaller()
        guard UploadFolder.isPlainName(name), let image = try await image(name) else { throw KiwiHTTPError(.notFound, "no such upload") }
        // An upload never changes (a new photo gets a new name): the browser keeps it, and
        // asks again only with its digest, answered 304 without the bytes.
        var headers: HTTPFields = [.eTag: "\"\(image.digest)\"", .cacheControl: "private, max-age=31536000, immutable"]
        if let asked = request.headers[.ifNoneMatch], asked.split(separator: ",").contains(where: { $0.trimmed == headers[.eTag] ?? "" }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = image.contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }

    /// An image from the uploads folder, else from the store (where PostgreSQL keeps them, and `kiwi migrate` puts them).
    private func image(_ name: String) async throws -> StoredImage? {
        if let file = uploads?.read(name) { return file }
        return try await store.image(name)
    }

    /// `GET /books/search?q=`: the original's shape, from a real search.
    @Sendable func searchBooks(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let query = request.uri.queryParameters.get("q") ?? ""
        return KiwiJSON.response(try await bookSearch { try await $0.search(query) })
    }

    /// The book an ISBN-13 names; 400 for anything else.
    func findBook(_ isbn13: String) async throws -> KiwiBook {
        guard BookSearch.isISBN13(isbn13) else { throw KiwiHTTPError.badRequest("book must be an ISBN-13: 13 digits") }
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
