import Foundation
import TestSupport
import Testing

/// `kiwi post` checks a photo against the limits the server states (`GET /instance`), not a copy of
/// them compiled in, and says a server's refusal of a photo in the server's words with a hint that
/// fits (exit 65, bad data).
@Suite struct KiwiPhotoLimitsTests {
    static let ada = #"{"id":"ada","username":"ada","displayName":"Ada","avatarURL":"http://x/uploads/a.png"}"#

    /// A server of the base contract that states `megapixels` as its limit, and answers a post.
    static func server(stating megapixels: Int) async throws -> StubServer {
        let server = try await StubServer.start()
        server.route("/sessions", .json(Data(#"{"token":"stub-token-1234","user":\#(ada)}"#.utf8)))
        let limits = """
            {"configuration":{"mediaAttachments":{"supportedMimeTypes":["image/jpeg","image/png"],"imageSizeLimit":52428800,\
            "imageMatrixLimit":\(megapixels * 1_000_000),"largestSide":4096,"descriptionLimit":1500}}}
            """
        server.route("/instance", .json(Data(limits.utf8)))
        let post = #"{"id":"7","author":\#(ada),"imageURL":"http://x/uploads/7.jpg","caption":null,"likes":0}"#
        server.route("/posts", .json(Data(post.utf8), status: 201))
        return server
    }

    @Test func aPhotoPastTheServersStatedPixelLimitIsRefusedBeforeItIsSent() async throws {
        let photo = Scratch.url("kiwi-limits", ending: ".png")
        // 1,800 × 1,200: 2.16 megapixels.
        try TestImages.png(width: 1800, height: 1200, seed: 4).write(to: photo)
        for (megapixels, refused) in [(2, true), (3, false)] {
            let server = try await Self.server(stating: megapixels)
            let ada = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": server.baseURL.absoluteString])
            #expect(try await ada.run(["kiwi", "login", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
            let run = try await ada.run(["kiwi", "post", "--image", photo.path])
            if refused {
                #expect(run.exitCode == 65, "\(run.standardError)")
                #expect(
                    run.standardError == """
                        error: \(photo.path) is 1800 × 1200 pixels, larger than the server's limit of 2 megapixels
                        hint: resize it to at most 2 megapixels and post it again

                        """
                )
                #expect(server.requestCount("/posts") == 0, "nothing was sent")
                #expect(try await ada.run(["kiwi", "outbox"]).standardOutput.isEmpty, "nothing kept to send later")
            } else {
                #expect(run.exitCode == 0 && run.standardOutput == "7\n", "within this server's 3 megapixels: \(run.standardError)")
                #expect(server.requestCount("/posts") == 1)
            }
            await server.stop()
        }
    }

    @Test func aPhotoCutShortIsRefusedInTheServersWordsWithAHintThatFits() async throws {
        let (server, base) = try await ToolboxBinary().serveKiwi(["--database", "memory"])
        defer { server.process.terminate() }
        let ada = try ToolboxBinary(extraEnvironment: ["TOOLBOX_KIWI_SERVER": base])
        #expect(try await ada.run(["kiwi", "signup", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        #expect(try await ada.run(["kiwi", "login", "ada", "--password-stdin"], input: "pw\n").exitCode == 0)
        let whole = try TestImages.photo
        let truncated = Scratch.url("kiwi-truncated", ending: ".jpg")
        try whole.prefix(whole.count / 2).write(to: truncated)
        let run = try await ada.run(["kiwi", "post", "--image", truncated.path])
        #expect(run.exitCode == 65)
        #expect(
            run.standardError == """
                error: the Kiwi server refused the photo (this JPEG is cut short: the end of the file is missing)
                hint: copy it again from where it came from, or export it again from your photo app

                """
        )
        #expect(try await ada.run(["kiwi", "outbox"]).standardOutput.isEmpty, "refused for good: not kept to send again")
    }
}
