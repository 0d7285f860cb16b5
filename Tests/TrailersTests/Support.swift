import Foundation
import PluginAPI
import TestSupport

typealias PluginAPIError = ToolboxError

extension Fixtures {
    static func trailers(_ name: String) throws -> Data { try data(name, target: "TrailersTests") }
}
