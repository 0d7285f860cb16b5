import Foundation

/// Open-Meteo answers a request for several positions (comma-separated `latitude` and `longitude`)
/// with an array of answers, one a position, in order; for one position, the answer alone.
public enum OpenMeteoStub {
    /// Answers every position asked with `answer` (one answer, or the first of an array), as the
    /// API answers a batch: toolbox asks for its spots and the buoys nearest them at once.
    public static func everyPlace(_ answer: Data, delay: Duration = .zero) -> @Sendable (StubServer.Request) -> StubServer.Reply {
        let text = String(decoding: answer, as: UTF8.self)
        let one: String
        if let many = try? JSONSerialization.jsonObject(with: answer) as? [Any], let first = many.first,
            let data = try? JSONSerialization.data(withJSONObject: first)
        {
            one = String(decoding: data, as: UTF8.self)
        } else {
            one = text
        }
        return { request in
            let count = request.query["latitude"]?.split(separator: ",").count ?? 1
            let body = count == 1 ? one : "[" + Array(repeating: one, count: count).joined(separator: ",") + "]"
            return .json(Data(body.utf8), delay: delay)
        }
    }
}
