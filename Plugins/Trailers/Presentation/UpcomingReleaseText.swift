import Foundation
import PluginAPI
import TMDB

/// UpcomingRelease as the terminal shows it: a sentence for `--plain`, and the columns of a table.
extension UpcomingRelease {
    /// "Dec 18, 2026: Dune: Part Three in theatres, in US."
    var spoken: String { "\(displayDate): \(summary), in \(region)." }

    static let columns: [Column<UpcomingRelease>] = [
        Column("Date") { $0.date },
        Column("Title", flexible: true) { $0.title },
        Column("Type") { $0.type.label },
        Column("Release") { $0.kind == .episode ? "episode" : $0.kind.rawValue },
        Column("Note") { $0.note ?? "" },
    ]
}
