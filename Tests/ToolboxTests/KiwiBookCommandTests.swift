import Foundation
import TestSupport
import Testing

/// `toolbox kiwi book`, `reading` and `post --book TITLE` through the real binary, against the
/// real server with a stub Open Library over HTTP.
@Suite struct KiwiBookCommandTests {
    static let tempest = "9780141439600"
    static let folger = "9780743482837"

    /// The real server on memory with a stub Open Library for its book search, Ada logged in to it,
    /// and a photo to post.
    static func community() async throws -> (library: StubServer, server: RunningToolbox, ada: ToolboxBinary, photo: URL) {
        let library = try await OpenLibraryStub.start()
        let serving = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_BOOKS_URL": library.baseURL.absoluteString])
        let (server, base) = try await serving.serveKiwi(["--database", "memory"])
        let photo = Scratch.url("page", ending: ".jpg")
        try TestImages.jpeg.write(to: photo)
        return (library, server, try await ToolboxBinary.kiwiReader("ada", on: base), photo)
    }

    @Test func aBookIsFoundByTitleShownAndRanked() async throws {
        let (library, server, ada, photo) = try await Self.community()
        defer { server.process.terminate() }

        // Off a terminal, several matches are a usage error that lists them with their ISBNs; nothing is posted.
        let several = try await ada.run(["kiwi", "post", "--image", photo.path, "--book", "the tempest"])
        #expect(several.exitCode == 64)
        #expect(several.standardError.contains("“the tempest” matches 2 books:"))
        #expect(several.standardError.contains("1. The Tempest by William Shakespeare (ISBN \(Self.tempest))"))
        #expect(
            several.standardError.contains(
                "2. The Tempest (Folger Shakespeare Library) by William Shakespeare, Barbara A. Mowat (ISBN \(Self.folger))"
            )
        )
        #expect(several.standardError.contains("--book \(Self.tempest)"), "the hint names the way to choose")
        let nothing = try await ada.run(["kiwi", "feed", "--json"]).standardOutput
        #expect((try JSONSerialization.jsonObject(with: Data(nothing.utf8)) as? [Any])?.isEmpty == true, "nothing was posted")

        // On a terminal, the reader is asked which one, and the post names it.
        let asked = try await ada.runOnTerminal(
            ["kiwi", "post", "--image", photo.path, "--book", "the tempest", "--caption", "Act one"],
            typing: "2\n"
        )
        #expect(asked.exitCode == 0, "\(asked.standardError)")
        #expect(asked.standardError.contains("Which one? [1-2]"))
        // A hyphenated ISBN is taken as it is; a title with one match needs no question.
        #expect(try await ada.run(["kiwi", "post", "--image", photo.path, "--book", "978-0-14-143960-0"]).exitCode == 0)
        #expect(try await ada.run(["kiwi", "post", "--image", photo.path, "--book", "Nothing Matches This"]).exitCode == 66)

        let feed = try await ada.run(["kiwi", "feed", "--plain"])
        #expect(feed.standardOutput.contains("“Act one” on The Tempest (Folger Shakespeare Library)"), "a row names its book")

        let book = try await ada.run(["kiwi", "book", Self.folger])
        #expect(book.exitCode == 0)
        #expect(book.standardOutput.contains("The Tempest (Folger Shakespeare Library)") && book.standardOutput.contains("Act one"))
        let json = try await ada.run(["kiwi", "book", Self.folger, "--json"])
        let page = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let summary = try #require(page["book"] as? [String: Any])
        #expect(summary["reflections"] as? Int == 1 && summary["readers"] as? Int == 1)
        #expect((page["posts"] as? [[String: Any]])?.count == 1)

