import Foundation

/// How other servers of the fediverse find a Kiwi community and its readers (our extension, with
/// `kiwi serve --federation on`): WebFinger, NodeInfo 2.1 and ActivityPub's actors and collections,
/// in the shapes Mastodon and BookWyrm read.
extension KiwiWire {
    /// WebFinger's answer (RFC 7033's JSON Resource Descriptor) for `acct:ada@HOST`.
    public struct WebFinger: Codable, Sendable, Equatable {
        /// `acct:ada@HOST`.
        public var subject: String
        /// The actor's id and the profile page.
        public var aliases: [String]
        public var links: [Link]

        public init(subject: String, aliases: [String], links: [Link]) {
            (self.subject, self.aliases, self.links) = (subject, aliases, links)
        }

        /// A link of a WebFinger answer or of NodeInfo's discovery document: `self` (the actor, as
        /// `application/activity+json`), the profile page, or NodeInfo's schema.
        public struct Link: Codable, Sendable, Equatable {
            public var rel: String
            public var type: String?
            public var href: String

            public init(rel: String, type: String? = nil, href: String) {
                (self.rel, self.type, self.href) = (rel, type, href)
            }
        }
    }

    /// `GET /.well-known/nodeinfo`: where the NodeInfo document is, by the schema it follows.
    public struct NodeInfoLinks: Codable, Sendable, Equatable {
        public var links: [WebFinger.Link]

        public init(links: [WebFinger.Link]) { self.links = links }
    }

    /// NodeInfo 2.1: what software the server runs, whether it takes new members, and how many
    /// it has; crawlers and other servers read it.
    public struct NodeInfo: Codable, Sendable, Equatable {
        public var version: String
        public var software: Software
        public var protocols: [String]
        public var services: Services
        public var openRegistrations: Bool
        public var usage: Usage
        public var metadata: Metadata

        public init(software: Software, openRegistrations: Bool, usage: Usage, metadata: Metadata) {
            version = "2.1"
            self.software = software
            protocols = ["activitypub"]
            services = Services(inbound: [], outbound: [])
            (self.openRegistrations, self.usage, self.metadata) = (openRegistrations, usage, metadata)
        }

        public struct Software: Codable, Sendable, Equatable {
            /// Lower case letters, digits and hyphens, as the schema asks.
            public var name: String
            public var version: String
            public var homepage: String

            public init(name: String, version: String, homepage: String) { (self.name, self.version, self.homepage) = (name, version, homepage) }
        }

        /// Other networks the server reads from or posts to: none.
        public struct Services: Codable, Sendable, Equatable {
            public var inbound: [String]
            public var outbound: [String]

            public init(inbound: [String], outbound: [String]) { (self.inbound, self.outbound) = (inbound, outbound) }
        }

        public struct Usage: Codable, Sendable, Equatable {
            public var users: Users
            /// Posts on this server.
            public var localPosts: Int
            /// Comments on this server.
            public var localComments: Int

            public init(users: Users, localPosts: Int, localComments: Int) {
                (self.users, self.localPosts, self.localComments) = (users, localPosts, localComments)
            }
        }

        /// Members, and those who posted or commented in the last 30 and 180 days.
        public struct Users: Codable, Sendable, Equatable {
            public var total: Int
            public var activeMonth: Int
            public var activeHalfyear: Int

            public init(total: Int, activeMonth: Int, activeHalfyear: Int) {
                (self.total, self.activeMonth, self.activeHalfyear) = (total, activeMonth, activeHalfyear)
            }
        }

        public struct Metadata: Codable, Sendable, Equatable {
            /// The server's name: its host.
            public var nodeName: String

            public init(nodeName: String) { self.nodeName = nodeName }
        }
    }

