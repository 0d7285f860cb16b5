import Foundation
import HTTPTypes
import Hummingbird
import KiwiWire
import Mustache

/// `GET /users/me/archive`: the caller's archive, a zip sent as it is written (`Archives` says what
/// goes in): their avatar and every photo of theirs, one at a time, never all in memory; then
/// `kiwi.json`, `shelves.csv` and `index.html`. `Kiwi-Archive-Files` says how many files it holds,
/// so that a client can show its progress. The settings page's "Download your archive" is this
/// route, with the session cookie.
struct ArchiveController: Sendable {
    let community: KiwiCommunity
    let links: LinkMaker
    /// The pages' templates, for `index.html`.
    let library: MustacheLibrary

    func addRoutes(to router: some RouterMethods<KiwiRequestContext>) {
        router.get("users/me/archive", use: archive).post("users/me/archive", use: arrive)
    }

    /// An archive from another server, into the caller's account (`Arrivals`): the zip itself
    /// (`application/zip`), written to a scratch file as it comes and read a file at a time; or
    /// its `kiwi.json` alone (`application/json`), or `?dryRun=true`, for what it would do.
    @Sendable func arrive(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let dryRun = request.uri.queryParameters.get("dryRun") == "true"
        if request.headers[.contentType]?.hasPrefix("application/json") == true {
            let document = try Arrivals.document(Data(buffer: try await request.body.collect(upTo: KiwiLimits.archiveDocument)))
            return KiwiJSON.response(try await community.arrivals.bring(document, photos: nil, into: caller))
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiwi-arrival-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: scratch) }
        guard FileManager.default.createFile(atPath: scratch.path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let file = FileHandle(forWritingAtPath: scratch.path)
        else { throw KiwiProblem.badArchive("this server cannot keep the archive while it reads it") }
        var size = 0
        do {
            defer { try? file.close() }
            for try await chunk in request.body {
                size += chunk.readableBytes
                guard size <= KiwiLimits.archiveBytes else {
                    throw KiwiProblem.badArchive("the archive is larger than this server takes (\(KiwiLimits.archiveBytes >> 30) GiB)")
                }
                try file.write(contentsOf: chunk.readableBytesView)
            }
        }
        let zip: ZipReader
        let document: KiwiWire.Archive
        do {
            zip = try ZipReader(path: scratch.path)
            document = try Arrivals.document(try zip.data("kiwi.json"))
        } catch let damage as ZipReader.Damage {
            throw KiwiProblem.badArchive("the archive is damaged: \(damage.description)")
        }
        return KiwiJSON.response(try await community.arrivals.bring(document, photos: dryRun ? nil : zip, into: caller))
    }

    @Sendable func archive(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let archives = community.archives
        // Read before the answer starts: a failure is still an error's answer, not a broken zip.
        let (records, readings) = try await archives.records(of: caller.username)
        let base = links.plain(request).base
        let library = self.library
        let now = Date()
        let day = KiwiWire.Day.today(now)
        // A member without an avatar of their own shows the built-in one, which is not theirs to keep.
        let avatarImage = records.member.avatar.flatMap { $0 == Links.defaultAvatar ? nil : $0 }
        let files = records.posts.count + (avatarImage == nil ? 0 : 1) + 3
        let headers: HTTPFields = [
            .contentType: "application/zip",
            .contentDisposition: "attachment; filename=\"kiwi-\(caller.username)-\(day).zip\"",
            .cacheControl: "no-store",
            .archiveFiles: String(files),
        ]
        let body = ResponseBody { writer in
            var zip = ZipStream(modified: now)
            // Buffers in turn, each reused once what was sent from it is gone (clearing one still
            // being sent allocates anew): photos are read while those before go out, into memory
            // already faulted in.
            var buffers = [ByteBuffer](repeating: ByteBuffer(), count: 4)
            var turn = 0
            var avatar: String?
            if let image = avatarImage, let photo = await archives.largest(image, into: &buffers[turn]) {
                avatar = "avatar.jpg"
                try await writer.write(contentsOf: zip.entry("avatar.jpg", buffers[turn], crc: photo.crc32))
                turn = (turn + 1) % buffers.count
            }
            var photos: [Int64: String] = [:]
            for post in records.posts {
                guard let photo = await archives.largest(post.image, into: &buffers[turn]) else { continue }
                let file = "photos/\(post.id).jpg"
                try await writer.write(contentsOf: zip.entry(file, buffers[turn], crc: photo.crc32))
                photos[post.id] = file
                turn = (turn + 1) % buffers.count
            }
            let document = Archives.document(records, readings: readings, photos: photos, avatar: avatar, base: base, now: now)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try await writer.write(contentsOf: zip.entry("kiwi.json", ByteBuffer(data: try encoder.encode(document))))
            try await writer.write(contentsOf: zip.entry("shelves.csv", ByteBuffer(string: Archives.goodreadsCSV(readings))))
            let html = library.render(ArchivePage(document), withTemplate: "archive") ?? ""
            try await writer.write(contentsOf: zip.entry("index.html", ByteBuffer(string: html)))
            try await writer.write(zip.finish())
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}

extension HTTPField.Name {
    static let archiveFiles = HTTPField.Name(KiwiHeader.archiveFiles)!
}
