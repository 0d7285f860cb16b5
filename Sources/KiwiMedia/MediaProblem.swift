/// What goes wrong in the media room, in its own words: the server says each as an answer at
/// its edge (`PhotoIntake`), as it says its own problems.
public enum MediaProblem: Error, Equatable, Sendable {
    /// The photo is not taken, and why.
    case refused(PhotoRefusal)
    /// No photo by that name is kept (or the name could be none: a path, a hidden file).
    case noSuchPhoto
}
