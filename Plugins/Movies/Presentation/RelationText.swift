import TMDB

/// How a sentence names a list of related movies.
extension MovieCatalog.Relation {
    /// "similar to", as in "No movies found similar to movie 550."
    var phrase: String { self == .similar ? "similar to" : "recommended for" }
}
