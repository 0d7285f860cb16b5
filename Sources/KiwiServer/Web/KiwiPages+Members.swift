import Foundation
import Hummingbird
import KiwiServerSettings
import KiwiWire

extension KiwiPages {
    /// `/@<username>`: avatar, name, followers, following, streak and their posts as a grid. With
    /// federation on, `/@alice@bookwyrm.example` is a reader elsewhere (`remoteProfile`).
    @Sendable func profile(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let name = try context.username()
        if let federation = community.federation {
            if let handle = federation.reader(named: name) { return try await remoteProfile(handle, federation, request, context) }
            // `/@bob@this-host` is bob's page (anything else with an `@` is nobody here).
            let member = federation.member(named: name)
            if member != name { return redirect("/@\(member)") }
        }
        let viewer = try await viewer(request, context)
        let user = try await community.accounts.member(name)
        let window = try listWindow(request, size: Self.gridSize)
        let links = links(request, context)
        let kept = try await community.blocks.keptAway(for: viewer?.username)
        let standing = try await community.standings.current()
        let suspended = standing.suspended.contains(name)
        // A block either way, or a suspension, shows the profile's name and what stands between, no more.
        let apart = kept.blocks(name) || suspended
        let counts = apart ? (followers: 0, following: 0) : try await community.follows.counts(of: name)
        let posts = apart ? [] : try await community.posts.sharedPage(.author(name), window).posts
        let streak = apart ? 0 : try await community.posts.streakDays(of: name)
        let role = try await community.accounts.role(of: name)
        // Asked of the database at each look, as every admin's action is: a role taken away holds at once.
        let viewerRole = if let viewer { try await community.accounts.role(of: viewer.username) } else { KiwiRole.member }
        let givesRoles = viewerRole == .admin
        let followsYou = if let viewer, !apart { try await community.follows.follows(viewer.username, reader: name) == true } else { false }
        let content = ProfilePage(
            author: PageAuthor(user, links: links, guest: viewer == nil),
            followers: counts.followers,
            following: counts.following,
            streak: streak == 1 ? "1 day" : "\(streak) days",
            mine: viewer?.username == name,
            follows: try await community.follows.follows(name, reader: viewer?.username),
            followsYou: followsYou,
            journey: apart ? "" : try await journey(of: name, links: links),
            posts: window.shown(posts).map { PageCard($0, links: links, guest: viewer == nil) },
            pager: Pager("/@\(name)", window, posts, key: \.id, of: "posts"),
            role: role == .member ? "" : role.rawValue.capitalized,
            hasRole: role != .member,
            roles: givesRoles ? KiwiRole.allCases.map { PageRole(value: $0.rawValue, title: $0.rawValue.capitalized, current: $0 == role) } : [],
            givesRoles: givesRoles,
            apart: apart,
            youBlocked: kept.blocking.contains(name),
            blockedYou: kept.blockedBy.contains(name),
            muted: kept.mutes(name),
            suspended: suspended,
            silenced: standing.silenced.contains(name),
            lifts: viewerRole != .member && viewer?.username != name,
            moderates: viewerRole != .member && viewer?.username == name
        )
        return render("profile", title: content.author.displayName, content, viewer: viewer)
    }

    /// A member here, or (federation on) a reader elsewhere (`/@alice@bookwyrm.example/block`).
    @Sendable func block(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await keepAway(request, context) { name, caller, _ in try await community.setBlocking(true, name, by: caller, from: context.clientAddress)
        }
    }

    @Sendable func unblock(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await keepAway(request, context) { name, caller, _ in
            try await community.setBlocking(false, name, by: caller, from: context.clientAddress)
        }
    }

    /// Field `for`: seconds (a choice of the form), empty for until unmuted.
    @Sendable func mute(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await keepAway(request, context) { name, caller, form in
            let duration = form.for.flatMap { $0.isEmpty ? nil : TimeInterval($0) }
            try await community.blocks.mute(name, for: duration, by: caller, from: context.clientAddress)
        }
    }

    @Sendable func unmute(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await keepAway(request, context) { name, caller, _ in try await community.blocks.unmute(name, by: caller, from: context.clientAddress) }
    }

