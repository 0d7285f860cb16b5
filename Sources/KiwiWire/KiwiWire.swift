import Foundation

/// The JSON shapes of the wire contract, for both ends: the server writes them
/// (through `KiwiJSONWriter`, checked against these by a test) and the client reads
/// them. Ids are strings; times ISO 8601 UTC. Decoding is lenient where servers of
/// the base contract differ from ours: numeric ids, and no extension fields.
public enum KiwiWire {
    public struct User: Codable, Sendable, Equatable {
        public var id: String?
        public var username: String
        public var displayName: String?
        public var avatarURL: String?
        /// The avatar's sizes (our extension; see `KiwiPhotoVersions`); none for the default avatar.
        public var avatarVersions: KiwiPhotoVersions?

        public init(id: String?, username: String, displayName: String?, avatarURL: String?, avatarVersions: KiwiPhotoVersions? = nil) {
            self.id = id
            self.username = username
            self.displayName = displayName
            self.avatarURL = avatarURL
            self.avatarVersions = avatarVersions
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let id = try container.decodeIfPresent(LenientID.self, forKey: .id)?.text
            self.id = id
            username = try container.decodeIfPresent(String.self, forKey: .username) ?? id ?? ""
            displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
            avatarURL = try container.decodeIfPresent(String.self, forKey: .avatarURL)
            avatarVersions = try container.decodeIfPresent(KiwiPhotoVersions.self, forKey: .avatarVersions)
        }

        enum CodingKeys: String, CodingKey { case id, username, displayName, avatarURL, avatarVersions }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeNullable(id, forKey: .id)
            try container.encode(username, forKey: .username)
            try container.encodeNullable(displayName, forKey: .displayName)
            try container.encodeNullable(avatarURL, forKey: .avatarURL)
            try container.encodeIfPresent(avatarVersions, forKey: .avatarVersions)
        }

