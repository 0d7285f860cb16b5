import Foundation
import Mustache
import PluginAPI

/// The templates and the stylesheet, compiled into the binary (`.embedInCode` in
/// Package.swift), so a lone `toolbox` file serves its pages on a LAN without the internet.
enum PageAssets {
    static let templates: [String: [UInt8]] = [
        "layout": PackageResources.layout_mustache,
        "card": PackageResources.card_mustache,
        "pager": PackageResources.pager_mustache,
        "feed": PackageResources.feed_mustache,
        "post": PackageResources.post_mustache,
        "profile": PackageResources.profile_mustache,
        "remote": PackageResources.remote_mustache,
        "login": PackageResources.login_mustache,
        "signup": PackageResources.signup_mustache,
        "new": PackageResources.new_mustache,
        "settings": PackageResources.settings_mustache,
        "leave": PackageResources.leave_mustache,
        "confirm": PackageResources.confirm_mustache,
        "error": PackageResources.error_mustache,
        "notifications": PackageResources.notifications_mustache,
        "book": PackageResources.book_mustache,
        "books": PackageResources.books_mustache,
        "year": PackageResources.year_mustache,
        "shelfcover": PackageResources.shelfcover_mustache,
        "journey": PackageResources.journey_mustache,
        "search": PackageResources.search_mustache,
        "report": PackageResources.report_mustache,
        "moderation": PackageResources.moderation_mustache,
        "reported": PackageResources.reported_mustache,
        "audit": PackageResources.audit_mustache,
        "servers": PackageResources.servers_mustache,
        "archive": PackageResources.archive_mustache,
    ]

    /// Every template by name; a test renders each page, so one that does not parse fails there first.
    static func library() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, bytes) in templates { try library.register(String(decoding: bytes, as: UTF8.self), named: name) }
        return library
    }

    static let stylesheet = PackageResources.kiwi_css
    /// The stylesheet's address names its content, so browsers keep it until it changes.
    static let stylesheetPath = "/kiwi.css?v=" + Digest.sha256(stylesheet).prefix(12)
    /// The one script: the live unread count and new posts (every page works without it).
    static let script = PackageResources.kiwi_js
    static let scriptPath = "/kiwi.js?v=" + Digest.sha256(script).prefix(12)
}
