import Foundation
import KiwiMedia
import KiwiServerSettings
import KiwiWire
import PluginAPI
import _CryptoExtras

/// How other servers of the fediverse find the community and its readers: WebFinger names a
/// member's actor, NodeInfo says what the server is, and each actor carries the RSA key its
/// requests will be signed with. Addresses come from `--public-url` alone: an actor's id is the
/// same whoever asks, through whichever proxy.
struct Federation: Sendable {
    /// Whose key is the server's own (its `Application` actor): no username has an `@`.
    static let server = "@server"

    /// `https://kiwi.example.org`, without a trailing slash.
    let base: String
    /// `kiwi.example.org` (with its port, if it has one): the `@HOST` of `acct:ada@HOST`.
    let host: String
    let accounts: Accounts
    let follows: Follows
    let standings: Standings
    let store: any FederationStore
    let registrations: KiwiRegistrations
    /// Actors' public keys (PEM), by owner: a key, once made, never changes.
    let publicKeys: KiwiCache<String, String>
    /// Other servers' actors, fetched signed by the server's own.
    let remoteActors: RemoteActors
    /// What goes out to other servers' inboxes.
    let deliveries: Deliveries
    /// Members' posts, as activities for their followers elsewhere.
    let outbox: Outbox
    /// The servers an admin blocked.
    let serverBlocks: ServerBlocks
    /// Members' follows of readers on other servers.
    let remoteFollows: RemoteFollows
    /// Blocks between members and readers elsewhere.
    let remoteBlocks: RemoteBlocks
    /// How many activities each server may deliver (`activities@server`).
    let limits: RateLimits
    /// What the server fetches itself, signed by its own actor: the photos of notes from elsewhere.
    private let client: FederationClient
    private let serverSigner: @Sendable () async throws -> FederationClient.Signer

    /// What federation is started with (`--federation on`).
    struct Settings: Sendable {
        /// `--public-url`: the https address other servers reach this one at.
        let publicURL: String
        /// Where photos are reached (`--media-url`, else the public URL), and their URLs' signer.
        let mediaURL: String?
        let mediaSigner: MediaSigner
        /// `--federation-allow-private`.
        var allowsPrivateAddresses = false
    }

    init?(
        _ settings: Settings?,
        accounts: Accounts,
        follows: Follows,
        standings: Standings,
        store: any FederationStore,
        registrations: KiwiRegistrations,
        limits: RateLimits,
        changes: KiwiChanges
    ) {
        guard let settings, let url = URLComponents(string: settings.publicURL), let name = url.host, !name.isEmpty else { return nil }
        base = Self.trimmed(settings.publicURL)
        host = (url.port.map { "\(name):\($0)" } ?? name).lowercased()
        (self.accounts, self.follows, self.standings, self.store, self.registrations) = (accounts, follows, standings, store, registrations)
        publicKeys = KiwiCache(changes: changes, capacity: 10_000) { _ in nil }
        let client = FederationClient(allowsPrivate: settings.allowsPrivateAddresses, userAgent: "kiwi/\(ToolboxVersion.current) (+\(base)/)")
        let signing = Signing(base: base, accounts: accounts, store: store)
        (self.client, serverSigner) = (client, { try await signing.signer(of: Self.server) })
        remoteActors = RemoteActors(client: client, signer: serverSigner)
        let photos = NotePhotos(base: settings.mediaURL.map(Self.trimmed) ?? base, signer: settings.mediaSigner)
        let deliveries = Deliveries(store: store, client: client, signer: signing.signer(of:), prepare: { photos.signed($0, at: $1) })
        self.deliveries = deliveries
        outbox = Outbox(base: base, photos: photos, deliveries: deliveries, store: store, remoteActors: remoteActors)
        serverBlocks = ServerBlocks(store: store, accounts: accounts)
        self.limits = limits
        remoteFollows = RemoteFollows(
            base: base,
            remoteActors: remoteActors,
            store: store,
            deliveries: deliveries,
            serverBlocks: serverBlocks,
            limits: limits
        )
        remoteBlocks = RemoteBlocks(follows: remoteFollows)
    }

    private static func trimmed(_ url: String) -> String { url.hasSuffix("/") ? String(url.dropLast()) : url }

    /// A picture an activity from elsewhere names, fetched as any document is (signed, from a
    /// public address), up to `limit` bytes.
    func picture(at url: URL, upTo limit: Int) async throws -> Data {
        try await client.get(url, accepting: "image/*", upTo: limit, signedAs: try await serverSigner())
    }

