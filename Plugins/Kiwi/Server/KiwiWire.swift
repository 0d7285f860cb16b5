import Foundation

/// The JSON shapes of the wire contract. Ids are strings; times ISO 8601 UTC.
enum KiwiWire {
    /// "2025-09-25T01:00:00Z". By hand: a Foundation date formatter costs more than the rest of a feed page.
    static func iso(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    struct User: KiwiJSONWritable {
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

        func write(into writer: inout KiwiJSONWriter) {
            writer.object { object in
                object.field("id", .string(id))
                object.field("username", .string(username))
                object.field("displayName", .string(displayName))
                object.field("avatarURL", .string(avatarURL))
            }
        }
    }

    struct Post: KiwiJSONWritable {
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

        func write(into writer: inout KiwiJSONWriter) {
            writer.object { object in
                object.field("id", .string(id))
                object.field("author", .nested(author.write))
                object.field("imageURL", .string(imageURL))
                object.field("caption", .string(caption))  // null when there is none
                object.field("likes", .int(likes))
                object.field("createdAt", .string(createdAt))
                object.field("commentCount", .int(commentCount))
                if let likedByMe { object.field("likedByMe", .bool(likedByMe)) }
            }
        }
    }

    struct Comment: KiwiJSONWritable {
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

        func write(into writer: inout KiwiJSONWriter) {
            writer.object { object in
                object.field("id", .string(id))
                object.field("author", .nested(author.write))
                object.field("text", .string(text))
                object.field("createdAt", .string(createdAt))
            }
        }
    }

    struct Session: KiwiJSONWritable {
        var token: String
        var user: User

        func write(into writer: inout KiwiJSONWriter) {
            writer.object { object in
                object.field("token", .string(token))
                object.field("user", .nested(user.write))
            }
        }
    }

    struct Status: KiwiJSONWritable {
        var status = "ok"

        func write(into writer: inout KiwiJSONWriter) {
            writer.object { $0.field("status", .string(status)) }
        }
    }

    struct Likes: KiwiJSONWritable {
        var likes: Int

        func write(into writer: inout KiwiJSONWriter) {
            writer.object { $0.field("likes", .int(likes)) }
        }
    }

    /// `{message, status_code, error}`: ours always sends all three.
    struct Failure: KiwiJSONWritable {
        var message: String
        var statusCode: Int
        var error: String

        func write(into writer: inout KiwiJSONWriter) {
            writer.object { object in
                object.field("message", .string(message))
                object.field("status_code", .int(statusCode))
                object.field("error", .string(error))
            }
        }
    }
}

/// Where links in JSON point: `--public-url`, else the request's Host.
struct Links: Sendable {
    static let defaultAvatar = "default-avatar.png"
    let base: String

    func upload(_ file: String) -> String { "\(base)/uploads/\(file)" }
}
