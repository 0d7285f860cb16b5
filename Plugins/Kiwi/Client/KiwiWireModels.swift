import Foundation
import PluginAPI

/// A user as any Kiwi server sends it.
struct RemoteUser: Codable, Sendable, Equatable {
    var id: String?
    var username: String
    var displayName: String?
    var avatarURL: String?

    enum CodingKeys: String, CodingKey { case id, username, displayName, avatarURL }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        username = try container.decodeIfPresent(String.self, forKey: .username) ?? id ?? ""
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        avatarURL = try container.decodeIfPresent(String.self, forKey: .avatarURL)
    }

    /// The `author` object of cli.md: `username`, `displayName`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(username, forKey: .username)
        try container.encode(displayName ?? username, forKey: .displayName)
    }
}

/// A post: the base contract's fields, and the extensions' when the server sends them.
struct RemotePost: Codable, Sendable {
    var id: String
    var author: RemoteUser
    var imageURL: String?
    var caption: String?
    var likes: Int
    var createdAt: String?
    var commentCount: Int?
    var likedByMe: Bool?

    enum CodingKeys: String, CodingKey { case id, author, imageURL, caption, likes, createdAt, commentCount, likedByMe }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // The original sends ids as strings; be lenient with numbers.
        id = try (try? container.decode(String.self, forKey: .id)) ?? String(container.decode(Int.self, forKey: .id))
        author = try container.decode(RemoteUser.self, forKey: .author)
        imageURL = try container.decodeIfPresent(String.self, forKey: .imageURL)
        caption = try container.decodeIfPresent(String.self, forKey: .caption)
        likes = try container.decodeIfPresent(Int.self, forKey: .likes) ?? 0
        createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
        commentCount = try container.decodeIfPresent(Int.self, forKey: .commentCount)
        likedByMe = try container.decodeIfPresent(Bool.self, forKey: .likedByMe)
    }

    /// Fields the server lacks are `null`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(author, forKey: .author)
        try container.encode(imageURL, forKey: .imageURL)
        try container.encode(caption, forKey: .caption)
        try container.encode(likes, forKey: .likes)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(commentCount, forKey: .commentCount)
    }

    var created: Date? { createdAt.flatMap(KiwiTime.parse) }
}

struct RemoteComment: Codable, Sendable {
    var id: String
    var author: RemoteUser
    var text: String
    var createdAt: String?

    enum CodingKeys: String, CodingKey { case id, author, text, createdAt }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try (try? container.decode(String.self, forKey: .id)) ?? String(container.decode(Int.self, forKey: .id))
        author = try container.decode(RemoteUser.self, forKey: .author)
        text = try container.decode(String.self, forKey: .text)
        createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(author, forKey: .author)
        try container.encode(text, forKey: .text)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

/// The saved login: which server, the token, and who (for `whoami` on base-only servers).
struct KiwiSession: Codable, Sendable {
    var server: String
    var token: String
    var user: RemoteUser
}

enum KiwiTime {
    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// "3 h ago", or "–" when the server does not say.
    static func age(_ date: Date?, now: Date = Date()) -> String {
        date.map { RelativeTime.ago(now.timeIntervalSince($0)) } ?? "–"
    }

    /// Consecutive days, ending today or yesterday, with at least one post: the reading habit.
    static func streak(_ dates: [Date], today: Date = Date(), calendar: Calendar = .current) -> Int {
        let days = Set(dates.map { calendar.startOfDay(for: $0) })
        var day = calendar.startOfDay(for: today)
        if !days.contains(day) { day = calendar.date(byAdding: .day, value: -1, to: day) ?? day }
        var count = 0
        while days.contains(day) {
            count += 1
            day = calendar.date(byAdding: .day, value: -1, to: day) ?? day
        }
        return count
    }
}
