import Foundation
import Hummingbird
import KiwiWire
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
        let name = try context.username()
        _ = try await community.member(name)
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
        guard let postListCache, viewer == nil, let name = selection.cacheName else { return KiwiJSON.response(body: try await make()) }
        let key = PostListCache.Key(selection: name, page: paging.page, size: paging.size, base: links.base)
        return KiwiJSON.response(body: try await postListCache.body(for: key, make: make))
    }

    @Sendable func post(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let post = try await store.post(try context.postID(), viewer: context.caller?.username) else { throw KiwiStoreError.noSuchPost }
        return KiwiJSON.response(KiwiWire.Post(post, links: links(request)))
    }

    /// Multipart `file` (an image, checked by its first bytes), optional `caption` and `book`.
    @Sendable func createPost(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        guard KiwiForms.isMultipart(request) else { throw KiwiHTTPError.badRequest("a post is multipart/form-data with a 'file' part") }
        let upload = try await uploadForm(Upload.self, request)
        let post = try await community.createPost(by: caller, file: upload.file, caption: upload.caption, isbn13: upload.book)
        return KiwiJSON.response(KiwiWire.Post(post, links: links(request)), status: .created)
    }

    /// A multipart body holding an image.
    func uploadForm<Fields: Decodable>(_ type: Fields.Type, _ request: Request) async throws -> Fields {
        try await KiwiForms.decode(
            type,
            from: request,
            upTo: community.uploadBodyLimit,
            tooLarge: "the upload is larger than \(community.maxUploadBytes) bytes"
        )
    }

    @Sendable func deletePost(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await community.deletePost(try context.postID(), by: try context.requireCaller())
        return KiwiJSON.response(KiwiWire.Status())
    }

    @Sendable func like(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        KiwiJSON.response(KiwiWire.Likes(likes: try await store.like(try context.postID(), by: try context.requireCaller().username)))
    }

    @Sendable func unlike(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        KiwiJSON.response(KiwiWire.Likes(likes: try await store.unlike(try context.postID(), by: try context.requireCaller().username)))
    }

    @Sendable func comments(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let links = links(request)
        return KiwiJSON.response(try await store.comments(on: try context.postID()).map { KiwiWire.Comment($0, links: links) })
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
        let form = try await KiwiForms.decode(CommentForm.self, from: request, upTo: 64 * 1024)
        let caller = try context.requireCaller()
        switch form.operation {
        case "create":
            guard let postText = form.postid, let text = form.text else { throw KiwiHTTPError.badRequest("missing field 'postid' or 'text'") }
            guard let id = Int64(postText), id > 0 else { throw KiwiStoreError.noSuchPost }
            _ = try await community.comment(on: id, by: caller, text: text)
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
        if let file = community.uploads?.read(name) { return file }
        return try await store.image(name)
    }

    /// `GET /books/search?q=`: the original's shape, from a real search.
    @Sendable func searchBooks(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let query = request.uri.queryParameters.get("q") ?? ""
        return KiwiJSON.response(try await community.bookSearch { try await $0.search(query) })
    }
}
