import Foundation
import PluginAPI

/// The JSON shapes of the wire contract, each declared once for both ends: the server encodes
/// them (`KiwiJSONEncoder`), the client decodes them, and a test holds them to the OpenAPI
/// document. A field is its line here (and its initializer's): `Codable` writes fields in the
/// order declared, an optional one left out when it has none unless it is `@Nullable` (the
/// original's clients read every field of the base contract, `null` where there is no value).
/// Ids are strings; times ISO 8601 UTC. Decoding is lenient where servers of the base contract
/// differ from ours: numeric ids, and no extension fields.
public enum KiwiWire {
    public struct User: Codable, Sendable, Equatable {
        @Nullable public var id: String?
        public var username: String
        @Nullable public var displayName: String?
        @Nullable public var avatarURL: String?
        /// The avatar's sizes (our extension; see `KiwiPhotoVersions`); none for the default avatar.
        public var avatarVersions: KiwiPhotoVersions?
        /// `member`, `moderator` or `admin` (our extension): only in `GET /users/me` and the
        /// answer to a change of role.
        public var role: String?
        /// `silenced` or `suspended` (our extension): only on a profile (`GET /users/<username>`)
        /// of a member not in good standing.
        public var standing: String?

        public init(
            id: String?,
            username: String,
            displayName: String?,
            avatarURL: String?,
            avatarVersions: KiwiPhotoVersions? = nil,
            role: String? = nil,
            standing: String? = nil
        ) {
            self.id = id
            self.username = username
            self.displayName = displayName
            self.avatarURL = avatarURL
            self.avatarVersions = avatarVersions
            self.role = role
            self.standing = standing
        }

        /// The one wire type read by hand: a user without a username (some servers send only
        /// the id, which is the username) takes its id. A test reads back every field written.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let id = try container.decodeIfPresent(LenientID.self, forKey: .id)?.wrappedValue
            self.id = id
            username = try container.decodeIfPresent(String.self, forKey: .username) ?? id ?? ""
            _displayName = try container.decode(Nullable<String>.self, forKey: .displayName)
            _avatarURL = try container.decode(Nullable<String>.self, forKey: .avatarURL)
            avatarVersions = try container.decodeIfPresent(KiwiPhotoVersions.self, forKey: .avatarVersions)
            role = try container.decodeIfPresent(String.self, forKey: .role)
            standing = try container.decodeIfPresent(String.self, forKey: .standing)
        }

