import Foundation
import KiwiWire
import PluginAPI
import TestSupport
import Testing

@testable import Kiwi

/// The client's book search and a post naming its book, against our server with a stub Open Library.
@Suite struct KiwiBookClientTests {
    @Test func theClientSearchesAndPostsWithABook() async throws {
        let library = try await OpenLibraryStub.start()
        try await withOurServer(environment: ["TOOLBOX_KIWI_BOOKS_URL": library.baseURL.absoluteString]) { server in
            let ada = KiwiClient(server: server, web: testWebClient(), dataFolder: Scratch.url("kiwi").path)
            #expect(try await ada.searchBooks("the tempest").first?.isbn13 == "9780141439600")
            try await ada.signUp(KiwiWire.SignUp(username: "ada", password: "pw"))
            _ = try await ada.logIn(KiwiWire.Credentials(username: "ada", password: "pw"))
            let photo = Scratch.url("photo", ending: ".png")
            try TestImages.png.write(to: photo)
            let post = try await ada.createPost(try KiwiPhoto(path: photo.path), .init(caption: "Act one", book: "9780141439600"), progress: nil)
            #expect(post.book?.title == "The Tempest")
        }
        await library.stop()
    }
}
