import Foundation
import KiwiWire
import PluginAPI
import TestSupport
import Testing

@testable import Kiwi

/// The client's outbox against our server: a write kept before it is sent lands exactly once,
/// whenever the client stopped; a write refused for good leaves it with its reason.
@Suite struct KiwiOutboxTests {
    /// A logged-in reader's sync, its own data folder, against `server`.
    func reader(_ server: URL, folder: String = Scratch.url("kiwi").path) async throws -> KiwiSync {
        let client = KiwiClient(server: server, web: testWebClient(), dataFolder: folder)
        try await client.signUp(KiwiWire.SignUp(username: "ada", password: "pw"))
        _ = try await client.logIn(KiwiWire.Credentials(username: "ada", password: "pw"))
        return KiwiSync(client: client, outbox: KiwiOutbox(dataFolder: folder))
    }

    func photo() throws -> KiwiPhoto {
        let url = Scratch.url("photo", ending: ".png")
        try TestImages.png.write(to: url)
        return try KiwiPhoto(path: url.path)
    }

    @Test(arguments: ["memory", "sqlite"]) func aWriteKeptWhenTheClientStoppedLandsOnce(database: String) async throws {
        try await withOurServer(database) { server in
            let sync = try await reader(server)
            let photo = try photo()
            // Stopped right after keeping it, before a byte was sent.
            let unsent = KeptWrite(write: .post(caption: "unsent", book: nil), server: server.absoluteString, account: "ada")
            try sync.outbox.keep(unsent, photo: photo)
            // Stopped after the server stored it, before the entry was removed.
            var landed = try sync.outbox.keep(
                KeptWrite(write: .post(caption: "landed", book: nil), server: server.absoluteString, account: "ada"),
                photo: photo
            )
            guard case .post(let first) = try await sync.client.send(landed.write, key: landed.key, photo: photo, progress: nil) else {
                Issue.record("a post answers a post")
                return
            }
            landed.tries = 1
            try sync.outbox.save(landed)
            let comment = KeptWrite(write: .comment(postID: first.id, text: "again?"), server: server.absoluteString, account: "ada")
            try sync.outbox.keep(comment, photo: nil)
            _ = try await sync.client.send(comment.write, key: comment.key, photo: nil, progress: nil)

            let report = try await sync.sendWaiting()
            #expect(report.landed.count == 3 && report.refused.isEmpty && report.waiting.isEmpty)
            guard case .post(let again) = report.landed[1].answer else {
                Issue.record("the second landed write is the post that had landed")
                return
            }
            #expect(again.id == first.id, "the server's first answer, not a second post")
            let captions = try await sync.client.posts(.everyone, page: 1, pageSize: 10).compactMap(\.caption)
            #expect(captions.sorted() == ["landed", "unsent"], "one of each")
            #expect(try await sync.client.comments(on: first.id).count == 1, "the comment once")
            #expect(try sync.outbox.entries().isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: sync.outbox.folder).filter { !$0.hasPrefix(".") }.isEmpty, "photos too")
        }
    }

    @Test func aWriteRefusedForGoodLeavesWithItsReasonAndADeleteAlreadyDoneLands() async throws {
        try await withOurServer { server in
            let sync = try await reader(server)
            let orphan = KeptWrite(write: .comment(postID: "999", text: "hello?"), server: server.absoluteString, account: "ada")
            try sync.outbox.keep(orphan, photo: nil)
            var deleted = try sync.outbox.keep(
                KeptWrite(write: .deletePost(postID: "998"), server: server.absoluteString, account: "ada"),
                photo: nil
            )
            deleted.tries = 1  // sent before: its 404 now means the first sending landed
            try sync.outbox.save(deleted)
            let report = try await sync.sendWaiting()
            #expect(report.refused.map(\.entry.id) == [orphan.id])
            #expect(report.refused.first?.reason.contains("999") == true, "\(report.refused)")
            #expect(report.landed.map(\.entry.id) == [deleted.id])
            #expect(try sync.outbox.entries().isEmpty, "neither is tried again")
        }
    }

    /// With the server down, what waits stays in order; the first is tried and says why.
    @Test func whatWaitsStaysInOrderWhileTheServerIsDown() async throws {
        let folder = Scratch.url("kiwi").path
        // A port held by a socket that never listens: refused, and no other test's server can take it
        // (a stub started and stopped left its port free, and one did in a loaded run).
        let down = try TCPSocket.sharedPort()
        defer { withExtendedLifetime(down) {} }
        let server = try #require(URL(string: "http://127.0.0.1:\(try down.boundPort())"))
        let client = KiwiClient(server: server, web: testWebClient(), dataFolder: folder)
        try client.sessions.update {
            $0 = KiwiSession(
                server: server.absoluteString,
                token: "t",
                user: KiwiWire.User(id: "ada", username: "ada", displayName: nil, avatarURL: nil)
            )
        }
        let sync = KiwiSync(client: client, outbox: KiwiOutbox(dataFolder: folder))
        let writes: [KiwiWrite] = [.like(postID: "1", liked: true), .follow(username: "bob", following: true), .uncomment(commentID: "3")]
        for write in writes { try sync.outbox.keep(KeptWrite(write: write, server: server.absoluteString, account: "ada"), photo: nil) }
        let report = try await sync.sendWaiting()
        #expect(report.waiting.map(\.write) == writes, "in order")
        #expect(report.waiting.map(\.tries) == [1, 0, 0], "stopped at the first that could not be confirmed")
        #expect(report.waiting.first?.lastError?.contains("cannot reach the Kiwi server") == true)
        let delivered = await #expect(throws: ToolboxError.self) { try await sync.deliver(.like(postID: "2", liked: false)) }
        #expect(delivered?.exitCode == 75 && delivered?.message.contains("behind 3 writes") == true)
        #expect(try sync.outbox.entries().count == 4)
    }

    /// Kept by an older client, before descriptions and spoiler warnings: read as writes without them.
    @Test func anEntryKeptBeforeWarningsReadsWithoutOne() throws {
        let decoder = JSONDecoder()
        let post = try decoder.decode(KiwiWrite.self, from: Data(#"{"post":{"caption":"Act one","book":null}}"#.utf8))
        #expect(post == .post(caption: "Act one", book: nil, imageAlt: nil, spoiler: nil))
        let comment = try decoder.decode(KiwiWrite.self, from: Data(#"{"comment":{"postID":"2","text":"yes"}}"#.utf8))
        #expect(comment == .comment(postID: "2", text: "yes", spoiler: nil))
        let warned = KiwiWrite.comment(postID: "2", text: "she dies", spoiler: "the ending")
        #expect(try decoder.decode(KiwiWrite.self, from: JSONEncoder().encode(warned)) == warned, "a warning is kept with the write")
    }
}
