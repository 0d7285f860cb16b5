import Foundation

/// A search as people type it, in the syntax PostgreSQL's `websearch_to_tsquery` reads: words
/// all found, a "quoted phrase" found as it is, `or` between alternatives, and `-word` not found.
/// Each store asks its own full-text search: PostgreSQL the text itself, SQLite's FTS5 the same
/// search in its own syntax (`fts5`), where every word is quoted, so nothing typed is an operator.
struct KiwiSearchQuery: Sendable, Equatable {
    /// A word or a phrase, found or (negated) not.
    struct Term: Sendable, Equatable {
        var words: [String]
        var negated = false
    }

    let text: String
    /// Alternatives (`or`), each of terms all of which must hold.
    let alternatives: [[Term]]

    /// The longest search taken, in characters.
    static let longest = 200

    init(_ text: String) {
        self.text = text
        var alternatives: [[Term]] = [[]]
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
                continue
            }
            var negated = false
            if character == "-" {
                negated = true
                index = text.index(after: index)
                guard index < text.endIndex else { break }
            }
            let words: [String]
            if text[index] == "\"" {
                let start = text.index(after: index)
                let end = text[start...].firstIndex(of: "\"") ?? text.endIndex
                words = Self.words(text[start..<end])
                index = end < text.endIndex ? text.index(after: end) : end
            } else {
                let end = text[index...].firstIndex(where: \.isWhitespace) ?? text.endIndex
                let word = text[index..<end]
                index = end
                if !negated, word.lowercased() == "or" {
                    if alternatives.last?.isEmpty == false { alternatives.append([]) }
                    continue
                }
                words = Self.words(word)
            }
            if !words.isEmpty { alternatives[alternatives.count - 1].append(Term(words: words, negated: negated)) }
        }
        // An alternative of exclusions alone matches nothing a search can list.
        self.alternatives = alternatives.filter { $0.contains { !$0.negated } }
    }

    /// The letters and digits of a stretch of text, as words (what both tokenizers keep).
    private static func words(_ text: Substring) -> [String] {
        text.split { !$0.isLetter && !$0.isNumber }.map { $0.lowercased() }
    }

    /// Nothing to look for.
    var isEmpty: Bool { alternatives.isEmpty }

    /// The search in FTS5's syntax: each term a quoted phrase, `NOT` before an excluded one.
    var fts5: String {
        alternatives.map { terms in
            let found = terms.filter { !$0.negated }.map(Self.phrase).joined(separator: " AND ")
            return terms.filter(\.negated).reduce("(\(found))") { "\($0) NOT \(Self.phrase($1))" }
        }.joined(separator: " OR ")
    }

    private static func phrase(_ term: Term) -> String { "\"" + term.words.joined(separator: " ") + "\"" }

    /// Whether `text` holds the search, folded as the stores fold it (case and diacritics): the
    /// memory store's search, for tests and throwaway communities.
    func matches(_ texts: [String]) -> Bool {
        let words = texts.flatMap { Self.words(Substring(Self.fold($0))) }
        func holds(_ term: Term) -> Bool {
            let wanted = term.words.map(Self.fold)
            guard wanted.count <= words.count else { return false }
            return (0...(words.count - wanted.count)).contains { Array(words[$0..<$0 + wanted.count]) == wanted }
        }
        return alternatives.contains { terms in terms.allSatisfy { holds($0) != $0.negated } }
    }

    /// Lower case without diacritics ("Brontë" is "bronte").
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }
}
