import Foundation

/// The JSON shapes of the wire contract. Ids are strings; times ISO 8601 UTC.
enum KiwiWire {
    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    struct User: Encodable {
        var id: String
        var username: String
        var displayName: String
        var avatarURL: String

        init(_ user: KiwiUser, links: Links) {
            id = user.username
            username = user.username
            displayName = (user.fullName?.isEmpty == false ? user.fullName : nil) ?? user.username
            avatarURL = links.upload(user.avatar ?? Links.defaultAvatar)
        }
    }

    struct Post: Encodable {
        var id: String
        var author: User
        var imageURL: String
        var caption: String?
        var likes: Int
        var createdAt: String
        var commentCount: Int
        var likedByMe: Bool?

        init(_ post: KiwiPost, links: Links) {
            id = String(post.id)
            author = User(post.owner, links: links)
            imageURL = links.upload(post.image)
            caption = post.caption
            likes = post.likes
            createdAt = iso(post.createdAt)
            commentCount = post.commentCount
            likedByMe = post.likedByMe
        }

        enum CodingKeys: String, CodingKey { case id, author, imageURL, caption, likes, createdAt, commentCount, likedByMe }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(author, forKey: .author)
            try container.encode(imageURL, forKey: .imageURL)
            try container.encode(caption, forKey: .caption)  // null when there is none
            try container.encode(likes, forKey: .likes)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(commentCount, forKey: .commentCount)
            try container.encodeIfPresent(likedByMe, forKey: .likedByMe)
        }
    }

    struct Comment: Encodable {
        var id: String
        var author: User
        var text: String
        var createdAt: String

        init(_ comment: KiwiComment, links: Links) {
            id = String(comment.id)
            author = User(comment.owner, links: links)
            text = comment.text
            createdAt = iso(comment.createdAt)
        }
    }

    struct Session: Encodable {
        var token: String
        var user: User
    }

    struct Status: Encodable {
        var status = "ok"
    }

    struct Likes: Encodable {
        var likes: Int
    }

    /// `{message, status_code, error}`: ours always sends all three.
    struct Failure: Encodable {
        var message: String
        var statusCode: Int
        var error: String

        enum CodingKeys: String, CodingKey {
            case message, error
            case statusCode = "status_code"
        }
    }
}

/// Where links in JSON point: `--public-url`, else the request's Host.
struct Links: Sendable {
    static let defaultAvatar = "default-avatar.png"
    let base: String

    func upload(_ file: String) -> String { "\(base)/uploads/\(file)" }
}
