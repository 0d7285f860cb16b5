import Foundation
import KiwiMedia
import PostgresNIO

extension PostgresKiwiDatabase: MediaObjectStore {
    func keepObjects(of name: String, _ manifest: MediaManifest) async throws {
        let logger = self.logger
        let made = manifest.made.timeIntervalSince1970
        try await transaction { connection in
            try await connection.query("DELETE FROM media_objects WHERE name = \(name)", logger: logger)
            for (file, entry) in manifest.files {
                let crc32 = entry.crc32.map { Int64($0) }
                try await connection.query(
                    """
                    INSERT INTO media_objects (name, file, digest, length, width, height, crc32, made)
                    VALUES (\(name), \(file), \(entry.digest), \(entry.length), \(entry.width), \(entry.height), \(crc32), \(made))
                    """,
                    logger: logger
                )
            }
        }
    }

    func objects(of name: String) async throws -> MediaManifest? {
        let logger = self.logger
        return try await transaction { connection in
            let rows = try await connection.query(
                "SELECT file, digest, length, width, height, crc32, made FROM media_objects WHERE name = \(name)",
                logger: logger
            )
            var files: [String: MediaManifest.Entry] = [:]
            var made: Double?
            for try await (file, digest, length, width, height, crc32, when) in rows.decode((String, String, Int, Int, Int, Int64?, Double).self) {
                files[file] = MediaManifest.Entry(
                    digest: digest,
                    length: length,
                    width: width,
                    height: height,
                    crc32: crc32.map { UInt32(truncatingIfNeeded: $0) }
                )
                made = when
            }
            return made.map { MediaManifest(made: Date(timeIntervalSince1970: $0), files: files) }
        }
    }

    func dropObjects(of name: String) async throws {
        let logger = self.logger
        try await transaction { connection in _ = try await connection.query("DELETE FROM media_objects WHERE name = \(name)", logger: logger) }
    }
}
