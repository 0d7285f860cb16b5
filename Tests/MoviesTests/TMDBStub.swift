import ArgumentParser
import Foundation
import PluginAPI
import TestSupport

@testable import Movies

/// A stub TMDB on 127.0.0.1 and a toolbox pointed at it.
struct TMDBStub {
    let server: StubServer
    let toolbox: InProcessToolbox

    static let apiKey = "test-api-key-9876"

    static func start(environment: [String: String] = [:]) async throws -> TMDBStub {
        let server = try await StubServer.start()
        let toolbox = try InProcessToolbox(
            MoviesRoot.self,
            environment: [
                "TMDB_API_KEY": apiKey,
                "TOOLBOX_TMDB_BASE_URL": server.baseURL.absoluteString + "/3",
                "TOOLBOX_TMDB_IMAGE_BASE_URL": server.baseURL.absoluteString + "/t/p",
                "TOOLBOX_HTTP_BACKOFF_INITIAL": "0.01",
                "TOOLBOX_HTTP_BACKOFF_MAX": "0.02",
            ].merging(environment) { $1 }
        )
        return TMDBStub(server: server, toolbox: toolbox)
    }

    static func fixture(_ name: String) throws -> Data {
        try Fixtures.data(name, target: "MoviesTests")
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) async -> ToolboxResult {
        await toolbox.run(arguments, environment: environment)
    }

    /// The only request made to `path`, failing the test when there were others.
    func onlyRequest(to path: String) -> StubServer.Request? {
        let matching = server.requests.filter { $0.path == path }
        return matching.count == 1 ? matching[0] : nil
    }

    /// A page of movies with these ids, as TMDB would send it.
    static func page(_ page: Int, of total: Int, ids: [Int]) -> Data {
        let results = ids.map {
            #"{"id":\#($0),"title":"Movie \#($0)","release_date":"2001-0\#($0 % 9 + 1)-01","vote_average":7.0,"vote_count":10,"popularity":1.0,"poster_path":"/p\#($0).jpg"}"#
        }
        return Data(#"{"page":\#(page),"total_pages":\#(total),"total_results":\#(total * 20),"results":[\#(results.joined(separator: ","))]}"#.utf8)
    }
}

struct MoviesRoot: PluginRoot {
    static let plugins: [any ToolboxPlugin.Type] = [MoviesPlugin.self]
}
