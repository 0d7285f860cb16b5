import Foundation
import Hummingbird
import KiwiWire
import PluginAPI

extension KiwiPages {
    /// `/`: everyone's posts, newest first, or (`?following=1`) the reader's and those they follow.
    @Sendable func feed(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let viewer = try await viewer(request, context)
        let window = try listWindow(request, size: Self.pageSize)
        // Following is a logged-in reader's tab; a guest asking for it sees everyone's.
        let follower = request.uri.queryParameters.get("following") == "1" ? viewer?.username : nil
        let following = follower != nil
        let selection = follower.map { KiwiPostList.feed(of: $0) } ?? .everyone
        let links = links(request, context)
        let posts =
            if let viewer {
                try await community.posts.page(selection, window, for: viewer.username)
            } else {
                try await community.posts.sharedPage(selection, window).posts
            }
        let query = following ? "following=1" : nil
        var here = window
        here.limit -= 1
        let content = FeedPage(
            posts: window.shown(posts).map { PageCard($0, links: links, guest: viewer == nil) },
            following: following,
            live: viewer != nil && !window.byKey && window.offset == 0,
            pager: Pager("/", query: query, window, posts, key: \.id, of: "posts"),
            here: Self.listURL("/", query, here.byKey ? here : nil)
        )
        return render("feed", title: following ? "Following" : "Everyone", content, viewer: viewer)
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
        spoiler: String = "",
        status: HTTPResponse.Status
    ) async throws -> Response {
        let viewer = try await viewer(request, context)
        let id = try context.postID()
        let post = try await community.posts.post(id, viewer: viewer?.username)
        let links = links(request, context)
        let comments = try await community.posts.comments(
            on: id,
            ListWindow(limit: KiwiLimits.wholeList.upperBound, oldestFirst: true),
            for: viewer?.username
        ).map {
            comment in
            PageComment(
                id: comment.id,
                author: PageAuthor(comment.owner, links: links, guest: viewer == nil),
                text: comment.text,
                warned: comment.spoiler != nil,
                spoiler: comment.spoiler ?? "",
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
            commentSpoiler: spoiler,
            here: card.url
        )
        // A warned post's caption stays out of the title, which tabs, history and shares show.
        let title =
            post.spoiler.map { "Spoiler: \($0.prefix(60))" } ?? post.caption.map { String($0.prefix(60)) } ?? "Photo by \(card.author.displayName)"
        return render("post", title: title, content, viewer: viewer, status: status)
    }

    @Sendable func like(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let id = try context.postID()
        _ = try await community.posts.like(id, by: try member(request, context, form), from: context.clientAddress)
        return redirect(Self.localPath(form.next, default: "/p/\(id)"))
    }

    @Sendable func unlike(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let id = try context.postID()
        _ = try await community.posts.unlike(id, by: try member(request, context, form), from: context.clientAddress)
        return redirect(Self.localPath(form.next, default: "/p/\(id)"))
    }

    /// Fields `text` and `spoiler`; a refused comment shows the post again with the message and
    /// what was typed kept.
    @Sendable func comment(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let caller = try member(request, context, form)
        let id = try context.postID()
        let text = form.text ?? ""
        do {
            let answer = try await community.posts.comment(
                on: id,
                by: caller,
                text: text,
                spoiler: form.spoiler,
                key: nil,
                from: context.clientAddress
            ) {
                comment in Self.kept(redirectTo: "/p/\(id)#c\(comment.id)")
            }
            return redirect(Self.location(answer))
        } catch let problem as KiwiProblem where problem.shownOnForm {
            return try await postPage(
                request,
                context,
                message: problem.sentence,
                text: text,
                spoiler: form.spoiler ?? "",
                status: problem.answer.status
            )
        }
    }

    @Sendable func deleteComment(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let caller = try member(request, context, form)
        let id = try context.postID()
        guard let comment = context.parameters.get("comment", as: Int64.self) else { throw KiwiProblem.noSuchComment }
        try await community.posts.uncomment(comment, by: caller)
        return redirect("/p/\(id)#comments")
    }

    /// Deleting a post asks first: the photo, its likes and its comments go for good.
    @Sendable func confirmDelete(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let viewer = try await viewer(request, context) else { return logInFirst(request) }
        let id = try context.postID()
        let post = try await community.posts.post(id, viewer: nil)
        guard post.owner.username == viewer.username else { throw KiwiProblem.notOwner }
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
        try await community.posts.delete(try context.postID(), by: caller)
        return redirect("/@\(caller.username)")
    }

    /// `?book=ISBN` fills the book in; `?q=words` finds books first (a form of its own, before the
    /// photo is chosen, so that choosing one loses nothing), each a link that fills it in.
    @Sendable func newPostForm(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let viewer = try await viewer(request, context) else { return logInFirst(request) }
        var shown = NewPostForm(limit: uploadLimit)
        // As a form sends it (a space as `+`), which the URI's own parameters do not read.
        let query = (try? URLEncodedFormDecoder().decode(NewPostQuery.self, from: request.uri.query ?? "")) ?? NewPostQuery()
        shown.book = query.book ?? ""
        if let words = query.q, !words.trimmed.isEmpty {
            shown.query = words
            do {
                shown.matches = try await community.books.find(words).compactMap { book in
                    book.isbn13.map { PageBookMatch(byline: PageBook.byline(book.title, book.authors ?? []), isbn13: $0) }
                }
                if shown.matches.isEmpty { shown.message = "No book with an ISBN-13 matches “\(words)”." }
            } catch let problem as KiwiProblem where problem.shownOnForm {
                shown.message = problem.sentence
            }
        }
        return render("new", title: "New post", shown, viewer: viewer)
    }

    struct NewPostQuery: Decodable {
        var book: String?
        var q: String?
    }

    /// Multipart `file`, `caption`, `imageAlt`, `book` (an ISBN-13) and `spoiler`, checked as the API checks them; a refused photo shows the
    /// form again with the message, and nothing is saved. The form carries a key of its own
    /// (`Idempotency`): sent twice (a double click, a reload), it stores one post, and the second
    /// sending waits for the first's answer rather than being told it is still being answered.
    @Sendable func createPost(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        var shown = NewPostForm(limit: uploadLimit)
        do {
            let form = try await form(request, upload: true)
            shown.caption = form.caption ?? ""
            shown.imageAlt = form.imageAlt ?? ""
            shown.book = form.book ?? ""
            shown.spoiler = form.spoiler ?? ""
            let caller = try member(request, context, form)
            let key = try Idempotency.key(form.key)
            var attempt = 0
            while true {
                attempt += 1
                do {
                    let answer = try await community.posts.create(
                        PostDraft(
                            file: form.file,
                            caption: form.caption,
                            imageAlt: form.imageAlt,
                            isbn13: form.book?.trimmed,
                            spoiler: form.spoiler
                        ),
                        by: caller,
                        key: key,
                        form: "page",
                        from: context.clientAddress
                    ) { post in Self.kept(redirectTo: "/p/\(post.id)") }
                    return redirect(Self.location(answer))
                } catch KiwiProblem.stillAnswering where attempt < 40 {
                    try await Task.sleep(for: .milliseconds(250))
                }
            }
        } catch let problem as KiwiProblem where problem.shownOnForm {
            shown.message = problem.sentence
            return render("new", title: "New post", shown, viewer: try await viewer(request, context), status: problem.answer.status)
        }
    }
}
