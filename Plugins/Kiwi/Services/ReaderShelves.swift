import Foundation
import KiwiWire
import PluginAPI

/// Members' shelves on our server (a base-contract server keeps none).
extension KiwiClient {
    /// Kept, as a profile is: `--offline` shows the last answer.
    func shelves(of name: String) async throws -> KiwiWire.Shelves {
        let notFound = ToolboxError.notFound(
            "no reader \(name) with shelves on \(server.absoluteString)",
            hint: "check the username; a server of the original contract keeps no shelves"
        )
        return try await api.decode(kept(APICall("users/\(name)/shelves", notFound: notFound), as: .shelves(of: name)))
    }

    /// Puts one of the member's books on a shelf; `key` makes sending it twice one change.
    func shelve(_ isbn13: String, _ change: KiwiWire.ShelfChange, key: String?) async throws -> KiwiWire.ShelfEntry {
        let notFound = ToolboxError.notFound(
            "no book \(isbn13) on \(server.absoluteString): nobody has posted about it and its book search does not know it",
            hint: "check the ISBN-13, or find the book with `toolbox kiwi books TITLE`"
        )
        let call = APICall("users/me/books/\(isbn13)", method: "PUT", body: .json(change), headers: Self.once(key), notFound: notFound)
        return try await api.decode(try authenticated(call))
    }

    func unshelve(_ isbn13: String) async throws {
        let notFound = ToolboxError.notFound("\(isbn13) is on none of your shelves", hint: "see them with `toolbox kiwi shelf`")
        try await api.send(try authenticated(APICall("users/me/books/\(isbn13)", method: "DELETE", notFound: notFound)))
    }
}

/// The community's search on our server (`GET /search`; a base-contract server has none).
extension KiwiClient {
    /// One page of `type`'s results for `query`, best first.
    func search<Item: Decodable>(_ query: String, type: String, limit: Int, as: Item.Type) async throws -> [Item] {
        let notFound = ToolboxError.notFound(
            "\(server.absoluteString) cannot search (GET /search)",
            hint: "toolbox kiwi serve can; the original backend cannot"
        )
        let call = APICall("search", query: [("q", query), ("type", type), ("limit", String(limit))], notFound: notFound)
        return try await api.decode(try authenticated(call, optional: true))
    }
}
