import Foundation
import HTTPTypes
import KiwiServerSettings
import KiwiWire

/// The one place where the community's problems become answers: an HTTP status, a machine code
/// and a message for the API (the original's words where it has them), and a sentence for the pages.
extension KiwiProblem {
    var answer: KiwiHTTPError {
        switch self {
        case .notLoggedIn: KiwiHTTPError(.forbidden, "not logged in", code: "not_logged_in")
        case .notOwner: KiwiHTTPError(.forbidden, "only the owner can do this", code: "not_owner")
        case .wrongCredentials: KiwiHTTPError(.forbidden, "wrong username or password", code: "wrong_credentials")
        case .wrongPassword: KiwiHTTPError(.forbidden, "that is not this account's password", code: "wrong_password")
        case .badArchive(let why): KiwiHTTPError(.badRequest, why, code: "bad_archive")
        case .usernameTaken: KiwiHTTPError(.conflict, "username already taken", code: "username_conflict")
        case .noSuchUser: KiwiHTTPError(.notFound, "no such user", code: "user_not_found")
        case .noSuchPost: KiwiHTTPError(.notFound, "no such post", code: "post_not_found")
        case .noSuchBook:
            KiwiHTTPError(.notFound, "no such book: no post names it, and the book search knows none by that ISBN-13", code: "book_not_found")
        case .noSuchComment: KiwiHTTPError(.notFound, "no such comment", code: "comment_not_found")
        case .noSuchUpload: KiwiHTTPError(.notFound, "no such upload")
        case .notOnShelves: KiwiHTTPError(.notFound, "the book is on none of your shelves", code: "not_on_shelves")
        case .invalid(let why): KiwiHTTPError(.badRequest, why)
        case .missingPhoto: KiwiHTTPError(.badRequest, "missing field 'file'")
        case .photoRefused(let refusal):
            switch refusal {
            case .tooManyBytes: KiwiHTTPError(.contentTooLarge, refusal.message, code: refusal.code)
            case .notAPicture: KiwiHTTPError(.unsupportedMediaType, refusal.message, code: refusal.code)
            case .tooManyPixels, .cutShort, .damaged, .tooSlow: KiwiHTTPError(.unprocessableContent, refusal.message, code: refusal.code)
            }
        case .badMediaSignature:
            KiwiHTTPError(.forbidden, "this photo link has expired or is not valid; ask for the post again", code: "bad_signature")
        case .noBookSearch: KiwiHTTPError(.serviceUnavailable, "this server has no book search", code: "no_book_search")
        case .bookSearchFailed(let said): KiwiHTTPError(.badGateway, "the book search cannot answer right now: \(said)", code: "bad_gateway")
        case .databaseUnavailable:
            KiwiHTTPError(.serviceUnavailable, "the database is unavailable; try again shortly", code: "database_unavailable")
        case .mediaStoreUnavailable:
            KiwiHTTPError(.serviceUnavailable, "the photo store is unavailable; try again shortly", code: "media_store_unavailable", retryAfter: 5)
        case .badIdempotencyKey: KiwiHTTPError(.badRequest, "Idempotency-Key must be 1 to 255 visible ASCII characters")
        case .keyReused:
            KiwiHTTPError(.unprocessableContent, "this Idempotency-Key was used for a different request", code: "idempotency_key_reused")
        case .stillAnswering, .repeatedRequest:
            KiwiHTTPError(
                .conflict,
                "a request with this Idempotency-Key is still being answered; try again shortly",
                code: "idempotency_key_in_use",
                retryAfter: 1
            )
        case .rateLimited(let limit, let seconds):
            KiwiHTTPError(
                .tooManyRequests,
                "too many \(Self.noun(limit.kind)) \(limit.scope == .account ? "for" : "from") this \(limit.scope.rawValue): at most \(limit.count ?? 0) in \(Self.readable(seconds: limit.window)); try again in \(seconds) s",
                code: "rate_limited",
                retryAfter: seconds,
                headers: Self.rateLimitFields(limit, retryAfter: seconds)
            )
        case .registrationsClosed: KiwiHTTPError(.forbidden, "this community takes no new members", code: "registrations_closed")
        case .awaitingApproval: KiwiHTTPError(.forbidden, "this account waits for a moderator's approval", code: "awaiting_approval")
        case .youBlocked(let name): KiwiHTTPError(.forbidden, "you have blocked \(name): unblock them first", code: "you_blocked")
        case .blockedYou(let name): KiwiHTTPError(.forbidden, "\(name) has blocked you", code: "blocked")
        case .notKeptAway(let why): KiwiHTTPError(.notFound, why, code: "not_kept_away")
        case .notAFollower: KiwiHTTPError(.notFound, "they do not follow you", code: "not_a_follower")
        case .notAdmin: KiwiHTTPError(.forbidden, "only an admin can do this", code: "not_admin")
        case .lastAdmin:
            KiwiHTTPError(.conflict, "the community would have no admin left: make another member an admin first", code: "last_admin")
        case .notModerator: KiwiHTTPError(.forbidden, "only a moderator can do this", code: "not_moderator")
        case .suspended: KiwiHTTPError(.forbidden, "this account is suspended", code: "suspended")
        case .noSuchReport: KiwiHTTPError(.notFound, "no such report", code: "report_not_found")
        case .reportClosed(let how): KiwiHTTPError(.conflict, "this report is closed already (\(how))", code: "report_closed")
        case .badSignature(let why): KiwiHTTPError(.unauthorized, why, code: "signature_refused")
        case .serverBlocked(let host): KiwiHTTPError(.forbidden, "this server does not talk to \(host): an admin blocked it", code: "server_blocked")
        case .remoteServerFailed(let said): KiwiHTTPError(.badGateway, "the other server cannot answer: \(said)", code: "remote_server_failed")
        case .serverNotBlocked(let host): KiwiHTTPError(.notFound, "\(host) is not blocked", code: "server_not_blocked")
        }
    }