    func actorID(_ username: String) -> String { Self.actorID(username, base: base) }
    /// A member's actor id at `base`: one shape for everything that names them (what they send, what they sign).
    static func actorID(_ username: String, base: String) -> String { "\(base)/users/\(username)" }
    var serverActorID: String { "\(base)/actor" }
    /// The inbox every actor here shares: one delivery for many readers.
    var sharedInbox: String { "\(base)/inbox" }

    /// The reader elsewhere a name in a path means (`alice@bookwyrm.example`); nil for a member
    /// here, whose username is `member(named:)`: a plain username, or a handle at this server's
    /// own host (`bob@kiwi.example.org`, as WebFinger names him).
    func reader(named name: String) -> RemoteHandle? {
        guard let handle = RemoteHandle(name), handle.host != host else { return nil }
        return handle
    }

    /// Whether a username is a reader's elsewhere, kept as the author of what they sent
    /// (`FederationStore.keepRemoteAuthor`): their handle; no member's name holds an `@`.
    /// (Read as bytes: every like, comment and note fetched asks it.)
    static func isElsewhere(_ username: String) -> Bool { username.utf8.contains(UInt8(ascii: "@")) }

    func member(named name: String) -> String {
        RemoteHandle(name).map(\.username) ?? name
    }

    /// The member an actor id here names; nil for another server's actor.
    func username(ofActor id: String) -> String? {
        let prefix = "\(base)/users/"
        guard id.hasPrefix(prefix) else { return nil }
        let name = id.dropFirst(prefix.count)
        return name.isEmpty || name.contains("/") || name.contains("#") ? nil : String(name)
    }

    /// The post, or the comment on it, a `Note`'s id here names (`Outbox.noteID`); nil for anything else.
    func note(named id: String) -> (post: Int64, comment: Int64?)? {
        let prefix = "\(base)/posts/"
        guard id.hasPrefix(prefix) else { return nil }
        let parts = id.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard let post = parts.first.flatMap({ Int64($0) }) else { return nil }
        switch parts.count {
        case 1: return (post, nil)
        case 3 where parts[1] == "comments": return Int64(parts[2]).map { (post, $0) }
        default: return nil
        }
    }

    // MARK: WebFinger

    /// The member (or the server) a WebFinger `resource` names: `acct:ada@HOST`, or the actor's id
    /// or profile page on this server. RFC 7033 (4.2): a resource that is no URI (`ada@HOST`, with
    /// no scheme) is malformed, 400; a URI that names nobody here, 404.
    func webFinger(_ resource: String?) async throws -> KiwiWire.WebFinger {
        guard let resource = resource?.trimmingCharacters(in: .whitespaces), !resource.isEmpty else {
            throw KiwiProblem.invalid("resource is required, such as acct:ada@\(host)")
        }
        guard Self.hasScheme(resource) else { throw KiwiProblem.invalid("resource must be a URI, such as acct:ada@\(host)") }
        guard let name = name(in: resource) else { throw KiwiProblem.noSuchUser }
        if name.lowercased() == host {
            return KiwiWire.WebFinger(
                subject: "acct:\(host)@\(host)",
                aliases: [serverActorID],
                links: [.init(rel: "self", type: Self.activityJSON, href: serverActorID)]
            )
        }
        let member = try await visible(name)
        let (actor, profile) = (actorID(member.username), "\(base)/@\(member.username)")
        return KiwiWire.WebFinger(
            subject: "acct:\(member.username)@\(host)",
            aliases: [actor, profile],
            links: [
                .init(rel: "self", type: Self.activityJSON, href: actor),
                .init(rel: "http://webfinger.net/rel/profile-page", type: "text/html", href: profile),
            ]
        )
    }

    /// The username in a resource that names someone here; nil for another server's.
    private func name(in resource: String) -> String? {
        let lowered = resource.lowercased()
        for prefix in ["\(base.lowercased())/users/", "\(base.lowercased())/@"] where lowered.hasPrefix(prefix) {
            let name = String(resource.dropFirst(prefix.count))
            return name.isEmpty || name.contains("/") ? nil : name
        }
        if lowered == serverActorID.lowercased() { return host }
        guard lowered.hasPrefix("acct:") else { return nil }
        let parts = resource.dropFirst(5).split(separator: "@", omittingEmptySubsequences: false).map(String.init)
        // `acct:@ada@HOST` is how some clients write a handle.
        let words = parts.first == "" ? Array(parts.dropFirst()) : parts
        guard words.count == 2, !words[0].isEmpty, words[1].lowercased() == host else { return nil }
        return words[0]
    }