    /// An ActivityPub actor: a member (`Person`) or the server itself (`Application`, which signs
    /// the server's own fetches). Served at the member's `/users/<u>` to a request that asks for
    /// `application/activity+json`.
    public struct Actor: Codable, Sendable, Equatable {
        public var context: [String]
        public var id: String
        public var type: String
        public var preferredUsername: String
        public var name: String
        /// The profile page (a web page, for people).
        public var url: String
        public var inbox: String
        public var outbox: String
        public var followers: String?
        public var following: String?
        public var icon: Image?
        public var publicKey: PublicKey
        public var manuallyApprovesFollowers: Bool
        public var discoverable: Bool
        public var published: String?
        /// The server's shared inbox, which one delivery for many of its readers reaches.
        public var endpoints: Endpoints

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case id, type, preferredUsername, name, url, inbox, outbox, followers, following, icon, publicKey
            case manuallyApprovesFollowers, discoverable, published, endpoints
        }

        /// ActivityStreams, and the security vocabulary that names `publicKey`.
        public static let context = [KiwiWire.activityStreams, "https://w3id.org/security/v1"]

        public init(
            id: String,
            type: String,
            preferredUsername: String,
            name: String,
            url: String,
            followers: String?,
            following: String?,
            icon: Image?,
            publicKeyPem: String,
            published: String?,
            sharedInbox: String
        ) {
            context = Self.context
            (self.id, self.type, self.preferredUsername, self.name, self.url) = (id, type, preferredUsername, name, url)
            (inbox, outbox) = ("\(id)/inbox", "\(id)/outbox")
            (self.followers, self.following, self.icon, self.published) = (followers, following, icon, published)
            publicKey = PublicKey(id: "\(id)#main-key", owner: id, publicKeyPem: publicKeyPem)
            manuallyApprovesFollowers = false
            discoverable = true
            endpoints = Endpoints(sharedInbox: sharedInbox)
        }

        public struct Endpoints: Codable, Sendable, Equatable {
            public var sharedInbox: String

            public init(sharedInbox: String) { self.sharedInbox = sharedInbox }
        }

        /// The key that signs the actor's requests (RSA, PEM): `id` is the actor's id and `#main-key`.
        public struct PublicKey: Codable, Sendable, Equatable {
            public var id: String
            public var owner: String
            public var publicKeyPem: String

            public init(id: String, owner: String, publicKeyPem: String) { (self.id, self.owner, self.publicKeyPem) = (id, owner, publicKeyPem) }
        }

        /// A picture of the actor: the member's avatar.
        public struct Image: Codable, Sendable, Equatable {
            public var type: String
            public var mediaType: String?
            public var url: String

