import ArgumentParser

/// `toolbox completion bash|zsh|fish`: prints a completion script.
struct CompletionCommand: ToolboxCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print a shell completion script.",
        discussion: """
            Plugin names, configuration keys and other values complete too.

            Examples:
              toolbox completion bash > ~/.local/share/bash-completion/completions/toolbox
              toolbox completion zsh > "${fpath[1]}/_toolbox"
              toolbox completion fish > ~/.config/fish/completions/toolbox.fish
            """
    )

    @Argument(help: "The shell: bash, zsh or fish.", completion: .list(["bash", "zsh", "fish"]))
    var shell: String

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard CompletionShell(rawValue: shell) != nil else {
            throw ValidationError("unsupported shell '\(shell)'; choose bash, zsh or fish")
        }
    }

    func run(in context: CommandContext) async throws {
        guard let shell = CompletionShell(rawValue: shell) else { return }
        context.output.line(context.registry.root.completionScript(for: shell))
    }
}
