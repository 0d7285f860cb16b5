import Foundation
import GRDB
import KiwiMedia

extension SQLiteKiwiDatabase: MediaObjectStore {
    func keepObjects(of name: String, _ manifest: MediaManifest) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM media_objects WHERE name = ?", arguments: [name])
            for (file, entry) in manifest.files {
                try db.execute(
                    sql: "INSERT INTO media_objects (name, file, digest, length, width, height, crc32, made) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        name, file, entry.digest, entry.length, entry.width, entry.height, entry.crc32.map { Int64($0) },
                        manifest.made.timeIntervalSince1970,
                    ]
                )
            }
        }
    }

    func objects(of name: String) async throws -> MediaManifest? {
        try await read { db -> MediaManifest? in
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT file, digest, length, width, height, crc32, made FROM media_objects WHERE name = ?"),
                arguments: [name]
            )
            guard let first = rows.first else { return nil }
            var files: [String: MediaManifest.Entry] = [:]
            for row in rows {
                files[row["file"]] = MediaManifest.Entry(
                    digest: row["digest"],
                    length: row["length"],
                    width: row["width"],
                    height: row["height"],
                    crc32: (row["crc32"] as Int64?).map { UInt32(truncatingIfNeeded: $0) }
                )
            }
            return MediaManifest(made: Date(timeIntervalSince1970: first["made"]), files: files)
        }
    }

    func dropObjects(of name: String) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM media_objects WHERE name = ?", arguments: [name]) }
    }
}
