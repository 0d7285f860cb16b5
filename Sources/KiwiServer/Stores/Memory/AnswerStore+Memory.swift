import Foundation

extension MemoryKiwiDatabase: AnswerStore {
    func keptAnswer(account: String, key: String) -> KeptAnswer? {
        answers[Self.answerKey(account, key)]?.answer
    }

    func forgetAnswers(before date: Date) {
        answers = answers.filter { $0.value.keptAt >= date }
    }

    /// Keeps a write's answer with it, before the write changes anything: under a key kept
    /// already, `repeatedRequest`, and the write stores nothing.
    func keep<Made>(_ keeping: AnswerToKeep<Made>?, _ made: Made) throws {
        guard let keeping else { return }
        let key = Self.answerKey(keeping.account, keeping.key)
        guard answers[key] == nil else { throw KiwiProblem.repeatedRequest }
        answers[key] = (try keeping.kept(made), Date())
    }

    static func answerKey(_ account: String, _ key: String) -> String { "\(account)\n\(key)" }
}
