/// A command whose exit status is its answer, as grep's 1 says nothing matched: thrown after the
/// command has said what it found, it ends the run with that status and prints no error.
public struct ExitStatus: Error, Sendable {
    public let code: Int32

    /// Nothing met what was asked (`surf best` with no window reaching `--min-score`).
    public static let noMatch = ExitStatus(code: 1)
}
