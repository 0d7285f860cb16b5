import Foundation

/// Real response bodies, copied from `shared/fixtures` into `Tests/<Target>/Fixtures`
/// (their sources and licences are in each folder's SOURCES.md).
public enum Fixtures {
    public static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/<target>/Fixtures/<name>`.
    public static func data(_ name: String, target: String) throws -> Data {
        try Data(contentsOf: tests.appendingPathComponent(target).appendingPathComponent("Fixtures").appendingPathComponent(name))
    }
}
