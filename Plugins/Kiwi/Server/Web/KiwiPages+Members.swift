import Foundation
import Hummingbird
import KiwiWire

extension KiwiPages {
    /// `/@<username>`: avatar, name, followers, following, streak and their posts as a grid.
    @Sendable func profile(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let viewer = viewer(request, context)
        let name = try context.username()
        let user = try await community.member(name)
        let page = try pageNumber(request)
        let links = links(request)
        let followers = try await store.followers(of: name)
        let posts = try await store.posts(.author(name), page: page, pageSize: Self.gridSize, viewer: viewer?.username)
        let streak = try await streakDays(of: name)
        let content = ProfilePage(
            author: PageAuthor(user, links: links, guest: viewer == nil),
            followers: followers.count,
            following: try await store.following(of: name).count,
            streak: streak == 1 ? "1 day" : "\(streak) days",
            mine: viewer?.username == name,
            follows: viewer.flatMap { viewer in viewer.username == name ? nil : followers.contains { $0.username == viewer.username } },
            posts: posts.map { PageCard($0, links: links, guest: viewer == nil) },
            olderURL: try await hasMore(.author(name), after: page, size: Self.gridSize) ? Self.pageURL("/@\(name)", nil, page: page + 1) : nil,
            newerURL: page == 0 ? nil : Self.pageURL("/@\(name)", nil, page: page - 1)
        )
        return render("profile", title: content.author.displayName, content, viewer: viewer)
    }

    /// The reading streak, read a hundred posts at a time back as far as it goes.
    func streakDays(of name: String, now: Date = Date()) async throws -> Int {
        var dates: [Date] = []
        var page = 0
        while true {
            let posts = try await store.posts(.author(name), page: page, pageSize: 100, viewer: nil)
            dates += posts.map(\.createdAt)
            let days = KiwiStreak.days(dates, today: now)
            // Older posts can only lengthen a streak that reaches back to this page's oldest day.
            guard posts.count == 100, let oldest = posts.last?.createdAt, now.timeIntervalSince(oldest) < Double(days + 1) * 86_400 else {
                return days
            }
            page += 1
        }
    }

    @Sendable func follow(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let name = try context.username()
        try await community.follow(name, by: try member(request, context, form))
        return redirect("/@\(name)")
    }

    @Sendable func unfollow(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let name = try context.username()
        try await community.unfollow(name, by: try member(request, context, form))
        return redirect("/@\(name)")
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
            try await community.logIn(username: form.username ?? "", password: form.password ?? "").token
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
            let user = try await community.signUp(
                username: username,
                password: password,
                fullName: form.fullname.flatMap { $0.isEmpty ? nil : $0 },
                email: form.email.flatMap { $0.isEmpty ? nil : $0 }
            )
            // The password was just set: no second bcrypt to check it.
            return try await community.openSession(for: user)
        }
    }

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
        } catch let error as KiwiHTTPError {
            var shown = shown
            shown.message = Self.sentence(error.message)
            return render(template, title: title, shown, viewer: nil, status: error.status)
        } catch KiwiStoreError.usernameTaken {
            var shown = shown
            shown.message = "That username is taken: choose another."
            return render(template, title: title, shown, viewer: nil, status: .conflict)
        }
    }

    @Sendable func confirmLogOut(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let viewer = viewer(request, context) else { return redirect("/") }
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
        if let hash = context.tokenHash { try await store.deleteSession(tokenHash: hash) }
        return redirect("/", headers: [.setCookie: SessionCookie.cleared])
    }

    // MARK: settings

    @Sendable func settingsForm(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        guard let viewer = viewer(request, context), let user = context.caller else { return logInFirst(request) }
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
        guard let viewer = viewer(request, context), let user = context.caller else { throw KiwiHTTPError(.forbidden, "Log in first.") }
        var shown = SettingsForm(fullname: user.fullName ?? "", email: user.email ?? "", avatarURL: viewer.me.avatarURL)
        do {
            let form = try await form(request, upload: true)
            shown.fullname = form.fullname ?? shown.fullname
            shown.email = form.email ?? shown.email
            let caller = try member(request, context, form)
            try KiwiCommunity.checkProfile(fullName: form.fullname, email: form.email)
            if let file = form.file, !file.isEmpty { _ = try await community.setAvatar(of: caller, file: file) }
            _ = try await community.updateProfile(of: caller, fullName: form.fullname, email: form.email)
            return redirect("/settings?saved=1")
        } catch let error as KiwiHTTPError where error.status != .forbidden {
            shown.message = Self.uploadProblem(error)
            return render("settings", title: "Settings", shown, viewer: viewer, status: error.status)
        }
    }
}
