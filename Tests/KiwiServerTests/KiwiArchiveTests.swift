import Foundation
import Hummingbird
import HummingbirdTesting
import KiwiMedia
import KiwiWire
import TestSupport
import Testing

@testable import KiwiServer

/// A member's archive (`GET /users/me/archive`) on every store: a zip a standard reader opens,
/// with `kiwi.json` holding everything of theirs (and nobody else's), their photos without where
/// they were taken, `shelves.csv` and an `index.html` that loads nothing from elsewhere.
@Suite struct KiwiArchiveTests {
    /// What Python's zipfile finds in `zip`: its names, a CRC check of every file, and `kiwi.json`.
    static func opened(_ zip: Data) async throws -> (names: [String], damaged: String?, document: KiwiWire.Archive, files: [String: Data]) {
        let file = Scratch.url("archive", ending: ".zip")
        try zip.write(to: file)
        let script = """
            import json, sys, zipfile, base64
            z = zipfile.ZipFile(sys.argv[1])
            print(json.dumps({"names": z.namelist(), "damaged": z.testzip(),
                              "files": {n: base64.b64encode(z.read(n)).decode() for n in z.namelist()}}))
            """
        let run = try await Program.run("/usr/bin/env", ["python3", "-c", script, file.path], errors: false)
        try #require(run.status == 0, "\(run.output)")
        struct Listing: Decodable {
            var names: [String]
            var damaged: String?
            var files: [String: String]
        }
        let listing = try JSONDecoder().decode(Listing.self, from: Data(run.output.utf8))
        let files = listing.files.compactMapValues { Data(base64Encoded: $0) }
        let document = try JSONDecoder().decode(KiwiWire.Archive.self, from: try #require(files["kiwi.json"]))
        return (listing.names, listing.damaged, document, files)
    }

    @Test(arguments: StoreKind.available)
    func anArchiveHoldsEverythingOfTheMembersAndNothingElse(_ kind: StoreKind) async throws {
        try await withKiwi(kind, maxUploadBytes: 1 << 20) { kiwi in
            try await kiwi.application.test(.router) { client in
                let (ada, bob) = (try await client.member("ada"), try await client.member("bob"))
                #expect(try await client.avatar(TestImages.multipart(try TestImages.photoTakenAtHome), of: "ada", token: ada).0 == .ok)
                let (status, made) = try await client.upload(try TestImages.photoTakenAtHome, caption: "Thornfield at dusk", token: ada)
                #expect(status == .created)
                let first = try #require(made?["id"] as? String)
                let (body, type) = TestImages.multipart(try TestImages.photo, caption: "The end", fields: ["spoiler": "the ending"])
                let second = try await client.execute(
                    uri: "/posts",
                    method: .post,
                    headers: [.contentType: type, .authorization: "Bearer \(ada)"],
                    body: ByteBuffer(bytes: body)
                ) { try #require((try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any])?["id"] as? String) }
                let bobs = try await client.post("Bob's", by: bob)
                _ = try await client.json(.post, "/posts/\(bobs)/like", token: ada)
                _ = try await client.form("operation=create&postid=\(bobs)&text=Lovely", token: ada)
                _ = try await client.form("operation=create&postid=\(first)&text=Bob%20was%20here", token: bob)
                _ = try await client.json(.post, "/users/bob/follow", token: ada)
                _ = try await client.json(.post, "/users/ada/follow", token: bob)
                let named = #""book":{"title":"Jane Eyre","authors":["Charlotte Brontë"]}"#
                _ = try await KiwiShelfTests.put(
                    client,
                    "9780141441146",
                    #"{"shelf":"read","finished":"2024-03-15","rating":5,"review":"Reader, I married him.","spoiler":"the fire",\#(named)}"#,
                    token: ada
                )

                var zip = Data()
                var headers = HTTPFields()
                try await client.execute(uri: "/users/me/archive", method: .get, headers: [.authorization: "Bearer \(ada)"]) { response in
                    #expect(response.status == .ok && response.headers[.contentType] == "application/zip")
                    zip = Data(buffer: response.body)
                    headers = response.headers
                }
                #expect(headers[.contentDisposition]?.hasPrefix("attachment; filename=\"kiwi-ada-") == true)
                #expect(headers[.archiveFiles] == "6", "the avatar, two photos, kiwi.json, shelves.csv and index.html")
                let archive = try await Self.opened(zip)
                #expect(archive.damaged == nil, "every file's CRC holds")
                #expect(archive.names == ["avatar.jpg", "photos/\(first).jpg", "photos/\(second).jpg", "kiwi.json", "shelves.csv", "index.html"])

                let document = archive.document
                let base = "http://localhost"
                #expect(document.version == 1 && document.profile.username == "ada" && document.profile.url == "\(base)/@ada")
                #expect(document.profile.avatar == "avatar.jpg")
                #expect(document.posts.map(\.url) == ["\(base)/p/\(first)", "\(base)/p/\(second)"], "oldest first")
                #expect(document.posts.map(\.photo) == ["photos/\(first).jpg", "photos/\(second).jpg"])
                #expect(document.posts[1].spoiler == "the ending" && document.posts[0].caption == "Thornfield at dusk")
                #expect(document.posts[0].comments == 1)
                #expect(document.posts[0].replies?.map(\.text) == ["Bob was here"] && document.posts[0].replies?.first?.profile == "\(base)/@bob")
                #expect(document.comments.map(\.text) == ["Lovely"] && document.comments.first?.post == "\(base)/p/\(bobs)")
                #expect(document.likes.map(\.post) == ["\(base)/p/\(bobs)"])
                #expect(document.following == ["\(base)/@bob"] && document.followers == ["\(base)/@bob"])
                let reading = try #require(document.readings.first)
                #expect(reading.book.title == "Jane Eyre" && reading.review == "Reader, I married him." && reading.spoiler == "the fire")
                #expect(reading.finished == "2024-03-15" && reading.rating == 5)

                let photo = try #require(archive.files["photos/\(first).jpg"])
                #expect(
                    photo.starts(with: [0xFF, 0xD8]) && photo.firstRange(of: Data(TestImages.position)) == nil,
                    "a JPEG, without where it was taken"
                )
                let csv = String(decoding: try #require(archive.files["shelves.csv"]), as: UTF8.self)
                #expect(csv.hasPrefix("Book Id,Title,Author,Author l-f,"))
                #expect(csv.contains(#",Jane Eyre,Charlotte Brontë,"Brontë, Charlotte",,"=""""","=""9780141441146""",5,"#))
                #expect(csv.contains(",2024/03/15,"), "the day finished, as Goodreads writes it")
                #expect(csv.contains(#",read,"Reader, I married him.",true,,1,0"#))
                let html = String(decoding: try #require(archive.files["index.html"]), as: UTF8.self)
                #expect(html.contains(#"<img src="photos/\#(first).jpg""#) && !html.contains("<script") && !html.contains(#"src="http"#))
                #expect(html.contains(#"<details class="spoiler"><summary><span class="warning">Spoiler</span> the ending"#))
                #expect(html.contains(#"<li><a href="http://localhost/@bob">bob</a>: Bob was here</li>"#), "others' comments on her posts")

                // Nobody's archive but their own; none without a login.
                #expect(try await client.json(.get, "/users/me/archive").0 == .forbidden)
            }
        }
    }

    /// CRC-32 as zip checks it: the standard's check value, and a buffer longer than a step.
    @Test func crc32IsZipsOwn() {
        func crc(_ text: String) -> UInt32 { Array(text.utf8).withUnsafeBytes { CRC32.checksum($0) } }
        #expect(crc("123456789") == 0xCBF4_3926)
        #expect(crc("") == 0)
        #expect(crc("The quick brown fox jumps over the lazy dog") == 0x414F_A339)
    }
}
