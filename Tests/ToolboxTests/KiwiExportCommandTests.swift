import Foundation
import TestSupport
import Testing

/// `toolbox kiwi export` against the real server: a phone's photos (4032 × 3024, EXIF orientation
/// 6) come out upright and bare in a zip any reader opens, its `shelves.csv` goes back through
/// `kiwi import` as it came, and a second export never writes over the first.
@Suite struct KiwiExportCommandTests {
    /// Made with Pillow at test time (scripts/test installs it, and TOOLBOX_TEST_ALL makes it required).
    static let pillow = KiwiPhotoCorpusTests.pillow || KiwiPhotoCorpusTests.required

    @Test(.enabled(if: pillow, "Pillow is not installed (pip install pillow); scripts/test installs it"))
    func anArchiveOfPhonePhotosOpensAnywhereAndItsShelvesGoBack() async throws {
        let serving = try ToolboxBinary()
        let (server, base) = try await serving.serveKiwi(["--database", "sqlite:\(serving.home.path)/kiwi.sqlite"])
        defer { server.process.terminate() }
        let ada = try await ToolboxBinary.kiwiReader("ada", on: base)
        let phone = ada.home.appendingPathComponent("phone.jpg")
        let make = """
            import sys
            from PIL import Image, ImageDraw
            photo = Image.new("RGB", (4032, 3024), (40, 90, 140))
            ImageDraw.Draw(photo).rectangle((0, 0, 4032, 400), fill=(250, 250, 250))
            exif = Image.Exif(); exif[0x0112] = 6
            photo.save(sys.argv[1], quality=88, exif=exif.tobytes())
            """
        #expect(try await Program.run("/usr/bin/env", ["python3", "-c", make, phone.path]).status == 0)
        for caption in ["Thornfield at dusk", "Reader, I married him."] {
            #expect(try await ada.run(["kiwi", "post", "--image", phone.path, "--caption", caption]).exitCode == 0)
        }
        #expect(try await ada.run(["kiwi", "finish", "9780141441146", "--review", "Better the second time.", "--spoiler", "the fire"]).exitCode == 0)

        let file = ada.home.appendingPathComponent("mine.zip").path
        let exported = try await ada.run(["kiwi", "export", "--output", file, "--json"])
        #expect(exported.exitCode == 0, "\(exported.standardError)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(exported.standardOutput.utf8)) as? [String: Any])
        #expect(answer["files"] as? Int == 5 && answer["file"] as? String == file)
        #expect(!FileManager.default.fileExists(atPath: file + ".part"), "the partial file is gone")

        let check = """
            import io, json, sys, zipfile
            from PIL import Image
            z = zipfile.ZipFile(sys.argv[1])
            document = json.loads(z.read("kiwi.json"))
            photos = [Image.open(io.BytesIO(z.read(post["photo"]))) for post in document["posts"]]
            print(json.dumps({"damaged": z.testzip(), "sizes": [list(p.size) for p in photos],
                              "exif": [len(p.getexif()) for p in photos], "top_right": [p.getpixel((p.size[0] - 10, 10)) for p in photos]}))
            z.extract("shelves.csv", sys.argv[2])
            """
        let checked = try await Program.run("/usr/bin/env", ["python3", "-c", check, file, ada.home.path], errors: false)
        let found = try #require(try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [String: Any], "\(checked.output)")
        #expect(found["damaged"] is NSNull)
        #expect((found["sizes"] as? [[Int]]) == [[3024, 4032], [3024, 4032]], "turned upright, at the size it was taken")
        #expect((found["exif"] as? [Int]) == [0, 0], "without the phone's EXIF")
        #expect((found["top_right"] as? [[Int]])?.allSatisfy { $0.allSatisfy { $0 > 200 } } == true, "the white band, turned to the right")

        let csv = ada.home.appendingPathComponent("shelves.csv").path
        let again = try await ada.run(["kiwi", "import", csv])
        #expect(again.standardOutput.contains("1 book already where the file puts them."), "\(again.standardOutput)")

        let refused = try await ada.run(["kiwi", "export", "--output", file])
        #expect(refused.exitCode == 64 && refused.standardError.contains("\(file) exists already"))
    }
}
