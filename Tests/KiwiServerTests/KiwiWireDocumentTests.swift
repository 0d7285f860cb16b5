import Foundation
import KiwiWire
import NIOCore
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

/// The wire types in `KiwiWire` are the OpenAPI document's schemas, field for field: a field
/// declared and not documented, or documented and not declared, fails here, and so does a field
/// documented as always sent (`required`) that the declaration may leave out, or one sent as
/// `null` and documented without it.
@Suite struct KiwiWireDocumentTests {
    /// One value of each wire type with every field given a value (a test below holds the samples
    /// to that), and where the document describes it.
    static let samples: [WireSample] = {
        let versions: KiwiPhotoVersions = ["96": "http://kiwi.test/media/a.jpg/96.jpg", "full": "http://kiwi.test/media/a.jpg/full.jpg"]
        let user = KiwiWire.User(
            id: "ada",
            username: "ada",
            displayName: "Ada",
            avatarURL: "http://kiwi.test/uploads/a.png",
            avatarVersions: versions,
            role: "admin",
            standing: "silenced"
        )
        let book = KiwiWire.Book(id: "OL362427W", title: "The Tempest", authors: ["William Shakespeare"], isbn13: "9780141439600")
        let progress = KiwiWire.ReadingProgress(page: 120, pages: 350, percent: 34)
        let entry = KiwiWire.ShelfEntry(
            id: "9",
            reader: "ada",
            book: book,
            shelf: .reading,
            progress: progress,
            started: "2026-01-02",
            finished: "2026-02-03",
            rating: 5,
            review: "Better the second time.",
            spoiler: "the ending",
            updatedAt: "2026-02-03T10:00:00Z",
            cover: versions,
            coverURL: "http://kiwi.test/media/cover-9780141439600.jpg/320.jpg"
        )
        let reply = KiwiWire.Archive.Reply(
            author: "bob",
            profile: "http://kiwi.test/@bob",
            text: "Bob was here",
            spoiler: "the fire",
            createdAt: "2026-02-03T11:00:00Z"
        )
        let archive = KiwiWire.Archive(
            server: "http://kiwi.test",
            exportedAt: "2026-11-29T12:00:00Z",
            profile: .init(
                username: "ada",
                fullName: "Ada",
                email: "ada@kiwi.test",
                url: "http://kiwi.test/@ada",
                createdAt: "2026-01-01T00:00:00Z",
                avatar: "avatar.jpg"
            ),
            posts: [
                .init(
                    url: "http://kiwi.test/p/7",
                    photo: "photos/7.jpg",
                    caption: "Thornfield",
                    description: "A house at dusk",
                    book: book,
                    spoiler: "the ending",
                    likes: 2,
                    comments: 1,
                    createdAt: "2026-02-03T10:00:00Z",
                    replies: [reply]
                )
            ],
            comments: [.init(post: "http://kiwi.test/p/8", text: "Lovely", spoiler: "the attic", createdAt: "2026-02-03T10:00:00Z")],
            likes: [.init(post: "http://kiwi.test/p/8", createdAt: "2026-02-03T10:00:00Z")],
            following: ["http://kiwi.test/@bob"],
            followers: ["http://kiwi.test/@bob"],
            readings: [
                .init(
                    book: book,
                    shelf: .read,
                    progress: progress,
                    started: "2026-01-02",
                    finished: "2026-02-03",
                    rating: 5,
                    review: "Yes",
                    spoiler: "the fire",
                    updatedAt: "2026-02-03T10:00:00Z"
                )
            ]
        )
        let counts = KiwiWire.ShelfCounts(want: 1, reading: 2, read: 3)
        let limits = KiwiWire.MediaLimits(
            supportedMimeTypes: ["image/jpeg"],
            imageSizeLimit: 1,
            imageMatrixLimit: 2,
            largestSide: 3,
            descriptionLimit: 4
        )
        let reportedPost = KiwiWire.ReportedPost(
            id: "7",
            imageURL: "http://kiwi.test/media/a.jpg/640.jpg",
            caption: "Cheap pills",
            imageAlt: "A bottle",
            spoiler: "the ending",
            bookTitle: "The Tempest",
            isbn13: "9780141439600",
            createdAt: "2026-01-02T10:00:00Z",
            kept: true
        )
        let reportedComment = KiwiWire.ReportedComment(id: "3", postID: "7", text: "Fools", spoiler: "the ending", createdAt: "2026-01-02T10:00:00Z")
        let content = KiwiWire.ReportedContent(posts: [reportedPost], comment: reportedComment)
        let entry2 = KiwiWire.AuditEntry(
            id: "1",
            moderator: "mod",
            action: "remove",
            account: "bob",
            report: "4",
            reason: "adverts",
            createdAt: "2026-01-02T10:00:00Z"
        )
        let brief = KiwiWire.ReportBrief(id: "2", kind: "post", category: "spam", status: "remove", createdAt: "2026-01-02T10:00:00Z")
        let history = KiwiWire.ModerationHistory(reports: [brief], actions: [entry2], standing: "silenced")
        let link = KiwiWire.WebFinger.Link(rel: "self", type: "application/activity+json", href: "https://kiwi.test/users/ada")
        let nodeInfo = KiwiWire.NodeInfo(
            software: .init(name: "kiwi", version: "0.1.0", homepage: "https://kiwi.test"),
            openRegistrations: true,
            usage: .init(users: .init(total: 3, activeMonth: 2, activeHalfyear: 3), localPosts: 9, localComments: 4),
            metadata: .init(nodeName: "kiwi.test")
        )
        let actor = KiwiWire.Actor(
            id: "https://kiwi.test/users/ada",
            type: "Person",
            preferredUsername: "ada",
            name: "Ada",
            url: "https://kiwi.test/@ada",
            followers: "https://kiwi.test/users/ada/followers",
            following: "https://kiwi.test/users/ada/following",
            icon: .init(mediaType: "image/png", url: "https://kiwi.test/uploads/a.png"),
            publicKeyPem: "-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n",
            published: "2026-01-02T10:00:00Z",
            sharedInbox: "https://kiwi.test/inbox"
        )
        let follow = KiwiWire.ActorActivity(
            id: "https://bookwyrm.example/user/alice#follows/1",
            actor: "https://bookwyrm.example/user/alice",
            object: "https://kiwi.test/users/ada",
            sentOnItsOwn: true
        )
        let note = KiwiWire.Note(
            id: "https://kiwi.test/posts/7",
            attributedTo: "https://kiwi.test/users/ada",
            url: "https://kiwi.test/p/7",
            inReplyTo: "https://mastodon.example/users/alice/statuses/1",
            published: "2026-01-02T10:00:00Z",
            followers: "https://kiwi.test/users/ada/followers",
            content: "<p>Storm</p>",
            summary: "the ending",
            attachment: [.init(mediaType: "image/jpeg", url: "https://kiwi.test/media/a.jpg/1280.jpg", name: "A storm")]
        )
        let notified = KiwiWire.NotifiedPost(id: "7", imageURL: "http://kiwi.test/uploads/a.png", caption: "Storm")
        return [
            WireSample(user),
            WireSample(book),
            WireSample(
                KiwiWire.Post(
                    id: "7",
                    author: user,
                    imageURL: "http://kiwi.test/uploads/a.png",
                    caption: "Storm",
                    likes: 2,
                    createdAt: "2026-01-02T10:00:00Z",
                    commentCount: 1,
                    likedByMe: true,
                    book: book,
                    imageVersions: versions,
                    imageAlt: "A storm at sea",
                    spoiler: "the ending"
                )
            ),
            WireSample(KiwiWire.Comment(id: "3", author: user, text: "Yes", createdAt: "2026-01-02T10:00:00Z", spoiler: "the ending")),
            WireSample(KiwiWire.Session(token: "t", user: user)),
            WireSample(KiwiWire.Status(id: "3")),
            WireSample(KiwiWire.Likes(likes: 4)),
            WireSample(KiwiWire.Failure(message: "no such post", statusCode: 404, error: "post_not_found")),
            WireSample(KiwiWire.SignUp(username: "ada", password: "pw", fullname: "Ada", email: "ada@kiwi.test")),
            WireSample(KiwiWire.Credentials(username: "ada", password: "pw")),
            WireSample(KiwiWire.ProfileChange(fullname: "Ada", email: "ada@kiwi.test")),
            WireSample(KiwiWire.RoleChange(role: "moderator")),
            WireSample(KiwiWire.AccountDeletion(password: "pw")),
            WireSample(
                KiwiWire.ArchiveArrival(
                    dryRun: false,
                    posts: .init(added: 2, present: 1, refused: 1),
                    readings: .init(added: 3),
                    comments: .init(present: 1),
                    follows: ["bob"],
                    refused: [.init(item: "posts[3] (http://a/p/9)", reason: "This file is not a picture.")]
                )
            ),
            WireSample(KiwiWire.MuteRequest(duration: 3600)),
            WireSample(KiwiWire.KeptAway(user: user, since: "2026-01-02T10:00:00Z", until: "2026-01-09T10:00:00Z")),
            WireSample(notified),
            WireSample(
                KiwiWire.Notification(
                    id: "5",
                    kind: "comment",
                    actor: user,
                    post: notified,
                    comment: "Yes",
                    commentSpoiler: "the ending",
                    note: "Your report of @bob's post (spam): it was removed.",
                    createdAt: "2026-01-02T10:00:00Z",
                    read: false
                )
            ),
            WireSample(KiwiWire.Unread(count: 2)),
            WireSample(KiwiWire.MarkRead(upTo: "5")),
            WireSample(KiwiWire.Withdrawn(id: "5")),
            WireSample(limits),
            WireSample(KiwiWire.Instance(configuration: KiwiWire.Instance.Configuration(mediaAttachments: limits))),
            WireSample(KiwiWire.Instance.Configuration(mediaAttachments: limits), schema: "Instance", property: "configuration"),
            WireSample(
                KiwiWire.BookSummary(
                    isbn13: "9780141439600",
                    title: "The Tempest",
                    authors: ["William Shakespeare"],
                    reflections: 3,
                    readers: 2,
                    recentReaders: [user],
                    cover: versions,
                    coverURL: "http://kiwi.test/books/9780141439600/cover.svg",
                    shelves: counts,
                    reviews: [entry]
                )
            ),
            WireSample(progress),
            WireSample(entry),
            WireSample(KiwiWire.Shelves(want: [entry], reading: [entry], read: [entry], readThisYear: 1)),
            WireSample(
                KiwiWire.ShelfChange(
                    shelf: .read,
                    progress: progress,
                    started: "2026-01-02",
                    finished: "2026-02-03",
                    rating: 4,
                    review: "Reader, I loved it.",
                    spoiler: "the ending",
                    book: book
                )
            ),
            WireSample(archive, schema: "Archive"),
            WireSample(archive.profile, schema: "ArchivedProfile"),
            WireSample(archive.posts[0], schema: "ArchivedPost"),
            WireSample(archive.comments[0], schema: "ArchivedComment"),
            WireSample(archive.likes[0], schema: "ArchivedLike"),
            WireSample(archive.readings[0], schema: "ArchivedReading"),
            WireSample(reply, schema: "ArchivedReply"),
            WireSample(KiwiWire.ArchiveArrival.Tally(added: 1, present: 2, refused: 0), schema: "ArchiveTally"),
            WireSample(KiwiWire.ArchiveArrival.Refusal(item: "readings[0] (Jane Eyre)", reason: "Started must be a day."), schema: "ArchiveRefusal"),
            WireSample(counts),
            WireSample(KiwiWire.ReportRequest(category: "spam", comment: "adverts", posts: ["7"])),
            WireSample(reportedPost),
            WireSample(reportedComment),
            WireSample(content),
            WireSample(brief),
            WireSample(entry2),
            WireSample(history),
            WireSample(
                KiwiWire.Report(
                    id: "4",
                    kind: "post",
                    subject: "7",
                    account: user,
                    reporter: "cat",
                    category: "spam",
                    comment: "adverts",
                    content: content,
                    createdAt: "2026-01-02T10:00:00Z",
                    status: "remove",
                    resolvedAt: "2026-01-03T10:00:00Z",
                    history: history
                )
            ),
            WireSample(KiwiWire.ModerationRequest(action: "warn", reason: "be kind")),
            WireSample(KiwiWire.Lifting(reason: "appeal")),
            WireSample(KiwiWire.WebFinger(subject: "acct:ada@kiwi.test", aliases: ["https://kiwi.test/users/ada"], links: [link])),
            WireSample(link, schema: "WebFingerLink"),
            WireSample(KiwiWire.NodeInfoLinks(links: [link])),
            WireSample(nodeInfo),
            WireSample(nodeInfo.software, schema: "NodeInfoSoftware"),
            WireSample(nodeInfo.services, schema: "NodeInfoServices"),
            WireSample(nodeInfo.usage, schema: "NodeInfoUsage"),
            WireSample(nodeInfo.usage.users, schema: "NodeInfoUsers"),
            WireSample(nodeInfo.metadata, schema: "NodeInfoMetadata"),
            WireSample(actor),
            WireSample(actor.publicKey, schema: "ActorPublicKey"),
            WireSample(KiwiWire.Actor.Image(mediaType: "image/png", url: "https://kiwi.test/uploads/a.png"), schema: "ActorImage"),
            WireSample(KiwiWire.Collection(id: "https://kiwi.test/users/ada/followers", totalItems: 3)),
            WireSample(actor.endpoints, schema: "ActorEndpoints"),
            WireSample(follow),
            WireSample(
                KiwiWire.AboutActivity("Accept", id: "https://kiwi.test/users/ada#accepts/1", actor: "https://kiwi.test/users/ada", object: follow)
            ),
            WireSample(KiwiWire.RemoteReader(handle: "alice@bookwyrm.example", actor: "https://bookwyrm.example/user/alice", pending: true)),
            WireSample(note.onItsOwn),
            WireSample(note.attachment[0], schema: "NoteAttachment"),
            WireSample(KiwiWire.Create(note: note)),
            WireSample(KiwiWire.Delete(of: note.id, by: note.attributedTo)),
            WireSample(KiwiWire.Flag(id: "https://kiwi.test/actor#flags/1", by: "https://kiwi.test/actor", about: actor.id, comment: "spam")),
            WireSample(KiwiWire.Update(id: "https://kiwi.test/users/ada#updates/1", of: actor)),
            WireSample(KiwiWire.Tombstone(id: note.id)),
            WireSample(KiwiWire.DomainBlock(host: "spam.example", reason: "spam", blockedBy: "ada", createdAt: "2026-01-02T10:00:00Z")),
            WireSample(KiwiWire.DomainBlockRequest(reason: "spam")),
        ]
    }()

