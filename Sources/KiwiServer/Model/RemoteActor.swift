import Foundation

/// A reader on another server, as their actor document says: where to deliver to them and the key
/// their requests are signed with. Read from JSON another server sent, so every field is checked.
struct RemoteActor: Sendable, Equatable {
    let id: String
    let inbox: String
    /// The inbox the actor's whole server reads (Mastodon's `endpoints.sharedInbox`): one delivery
    /// reaches everyone there.
    let sharedInbox: String?
    let keyID: String
    let publicKeyPEM: String
    let preferredUsername: String?
    /// The name they go by, as their server shows it.
    let name: String?
    /// Their profile page there (an `http(s)` address, or nil).
    let profileURL: String?

    /// Where an activity for them goes: their server's shared inbox when it has one.
    var deliveryInbox: String { sharedInbox ?? inbox }

    /// The actor in a fetched document; nil when it is not one, or names no inbox or key.
    init?(document: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: document) as? [String: Any] else { return nil }
        self.init(object: object)
    }

    /// The actor an object describes (a document fetched, or the object of their `Update`).
    init?(object: [String: Any]) {
        guard let id = object["id"] as? String, let inbox = object["inbox"] as? String else { return nil }
        // Mastodon sends one key as an object; some servers send a list of them.
        let keys = (object["publicKey"] as? [[String: Any]]) ?? [object["publicKey"] as? [String: Any]].compactMap { $0 }
        guard let key = keys.first(where: { $0["publicKeyPem"] is String && $0["id"] is String }),
            let keyID = key["id"] as? String, let pem = key["publicKeyPem"] as? String,
            (key["owner"] as? String).map({ $0 == id }) ?? true
        else { return nil }
        self.id = id
        self.inbox = inbox
        sharedInbox = (object["endpoints"] as? [String: Any])?["sharedInbox"] as? String
        self.keyID = keyID
        publicKeyPEM = pem
        preferredUsername = object["preferredUsername"] as? String
        name = (object["name"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        // `url` is a link's address or a `Link` object; only a web address is kept for a page to link to.
        let url = object["url"] as? String ?? (object["url"] as? [String: Any])?["href"] as? String
        profileURL = url.flatMap { URL(string: $0) }.flatMap { ["https", "http"].contains($0.scheme?.lowercased()) ? $0.absoluteString : nil }
    }

    /// `alice@bookwyrm.example`: the name they chose at their actor's host (with its port, if it
    /// names one). Not the id's last segment: bovine's and Misskey's ids end in a key or a number.
    var handle: String {
        guard let url = URL(string: id), let host = url.host else { return id }
        return "\(preferredUsername ?? url.lastPathComponent)@\(url.port.map { "\(host):\($0)" } ?? host)"
    }

    /// The actor a key id names: the id without its fragment (`…/users/alice#main-key`).
    static func owner(ofKey keyID: String) -> String {
        keyID.split(separator: "#", maxSplits: 1).first.map(String.init) ?? keyID
    }
}