        /// The name to show: the display name, else the username.
        public var shownName: String { displayName ?? username }
    }

    public struct Post: Codable, Sendable, Equatable {
        @LenientID public var id: String
        public var author: User
        @Nullable public var imageURL: String?
        /// The photo's sizes (our extension; see `KiwiPhotoVersions`).
        public var imageVersions: KiwiPhotoVersions?
        /// What the photo shows, for people who cannot see it (our extension).
        public var imageAlt: String?
        @Nullable public var caption: String?
        public var likes: Int
        @Nullable public var createdAt: String?
        @Nullable public var commentCount: Int?
        /// Only when someone is logged in.
        public var likedByMe: Bool?
        /// The book the reflection is about (our extension).
        @Nullable public var book: Book?
        /// What the reflection gives away, shown in place of the caption and the photo until the
        /// reader asks for them (our extension).
        public var spoiler: String?

        public init(
            id: String,
            author: User,
            imageURL: String?,
            caption: String?,
            likes: Int,
            createdAt: String?,
            commentCount: Int?,
            likedByMe: Bool?,
            book: Book? = nil,
            imageVersions: KiwiPhotoVersions? = nil,
            imageAlt: String? = nil,
            spoiler: String? = nil
        ) {
            self.id = id
            self.author = author
            self.imageURL = imageURL
            self.imageVersions = imageVersions
            self.imageAlt = imageAlt
            self.caption = caption
            self.likes = likes
            self.createdAt = createdAt
            self.commentCount = commentCount
            self.likedByMe = likedByMe
            self.book = book
            self.spoiler = spoiler
        }
    }

    public struct Comment: Codable, Sendable, Equatable {
        @LenientID public var id: String
        public var author: User
        public var text: String
        @Nullable public var createdAt: String?
        /// What the comment gives away, as a post's (our extension).
        public var spoiler: String?

        public init(id: String, author: User, text: String, createdAt: String?, spoiler: String? = nil) {
            self.id = id
            self.author = author
            self.text = text
            self.createdAt = createdAt
            self.spoiler = spoiler
        }
    }

    /// A book: a result of `GET /books/search` (with the search's `id`), or the book a post names.
    public struct Book: Codable, Sendable, Equatable {
        /// The book search's own id (an Open Library work); only in search results.
        public var id: String?
        public var title: String
        @Nullable public var authors: [String]?
        @Nullable public var isbn13: String?

        public init(id: String? = nil, title: String, authors: [String]?, isbn13: String?) {
            self.id = id
            self.title = title
            self.authors = authors
            self.isbn13 = isbn13
        }

        /// An ISBN-13 as a post names it: 13 digits, nothing else.
        public static func isISBN13(_ text: String) -> Bool {
            text.count == 13 && text.allSatisfy { $0.isASCII && $0.isNumber }
        }

        /// Whether an ISBN-13's last digit is the check digit of the twelve before it (the digits
        /// weighted 1 and 3 in turn sum to a multiple of 10): a mistyped digit fails it, as do most
        /// swapped neighbours.
        public static func hasValidCheckDigit(_ isbn13: String) -> Bool {
            guard isISBN13(isbn13) else { return false }
            let sum = isbn13.utf8.enumerated().reduce(0) { sum, digit in
                sum + Int(digit.element - UInt8(ascii: "0")) * (digit.offset.isMultiple(of: 2) ? 1 : 3)
            }
            return sum.isMultiple(of: 10)
        }
    }

    /// A notification (toolbox's extension, `GET /notifications`): someone liked or commented on
    /// the reader's post, or followed them.
    public struct Notification: Codable, Sendable, Equatable {
        public var id: String
        /// `like`, `comment` or `follow` (a newer server may add kinds: shown as they are).
        public var kind: String
        public var actor: User
        /// The post liked or commented on; null for a follow.
        @Nullable public var post: NotifiedPost?
        /// The comment's text, for a comment.
        @Nullable public var comment: String?
        /// The comment's spoiler warning, shown in place of its text until asked for.
        public var commentSpoiler: String?
        /// For a `warning`, the moderator's words to the member; for a `report`, what came of the
        /// member's report (our extensions; the actor of both is the reader).
        public var note: String?
        public var createdAt: String
        public var read: Bool

        public init(
            id: String,
            kind: String,
            actor: User,
            post: NotifiedPost?,
            comment: String?,
            commentSpoiler: String? = nil,
            note: String? = nil,
            createdAt: String,
            read: Bool
        ) {
            self.id = id
            self.kind = kind
            self.actor = actor
            self.post = post
            self.comment = comment
            self.commentSpoiler = commentSpoiler
            self.note = note
            self.createdAt = createdAt
            self.read = read
        }

        /// A moderator's warning, or what came of the reader's report: from no one member.
        public var isFromModerators: Bool { kind == "warning" || kind == "report" }
    }

    /// What a notification shows of its post.
    public struct NotifiedPost: Codable, Sendable, Equatable {
        public var id: String
        public var imageURL: String
        @Nullable public var caption: String?

        public init(id: String, imageURL: String, caption: String?) {
            self.id = id
            self.imageURL = imageURL
            self.caption = caption
        }
    }

    /// `GET /notifications/unread` and `POST /notifications/read` answer how many are unread; the
    /// live stream's `unread` event says it too.
    public struct Unread: Codable, Sendable, Equatable {
        public var count: Int

        public init(count: Int) { self.count = count }
    }

    /// `POST /notifications/read`: every notification, or those up to `upTo` (an id), marked read.
    public struct MarkRead: Codable, Sendable, Equatable {
        public var upTo: String?

        public init(upTo: String?) { self.upTo = upTo }
    }

    /// The live stream's `withdrawn` event: a notification taken back (an unlike, a deleted comment).
    public struct Withdrawn: Codable, Sendable, Equatable {
        public var id: String

        public init(id: String) { self.id = id }
    }

    /// `GET /instance` (our extension, in the manner of Mastodon's `GET /api/v2/instance`): what
    /// this server takes, so that a client checks a photo before sending it.
    public struct Instance: Codable, Sendable, Equatable {
        public var configuration: Configuration

        public init(configuration: Configuration) { self.configuration = configuration }

        public struct Configuration: Codable, Sendable, Equatable {
            public var mediaAttachments: MediaLimits

            public init(mediaAttachments: MediaLimits) { self.mediaAttachments = mediaAttachments }
        }
    }

    /// The limits of a photo (Mastodon's `configuration.media_attachments`, camelCase as the rest
    /// of the wire).
    public struct MediaLimits: Codable, Sendable, Equatable {
        /// The kinds of picture taken, by their first bytes.
        public var supportedMimeTypes: [String]
        /// The most bytes a photo may have.
        public var imageSizeLimit: Int
        /// The most pixels a photo may declare (width × height).
        public var imageMatrixLimit: Int
        /// The long side of the largest version kept: a larger photo is kept at this size.
        public var largestSide: Int
        /// The most characters of a photo's description (`imageAlt`).
        public var descriptionLimit: Int

        public init(supportedMimeTypes: [String], imageSizeLimit: Int, imageMatrixLimit: Int, largestSide: Int, descriptionLimit: Int) {
            self.supportedMimeTypes = supportedMimeTypes
            self.imageSizeLimit = imageSizeLimit
            self.imageMatrixLimit = imageMatrixLimit
            self.largestSide = largestSide
            self.descriptionLimit = descriptionLimit
        }
    }

    /// `POST /sessions` answers the token and who it belongs to.
    public struct Session: Codable, Sendable, Equatable {
        public var token: String
        public var user: User

        public init(token: String, user: User) {
            self.token = token
            self.user = user
        }
    }

    /// `{"status":"ok"}`; a new comment's answer also names it (`id`, our addition).
    public struct Status: Codable, Sendable, Equatable {
        public var status = "ok"
        public var id: String?

        public init(id: String? = nil) { self.id = id }
    }

    /// Like and unlike answer the new count.
    public struct Likes: Codable, Sendable, Equatable {
        public var likes: Int

        public init(likes: Int) { self.likes = likes }
    }

    /// `{message, status_code, error}`: ours always sends all three; others may send fewer.
    public struct Failure: Codable, Sendable, Equatable {
        @Nullable public var message: String?
        @Nullable public var statusCode: Int?
        @Nullable public var error: String?

        public init(message: String?, statusCode: Int?, error: String?) {
            self.message = message
            self.statusCode = statusCode
            self.error = error
        }

        /// In the order written, as the original writes them.
        enum CodingKeys: String, CodingKey {
            case message
            case statusCode = "status_code"
            case error
        }
    }

    /// `POST /users`.
    public struct SignUp: Codable, Sendable, Equatable {
        public var username: String
        public var password: String
        public var fullname: String?
        public var email: String?

        public init(username: String, password: String, fullname: String? = nil, email: String? = nil) {
            self.username = username
            self.password = password
            self.fullname = fullname
            self.email = email
        }
    }

    /// `POST /sessions`.
    public struct Credentials: Codable, Sendable, Equatable {
        public var username: String
        public var password: String

        public init(username: String, password: String) {
            self.username = username
            self.password = password
        }
    }

    /// `PUT /users/<username>`: what is left out stays as it is.
    public struct ProfileChange: Codable, Sendable, Equatable {
        public var fullname: String?
        public var email: String?

        public init(fullname: String?, email: String?) {
            self.fullname = fullname
            self.email = email
        }
    }

    /// A member the reader blocked or mutes (our extension, `GET /users/me/blocks|mutes`): since
    /// when, and when a mute ends by itself (absent: until unmuted).
    public struct KeptAway: Codable, Sendable, Equatable {
        public var user: User
        public var since: String
        public var until: String?

        public init(user: User, since: String, until: String? = nil) {
            self.user = user
            self.since = since
            self.until = until
        }
    }

    /// `POST /users/<username>/mute` (our extension): for `duration` seconds, or until unmuted
    /// when it is left out.
    public struct MuteRequest: Codable, Sendable, Equatable {
        public var duration: Int?

        public init(duration: Int? = nil) { self.duration = duration }
    }

    /// `PUT /users/<username>/role` (our extension): `member`, `moderator` or `admin`.
    public struct RoleChange: Codable, Sendable, Equatable {
        public var role: String

        public init(role: String) {
            self.role = role
        }
    }

    /// `DELETE /users/me`'s body: the member's password, asked again (toolbox's extension).
    public struct AccountDeletion: Codable, Sendable, Equatable {
        public var password: String

        public init(password: String) {
            self.password = password
        }
    }

    /// A post's or a comment's id: a string of digits on the wire, which some servers send as a number.
    @propertyWrapper
    public struct LenientID: Codable, Sendable, Equatable {
        public var wrappedValue: String

        public init(wrappedValue: String) { self.wrappedValue = wrappedValue }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            wrappedValue = try (try? container.decode(String.self)) ?? String(container.decode(Int64.self))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(wrappedValue)
        }
    }
}
