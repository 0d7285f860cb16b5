import KiwiWire
import PluginAPI

/// A book named on the command line: an ISBN-13 (hyphens allowed) as it is once its check digit
/// holds, else words looked up
/// in the server's book search. One match is taken; of several, a reader at a terminal picks one,
/// and anywhere else they are listed with their ISBNs (exit 64), to be named by ISBN. While the
/// search cannot answer, a title is refused at once (exit 69) with the way round it: the ISBN-13.
enum BookChoice {
    /// Matches listed at the most.
    static let shown = 10

    static func isbn13(_ words: String, option: String, client: KiwiClient, in context: CommandContext) async throws -> String {
        let text = words.trimmed
        let digits = text.filter { $0 != "-" }
        if KiwiWire.Book.isISBN13(digits) {
            // Caught here, before anything is asked or sent: a mistyped ISBN names another book or none.
            guard KiwiWire.Book.hasValidCheckDigit(digits) else {
                throw ToolboxError.usage(
                    "“\(text)” is not a valid ISBN-13: its last digit, the check digit, does not match the others",
                    hint: "copy it again from the book's back cover or copyright page, or name the book by words of its title"
                )
            }
            return digits
        }
        let found: [KiwiWire.Book]
        do {
            found = Array(try await client.searchBooks(text).filter { $0.isbn13 != nil }.prefix(shown))
        } catch let error as ToolboxError where error.kind == .unavailable {
            // Nothing is kept to wait for an answer that cannot come: a title needs the search now,
            // an ISBN-13 does not (a post naming one is sent, or kept until the server answers).
            throw ToolboxError.unavailable(
                "“\(text)” cannot be looked up now: \(error.message)",
                hint: "give the book's ISBN-13 instead (\(option) 978…), from its back cover or copyright page"
            )
        }
        guard let first = found.first?.isbn13 else {
            throw ToolboxError.notFound("no book with an ISBN-13 matches “\(text)”", hint: "try other words, or the author's name too")
        }
        guard found.count > 1 else { return first }
        let list = found.enumerated().map { "  \($0.offset + 1). \(byline($0.element)) (ISBN \($0.element.isbn13 ?? ""))" }.joined(separator: "\n")
        let console = context.output.console
        guard console.isInputTerminal else {
            throw ToolboxError.usage("“\(text)” matches \(found.count) books:\n\(list)", hint: "name one by its ISBN-13: \(option) \(first)")
        }
        console.write("“\(text)” matches \(found.count) books:\n\(list)\nWhich one? [1-\(found.count)] ", to: .standardError)
        guard let answer = console.readLine(secret: false), let number = Int(answer.trimmed), found.indices.contains(number - 1),
            let chosen = found[number - 1].isbn13
        else {
            throw ToolboxError.usage("no book was chosen", hint: "answer with a number from 1 to \(found.count), or name the book by its ISBN-13")
        }
        return chosen
    }

    /// "The Tempest by William Shakespeare".
    static func byline(_ book: KiwiWire.Book) -> String {
        guard let authors = book.authors, !authors.isEmpty else { return book.title }
        return "\(book.title) by \(authors.joined(separator: ", "))"
    }
}