            public init(mediaType: String?, url: String) { (type, self.mediaType, self.url) = ("Image", mediaType, url) }
        }
    }

    /// An actor's followers, following or outbox as ActivityPub shows it: how many, without the
    /// list (Mastodon shows a hidden network the same way).
    public struct Collection: Codable, Sendable, Equatable {
        public var context: String
        public var id: String
        public var type: String
        public var totalItems: Int

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case id, type, totalItems
        }

        public init(id: String, totalItems: Int) {
            (context, self.id, type, self.totalItems) = (KiwiWire.activityStreams, id, "OrderedCollection", totalItems)
        }
    }

    /// An actor's `Follow` or `Block` of another, or `Like` of a note: sent on its own by a member
    /// (with its `@context`), or given back inside an `Accept`, `Reject` or `Undo` (without).
    public struct ActorActivity: Codable, Sendable, Equatable {
        public var context: String?
        public var id: String
        public var type: String
        public var actor: String
        public var object: String

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case id, type, actor, object
        }

        /// `type`: `Follow`, `Block` or `Like`.
        public init(_ type: String = "Follow", id: String, actor: String, object: String, sentOnItsOwn: Bool = false) {
            (context, self.id, self.type) = (sentOnItsOwn ? KiwiWire.activityStreams : nil, id, type)
            (self.actor, self.object) = (actor, object)
        }
    }

    /// An activity about a `Follow`, a `Block` or a `Like`: the member followed accepts a follow
    /// (a Kiwi reader's follows are open) or rejects one from a reader they block, or a member
    /// undoes their own follow, block or like.
    public struct AboutActivity: Codable, Sendable, Equatable {
        public var context: String
        public var id: String
        public var type: String
        public var actor: String
        public var object: ActorActivity

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case id, type, actor, object
        }

        /// `type`: `Accept`, `Reject` or `Undo`.
        public init(_ type: String, id: String, actor: String, object: ActorActivity) {
            (context, self.id, self.type, self.actor, self.object) = (KiwiWire.activityStreams, id, type, actor, object)
        }
    }

    /// A reader on another server in a member's lists (`GET /users/<u>/followers/remote` and
    /// `/following/remote`).
    public struct RemoteReader: Codable, Sendable, Equatable {
        /// `alice@bookwyrm.example`.
        public var handle: String
        /// Their actor's id.
        public var actor: String
        /// In `following`: whether their server has yet to accept the follow.
        public var pending: Bool?

        public init(handle: String, actor: String, pending: Bool? = nil) { (self.handle, self.actor, self.pending) = (handle, actor, pending) }
    }

    /// ActivityStreams' context, which an activity sent on its own names.
    public static let activityStreams = "https://www.w3.org/ns/activitystreams"

    /// A `Note`'s `@context`: ActivityStreams' and the one term Kiwi sends beyond its vocabulary,
    /// Mastodon's `sensitive` (`["…/activitystreams", {"sensitive": "as:sensitive"}]`). A reader
    /// of JSON-LD (bovine) drops a term no context defines, and with it what hides a spoiler.
    public struct NoteContext: Codable, Sendable, Equatable {
        struct Terms: Codable, Equatable {
            var sensitive = "as:sensitive"
        }

        public init() {}

        /// Read back only as this server writes it (a `Create` it queued), or as it wrote it before
        /// it defined `sensitive` (ActivityStreams' alone), so that a delivery queued then is still
        /// sent with its photo's URL signed anew.
        public init(from decoder: any Decoder) throws {
            if let single = try? decoder.singleValueContainer().decode(String.self), single == KiwiWire.activityStreams { return }
            var list = try decoder.unkeyedContainer()
            guard try list.decode(String.self) == KiwiWire.activityStreams, try list.decode(Terms.self) == Terms() else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a Note's context"))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var list = encoder.unkeyedContainer()
            try list.encode(KiwiWire.activityStreams)
            try list.encode(Terms())
        }
    }

    /// ActivityStreams' public collection: a post addressed to it is public.
    public static let publicAudience = "https://www.w3.org/ns/activitystreams#Public"

    /// A post as other servers show it: its caption and a link to its book's page as `content`,
    /// its photo as an attachment, its spoiler warning as `summary` (hidden behind it). A comment
    /// is a `Note` too, in reply to its post's, with no attachment.
    public struct Note: Codable, Sendable, Equatable {
        /// Set when the Note is fetched on its own; nil inside its `Create`, which has it.
        public var context: NoteContext?
        public var id: String
        public var type: String
        public var attributedTo: String
        /// The post's own web page (a comment's: its post's, at the comment).
        public var url: String
        /// A comment's post: its `Note`'s id.
        public var inReplyTo: String?
        public var published: String
        public var to: [String]
        public var cc: [String]
        /// HTML: the caption, then the book.
        public var content: String
        /// The spoiler warning, shown first; `sensitive` with it.
        public var summary: String?
        public var sensitive: Bool
        public var attachment: [Attachment]

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case id, type, attributedTo, url, inReplyTo, published, to, cc, content, summary, sensitive, attachment
        }

        public init(
            id: String,
            attributedTo: String,
            url: String,
            inReplyTo: String? = nil,
            published: String,
            followers: String,
            content: String,
            summary: String?,
            attachment: [Attachment]
        ) {
            (self.id, type, self.attributedTo, self.url, self.inReplyTo, self.published) = (id, "Note", attributedTo, url, inReplyTo, published)
            (to, cc) = ([KiwiWire.publicAudience], [followers])
            (self.content, self.summary, sensitive, self.attachment) = (content, summary, summary != nil, attachment)
        }

        /// The Note as a fetch of its id answers it: with its context.
        public var onItsOwn: Note {
            var note = self
            note.context = NoteContext()
            return note
        }

        /// The post's photo: `name` is its description, for people who cannot see it.
        public struct Attachment: Codable, Sendable, Equatable {
            public var type: String
            public var mediaType: String
            public var url: String
            public var name: String?

            public init(mediaType: String, url: String, name: String?) {
                (type, self.mediaType, self.url, self.name) = ("Image", mediaType, url, name)
            }
        }
    }

    /// A member posted or commented: the `Note`, sent to their followers on other servers.
    public struct Create: Codable, Sendable, Equatable {
        public var context: NoteContext
        public var id: String
        public var type: String
        public var actor: String
        public var published: String
        public var to: [String]
        public var cc: [String]
        public var object: Note

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case id, type, actor, published, to, cc, object
        }

        public init(note: Note) {
            (context, id, type) = (NoteContext(), "\(note.id)/activity", "Create")
            (actor, published, to, cc, object) = (note.attributedTo, note.published, note.to, note.cc, note)
        }
    }

    /// A member's profile changed (their name, their picture): their actor as it is now, sent to
    /// their followers on other servers, as Mastodon sends an `Update` of a `Person`.
    public struct Update: Codable, Sendable, Equatable {
        public var context: String
        public var id: String
        public var type: String
        public var actor: String
        public var to: [String]
        public var object: Actor

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case id, type, actor, to, object
        }

        public init(id: String, of actor: Actor) {
            (context, self.id, type) = (KiwiWire.activityStreams, id, "Update")
            (self.actor, to, object) = (actor.id, [KiwiWire.publicAudience], actor)
        }
    }

    /// A member reported a reader on another server: the report, sent to that server's moderators
    /// as Mastodon forwards one, by the server's actor (the reporter stays unnamed), naming the
    /// reader's actor, with the member's comment.
    public struct Flag: Codable, Sendable, Equatable {
        public var context: String
        public var id: String
        public var type: String
        public var actor: String
        public var object: [String]
        public var content: String

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case id, type, actor, object, content
        }

        public init(id: String, by actor: String, about reported: String, comment: String) {
            (context, self.id, type) = (KiwiWire.activityStreams, id, "Flag")
            (self.actor, object, content) = (actor, [reported], comment)
        }
    }

    /// A post, a comment or an account is gone: its `Note` (or `Person`) becomes a `Tombstone`
    /// everywhere it was sent.
    public struct Delete: Codable, Sendable, Equatable {
        public var context: String
        public var id: String
        public var type: String
        public var actor: String
        public var to: [String]
        public var object: Tombstone

        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case id, type, actor, to, object
        }

        public init(of object: String, by actor: String) {
            (context, id, type) = (KiwiWire.activityStreams, "\(object)#delete", "Delete")
            (self.actor, to, self.object) = (actor, [KiwiWire.publicAudience], Tombstone(id: object))
        }
    }

    public struct Tombstone: Codable, Sendable, Equatable {
        public var id: String
        public var type: String

        public init(id: String) { (self.id, type) = (id, "Tombstone") }
    }

    /// A server an admin blocked (`GET /domain_blocks`): its activities are refused and no follow
    /// with it lasts; the block covers the servers under its domain.
    public struct DomainBlock: Codable, Sendable, Equatable {
        public var host: String
        public var reason: String?
        public var blockedBy: String
        public var createdAt: String

        public init(host: String, reason: String?, blockedBy: String, createdAt: String) {
            (self.host, self.reason, self.blockedBy, self.createdAt) = (host, reason, blockedBy, createdAt)
        }
    }

    /// `PUT /domain_blocks/<host>`: why, for the audit log and the list.
    public struct DomainBlockRequest: Codable, Sendable, Equatable {
        public var reason: String?

        public init(reason: String? = nil) { self.reason = reason }
    }
}
