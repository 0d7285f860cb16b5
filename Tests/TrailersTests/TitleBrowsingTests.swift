import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import TMDB
@testable import Trailers

/// `browse` as a service: which endpoint a filter uses and how paging cuts the merged order.
@Suite struct TitleBrowsingTests {
    func catalog(_ server: StubServer) -> TrailerCatalog {
        let client = TMDBClient(
            baseURL: server.baseURL.appendingPathComponent("3"),
            imageBaseURL: server.baseURL,
            credential: TMDBCredential("key"),
            locale: TMDBLocale(language: "en-US", region: "US"),
            namespace: "trailers",
            web: testWebClient(),
            cacheFolder: Scratch.url("cache").path
        )
        return TrailerCatalog(
            client: client,
            genreNamesFile: "/dev/null",
            seen: SeenTitles(cacheFolder: Scratch.url("cache").path)
        )
    }

    /// A viewer who hid nothing and named no services.
    /// A TMDB stub whose discover answers for movies and for shows, and the filter that merges them
    /// by popularity (every movie is more popular than every show).
    static func movieAndShowDiscover() async throws -> (StubServer, TrailerFilter) {
        let stub = try await StubServer.start()
        stub.route("/3/discover/movie", handler: TrailersStub.discover(.movie))
        stub.route("/3/discover/tv", handler: TrailersStub.discover(.tv))
        var both = TrailerFilter()
        both.setContentType(.all)
        both.setSort(.popularity)
        return (stub, both)
    }

    static func nobody(_ server: StubServer, hiding hidden: HiddenTitles.Kept = .init()) -> ViewerPreferences {
        ViewerPreferences(client: TitleBrowsingTests().catalog(server).client, hidden: hidden, services: nil, onlyMine: false)
    }

    /// Progress nobody sees.
    static let quiet: @Sendable (Int) -> ProgressIndicator = {
        Output(console: .memory(), format: .lines, color: false, quiet: true).progress("", total: $0)
    }

    func paging(page: Int?, limit: Int?) throws -> PageOptions {
        var arguments: [String] = []
        if let page { arguments += ["--page", "\(page)"] }
        if let limit { arguments += ["--limit", "\(limit)"] }
        return try PageOptions.parse(arguments)
    }

    @Test func theDefaultFilterIsTrendingAndAFilterIsDiscover() async throws {
        let stub = try await StubServer.start()
        stub.route("/3/trending/all/week", .json(try Fixtures.trailers("trending-all.json")))
        stub.route("/3/discover/movie", handler: TrailersStub.discover(.movie))
        let trending = try await catalog(stub).browse(
            TrailerFilter(),
            viewer: Self.nobody(stub),
            paging: try paging(page: nil, limit: nil),
            progress: Self.quiet
        )
        #expect(!trending.isEmpty && stub.requestCount("/3/trending/all/week") == 1)
        var movies = TrailerFilter()
        movies.setContentType(.movie)
        movies.setSort(.popularity)
        let discovered = try await catalog(stub).browse(
            movies,
            viewer: Self.nobody(stub),
            paging: try paging(page: nil, limit: 3),
            progress: Self.quiet
        )
        #expect(discovered.map(\.id) == [1, 2, 3])
        await stub.stop()
    }

    @Test func aPageWithALimitCutsTheMergedOrderFromThatPage() async throws {
        let (stub, both) = try await Self.movieAndShowDiscover()
        let items = try await catalog(stub).browse(both, viewer: Self.nobody(stub), paging: try paging(page: 2, limit: 5), progress: Self.quiet)
        // Every movie is more popular than every show: page 2 starts at the 21st movie.
        #expect(items.map(\.listKey) == (21...25).map { "movie/\($0)" })
        await stub.stop()
    }

    @Test func hiddenTitlesLeaveTheMergedOrderAndAPageTheyEmptyIsNotItsEnd() async throws {
        let (stub, both) = try await Self.movieAndShowDiscover()
        // Every movie of the first page hidden: the merge must read page 2 before any show.
        var hidden = HiddenTitles.Kept()
        hidden.titles = (1...20).map { HiddenTitles.Title(id: $0, type: .movie, title: "Movie \($0)", year: "2001") }
        let viewer = Self.nobody(stub, hiding: hidden)
        let items = try await catalog(stub).browse(both, viewer: viewer, paging: try paging(page: nil, limit: 3), progress: Self.quiet)
        #expect(items.map(\.listKey) == (21...23).map { "movie/\($0)" })
        let output = Output(console: .memory(), format: .lines, color: false, quiet: false)
        viewer.report(to: output)
        #expect(output.console.captured.standardError.contains("20 hidden titles left out"))
        await stub.stop()
    }
}
