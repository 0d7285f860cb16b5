import ArgumentParser
import PluginAPI

/// `toolbox kiwi`: the KiwiFruit reading community — its server, and (soon) its client.
public enum KiwiPlugin: ToolboxPlugin {
    static let server = ConfigKey("kiwi.server", type: .url, default: "http://127.0.0.1:8080", summary: "The Kiwi server the client talks to.")

    public static let descriptor = PluginDescriptor(
        identifier: "kiwi", name: "Kiwi",
        summary: "The KiwiFruit reading community: its server (`kiwi serve`).",
        configurationKeys: [server])

    public static var command: any ParsableCommand.Type { KiwiCommand.self }

    public static func register(into container: inout Container) {}
}

struct KiwiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiwi",
        abstract: KiwiPlugin.descriptor.summary,
        discussion: """
            Readers share a photo and a reflection about the book they are reading, like and \
            comment on each other's posts, and follow each other.

            Examples:
              toolbox kiwi serve
              toolbox kiwi serve --port 9000 --public-url https://kiwi.example.org
            """,
        subcommands: [Serve.self])
}
