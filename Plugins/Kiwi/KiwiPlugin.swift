import ArgumentParser
import KiwiServerCommands
import KiwiServerSettings
import PluginAPI

/// `toolbox kiwi`: the KiwiFruit reading community — its server and its client.
public enum KiwiPlugin: ToolboxPlugin {
    public enum Keys {
        static let server = ConfigKey("kiwi.server", type: .url, default: "http://127.0.0.1:8080", summary: "The Kiwi server the client talks to.")
        // The server's own keys, declared here too so that `toolbox config set` takes them.
        static let all = [server] + KiwiServerKeys.all
    }

    public static let descriptor = PluginDescriptor(name: "Kiwi", command: KiwiCommand.self, configurationKeys: Keys.all)

    public static func register(into container: inout Container) {
        container.register((any KiwiServerHost).self) { _ in KiwiServerProgram() }
        container.register(KiwiClient.self) { container in
            KiwiClient(
                server: try container.resolve(ToolboxConfiguration.self).url(Keys.server),
                web: try container.resolve(WebClient.self),
                dataFolder: try container.resolve(ToolboxPaths.self).data
            )
        }
        container.register(KiwiSync.self) { container in
            KiwiSync(client: try container.resolve(KiwiClient.self), outbox: KiwiOutbox(dataFolder: try container.resolve(ToolboxPaths.self).data))
        }
    }
}

public struct KiwiCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "kiwi",
        abstract: "The KiwiFruit reading community: its server, and sign up, post, feed, like, comment, follow, shelve, search.",
        discussion: """
            Readers share a photo and a reflection about the book they are reading, like and \
            comment on each other's posts, and follow each other; they keep their books on shelves \
            (want to read, reading, read), see their year in books, and search what the community wrote.

            Examples:
              toolbox kiwi serve
              toolbox kiwi signup ada && toolbox kiwi login ada
              toolbox kiwi post --image page-42.jpg --caption "The storm chapter"
              toolbox kiwi feed
              toolbox kiwi profile ada
              toolbox kiwi reading
              toolbox kiwi progress "the tempest" 120/350
              toolbox kiwi year
              toolbox kiwi search "storm chapter"
            """,
        subcommands: [
            ServeCommand.self, MigrateCommand.self, ApproveCommand.self, RoleCommand.self, MediaCommand.self, Signup.self, Login.self, Logout.self,
            Whoami.self,
            AccountCommand.self, Feed.self,
            Post.self, Books.self, Book.self, Reading.self,
            Show.self,
            Delete.self,
            Photo.self, Like.self, Unlike.self, Comment.self, Comments.self, Uncomment.self, Follow.self, Unfollow.self, FollowersCommand.self,
            Block.self, Unblock.self, Blocks.self, Mute.self, Unmute.self, Mutes.self, ReportCommand.self, Reports.self, Moderate.self,
            Unsuspend.self, Unsilence.self, Audit.self, DomainsCommand.self,
            Following.self, Profile.self, Shelf.self, Want.self, Start.self, Progress.self, Finish.self, Unshelve.self, Year.self, Import.self,
            ImportArchive.self,
            Export.self,
            Search.self,
            Notifications.self, Watch.self, OutboxCommand.self, Sync.self,
        ]
    )

    public init() {}
}
