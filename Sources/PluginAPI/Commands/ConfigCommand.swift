import ArgumentParser
import Foundation

/// `toolbox config list|get|set|unset|path|check`.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Read and change configuration.",
        discussion: """
            Values come from, strongest first: flags, environment variables (TOOLBOX_<KEY> \
            and the conventional aliases a key declares), the configuration file, the defaults. \
            `toolbox plugins` lists every plugin's keys.
            """,
        subcommands: [List.self, Get.self, Set.self, Unset.self, Path.self, Check.self, Template.self]
    )

    /// Every declared key, for shell completion.
    static let keyNames: CompletionKind = .custom { _, _, _ in PluginRegistry.current?.keys.map(\.name) ?? [] }

    /// The values a key's service knows (its `valueNamesFile`), for completing `config set KEY`:
    /// in a list, the item after the last comma.
    static let knownValues: CompletionKind = .custom { arguments, index, prefix in
        guard index > 0, index - 1 < arguments.count, let key = PluginRegistry.current?.keys.first(where: { $0.name == arguments[index - 1] })
        else { return [] }
        let cache = ToolboxPaths(environment: ProcessInfo.processInfo.environment).cache
        let done = key.type == .list ? prefix.lastIndex(of: ",").map { prefix[...$0] + " " } ?? "" : ""
        return knownNames(of: key, cache: cache).map { done + $0 }
    }

    /// The names in a key's `valueNamesFile`; none when it has none or it was never written.
    static func knownNames(of key: ConfigKey, cache: String) -> [String] {
        guard let file = key.valueNamesFile, let text = try? String(contentsOfFile: "\(cache)/\(file)", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    /// A value (or item of a list) the key's service does not know, as a usage error naming the
    /// closest it does; nil when all are known, or nothing is known yet to check against.
    static func unknownValue(_ value: String, of key: ConfigKey, cache: String) -> ToolboxError? {
        let known = knownNames(of: key, cache: cache)
        guard !known.isEmpty else { return nil }
        let lowered = Swift.Set(known.map { $0.lowercased() })
        let given = key.type == .list ? value.split(separator: ",").map(\.trimmed) : [value.trimmed]
        guard let unknown = given.first(where: { !$0.isEmpty && !lowered.contains($0.lowercased()) }) else { return nil }
        let closest = Suggestion.closest(to: unknown, among: known).map { "did you mean “\($0)”? " } ?? ""
        return .usage(
            "“\(unknown)” is not one of the names \(key.name) takes",
            hint: "\(closest)nothing was changed" + (key.setupHint.map { "; \($0)" } ?? "")
        )
    }

    /// What `config list` and `config get` show for a value.
    static func shown(_ resolved: ToolboxConfiguration.Resolved?, key: ConfigKey) -> String? {
        guard let resolved else { return nil }
        return key.isSecret ? Secret.mask(resolved.value) : resolved.value
    }

    struct List: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Show every key, its value and where the value came from.",
            discussion: "Secrets are masked.\n\nExamples:\n  toolbox config list\n  toolbox config list --json"
        )

        @OptionGroup var global: GlobalOptions

        struct Row: Encodable {
            var key: String
            @Nullable var value: String?
            @Nullable var source: String?
            var secret: Bool
        }

        func run(in context: CommandContext) async throws {
            let rows = context.registry.keys.map { key in
                let resolved = context.configuration.resolve(key.name)
                return Row(
                    key: key.name,
                    value: ConfigCommand.shown(resolved, key: key),
                    source: resolved.map { "\($0.source)" },
                    secret: key.isSecret
                )
            }
            try context.output.list(
                rows,
                columns: [
                    Column("Key") { $0.key },
                    Column("Value", flexible: true) { $0.value ?? "–" },
                    Column("Source") { $0.source ?? "unset" },
                ],
                plain: { "\($0.key) is \($0.value ?? "not set")\($0.source.map { ", from the \($0)" } ?? "")." },
                empty: "No keys are declared."
            )
        }
    }

    struct Get: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Print the value of one key (secrets masked).",
            discussion: "Example:\n  toolbox config get \(CoreKeys.timeout.name)"
        )

        @Argument(help: "The key, e.g. \(CoreKeys.timeout.name).", completion: ConfigCommand.keyNames)
        var key: String

        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let declaration = try context.configuration.declaration(of: key)
            guard let value = ConfigCommand.shown(context.configuration.resolve(key), key: declaration) else {
                throw ToolboxError.configuration("\(key) is not set", hint: ToolboxConfiguration.howToSet(declaration))
            }
            if context.output.format == .json {
                try context.output.json(["key": key, "value": value])
            } else {
                context.output.line(value)
            }
        }
    }

    struct Set: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set a key in the configuration file.",
            discussion: """
                Without VALUE, the value is read from a prompt that does not echo (on a terminal) \
                or from standard input, so a secret never lands in your shell history.

                Examples:
                  toolbox config set \(CoreKeys.maxRetries.name) 3
                  toolbox config set KEY              (a secret: asks without echo)
                  printf '%s' "$VALUE" | toolbox config set KEY
                """
        )

        @Argument(help: "The key, e.g. \(CoreKeys.timeout.name).", completion: ConfigCommand.keyNames)
        var key: String

        @Argument(help: "The value; omit it to be asked.", completion: ConfigCommand.knownValues)
        var value: String?

        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            let declaration = try context.configuration.declaration(of: key)
            let newValue = try value ?? readValue(declaration, console: context.output.console)
            if let problem = declaration.problem(with: newValue) {
                throw ToolboxError.usage(problem, hint: "nothing was changed")
            }
            if let unknown = ConfigCommand.unknownValue(newValue, of: declaration, cache: context.paths.cache) {
                throw unknown
            }
            if Secret.isPlaceholder(newValue) {
                throw ToolboxError.usage(
                    "'\(declaration.isSecret ? Secret.mask(newValue) : newValue)' looks like a placeholder, not a value",
                    hint: "nothing was changed; give the real value"
                )
            }
            let file = ConfigFile(path: context.configuration.filePath)
            try file.set(key, to: newValue)
            let shown = declaration.isSecret ? Secret.mask(newValue) : newValue
            context.output.notice("Set \(key) to \(shown) in \(file.path)")
            if let resolved = context.configuration.resolve(key), case .environment(let variable) = resolved.source {
                context.output.notice("note: \(variable) is set in the environment and takes precedence over the file")
            }
        }

        private func readValue(_ declaration: ConfigKey, console: Console) throws -> String {
            let entered: String?
            if console.isInputTerminal {
                console.write("\(declaration.name)\(declaration.isSecret ? " (input hidden)" : ""): ", to: .standardError)
                entered = console.readLine(secret: declaration.isSecret)
            } else {
                entered = console.readAll()
            }
            guard let text = entered?.trimmed, !text.isEmpty else {
                throw ToolboxError.usage(
                    "no value given for \(declaration.name)",
                    hint: "type it at the prompt, pipe it on stdin, or pass it after the key"
                )
            }
            return text
        }
    }

    struct Unset: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "unset",
            abstract: "Remove a key from the configuration file.",
            discussion: "Example:\n  toolbox config unset \(CoreKeys.maxRetries.name)"
        )

        @Argument(help: "The key.", completion: ConfigCommand.keyNames)
        var key: String

        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            _ = try context.configuration.declaration(of: key)
            let removed = try ConfigFile(path: context.configuration.filePath).unset(key)
            context.output.notice(
                removed ? "Removed \(key) from \(context.configuration.filePath)" : "\(key) was not set in \(context.configuration.filePath)"
            )
        }
    }

    struct Path: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "path",
            abstract: "Print the path of the configuration file.",
            discussion: "Example:\n  $EDITOR \"$(toolbox config path)\""
        )

        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            context.output.line(context.configuration.filePath)
        }
    }

    struct Template: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "template",
            abstract: "Print a configuration file that documents every key with its default.",
            discussion: "Example:\n  toolbox config template > \"$(toolbox config path)\""
        )

        @OptionGroup var global: GlobalOptions

        func run(in context: CommandContext) async throws {
            context.output.console.write(ConfigTemplate.render(context.registry.keys), to: .standardOutput)
        }
    }

    struct Check: ToolboxCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check every key; name the missing, placeholder or invalid ones and how to fix each.",
            discussion: "Exits with 78 when something needs fixing.\n\nExample:\n  toolbox config check"
        )

        @OptionGroup var global: GlobalOptions

        struct Problem: Encodable {
            var key: String
            var problem: String
            var fix: String
        }

        func run(in context: CommandContext) async throws {
            var problems = Self.problems(context.configuration, keys: context.registry.keys)
            // Then what each service says of the credentials the configuration uses.
            var said: [String] = []
            for plugin in context.registry.plugins {
                for check in await plugin.checkCredentials(context) where !problems.contains(where: { $0.key == check.key }) {
                    switch check.outcome {
                    case .accepted: said.append("\(check.service) accepts \(check.key).")
                    case .refused(let problem, let fix): problems.append(Problem(key: check.key, problem: problem, fix: fix))
                    case .unchecked(let reason): said.append("\(check.key) could not be checked: \(reason).")
                    }
                }
            }
            guard !problems.isEmpty else {
                if context.output.format == .json {
                    try context.output.json([Problem]())
                } else {
                    context.output.notice("All \(context.registry.keys.count) keys are valid.")
                }
                said.forEach(context.output.notice)
                return
            }
            said.forEach(context.output.notice)
            try context.output.list(
                problems,
                columns: [
                    Column("Key") { $0.key },
                    Column("Problem", flexible: true) { $0.problem },
                    Column("Fix", flexible: true) { $0.fix },
                ],
                plain: { "\($0.key): \($0.problem). To fix: \($0.fix)." },
                empty: ""
            )
            throw ToolboxError.configuration(
                "\(problems.count) configuration \(problems.count == 1 ? "key needs" : "keys need") attention",
                hint: "fix the keys listed above, then run `toolbox config check` again"
            )
        }

        static func problems(_ configuration: ToolboxConfiguration, keys: [ConfigKey]) -> [Problem] {
            keys.compactMap { key in
                let howTo = ToolboxConfiguration.howToSet(key)
                guard let resolved = configuration.resolve(key.name) else {
                    return key.isRequired ? Problem(key: key.name, problem: "not set", fix: howTo) : nil
                }
                if resolved.isPlaceholder {
                    return Problem(key: key.name, problem: "still a placeholder (\(resolved.source))", fix: howTo)
                }
                return key.problem(with: resolved.value).map { Problem(key: key.name, problem: "\($0) (\(resolved.source))", fix: howTo) }
            }
        }
    }
}
