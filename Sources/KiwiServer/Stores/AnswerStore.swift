import Foundation

/// The answers kept for `Idempotency-Key` (see `Idempotency`): a store keeps an answer in the
/// transaction of the write it answers, and gives it back; the rules are the service's.
protocol AnswerStore: Sendable {
    /// The answer kept for `account`'s `key`, with the digest of the request it answered.
    func keptAnswer(account: String, key: String) async throws -> KeptAnswer?
    /// Forgets answers kept before `date`.
    func forgetAnswers(before date: Date) async throws
}

/// A write's answer as it was sent, kept under the account's key with what was asked.
struct KeptAnswer: Sendable, Equatable {
    /// A digest of the request it answered (`Idempotency.digest`; never a password).
    var request: String
    var status: Int
    var body: Data
}

/// What a write keeps beside what it stores, in the same transaction: the answer it gets, made
/// from what it stored. A store that finds the key kept already throws `repeatedRequest` and
/// stores nothing.
struct AnswerToKeep<Made: Sendable>: Sendable {
    var account: String
    var key: String
    var request: String
    var answer: @Sendable (Made) throws -> (status: Int, body: Data)

    /// The same answer, made from a part of what another write makes.
    func of<Whole: Sendable>(_ part: @escaping @Sendable (Whole) -> Made) -> AnswerToKeep<Whole> {
        let answer = self.answer
        return AnswerToKeep<Whole>(account: account, key: key, request: request) { try answer(part($0)) }
    }

    /// The answer for what the write made, as it is kept.
    func kept(_ made: Made) throws -> KeptAnswer {
        let (status, body) = try answer(made)
        return KeptAnswer(request: request, status: status, body: body)
    }
}