    /// The `RateLimit-Policy` and `RateLimit` fields of the IETF httpapi draft ("RateLimit header
    /// fields for HTTP"): the policy's quota and window, and that none of it remains for `seconds`.
    static func rateLimitFields(_ limit: KiwiRateLimit, retryAfter seconds: Int) -> HTTPFields {
        let name = "\"\(limit.kind.rawValue)-\(limit.scope.rawValue)\""
        return [
            HTTPField.Name("RateLimit-Policy")!: "\(name);q=\(limit.count ?? 0);w=\(limit.window)",
            HTTPField.Name("RateLimit")!: "\(name);r=0;t=\(seconds)",
        ]
    }

    /// What a kind of write is called in a sentence.
    static func noun(_ kind: KiwiRateLimit.Kind) -> String {
        switch kind {
        case .signups: "sign-ups"
        case .logins: "logins"
        case .failedLogins: "failed logins"
        case .posts: "posts"
        case .comments: "comments"
        case .likes: "likes"
        case .follows: "follows"
        case .shelves: "shelf changes"
        case .reports: "reports"
        case .uploadBytes: "uploaded bytes"
        case .activities: "activities"
        }
    }

    /// A time as people read it: "1 hour", "15 minutes", "30 seconds".
    static func readable(seconds: Int) -> String {
        let (count, unit) = seconds % 3600 == 0 ? (seconds / 3600, "hour") : seconds % 60 == 0 ? (seconds / 60, "minute") : (seconds, "second")
        return "\(count) \(unit)\(count == 1 ? "" : "s")"
    }

