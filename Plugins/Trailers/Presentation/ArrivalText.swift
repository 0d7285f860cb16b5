import Foundation
import PluginAPI
import TMDB

/// Arrival as the terminal shows it: a sentence for `--plain`, and the columns of a table.
extension Arrival {
    /// "Dune, 2021, Movie: now you can stream it on Netflix."
    var spoken: String { "\(title), \(year), \(type.label): now you can \(kind.verb) \(service)." }

    static let columns: [Column<Arrival>] = [
        Column("Type") { $0.type.label },
        Column("ID", rightAligned: true) { "\($0.id)" },
        Column("Title", flexible: true) { $0.title },
        Column("Year") { $0.year },
        Column("Service") { $0.service },
        Column("Kind") { $0.kind.rawValue },
        Column("Seen") { $0.firstSeen },
    ]
}
