extension Array where Element: Sendable {
    /// `transform` on every element at once (the shared web client still caps requests
    /// per host), the answers in the elements' order; the first error cancels the rest.
    public func concurrentMap<Answer: Sendable>(_ transform: @escaping @Sendable (Element) async throws -> Answer) async throws -> [Answer] {
        try await withThrowingTaskGroup(of: (Int, Answer).self) { group in
            for (index, element) in enumerated() { group.addTask { (index, try await transform(element)) } }
            var answers = [Answer?](repeating: nil, count: count)
            for try await (index, answer) in group { answers[index] = answer }
            return answers.compactMap { $0 }
        }
    }
}
