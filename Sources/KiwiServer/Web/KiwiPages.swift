import Foundation
import Hummingbird
import KiwiMedia
import KiwiWire
import Mustache
import PluginAPI

/// The web pages: the reading community in a browser, from the same process, data and rules
/// as the JSON API (both call `KiwiCommunity`). Every page works with JavaScript off; every
/// form that changes something carries the session's CSRF token; a POST that succeeds
/// redirects (303), so reloading never repeats it.
struct KiwiPages: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker
    let library: MustacheLibrary
    /// Each member's journey on their profile, rendered: the same for every viewer, and a library's
    /// covers are most of a profile's work. Kept until the member's shelves or any cover change.
    let journeys: KiwiCache<JourneyKey, String>
    static let pageSize = 20
    static let gridSize = 30

    init(community: KiwiCommunity, links: LinkMaker) {
        self.community = community
        self.links = links
        // Compiled in and rendered by a test of every page: an empty library only if that test failed.
        library = (try? PageAssets.library()) ?? MustacheLibrary()
        journeys = KiwiCache(changes: community.shelves.writes.changes, capacity: 10_000) { change in
            switch change {
            case .reading(_, _, let reader, _): .matching { key, _ in key.member == reader }
            case .cover: .all
            default: nil
            }
        }
    }

    /// A member's journey as their profile shows it, by the address its covers name and the year it counts.
    struct JourneyKey: Hashable, Sendable {
        var member: String
        var covers: String
        var year: Substring
    }

    func journey(of name: String, links: Links, now: Date = Date()) async throws -> String {
        let key = JourneyKey(member: name, covers: links.covers ?? links.base, year: KiwiWire.Day.today(now).prefix(4))
        return try await journeys.value(for: key) { () async throws -> String in
            let readings = try await community.shelves.readings(of: name)
            let covers = await community.books.covers.images(of: PageJourney.shown(readings))
            return library.render(PageJourney(readings, of: name, covers: covers, links: links, now: now), withTemplate: "journey") ?? ""
        }
    }

    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        router.get("/kiwi.css", use: stylesheet)
        router.get("/kiwi.js", use: script)
        // Only these routes answer in HTML; the API's keep their JSON errors.
        let pages = router.group().add(middleware: KiwiErrorMiddleware(answer: errorPage))
        pages.get("/", use: feed)
        pages.get("books", use: books)
        pages.group("p/:id").get(use: post).post("like", use: like).post("unlike", use: unlike).post("comments", use: comment)
            .post("comments/:comment/delete", use: deleteComment).get("delete", use: confirmDelete).post("delete", use: deletePost)
        pages.group("@{username}").get(use: profile).get("year/:year", use: year)
            .post("follow", use: follow).post("unfollow", use: unfollow).post("remove-follower", use: removeFollower)
            .post("block", use: block).post("unblock", use: unblock).post("mute", use: mute).post("unmute", use: unmute)
            .post("role", use: giveRole).get("report", use: reportForm).post("report", use: sendReport)
            .post("unsuspend", use: unsuspend).post("unsilence", use: unsilence)
        pages.group("p/:id").get("report", use: reportForm).post("report", use: sendReport)
            .get("comments/:comment/report", use: reportForm).post("comments/:comment/report", use: sendReport)
        pages.get("moderation", use: moderationQueue).get("moderation/audit", use: auditLog)
            .get("moderation/servers", use: blockedServers).post("moderation/servers", use: blockServer)
            .post("moderation/servers/:host/unblock", use: unblockServer)
            .get("moderation/:report", use: moderationReport).post("moderation/:report", use: moderate)
        pages.post("books/:isbn13/shelf", use: shelve)
        // A form and what it sends.
        for (path, form, send) in [
            ("login", loginForm, logIn), ("signup", signUpForm, signUp), ("logout", confirmLogOut, logOut), ("new", newPostForm, createPost),
            ("settings", settingsForm, saveSettings), ("settings/delete", deleteAccountForm, deleteAccount),
        ] {
            pages.get(RouterPath(path), use: form).post(RouterPath(path), use: send)
        }
    }

    @Sendable func stylesheet(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        asset(PageAssets.stylesheet, type: "text/css; charset=utf-8")
    }

    @Sendable func script(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        asset(PageAssets.script, type: "text/javascript; charset=utf-8")
    }

    /// The stylesheet and the script: their addresses name their content, so browsers keep them.
    private func asset(_ bytes: [UInt8], type: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: type, .cacheControl: "public, max-age=31536000, immutable", .xContentTypeOptions: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    // MARK: rendering

    /// The reader, when logged in, with the CSRF token bound to their session and their unread count.
    func viewer(_ request: Request, _ context: KiwiRequestContext) async throws -> PageViewer? {
        guard let caller = context.caller, let token = KiwiAuthMiddleware.token(in: request) else { return nil }
        let unread = try await community.notifications.unreadCount(for: caller)
        return PageViewer(caller, csrf: PageSecurity.csrf(for: token), unread: unread, links: links(request, context))
    }

    func render<Content: Sendable>(
        _ template: String,
        title: String,
        _ content: Content,
        viewer: PageViewer?,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let page = Page(title: title, viewer: viewer, content: content, signUps: community.accounts.registrations != .closed)
        guard let html = library.render(page, withTemplate: template) else {
            return Response(
                status: .internalServerError,
                headers: PageSecurity.headers(loggedIn: false, type: "text/plain; charset=utf-8"),
                body: ResponseBody(byteBuffer: ByteBuffer(string: "This page cannot be shown: its template is missing from this build.\n"))
            )
        }
        return Response(
            status: status,
            headers: PageSecurity.headers(loggedIn: viewer != nil, mediaURL: links.mediaURL),
            body: ResponseBody(byteBuffer: ByteBuffer(string: html))
        )
    }

    /// 303 See Other: the browser GETs `location`, so reloading does not post again.
    /// A page's answer as a write keeps it (`Idempotency`): where it sends the browser.
    static func kept(redirectTo location: String) -> (status: Int, body: Data) {
        (Int(HTTPResponse.Status.seeOther.code), Data(location.utf8))
    }

    static func location(_ kept: (status: Int, body: Data)) -> String {
        String(decoding: kept.body, as: UTF8.self)
    }

    func redirect(_ location: String, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.location] = location
        fields[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: fields)
    }

    /// A page that needs a login sends a guest to log in, and back here afterwards.
    func logInFirst(_ request: Request) -> Response {
        redirect("/login?next=" + (request.uri.path.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "/"))
    }

    // MARK: forms

    /// Every field a page's form may send; the names are the API's.
    struct Form: Decodable {
        var csrf: String?
        var next: String?
        var username: String?
        var password: String?
        var fullname: String?
        var email: String?
        var caption: String?
        var imageAlt: String?
        var book: String?
        var text: String?
        /// The servers page's form: the server an admin blocks.
        var host: String?
        /// A post's or a comment's spoiler warning.
        var spoiler: String?
        /// A mute's length in seconds; empty for until unmuted.
        var `for`: String?
        /// An admin's role form on a profile: member, moderator or admin.
        var role: String?
        /// A report's category; a moderator's action on a report.
        var category: String?
        var action: String?
        /// The book page's shelf form: want, reading, read or none; how far; the review (its
        /// warning is `spoiler`).
        var shelf: String?
        var progress: String?
        var review: String?
        var file: Data?
        /// The new-post form's own `Idempotency-Key`.
        var key: String?
    }

    /// The form of a POST from this site's own pages (a foreign `Origin` is 403); `upload`
    /// forms may carry an image up to the upload limit.
    func form(_ request: Request, upload: Bool = false) async throws -> Form {
        try PageSecurity.requireSameOrigin(request, links: links.plain(request))
        guard upload else { return try await KiwiForms.decode(Form.self, from: request, upTo: KiwiLimits.formBody) }
        return try await KiwiForms.decode(
            Form.self,
            from: request,
            upTo: community.uploadBodyLimit,
            tooLarge: KiwiProblem.photoRefused(.tooManyBytes(limit: community.maxUploadBytes))
        )
    }

    /// The logged-in member a form acts for: 403 without a session or without its CSRF token,
    /// before anything changes.
    func member(_ request: Request, _ context: KiwiRequestContext, _ form: Form) throws -> KiwiUser {
        let caller = try context.requireCaller()
        guard let token = KiwiAuthMiddleware.token(in: request) else { throw KiwiProblem.notLoggedIn }
        guard let sent = form.csrf, PageSecurity.matches(sent, PageSecurity.csrf(for: token)) else {
            throw KiwiHTTPError(.forbidden, "This form has expired or did not come from this site. Go back, reload the page and try again.")
        }
        return caller
    }

    /// The upload limit as people read it: "10 MB".
    var uploadLimit: String { PhotoRefusal.readable(bytes: community.maxUploadBytes) }

    /// The part of a list `?max_id=` or `?min_id=` asks for (or an older link's `?page=`), one
    /// longer than `size`: whether a page's list goes on is whether the extra one came.
    func listWindow(_ request: Request, size: Int) throws -> ListWindow {
        var window = try request.window(sizes: size...size, defaultSize: size)
        window.limit += 1
        return window
    }

    /// `path` keeping `query`, at `window` (nil: the list's start).
    static func listURL(_ path: String, _ query: String?, _ window: ListWindow?) -> String {
        let items = [query].compactMap { $0 } + (window.map { ListLinks.parameters($0, limit: false) } ?? [])
        return items.isEmpty ? path : path + "?" + items.joined(separator: "&")
    }

    /// Where a form sends the reader afterwards: a path on this site only.
    static func localPath(_ next: String?, default fallback: String) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\") else { return fallback }
        return next
    }
}

extension KiwiPages {
    /// A failure as a page in the site's style (the API keeps its JSON errors): the problem's
    /// sentence, the status it has in the API.
    @Sendable func errorPage(_ error: any Error, _ request: Request, _ context: KiwiRequestContext) async -> Response {
        let answer = KiwiHTTPError.answering(error, logger: context.logger)
        let sentence = (error as? KiwiProblem)?.sentence ?? KiwiProblem.sentence(answer.message)
        // The header's reader, unless the database that would say who it is is what failed.
        let viewer = answer.status == .serviceUnavailable ? nil : try? await viewer(request, context)
        var page = render(
            "error",
            title: answer.status.reasonPhrase,
            ErrorPage(status: Int(answer.status.code), message: sentence),
            viewer: viewer,
            status: answer.status
        )
        answer.fields(on: &page)
        return page
    }

    /// Whether the request is a browser's asking for a page (a path both the API and the pages answer).
    static func wantsPage(_ request: Request) -> Bool {
        request.headers.single(.accept)?.contains("text/html") == true
    }
}