        let reading = try await ada.run(["kiwi", "reading", "--plain"])
        #expect(reading.exitCode == 0)
        #expect(
            reading.standardOutput.split(separator: "\n").map(String.init) == [
                "The Tempest by William Shakespeare: 1 reflection by 1 reader.",
                "The Tempest (Folger Shakespeare Library) by William Shakespeare, Barbara A. Mowat: 1 reflection by 1 reader.",
            ],
            "a tie goes to the book posted about last"
        )
        #expect(try await ada.run(["kiwi", "reading", "--days", "0"]).exitCode == 64)
        #expect(try await ada.run(["kiwi", "book", "9780000000002"]).exitCode == 66, "a real ISBN no book search knows")
        await library.stop()
    }

    /// A mistyped ISBN-13 (its check digit does not hold) is refused before anything is asked or
    /// sent: exit 64, in the reader's words, and the outbox keeps nothing.
    @Test func aMistypedISBNIsAUsageErrorAndNothingIsSent() async throws {
        let (library, server, ada, photo) = try await Self.community()
        defer { server.process.terminate() }
        // The Tempest's ISBN with its last digit mistyped, then two of its digits swapped.
        for mistyped in ["9780141439601", "978-0-14-143906-0"] {
            let post = try await ada.run(["kiwi", "post", "--image", photo.path, "--book", mistyped])
            #expect(post.exitCode == 64, "\(post.standardError)")
            #expect(post.standardError.contains("“\(mistyped)” is not a valid ISBN-13: its last digit, the check digit, does not match the others"))
            #expect(post.standardError.contains("hint: copy it again"))
        }
        #expect(try await ada.run(["kiwi", "book", "9999999999999"]).exitCode == 64)
        #expect(try await ada.run(["kiwi", "want", "9780141439601"]).exitCode == 64)
        let feed = try await ada.run(["kiwi", "feed", "--json"]).standardOutput
        #expect((try JSONSerialization.jsonObject(with: Data(feed.utf8)) as? [Any])?.isEmpty == true, "nothing was posted")
        let waiting = try await ada.run(["kiwi", "outbox", "--json"]).standardOutput
        #expect((try JSONSerialization.jsonObject(with: Data(waiting.utf8)) as? [Any])?.isEmpty == true, "the outbox keeps nothing")
        #expect(library.requestCount() == 0, "the book search was never asked")
        await library.stop()
    }

    /// While the server's book search cannot answer, a title cannot be looked up: refused at once
    /// with the way round it, and nothing waits in the outbox for an answer that cannot come.
    @Test func aTitleWhileTheSearchCannotAnswerIsRefusedWithTheWayRoundIt() async throws {
        let down = try TCPSocket.sharedPort()
        defer { withExtendedLifetime(down) {} }
        let serving = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_BOOKS_URL": "http://127.0.0.1:\(try down.boundPort())"])
        let (server, base) = try await serving.serveKiwi(["--database", "memory"])
        defer { server.process.terminate() }
        let ada = try await ToolboxBinary.kiwiReader("ada", on: base)
        let photo = Scratch.url("page", ending: ".jpg")
        try TestImages.jpeg.write(to: photo)
        let refused = try await ada.run(["kiwi", "post", "--image", photo.path, "--book", "the tempest"])
        #expect(refused.exitCode == 69, "\(refused.standardError)")
        #expect(refused.standardError.hasPrefix("error: “the tempest” cannot be looked up now: "), "\(refused.standardError)")
        #expect(refused.standardError.contains("hint: give the book's ISBN-13 instead (--book 978…)"), "\(refused.standardError)")
        #expect(try await ada.run(["kiwi", "outbox"]).standardOutput.isEmpty, "nothing waits")
        let want = try await ada.run(["kiwi", "want", "the tempest"])
        #expect(want.exitCode == 69 && want.standardError.contains("(toolbox kiwi want 978…)"), "\(want.standardError)")
    }

    /// While the book search cannot answer, a post naming an ISBN-13 lands at once, its book shown
    /// by its ISBN; within a minute of the search answering again, the server names it.
    @Test func aPostWithAnISBNLandsWhileTheSearchIsAwayAndGetsItsTitleWhenItAnswers() async throws {
        let down = try TCPSocket.sharedPort()
        let serving = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_BOOKS_URL": "http://127.0.0.1:\(try down.boundPort())"])
        let (server, base) = try await serving.serveKiwi(["--database", "sqlite:\(serving.home.path)/kiwi.sqlite"])
        defer { server.process.terminate() }
        let ada = try await ToolboxBinary.kiwiReader("ada", on: base)
        let photo = Scratch.url("page", ending: ".jpg")
        try TestImages.jpeg.write(to: photo)
        let posted = try await ada.run(["kiwi", "post", "--image", photo.path, "--book", "9780141439600", "--caption", "The storm", "--json"])
        #expect(posted.exitCode == 0, "\(posted.standardError)")
        let id = try #require((try JSONSerialization.jsonObject(with: Data(posted.standardOutput.utf8)) as? [String: Any])?["id"] as? String)
        #expect(try await ada.run(["kiwi", "outbox"]).standardOutput.isEmpty, "nothing waits")
        func title() async throws -> String? {
            let shown = try await ada.run(["kiwi", "show", id, "--json"]).standardOutput
            return ((try? JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])?["book"] as? [String: Any])?["title"] as? String
        }
        #expect(try await title() == "ISBN 9780141439600")
        let page = try await ada.run(["kiwi", "book", "9780141439600", "--json"]).standardOutput
        let book = (try JSONSerialization.jsonObject(with: Data(page.utf8)) as? [String: Any])?["book"] as? [String: Any]
        #expect(book?["coverURL"] as? String == "\(base)/books/9780141439600/cover.svg", "the generated cover, by its address: \(page)")

        let library = try await OpenLibraryStub.start(sharing: down)
        defer { Task { await library.stop() } }
        let back = ContinuousClock.now
        var named = false
        while !named, ContinuousClock.now - back < .seconds(60) {
            try await Task.sleep(for: .milliseconds(500))
            named = try await title() == "The Tempest"
        }
        #expect(named, "named within a minute of the search answering again")
        #expect(library.requestCount("/search.json") == 1, "asked once")
    }
}