        /// The name to show: the display name, else the username.
        public var shownName: String { displayName ?? username }
    }

    public struct Post: Codable, Sendable, Equatable {
        public var id: String
        public var author: User
        public var imageURL: String?
        /// The photo's sizes (our extension; see `KiwiPhotoVersions`).
        public var imageVersions: KiwiPhotoVersions?
        /// What the photo shows, for people who cannot see it (our extension).
        public var imageAlt: String?
        public var caption: String?
        public var likes: Int
        public var createdAt: String?
        public var commentCount: Int?
        /// Only when someone is logged in.
        public var likedByMe: Bool?
        /// The book the reflection is about (our extension).
        public var book: Book?

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
            imageAlt: String? = nil
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
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(LenientID.self, forKey: .id).text
            author = try container.decode(User.self, forKey: .author)
            imageURL = try container.decodeIfPresent(String.self, forKey: .imageURL)
            imageVersions = try container.decodeIfPresent(KiwiPhotoVersions.self, forKey: .imageVersions)
            imageAlt = try container.decodeIfPresent(String.self, forKey: .imageAlt)
            caption = try container.decodeIfPresent(String.self, forKey: .caption)
            likes = try container.decodeIfPresent(Int.self, forKey: .likes) ?? 0
            createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
            commentCount = try container.decodeIfPresent(Int.self, forKey: .commentCount)
            likedByMe = try container.decodeIfPresent(Bool.self, forKey: .likedByMe)
            book = try container.decodeIfPresent(Book.self, forKey: .book)
        }

        enum CodingKeys: String, CodingKey {
            case id, author, imageURL, imageVersions, imageAlt, caption, likes, createdAt, commentCount, likedByMe, book
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(author, forKey: .author)
            try container.encodeNullable(imageURL, forKey: .imageURL)
            try container.encodeIfPresent(imageVersions, forKey: .imageVersions)
            try container.encodeIfPresent(imageAlt, forKey: .imageAlt)
            try container.encodeNullable(caption, forKey: .caption)
            try container.encode(likes, forKey: .likes)
            try container.encodeNullable(createdAt, forKey: .createdAt)
            try container.encodeNullable(commentCount, forKey: .commentCount)
            try container.encodeIfPresent(likedByMe, forKey: .likedByMe)
            try container.encodeNullable(book, forKey: .book)
        }
    }

    public struct Comment: Codable, Sendable, Equatable {
        public var id: String
        public var author: User
        public var text: String
        public var createdAt: String?

        public init(id: String, author: User, text: String, createdAt: String?) {
            self.id = id
            self.author = author
            self.text = text
            self.createdAt = createdAt
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(LenientID.self, forKey: .id).text
            author = try container.decode(User.self, forKey: .author)
            text = try container.decode(String.self, forKey: .text)
            createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
        }

        enum CodingKeys: String, CodingKey { case id, author, text, createdAt }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(author, forKey: .author)
            try container.encode(text, forKey: .text)
            try container.encodeNullable(createdAt, forKey: .createdAt)
        }
    }

    /// A book: a result of `GET /books/search` (with the search's `id`), or the book a post names.
    public struct Book: Codable, Sendable, Equatable {
        /// The book search's own id (an Open Library work); only in search results.
        public var id: String?
        public var title: String
        public var authors: [String]?
        public var isbn13: String?

        public init(id: String? = nil, title: String, authors: [String]?, isbn13: String?) {
            self.id = id
            self.title = title
            self.authors = authors
            self.isbn13 = isbn13
        }

        enum CodingKeys: String, CodingKey { case id, title, authors, isbn13 }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encodeNullable(authors, forKey: .authors)
            try container.encodeNullable(isbn13, forKey: .isbn13)
        }

        /// An ISBN-13 as a post names it: 13 digits, nothing else.
        public static func isISBN13(_ text: String) -> Bool {
            text.count == 13 && text.allSatisfy { $0.isASCII && $0.isNumber }
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
        public var post: NotifiedPost?
        /// The comment's text, for a comment.
        public var comment: String?
        public var createdAt: String
        public var read: Bool

        public init(id: String, kind: String, actor: User, post: NotifiedPost?, comment: String?, createdAt: String, read: Bool) {
            self.id = id
            self.kind = kind
            self.actor = actor
            self.post = post
            self.comment = comment
            self.createdAt = createdAt
            self.read = read
        }

        enum CodingKeys: String, CodingKey { case id, kind, actor, post, comment, createdAt, read }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(kind, forKey: .kind)
            try container.encode(actor, forKey: .actor)
            try container.encodeNullable(post, forKey: .post)
            try container.encodeNullable(comment, forKey: .comment)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(read, forKey: .read)
        }
    }

    /// What a notification shows of its post.
    public struct NotifiedPost: Codable, Sendable, Equatable {
        public var id: String
        public var imageURL: String
        public var caption: String?

        public init(id: String, imageURL: String, caption: String?) {
            self.id = id
            self.imageURL = imageURL
            self.caption = caption
        }

        enum CodingKeys: String, CodingKey { case id, imageURL, caption }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(imageURL, forKey: .imageURL)
            try container.encodeNullable(caption, forKey: .caption)
        }
    }

    /// `GET /notifications/unread` and `POST /notifications/read` answer how many are unread; the
    /// live stream's `unread` event says it too.
    public struct Unread: Codable, Sendable, Equatable {
        public var count: Int

        public init(count: Int) { self.count = count }
    }

    /// `POST /notifications/read`: every notification, or those up to `upTo` (an id), marked read.
    public struct MarkRead: Codable, Sendable {
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
        public var message: String?
        public var statusCode: Int?
        public var error: String?

        public init(message: String?, statusCode: Int?, error: String?) {
            self.message = message
            self.statusCode = statusCode
            self.error = error
        }

        enum CodingKeys: String, CodingKey {
            case message, error
            case statusCode = "status_code"
        }
    }

    /// `POST /users`.
    public struct SignUp: Codable, Sendable {
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
    public struct Credentials: Codable, Sendable {
        public var username: String
        public var password: String

        public init(username: String, password: String) {
            self.username = username
            self.password = password
        }
    }

    /// `PUT /users/<username>`: what is left out stays as it is.
    public struct ProfileChange: Codable, Sendable {
        public var fullname: String?
        public var email: String?

        public init(fullname: String?, email: String?) {
            self.fullname = fullname
            self.email = email
        }
    }

    /// The original sends ids as strings; some servers send numbers.
    struct LenientID: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            text = try (try? container.decode(String.self)) ?? String(container.decode(Int64.self))
        }
    }
}

extension KeyedEncodingContainer {
    /// A field without a value as `null`, not left out: the original's clients read every
    /// documented field whether or not it has a value.
    mutating func encodeNullable<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
