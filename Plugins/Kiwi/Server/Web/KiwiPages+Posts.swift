import Foundation
import Hummingbird
import PluginAPI

extension KiwiPages {
    /// `/`: everyone's posts, newest first, or (`?following=1`) the reader's and those they follow.
    @Sendable func feed(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let viewer = viewer(request, context)
        let page = try pageNumber(request)
        // Following is a logged-in reader's tab; a guest asking for it sees everyone's.
        let follower = request.uri.queryParameters.get("following") == "1" ? viewer?.username : nil
        let following = follower != nil
        let selection = follower.map { PostSelection.feed(of: $0) } ?? .everyone
        let links = links(request)
        let posts = try await store.posts(selection, page: page, pageSize: Self.pageSize, viewer: viewer?.username)
        let query = following ? "following=1" : nil
        let content = FeedPage(
            posts: posts.map { PageCard($0, links: links, guest: viewer == nil) },
            following: following,
            olderURL: try await hasMore(selection, after: page, size: Self.pageSize) ? Self.pageURL("/", query, page: page + 1) : nil,
            newerURL: page == 0 ? nil : Self.pageURL("/", query, page: page - 1),
            here: Self.pageURL("/", query, page: page)
        )
        return render("feed", title: following ? "Following" : "Everyone", content, viewer: viewer)
    }

    /// Whether a page after `page` has posts: one post looked up, not a whole page.
    func hasMore(_ selection: PostSelection, after page: Int, size: Int) async throws -> Bool {
        try await !store.posts(selection, page: (page + 1) * size, pageSize: 1, viewer: nil).isEmpty
    }

    /// `/p/<id>`: the photo, its caption and its comments, oldest first.
    @Sendable func post(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await postPage(request, context, message: nil, text: "", status: .ok)
    }

    /// The post's page, shown again with what went wrong when a comment was refused.
    func postPage(
        _ request: Request,
        _ context: KiwiRequestContext,
        message: String?,
        text: String,
        status: HTTPResponse.Status
    ) async throws -> Response {
        let viewer = viewer(request, context)
        let id = try context.postID()
        guard let post = try await store.post(id, viewer: viewer?.username) else { throw KiwiStoreError.noSuchPost }
        let links = links(request)
        let comments = try await store.comments(on: id).map { comment in
            PageComment(
                id: comment.id,
                author: PageAuthor(comment.owner, links: links, guest: viewer == nil),
                text: comment.text,
                ago: RelativeTime.ago(Date().timeIntervalSince(comment.createdAt)),
                time: isoTime(comment.createdAt),
                deleteURL: comment.owner.username == viewer?.username ? "/p/\(id)/comments/\(comment.id)/delete" : nil
            )
        }
        let card = PageCard(post, links: links, guest: viewer == nil)
        let content = PostPage(
            post: card,
            comments: comments,
            mine: post.owner.username == viewer?.username,
            message: message,
            text: text,
            here: card.url
        )
        let title = post.caption.map { String($0.prefix(60)) } ?? "Photo by \(card.author.displayName)"
        return render("post", title: title, content, viewer: viewer, status: status)
    }

    @Sendable func like(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let id = try context.postID()
        _ = try await store.like(id, by: try member(request, context, form).username)
        return redirect(Self.localPath(form.next, default: "/p/\(id)"))
    }

    @Sendable func unlike(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let id = try context.postID()
        _ = try await store.unlike(id, by: try member(request, context, form).username)
        return redirect(Self.localPath(form.next, default: "/p/\(id)"))
    }

    /// Field `text`; a refused comment shows the post again with the message and the text kept.
    @Sendable func comment(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let caller = try member(request, context, form)
        let id = try context.postID()
        let text = form.text ?? ""
        do {
            let comment = try await community.comment(on: id, by: caller, text: text)
            return redirect("/p/\(id)#c\(comment.id)")
        } catch let error as KiwiHTTPError {
            return try await postPage(request, context, message: Self.sentence(error.message), text: text, status: error.status)
        }
    }

    @Sendable func deleteComment(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let caller = try member(request, context, form)
        let id = try context.postID()
        guard let comment = context.parameters.get("comment", as: Int64.self) else { throw KiwiStoreError.noSuchComment }
        try await store.deleteComment(comment, by: caller.username)
        return redirect("/p/\(id)#comments")
    }

    /// Deleting a post asks first: the photo, its likes and its comments go for good.
    @Sendable func confirmDelete(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let viewer = viewer(request, context) else { return logInFirst(request) }
        let id = try context.postID()
        guard let post = try await store.post(id, viewer: nil) else { throw KiwiStoreError.noSuchPost }
        guard post.owner.username == viewer.username else { throw KiwiHTTPError.notOwner }
        let content = ConfirmPage(
            question: "Delete this post, with its likes and comments?",
            action: "/p/\(id)/delete",
            button: "Delete post",
            cancelURL: "/p/\(id)"
        )
        return render("confirm", title: "Delete post", content, viewer: viewer)
    }

    @Sendable func deletePost(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let caller = try member(request, context, form)
        try await community.deletePost(try context.postID(), by: caller)
        return redirect("/@\(caller.username)")
    }

    @Sendable func newPostForm(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let viewer = viewer(request, context) else { return logInFirst(request) }
        return render("new", title: "New post", NewPostForm(limit: uploadLimit), viewer: viewer)
    }

    /// Multipart `file` and `caption`, checked as the API checks them; a refused photo shows the
    /// form again with the message, and nothing is stored.
    @Sendable func createPost(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        var shown = NewPostForm(limit: uploadLimit)
        do {
            let form = try await form(request, upload: true)
            shown.caption = form.caption ?? ""
            let caller = try member(request, context, form)
            let post = try await community.createPost(by: caller, file: form.file, caption: form.caption, isbn13: nil)
            return redirect("/p/\(post.id)")
        } catch let error as KiwiHTTPError where error.status != .forbidden {
            shown.message = Self.uploadProblem(error)
            return render("new", title: "New post", shown, viewer: viewer(request, context), status: error.status)
        }
    }

    /// The API's words for a refused upload, said for a person choosing a file.
    static func uploadProblem(_ error: KiwiHTTPError) -> String {
        switch error.status {
        case .unsupportedMediaType: "That file is not a photo Kiwi can show: choose a JPEG, PNG, GIF, WebP or HEIC image."
        case .badRequest where error.message == KiwiHTTPError.missingFile.message: "Choose a photo to post."
        default: sentence(error.message)
        }
    }
}