    /// A block's or a mute's form on a profile: done, then the profile again.
    private func keepAway(
        _ request: Request,
        _ context: KiwiRequestContext,
        _ change: (String, KiwiUser, Form) async throws -> Void
    ) async throws -> Response {
        let form = try await form(request)
        let name = try context.username()
        try await change(name, try member(request, context, form), form)
        return redirect("/@\(name)")
    }

    /// "Remove follower" on the profile of someone who follows the reader: their follow ends, nothing else.
    @Sendable func removeFollower(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let name = try context.username()
        try await community.follows.removeFollower(name, by: try member(request, context, form), from: context.clientAddress)
        return redirect("/@\(name)")
    }

    /// An admin's role form: field `role`.
    @Sendable func giveRole(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let name = try context.username()
        guard let role = form.role.flatMap(KiwiRole.init(rawValue:)) else { throw KiwiProblem.invalid("role must be member, moderator or admin") }
        _ = try await community.accounts.giveRole(role, to: name, by: try member(request, context, form))
        return redirect("/@\(name)")
    }

    @Sendable func follow(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await setFollowing(true, request, context)
    }

    @Sendable func unfollow(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        try await setFollowing(false, request, context)
    }

    /// A member here, or (federation on) a reader elsewhere (`/@alice@bookwyrm.example/follow`).
    private func setFollowing(_ following: Bool, _ request: Request, _ context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let name = try context.username()
        try await community.setFollowing(following, name, by: try member(request, context, form), from: context.clientAddress)
        return redirect(community.reader(named: name).profilePath)
    }

    // MARK: logging in and out

    @Sendable func loginForm(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let next = Self.localPath(request.uri.queryParameters.get("next"), default: "/")
        if context.caller != nil { return redirect(next) }
        return render("login", title: "Log in", AccountForm(next: next), viewer: nil)
    }

    /// Fields `username`, `password`; the API's throttle applies. Wrong ones show the form again.
    @Sendable func logIn(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let shown = AccountForm(username: form.username ?? "", next: Self.localPath(form.next, default: "/"))
        return try await startSession(shown, template: "login", title: "Log in") {
            try await community.accounts.logIn(username: form.username ?? "", password: form.password ?? "", from: context.clientAddress).token
        }
    }

    @Sendable func signUpForm(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        if context.caller != nil { return redirect("/") }
        return render("signup", title: "Sign up", AccountForm(), viewer: nil)
    }

    /// Fields `username`, `password`, `fullname` and `email` (both optional); then logged in.
    @Sendable func signUp(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let username = form.username ?? ""
        let password = form.password ?? ""
        let shown = AccountForm(username: username, fullname: form.fullname ?? "", email: form.email ?? "")
        return try await startSession(shown, template: "signup", title: "Sign up") {
            _ = try await community.accounts.signUp(
                username: username,
                password: password,
                fullName: form.fullname.flatMap { $0.isEmpty ? nil : $0 },
                email: form.email.flatMap { $0.isEmpty ? nil : $0 },
                key: nil,
                from: context.clientAddress
            ) { _ in Self.kept(redirectTo: "/") }
            guard community.accounts.registrations != .approval else { throw SignUpWaits() }
            // The password was just set: no second bcrypt to check it.
            return try await community.accounts.openSession(for: try await community.accounts.member(username))
        }
    }

    /// A sign-up kept for a moderator: no session yet, a page that says so.
    private struct SignUpWaits: Error {}

    /// Sets the session cookie and goes on, or shows the form again with what went wrong.
    private func startSession(
        _ shown: AccountForm,
        template: String,
        title: String,
        _ start: () async throws -> String
    ) async throws -> Response {
        do {
            let token = try await start()
            return redirect(shown.next, headers: [.setCookie: SessionCookie.set(token, secure: links.secure)])
        } catch let problem as KiwiProblem where problem.shownOnForm {
            var shown = shown
            shown.message = problem.sentence
            return render(template, title: title, shown, viewer: nil, status: problem.answer.status)
        } catch is SignUpWaits {
            var shown = shown
            shown.waiting = true
            return render(template, title: title, shown, viewer: nil, status: .accepted)
        }
    }

