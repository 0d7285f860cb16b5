import Foundation
import PluginAPI
import TMDB

/// MovieDetails as the terminal shows it: its sentence for `--plain`.
extension MovieDetails {
    /// `--plain`: the movie, its overview, its trailer and where to watch it, as sentences.
    var spoken: String {
        [
            "\(item.spoken). Released \(displayDate).",
            more.overview ?? "",
            more.trailer.map { "Best trailer: \($0.summary)." } ?? "No trailer available.",
            more.watchProviders.sentence,
            "On TMDB at \(more.tmdbURL).",
        ].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
