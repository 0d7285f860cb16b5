import Foundation

/// Reads fixture files from a test target's bundled resources.
public enum Fixtures {
    public static func data(_ name: String, in bundle: Bundle) throws -> Data {
        let path = (name as NSString)
        guard let url = bundle.url(forResource: path.deletingPathExtension, withExtension: path.pathExtension)
            ?? bundle.url(forResource: path.deletingPathExtension, withExtension: path.pathExtension, subdirectory: "Fixtures")
        else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name]) }
        return try Data(contentsOf: url)
    }
}