    @Sendable func confirmLogOut(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let viewer = try await viewer(request, context) else { return redirect("/") }
        return render(
            "confirm",
            title: "Log out",
            ConfirmPage(question: "Log out of Kiwi?", action: "/logout", button: "Log out", cancelURL: "/"),
            viewer: viewer
        )
    }

    /// Ends the session on the server: its token stops working for the API too.
    @Sendable func logOut(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        _ = try member(request, context, form)
        if let hash = context.tokenHash { try await community.accounts.endSession(tokenHash: hash) }
        return redirect("/", headers: [.setCookie: SessionCookie.cleared])
    }

    // MARK: settings

    @Sendable func settingsForm(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let viewer = try await viewer(request, context), let user = context.caller else { return logInFirst(request) }
        let shown = SettingsForm(
            fullname: user.fullName ?? "",
            email: user.email ?? "",
            avatarURL: viewer.me.avatarURL,
            saved: request.uri.queryParameters.get("saved") == "1"
        )
        return render("settings", title: "Settings", shown, viewer: viewer)
    }

    /// Multipart `fullname`, `email` and an optional new avatar (`file`). Everything is checked
    /// before anything is saved.
    @Sendable func saveSettings(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let viewer = try await viewer(request, context), let user = context.caller else { throw KiwiProblem.notLoggedIn }
        var shown = SettingsForm(fullname: user.fullName ?? "", email: user.email ?? "", avatarURL: viewer.me.avatarURL)
        do {
            let form = try await form(request, upload: true)
            shown.fullname = form.fullname ?? shown.fullname
            shown.email = form.email ?? shown.email
            let member = try member(request, context, form)
            try Accounts.checkProfile(fullName: form.fullname, email: form.email)
            if let file = form.file, !file.isEmpty { _ = try await community.accounts.setAvatar(of: member, file: file, from: context.clientAddress) }
            _ = try await community.accounts.updateProfile(of: member, fullName: form.fullname, email: form.email)
            return redirect("/settings?saved=1")
        } catch let problem as KiwiProblem where problem.shownOnForm {
            shown.message = problem.sentence
            return render("settings", title: "Settings", shown, viewer: viewer, status: problem.answer.status)
        }
    }

    // MARK: leaving

    /// `/settings/delete`: what deleting the account takes with it, and the form that does it.
    @Sendable func deleteAccountForm(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let viewer = try await viewer(request, context), let user = context.caller else { return logInFirst(request) }
        return render("leave", title: "Delete your account", try await leavePage(user), viewer: viewer)
    }

    /// The password and the username typed again; the account goes, and the session with it.
    @Sendable func deleteAccount(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let viewer = try await viewer(request, context), let user = context.caller else { throw KiwiProblem.notLoggedIn }
        let form = try await form(request)
        let member = try member(request, context, form)
        do {
            guard form.username == member.username else {
                throw KiwiProblem.invalid("type your username, \(member.username), to confirm")
            }
            try await community.deleteAccount(of: member, password: form.password ?? "", from: context.clientAddress)
        } catch let problem as KiwiProblem where problem.shownOnForm {
            var shown = try await leavePage(user)
            shown.message = problem.sentence
            return render("leave", title: "Delete your account", shown, viewer: viewer, status: problem.answer.status)
        }
        var response = render("leave", title: "Account deleted", LeavePage(username: member.username, deleted: true), viewer: nil)
        response.headers[.setCookie] = SessionCookie.cleared
        return response
    }

    private func leavePage(_ user: KiwiUser) async throws -> LeavePage {
        let (records, readings) = try await community.archives.records(of: user.username)
        func count(_ number: Int, _ one: String, _ many: String) -> String { "\(number) \(number == 1 ? one : many)" }
        return LeavePage(
            username: user.username,
            goes: [
                records.posts.count == 1
                    ? "1 post, with its photo and the comments on it"
                    : "\(records.posts.count) posts, with their photos and the comments on them",
                count(records.comments.count, "comment", "comments") + " and " + count(records.likes.count, "like", "likes") + " on others' posts",
                count(readings.count, "reading", "readings") + " on your shelves, with your reviews",
                "whom you follow (\(records.following.count)) and who follows you (\(records.followers.count))",
                "your profile, your avatar, your notifications and every session",
            ]
        )
    }
}