    /// Whether `text` begins as a URI does (RFC 3986): a letter, then letters, digits, `+`, `-` or
    /// `.` up to a colon, and something after it. Read as bytes: every WebFinger asks it.
    private static func hasScheme(_ text: String) -> Bool {
        let bytes = text.utf8
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), let first = bytes.first, isLetter(first),
            bytes.index(after: colon) != bytes.endIndex
        else { return false }
        return bytes[..<colon].allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "+-.".utf8.contains($0) }
    }

    /// The member of that name as other servers may see them: one awaiting approval is nobody yet
    /// (404), and a suspended member is gone while suspended (`KiwiProblem.suspended`, answered
    /// 410), as Mastodon answers both; so no server finds, fetches or follows them.
    func visible(_ username: String) async throws -> KiwiUser {
        let member = try await accounts.admittedMember(username)
        if try await standings.current().suspended.contains(member.username) { throw KiwiProblem.suspended }
        return member
    }

    // MARK: NodeInfo

    func nodeInfoLinks() -> KiwiWire.NodeInfoLinks {
        KiwiWire.NodeInfoLinks(links: [.init(rel: "http://nodeinfo.diaspora.software/ns/schema/2.1", href: "\(base)/nodeinfo/2.1")])
    }

    func nodeInfo(now: Date = Date()) async throws -> KiwiWire.NodeInfo {
        let day: TimeInterval = 86_400
        let usage = try await store.usage(activeSince: now - 30 * day, now - 180 * day)
        return KiwiWire.NodeInfo(
            software: .init(name: "kiwi", version: ToolboxVersion.current, homepage: base),
            openRegistrations: registrations != .closed,
            usage: .init(
                users: .init(total: usage.members, activeMonth: usage.activeMonth, activeHalfyear: usage.activeHalfYear),
                localPosts: usage.posts,
                localComments: usage.comments
            ),
            metadata: .init(nodeName: host)
        )
    }

    // MARK: Actors

    /// The member as other servers see them: a `Person`, with the key their requests are signed with.
    func actor(_ username: String, links: Links) async throws -> KiwiWire.Actor {
        let member = try await visible(username)
        let id = actorID(member.username)
        let avatar = member.avatar ?? Links.defaultAvatar
        return KiwiWire.Actor(
            id: id,
            type: "Person",
            preferredUsername: member.username,
            name: member.fullName?.isEmpty == false ? member.fullName ?? member.username : member.username,
            url: "\(base)/@\(member.username)",
            followers: "\(id)/followers",
            following: "\(id)/following",
            icon: .init(mediaType: Self.imageType(of: avatar), url: links.upload(avatar)),
            publicKeyPem: try await publicKey(of: member.username),
            published: isoTime(member.createdAt),
            sharedInbox: sharedInbox
        )
    }

    /// Where a member's account deletion is told: the inboxes of their followers and of the
    /// readers they follow elsewhere, each once.
    func farewellInboxes(of username: String) async throws -> [String] {
        Set(try await store.remoteFollowerInboxes(of: username) + store.remoteFollowing(of: username).map(\.inbox)).sorted()
    }

    /// A `Delete` of a deleted member's actor, for `inboxes`: signed with the key kept for it,
    /// which goes with the last of them (`FederationStore.finishDelivery`).
    func farewell(_ username: String, to inboxes: [String]) async throws {
        let actor = actorID(username)
        let delete = KiwiWire.Delete(of: actor, by: actor)
        let body = Data(buffer: KiwiJSON.body(delete))
        try await deliveries.queue(inboxes.map { OutgoingDelivery(inbox: $0, activityID: delete.id, signer: username, body: body) })
    }

    /// Sends a member's report about `reader`, a reader elsewhere, to their server's moderators: a
    /// `Flag` by the server's actor, named after the report, so that it goes once.
    func forward(_ report: KiwiReport, about reader: RemoteActor) async throws {
        let flag = KiwiWire.Flag(id: "\(serverActorID)#flags/\(report.id)", by: serverActorID, about: reader.id, comment: report.comment ?? "")
        try await deliveries.queue([
            OutgoingDelivery(inbox: reader.deliveryInbox, activityID: flag.id, signer: Self.server, body: Data(buffer: KiwiJSON.body(flag)))
        ])
    }

    /// Tells a member's followers elsewhere that their profile changed: an `Update` of their actor.
    func profileChanged(_ username: String) async throws {
        let actor = try await actor(username, links: Links(base: base))
        let update = KiwiWire.Update(id: "\(actor.id)#updates/\(UUID().uuidString.lowercased())", of: actor)
        try await deliveries.queue([
            OutgoingDelivery(inbox: Deliveries.followers, activityID: update.id, signer: username, body: Data(buffer: KiwiJSON.body(update)))
        ])
    }

    /// The server's own actor, which signs what the server fetches (Mastodon's "instance actor"):
    /// servers in secure mode answer only signed fetches.
    func serverActor() async throws -> KiwiWire.Actor {
        var actor = KiwiWire.Actor(
            id: serverActorID,
            type: "Application",
            preferredUsername: host,
            name: host,
            url: "\(base)/",
            followers: nil,
            following: nil,
            icon: nil,
            publicKeyPem: try await publicKey(of: Self.server),
            published: nil,
            sharedInbox: sharedInbox
        )
        // Nobody follows a server's own actor.
        actor.manuallyApprovesFollowers = true
        actor.discoverable = false
        return actor
    }

    /// A member's followers, following or posts, counted.
    func collection(_ kind: ActorCollection, of username: String) async throws -> KiwiWire.Collection {
        let member = try await visible(username)
        let total =
            switch kind {
            case .followers:
                try await follows.counts(of: member.username).followers + store.remoteFollowerCount(of: member.username)
            case .following:
                try await follows.counts(of: member.username).following + store.remoteFollowing(of: member.username).filter(\.accepted).count
            case .outbox: try await store.postCount(by: member.username)
            }
        return KiwiWire.Collection(id: "\(actorID(member.username))/\(kind.rawValue)", totalItems: total)
    }

    enum ActorCollection: String, Sendable, CaseIterable {
        case followers, following, outbox
    }

    // MARK: Keys

    /// The actor's public key (PEM).
    func publicKey(of owner: String) async throws -> String {
        try await publicKeys.value(for: owner) {
            try _RSA.Signing.PrivateKey(pemRepresentation: try await Signing.privateKey(of: owner, in: store)).publicKey.pemRepresentation
        }
    }

    /// Who signs what an actor here sends: a member (while their account lasts) or the server.
    struct Signing: Sendable {
        let base: String
        let accounts: Accounts
        let store: any FederationStore

        @Sendable func signer(of owner: String) async throws -> FederationClient.Signer {
            if owner == Federation.server { return try await signer("\(base)/actor", key: Self.privateKey(of: owner, in: store)) }
            let id = Federation.actorID(owner, base: base)
            do {
                _ = try await accounts.admittedMember(owner)
            } catch KiwiProblem.noSuchUser {
                // A member who left signs what was queued before (their account's `Delete`), with
                // the key kept for it; then nothing more.
                guard let kept = try await store.actorKey(of: owner) else { throw KiwiProblem.noSuchUser }
                return try signer(id, key: kept)
            }
            return try await signer(id, key: Self.privateKey(of: owner, in: store))
        }

        private func signer(_ actor: String, key: String) throws -> FederationClient.Signer {
            FederationClient.Signer(keyID: "\(actor)#main-key", key: try _RSA.Signing.PrivateKey(pemRepresentation: key))
        }

        /// The actor's private key (PEM), made the first time anyone asks: one RSA key of 2,048 bits
        /// (what Mastodon and BookWyrm make), kept in the database so every server of the
        /// community signs with it.
        static func privateKey(of owner: String, in store: any FederationStore) async throws -> String {
            if let stored = try await store.actorKey(of: owner) { return stored }
            return try await store.keepActorKey(try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation, of: owner)
        }
    }

    /// What an ActivityPub document is served as.
    static let activityJSON = "application/activity+json"

    /// Whether the request asks for ActivityPub's JSON rather than the API's. Read as bytes: every
    /// request to a path both answer asks it, and Foundation's `contains` costs some 7,000
    /// instructions a call.
    static func wantsActivity(_ accept: String?) -> Bool {
        guard let accept else { return false }
        let bytes = accept.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
        func holds(_ word: String) -> Bool {
            let word = Array(word.utf8)
            guard word.count <= bytes.count else { return false }
            return (0...(bytes.count - word.count)).contains { bytes[$0..<($0 + word.count)].elementsEqual(word) }
        }
        return holds(activityJSON) || (holds("application/ld+json") && holds(KiwiWire.activityStreams))
    }

    /// A picture's type, by its file's name; nil when the name does not say.
    static func imageType(of file: String) -> String? {
        switch (file as NSString).pathExtension.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "gif": "image/gif"
        default: nil
        }
    }
}
