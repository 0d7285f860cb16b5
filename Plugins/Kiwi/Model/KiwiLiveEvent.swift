import Foundation
import KiwiWire
import PluginAPI

/// What a reader's live stream says (`GET /events`), as `kiwi watch` prints it: one JSON object a
/// line with `--json` or when piped (`{"type": "notification", "notification": {…}}`, `"post"`,
/// `"withdrawn"` with its `id`, `"unread"` with its `count`, `"reading"`: a followee's shelf change).
enum KiwiLiveEvent: Sendable, Equatable, Encodable {
    case notification(KiwiWire.Notification)
    case post(KiwiWire.Post)
    case withdrawn(String)
    case unread(Int)
    case reading(KiwiWire.ShelfEntry)

    /// The stream's event, read; nil for one this client does not know (a newer server's).
    init?(_ event: ServerSentEvent) throws {
        let data = Data(event.data.utf8)
        let decoder = JSONDecoder()
        switch event.name {
        case "notification": self = .notification(try decoder.decode(KiwiWire.Notification.self, from: data))
        case "post": self = .post(try decoder.decode(KiwiWire.Post.self, from: data))
        case "withdrawn": self = .withdrawn(try decoder.decode(KiwiWire.Withdrawn.self, from: data).id)
        case "unread": self = .unread(try decoder.decode(KiwiWire.Unread.self, from: data).count)
        case "reading": self = .reading(try decoder.decode(KiwiWire.ShelfEntry.self, from: data))
        default: return nil
        }
    }

    /// Notifications and posts are named, so one sent again is known.
    var id: String? {
        switch self {
        case .notification(let notification): "n\(notification.id)"
        case .post(let post): "p\(post.id)"
        case .withdrawn, .unread, .reading: nil
        }
    }

    /// What `type` says in JSON.
    var type: String {
        switch self {
        case .notification: "notification"
        case .post: "post"
        case .withdrawn: "withdrawn"
        case .unread: "unread"
        case .reading: "reading"
        }
    }

    private enum Keys: String, CodingKey { case type, notification, post, id, count, reading }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(type, forKey: .type)
        switch self {
        case .notification(let notification): try container.encode(notification, forKey: .notification)
        case .post(let post): try container.encode(post, forKey: .post)
        case .withdrawn(let id): try container.encode(id, forKey: .id)
        case .unread(let count): try container.encode(count, forKey: .count)
        case .reading(let entry): try container.encode(entry, forKey: .reading)
        }
    }
}
