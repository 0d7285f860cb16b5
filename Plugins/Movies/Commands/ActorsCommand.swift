import ArgumentParser
import Foundation
import PluginAPI
import TMDB

extension MoviesCommand {
    /// `toolbox movies actors NAME`
    struct Actors: TMDBCommand {
        static let configuration = CommandConfiguration(
            commandName: "actors",
            abstract: "Find actors by name (at most 5, actors only).",
            discussion: """
                Use an id with `toolbox movies list --person ID`.

                Example:
                  toolbox movies actors "benedict cumberbatch"
                """
        )

        @Argument(help: "The actor's name, or part of it.")
        var name: String

        @OptionGroup var tmdb: TMDBOptions

        struct Actor: Encodable {
            var id: Int
            var name: String
            @Nullable var knownForDepartment: String?
        }

        func validate() throws {
            if name.trimmed.isEmpty { throw ValidationError("the name is empty") }
        }

        func run(in context: CommandContext) async throws {
            let people = try await context.resolve(MovieCatalog.self).actors(named: name)
            let actors = people.map { Actor(id: $0.id, name: $0.name, knownForDepartment: $0.knownForDepartment) }
            try context.output.list(
                actors,
                columns: [
                    Column("ID", rightAligned: true) { "\($0.id)" },
                    Column("Name", flexible: true) { $0.name },
                    Column("Known for") { $0.knownForDepartment ?? "–" },
                ],
                plain: { "\($0.name), person \($0.id)" },
                empty: "No actors found for “\(name)”."
            )
        }
    }
}
