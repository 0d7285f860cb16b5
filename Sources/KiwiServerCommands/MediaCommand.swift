import ArgumentParser
import KiwiServerSettings
import PluginAPI

/// `toolbox kiwi media check`
public struct MediaCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "media",
        abstract: "Look after the community's photos in its media store.",
        subcommands: [Check.self]
    )

    public init() {}

    /// `toolbox kiwi media check [--repair]`
    public struct Check: ToolboxCommand {
        public static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Hold the media store's bucket to the community: no photo without its objects, no object without its photo.",
            discussion: """
                Lists the bucket and reads the community's posts, avatars and covers, beside its running servers or not. A photo the community names must have its manifest and every version it lists; a photo in the bucket that nothing names (a post whose writing was cut short, a removal the store missed while it was away) is reported, and removed with --repair. A photo written in the last ten minutes is left alone: its post may be being written. Exits 1 while anything is out of place.

                Examples:
                  toolbox kiwi media check --media-store 's3://photos?endpoint=http://minio:9000&path-style=true'
                  toolbox kiwi media check --repair --database postgres://kiwi:secret@db/kiwi
                """
        )

        @Option(
            name: .customLong("media-store"),
            help: ArgumentHelp(
                "The bucket: s3://BUCKET[/PREFIX]?endpoint=URL&region=R[&path-style=true] (default: kiwi.media_store).",
                valueName: "address"
            )
        )
        public var mediaStoreAddress: String?
        @Flag(help: "Remove the photos in the bucket that nothing names.") public var repair = false
        @OptionGroup public var community: CommunityDatabase
        @OptionGroup public var global: GlobalOptions

        public init() {}

        public func run(in context: CommandContext) async throws {
            try await context.resolve((any KiwiServerHost).self).checkMedia(self, in: context)
        }
    }
}