    /// As a page says it to a person.
    var sentence: String {
        switch self {
        case .notLoggedIn: "Log in first."
        case .notOwner: "Only its owner can do that."
        case .wrongCredentials: "Wrong username or password."
        case .wrongPassword: "That is not your password."
        case .badArchive(let why): Self.sentence(why)
        case .usernameTaken: "That username is taken: choose another."
        case .noSuchUser: "There is nobody by that name."
        case .noSuchPost: "That post does not exist, or was deleted."
        case .noSuchBook: "Nobody has posted about that book, and the book search does not know it."
        case .noSuchComment: "That comment does not exist, or was deleted."
        case .notOnShelves: "That book is on none of your shelves."
        case .noSuchUpload: "That photo does not exist."
        case .invalid(let why): Self.sentence(why)
        case .missingPhoto: "Choose a photo to post."
        case .photoRefused(let refusal): refusal.sentence
        case .badMediaSignature: "That photo link has expired: reload the page."
        case .noBookSearch: "This server cannot look books up."
        case .bookSearchFailed: "The book search cannot answer right now: try again later."
        case .databaseUnavailable: "Kiwi cannot reach its database right now: try again in a moment."
        case .mediaStoreUnavailable: "Kiwi cannot reach where it keeps photos right now: try again in a moment."
        case .badIdempotencyKey, .keyReused: "That form was sent before with something else: reload the page and send it again."
        case .stillAnswering, .repeatedRequest: "That form is still being sent: wait a moment, then look for your post."
        case .rateLimited(let limit, let seconds):
            "That is more \(Self.noun(limit.kind)) than this community allows for now: try again in \(Self.readable(seconds: max(60, seconds / 60 * 60)))."
        case .registrationsClosed: "This community takes no new members."
        case .awaitingApproval: "Your sign-up waits for a moderator's approval: you can log in once it is approved."
        case .youBlocked(let name): "You have blocked \(name): unblock them first."
        case .blockedYou(let name): "\(name) has blocked you."
        case .notKeptAway(let why): Self.sentence(why)
        case .notAFollower: "They do not follow you."
        case .notAdmin: "Only an admin can do that."
        case .lastAdmin: "The community would have no admin left: make another member an admin first."
        case .notModerator: "Only a moderator can do that."
        case .suspended: "This account is suspended."
        case .noSuchReport: "There is no such report."
        case .reportClosed(let how): "That report is closed already (\(how))."
        case .badSignature(let why): Self.sentence(why)
        case .serverBlocked(let host): "This server does not talk to \(host): an admin blocked it."
        case .remoteServerFailed(let said): "The other server cannot answer right now (\(said)): try again later."
        case .serverNotBlocked(let host): "\(host) is not blocked."
        }
    }

    /// A rule's words as a sentence: "Caption must be at most 2200 characters."
    static func sentence(_ message: String) -> String {
        let capitalized = message.prefix(1).uppercased() + message.dropFirst()
        return capitalized.hasSuffix(".") ? capitalized : capitalized + "."
    }
}

extension KiwiProblem {
    /// Whether a page's form shows it beside what was typed (a rule broken, a photo refused),
    /// rather than a page of its own.
    var shownOnForm: Bool {
        switch self {
        case .invalid, .missingPhoto, .photoRefused, .wrongCredentials, .wrongPassword, .badArchive, .usernameTaken, .noBookSearch, .bookSearchFailed,
            .registrationsClosed, .awaitingApproval:
            true
        // Too many failed logins is said on the login form, where they were typed.
        case .rateLimited(let limit, _):
            limit.kind == .failedLogins
        case .notLoggedIn, .notOwner, .noSuchUser, .noSuchPost, .noSuchBook, .noSuchComment, .noSuchUpload, .databaseUnavailable,
            .mediaStoreUnavailable,
            .badIdempotencyKey,
            .keyReused, .notOnShelves, .stillAnswering, .repeatedRequest, .badMediaSignature, .notAdmin, .lastAdmin, .notAFollower,
            .youBlocked, .blockedYou, .notKeptAway, .notModerator, .noSuchReport, .reportClosed, .badSignature, .serverBlocked,
            .remoteServerFailed:
            false
        // Said on the servers' page, under its form.
        case .serverNotBlocked:
            true
        // Said on the login form, where it was tried.
        case .suspended:
            true
        }
    }
}
