import Foundation

/// Reports and moderation (our extension): a member reports a post, a comment or an account;
/// moderators read the open reports and act on them; every action is in the audit log.
extension KiwiWire {
    /// Why a member reports something.
    public enum ReportCategory: String, Codable, Sendable, CaseIterable {
        case spam, harassment
        /// A spoiler without a warning.
        case spoilers
        /// Breaks the community's rules.
        case rules
        case other
    }

    /// What a report is about: a post, a comment or an account, by its id or username. Its `key`
    /// (`post:12`, `comment:7`, `account:bob`) is how a server keeps it (a member reports each
    /// thing once) and how the terminal names a comment.
    public enum ReportSubject: Codable, Sendable, Hashable {
        case post(String)
        case comment(String)
        case account(String)

        public init?(key: String) {
            let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else { return nil }
            switch parts[0] {
            case "post": self = .post(parts[1])
            case "comment": self = .comment(parts[1])
            case "account": self = .account(parts[1])
            default: return nil
            }
        }

        /// `post`, `comment` or `account`: a report's `kind`.
        public var kind: String {
            switch self {
            case .post: "post"
            case .comment: "comment"
            case .account: "account"
            }
        }

        /// The post's or comment's id, or the account's username: a report's `subject`.
        public var id: String {
            switch self {
            case .post(let id), .comment(let id), .account(let id): id
            }
        }

        public var key: String { "\(kind):\(id)" }

        /// The route it is reported on.
        public var path: String {
            switch self {
            case .post(let id): "posts/\(id)/report"
            case .comment(let id): "comments/\(id)/report"
            case .account(let name): "users/\(name)/report"
            }
        }

        /// A post or a comment, which a moderator may remove (an account is silenced or suspended).
        public var isContent: Bool {
            if case .account = self { return false }
            return true
        }
    }

    /// `POST /posts/<id>/report`, `POST /comments/<id>/report`, `POST /users/<username>/report`:
    /// why, in the reporter's words, and (for an account) the posts that show it.
    public struct ReportRequest: Codable, Sendable, Equatable {
        public var category: String
        public var comment: String?
        /// Ids of the account's posts the report points at.
        public var posts: [String]?

        public init(category: String, comment: String? = nil, posts: [String]? = nil) {
            self.category = category
            self.comment = comment
            self.posts = posts
        }
    }

    /// A report, as its reporter and the moderators read it. `content` is what was reported as it
    /// was then, kept even if its author deleted it; `history` (moderators only) is the account's
    /// other reports and the actions taken on it.
    public struct Report: Codable, Sendable, Equatable {
        public var id: String
        /// `post`, `comment` or `account`.
        public var kind: String
        /// The post's or comment's id, or the account's username.
        public var subject: String
        public var account: User
        /// Only moderators see who reported.
        public var reporter: String?
        public var category: String
        public var comment: String?
        public var content: ReportedContent
        public var createdAt: String
        /// `open`, or the action that closed it: `dismiss`, `remove`, `warn`, `silence`, `suspend`.
        public var status: String
        public var resolvedAt: String?
        public var history: ModerationHistory?

        public init(
            id: String,
            kind: String,
            subject: String,
            account: User,
            reporter: String? = nil,
            category: String,
            comment: String? = nil,
            content: ReportedContent,
            createdAt: String,
            status: String,
            resolvedAt: String? = nil,
            history: ModerationHistory? = nil
        ) {
            self.id = id
            self.kind = kind
            self.subject = subject
            self.account = account
            self.reporter = reporter
            self.category = category
            self.comment = comment
            self.content = content
            self.createdAt = createdAt
            self.status = status
            self.resolvedAt = resolvedAt
            self.history = history
        }
    }

    /// The reported posts and comment as they were when reported.
    public struct ReportedContent: Codable, Sendable, Equatable {
        public var posts: [ReportedPost]
        public var comment: ReportedComment?

        public init(posts: [ReportedPost], comment: ReportedComment? = nil) {
            self.posts = posts
            self.comment = comment
        }
    }

    public struct ReportedPost: Codable, Sendable, Equatable {
        public var id: String
        /// The photo as it was: the copy the report keeps (`GET /reports/<id>/photos/<post>`), else
        /// the photo's own link while the post is up.
        public var imageURL: String?
        public var caption: String?
        public var imageAlt: String?
        public var spoiler: String?
        public var bookTitle: String?
        public var isbn13: String?
        public var createdAt: String
        /// Whether the post is still up.
        public var kept: Bool

        public init(
            id: String,
            imageURL: String? = nil,
            caption: String? = nil,
            imageAlt: String? = nil,
            spoiler: String? = nil,
            bookTitle: String? = nil,
            isbn13: String? = nil,
            createdAt: String,
            kept: Bool
        ) {
            self.id = id
            self.imageURL = imageURL
            self.caption = caption
            self.imageAlt = imageAlt
            self.spoiler = spoiler
            self.bookTitle = bookTitle
            self.isbn13 = isbn13
            self.createdAt = createdAt
            self.kept = kept
        }
    }

    public struct ReportedComment: Codable, Sendable, Equatable {
        public var id: String
        public var postID: String
        public var text: String
        public var spoiler: String?
        public var createdAt: String

        public init(id: String, postID: String, text: String, spoiler: String? = nil, createdAt: String) {
            self.id = id
            self.postID = postID
            self.text = text
            self.spoiler = spoiler
            self.createdAt = createdAt
        }
    }

    /// An account's record with the moderators: its other reports (newest first) and the
    /// actions taken on it, and whether it is silenced or suspended now.
    public struct ModerationHistory: Codable, Sendable, Equatable {
        public var reports: [ReportBrief]
        public var actions: [AuditEntry]
        public var standing: String?

        public init(reports: [ReportBrief], actions: [AuditEntry], standing: String? = nil) {
            self.reports = reports
            self.actions = actions
            self.standing = standing
        }
    }

    public struct ReportBrief: Codable, Sendable, Equatable {
        public var id: String
        public var kind: String
        public var category: String
        public var status: String
        public var createdAt: String

        public init(id: String, kind: String, category: String, status: String, createdAt: String) {
            self.id = id
            self.kind = kind
            self.category = category
            self.status = status
            self.createdAt = createdAt
        }
    }

    /// `POST /reports/<id>/actions`: `dismiss`, `remove`, `warn`, `silence` or `suspend`, and why
    /// (the audit log keeps it; a warning shows it to the author).
    public struct ModerationRequest: Codable, Sendable, Equatable {
        public var action: String
        public var reason: String?

        public init(action: String, reason: String? = nil) {
            self.action = action
            self.reason = reason
        }
    }

    /// A line of the audit log (`GET /audit`, newest first).
    public struct AuditEntry: Codable, Sendable, Equatable {
        public var id: String
        public var moderator: String
        public var action: String
        public var account: String
        public var report: String?
        public var reason: String?
        public var createdAt: String

        public init(id: String, moderator: String, action: String, account: String, report: String? = nil, reason: String? = nil, createdAt: String) {
            self.id = id
            self.moderator = moderator
            self.action = action
            self.account = account
            self.report = report
            self.reason = reason
            self.createdAt = createdAt
        }
    }

    /// `DELETE /users/<username>/suspension|silence`: why the limit is lifted.
    public struct Lifting: Codable, Sendable, Equatable {
        public var reason: String?

        public init(reason: String? = nil) { self.reason = reason }
    }
}
