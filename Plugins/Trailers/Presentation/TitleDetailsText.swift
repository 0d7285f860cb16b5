import Foundation
import PluginAPI
import TMDB

/// TitleDetails as the terminal shows it: its sentence for `--plain`.
extension TitleDetails {
    /// `--plain`: the title, its rating and trailer, where to watch it, as sentences.
    var spoken: String {
        [
            "\(item.spoken).", runtime.map { "\($0)." } ?? "", "Rated \(certification).",
            more.overview ?? "",
            trailers.first.map { "Best trailer: \($0.summary)." } ?? "No trailer available.",
            more.watchProviders.sentence,
            "On TMDB at \(more.tmdbURL).",
        ].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
