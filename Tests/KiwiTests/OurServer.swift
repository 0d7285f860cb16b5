import Foundation
import TestSupport

/// `body` against our server's own program (`toolbox kiwi serve`) on a port of its own, over real
/// sockets, on `database`: `memory`, or `sqlite` (a file in a private folder); `environment` adds
/// to the server's (its book search, say).
func withOurServer(_ database: String = "memory", environment: [String: String] = [:], _ body: (URL) async throws -> Void) async throws {
    let toolbox = try ToolboxBinary(extraEnvironment: environment)
    let store = database == "sqlite" ? "sqlite:\(toolbox.home.path)/kiwi.sqlite" : database
    let (server, base) = try await toolbox.serveKiwi(["--database", store])
    defer { server.process.terminate() }
    guard let url = URL(string: base) else { throw URLError(.badURL) }
    try await body(url)
}