    static var schemas: [String: [String: Any]] {
        let document = try? JSONSerialization.jsonObject(with: Data(KiwiOpenAPI.document.utf8)) as? [String: Any]
        return (document?["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]] ?? [:]
    }

    @Test(arguments: samples) func aWireTypeIsItsSchemaFieldForField(sample: WireSample) throws {
        var schema = try #require(Self.schemas[sample.schema], "no schema \(sample.schema) in openapi.json")
        if let property = sample.property {
            schema = try #require((schema["properties"] as? [String: [String: Any]])?[property], "no \(sample.schema).\(property)")
        }
        let documented = try #require(schema["properties"] as? [String: [String: Any]], "\(sample.name) documents no properties")
        let declared = try sample.fields()
        #expect(
            Set(declared.map(\.name)) == Set(documented.keys),
            """
            \(sample.name): declared and not documented: \(Set(declared.map(\.name)).subtracting(documented.keys).sorted()); \
            documented and not declared: \(Set(documented.keys).subtracting(declared.map(\.name)).sorted())
            """
        )
        let required = Set(schema["required"] as? [String] ?? [])
        let alwaysSent = Set(declared.filter { $0.sending != .whenItHasOne }.map(\.name))
        #expect(
            alwaysSent == required,
            "\(sample.name): sent even without a value \(alwaysSent.sorted()), documented as required \(required.sorted())"
        )
        // What is sent as null is documented as possibly null; what is documented so reads as none.
        for field in declared {
            guard let property = documented[field.name] else { continue }
            let null = Self.allowsNull(property)
            #expect(
                field.sending != .nullWhenNone || null,
                "\(sample.name).\(field.name): sent as null when it has no value, documented without null"
            )
            #expect(field.sending != .always || !null, "\(sample.name).\(field.name): documented as possibly null, declared without an optional")
        }
        #expect(try sample.readsBack(), "\(sample.name): the client reads back what the server writes")
    }

    /// Every wire type declared in `KiwiWire` has a sample above, so none escapes the check.
    @Test func everyWireTypeHasASample() throws {
        let folder = Fixtures.tests.deletingLastPathComponent().appendingPathComponent("Sources/KiwiWire")
        var declared: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            // Two are values within an object rather than objects (an id written as a string or a
            // number, a Note's `@context`): their shapes are the properties' that hold them.
            for match in source.matches(of: /public struct (\w+): Codable/) where !["LenientID", "NoteContext"].contains(match.1) {
                declared.insert(String(match.1))
            }
        }
        let sampled = Set(Self.samples.map { $0.name.components(separatedBy: ".").last ?? $0.name })
        #expect(declared.count > 20, "the scan finds the declarations")
        #expect(
            declared == sampled,
            "without a sample: \(declared.subtracting(sampled).sorted()); sampled, not declared: \(sampled.subtracting(declared).sorted())"
        )
    }

    @Test func theShelvesAreTheDocumentsShelves() throws {
        let documented = try #require(Self.schemas["Shelf"]?["enum"] as? [String])
        #expect(documented == KiwiWire.Shelf.allCases.map(\.rawValue))
    }

    static func allowsNull(_ property: [String: Any]) -> Bool {
        if let types = property["type"] as? [String] { return types.contains("null") }
        return (property["oneOf"] as? [[String: Any]] ?? []).contains { $0["type"] as? String == "null" }
    }
}

