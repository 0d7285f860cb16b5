import Foundation

/// Where tests put their files: one folder for the test run under the system's temporary folder,
/// removed when the run ends, so a run leaves nothing behind however its tests end.
public enum Scratch {
    /// A fresh path in the run's folder, `name-<UUID><ending>`; not created.
    public static func url(_ name: String, ending: String = "") -> URL {
        run.appendingPathComponent("\(name)-\(UUID().uuidString)\(ending)")
    }

    private static let run: URL = {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Scratch.folder) }
        return folder
    }()

    private static var folder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("toolbox-tests-\(getpid())")
    }
}
