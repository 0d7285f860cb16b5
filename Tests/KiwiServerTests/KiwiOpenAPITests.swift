import Foundation
import Hummingbird
import HummingbirdTesting
import Kiwi
import KiwiMedia
import KiwiServerCommands
import KiwiServerSettings
import KiwiWire
import Logging
import PluginAPI
import TestSupport
import Testing

@testable import KiwiServer

@Suite struct KiwiOpenAPITests {
    @Test(arguments: [(false, false), (true, false), (false, true)])
    func everyRouteIsDocumentedAndEveryDocumentedRouteExists(metrics: Bool, federation: Bool) throws {
        let folder = Scratch.url("kiwi")
        let uploads = try UploadFolder(path: folder.appendingPathComponent("uploads").path)
        let arguments = try ServeCommand.testing(
            ["--uploads", uploads.path] + (metrics ? ["--metrics"] : [])
                + (federation ? ["--federation", "on", "--public-url", "https://kiwi.test"] : [])
        )
        // The web pages are HTML for browsers, not the API: the document leaves them out.
        let pages = Router(context: KiwiRequestContext.self)
        KiwiPages(community: .testing(MemoryKiwiDatabase()), links: LinkMaker(publicURL: nil)).addRoutes(to: pages)
        let pageRoutes = Set(pages.routes.map { "\($0.method) \($0.path)" })
        #expect(pageRoutes.contains("GET /") && pageRoutes.contains("POST /@{username}/follow"), "\(pageRoutes.sorted())")
        let routed = Set(
            buildRouter(
                .testing(MemoryKiwiDatabase(), federatedAt: arguments.federation == .on ? arguments.publicURL : nil),
                signer: MediaSigner(keys: .random()),
                arguments: arguments,
                connections: ConnectionGuard(arguments, openFiles: 1024)
            ).routes.map {
                "\($0.method) \($0.path)"
            }
        )
        .subtracting(pageRoutes)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(KiwiOpenAPI.document.utf8)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        // An alias (`/api/posts`) is a `$ref` to the path item it repeats. What exists only with
        // federation on is marked `x-federation`.
        func operations(_ item: [String: Any]) -> [String] {
            guard let target = item["$ref"] as? String else {
                return item.filter { federation || ($0.value as? [String: Any])?["x-federation"] as? Bool != true }.map(\.key)
            }
            let path = target.replacingOccurrences(of: "#/paths/", with: "").replacingOccurrences(of: "~1", with: "/")
            return paths[path].map(operations) ?? ["unresolved \(target)"]
        }
        var documented = Set(paths.flatMap { path, item in operations(item).map { "\($0.uppercased()) \(path)" } })
        // `/metrics` is documented in prose: it exists only with --metrics.
        if metrics { documented.insert("GET /metrics") }
        #expect(routed.subtracting(documented).isEmpty, "routes missing from the document: \(routed.subtracting(documented).sorted())")
        #expect(documented.subtracting(routed).isEmpty, "documented routes the router lacks: \(documented.subtracting(routed).sorted())")
    }

    @Test func theDocumentIsServed() async throws {
        try await withKiwi(.memory) { kiwi in
            try await kiwi.application.test(.router) { client in
                let served = try await client.execute(uri: "/openapi.json", method: .get) { String(buffer: $0.body) }
                #expect(served == KiwiOpenAPI.document)
            }
        }
    }
}