/// A wire value, and what the checks need of its type.
struct WireSample: Sendable, CustomTestStringConvertible {
    enum Sending: Equatable { case always, nullWhenNone, whenItHasOne }

    let name: String
    let schema: String
    /// Where the schema describes it inline (`Instance`'s `configuration`).
    let property: String?
    let fields: @Sendable () throws -> [(name: String, sending: Sending)]
    let readsBack: @Sendable () throws -> Bool

    init<Value: Codable & Equatable & Sendable>(_ value: Value, schema: String? = nil, property: String? = nil) {
        let name = String(reflecting: Value.self).replacingOccurrences(of: "KiwiWire.KiwiWire.", with: "")
        (self.name, self.schema, self.property) = (name, schema ?? name, property)
        let text = String(buffer: KiwiJSONEncoder.encode(value))
        fields = {
            // The server writes members in the order declared: the Nth key is the Nth stored property.
            let keys = Self.topLevelKeys(text)
            let properties = Mirror(reflecting: value).children.map(\.value)
            guard keys.count == properties.count else {
                throw SampleError("\(name): \(properties.count) fields, \(keys.count) written: give every field a value in the sample")
            }
            return zip(keys, properties).map { key, property in
                let sending: Sending =
                    if String(describing: type(of: property)).hasPrefix("Nullable<") {
                        .nullWhenNone
                    } else if Mirror(reflecting: property).displayStyle == .optional {
                        .whenItHasOne
                    } else {
                        .always
                    }
                return (key, sending)
            }
        }
        readsBack = { try JSONDecoder().decode(Value.self, from: Data(text.utf8)) == value }
    }

    var testDescription: String { name }

    /// The keys of the outermost object, in the order written.
    static func topLevelKeys(_ json: String) -> [String] {
        var keys: [String] = []
        var (depth, inString, escaped, current) = (0, false, false, "")
        var lastString = ""
        for character in json {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    lastString = current
                    continue
                }
                current.append(character)
                continue
            }
            switch character {
            case "\"": (inString, current) = (true, "")
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            case ":" where depth == 1: keys.append(lastString)
            default: break
            }
        }
        return keys
    }

    struct SampleError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
