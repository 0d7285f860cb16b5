import Foundation

extension KiwiWire {
    /// `kiwi.json`, the heart of a member's archive (`GET /users/me/archive`, a zip): everything of
    /// theirs, other members and posts named by the URLs they had on the server it came from, and
    /// photos by their names in the zip. Its schema is `docs/kiwi-archive.md`; `version` says which
    /// (a reader refuses a newer one), and fields are only ever added within a version.
    public struct Archive: Codable, Sendable, Equatable {
        /// The schema this build writes and reads.
        public static let currentVersion = 1

        public var version: Int
        /// The server's address, as its pages are reached.
        public var server: String
        public var exportedAt: String
        public var profile: Profile
        /// Oldest first.
        public var posts: [Post]
        /// Their comments on anyone's posts, oldest first.
        public var comments: [Comment]
        /// The posts they like, by URL, oldest first.
        public var likes: [Like]
        /// Profile URLs, in the order the follows were made.
        public var following: [String]
        public var followers: [String]
        /// Every reading on their shelves, the latest changed first.
        public var readings: [Reading]

        public init(
            server: String,
            exportedAt: String,
            profile: Profile,
            posts: [Post],
            comments: [Comment],
            likes: [Like],
            following: [String],
            followers: [String],
            readings: [Reading]
        ) {
            version = Self.currentVersion
            (self.server, self.exportedAt, self.profile, self.posts, self.comments) = (server, exportedAt, profile, posts, comments)
            (self.likes, self.following, self.followers, self.readings) = (likes, following, followers, readings)
        }

        public struct Profile: Codable, Sendable, Equatable {
            public var username: String
            public var fullName: String?
            public var email: String?
            public var url: String
            public var createdAt: String
            /// The avatar's file in the zip; nil for the built-in one.
            public var avatar: String?

            public init(username: String, fullName: String?, email: String?, url: String, createdAt: String, avatar: String?) {
                (self.username, self.fullName, self.email, self.url, self.createdAt, self.avatar) = (
                    username, fullName, email, url, createdAt, avatar
                )
            }
        }

        public struct Post: Codable, Sendable, Equatable {
            public var url: String
            /// The photo's file in the zip (`photos/<id>.jpg`): its largest kept version; nil when the
            /// server could not read it.
            public var photo: String?
            public var caption: String?
            /// The photo's description (`imageAlt` on the wire).
            public var description: String?
            public var book: Book?
            public var spoiler: String?
            public var likes: Int
            public var comments: Int
            public var createdAt: String
            /// Other members' comments on it: theirs, so kept as text with who wrote them, to travel
            /// with the post as words of the member's own.
            public var replies: [Reply]?

            public init(
                url: String,
                photo: String?,
                caption: String?,
                description: String?,
                book: Book?,
                spoiler: String?,
                likes: Int,
                comments: Int,
                createdAt: String,
                replies: [Reply]? = nil
            ) {
                (self.url, self.photo, self.caption, self.description, self.book) = (url, photo, caption, description, book)
                (self.spoiler, self.likes, self.comments, self.createdAt, self.replies) = (spoiler, likes, comments, createdAt, replies)
            }
        }

        /// Another member's comment on the member's post: who (their name and profile URL), what, when.
        public struct Reply: Codable, Sendable, Equatable {
            public var author: String
            public var profile: String
            public var text: String
            public var spoiler: String?
            public var createdAt: String

            public init(author: String, profile: String, text: String, spoiler: String?, createdAt: String) {
                (self.author, self.profile, self.text, self.spoiler, self.createdAt) = (author, profile, text, spoiler, createdAt)
            }
        }

        public struct Comment: Codable, Sendable, Equatable {
            /// The post it answers.
            public var post: String
            public var text: String
            public var spoiler: String?
            public var createdAt: String

            public init(post: String, text: String, spoiler: String?, createdAt: String) {
                (self.post, self.text, self.spoiler, self.createdAt) = (post, text, spoiler, createdAt)
            }
        }

        public struct Like: Codable, Sendable, Equatable {
            public var post: String
            public var createdAt: String

            public init(post: String, createdAt: String) {
                (self.post, self.createdAt) = (post, createdAt)
            }
        }

        /// A reading as the shelves keep it, without the server's ids and covers.
        public struct Reading: Codable, Sendable, Equatable {
            public var book: Book
            public var shelf: Shelf
            public var progress: ReadingProgress?
            public var started: String?
            public var finished: String?
            public var rating: Int?
            public var review: String?
            public var spoiler: String?
            public var updatedAt: String

            public init(
                book: Book,
                shelf: Shelf,
                progress: ReadingProgress?,
                started: String?,
                finished: String?,
                rating: Int?,
                review: String?,
                spoiler: String?,
                updatedAt: String
            ) {
                (self.book, self.shelf, self.progress, self.started, self.finished) = (book, shelf, progress, started, finished)
                (self.rating, self.review, self.spoiler, self.updatedAt) = (rating, review, spoiler, updatedAt)
            }
        }
    }
}

extension KiwiWire {
    /// What `POST /users/me/archive` did with an archive, or (`dryRun`) would do (toolbox's
    /// extension): posts, readings and comments added, already here (a second run adds nothing),
    /// or refused with why; and the members it followed who have an account of that name here,
    /// offered to follow, not followed.
    public struct ArchiveArrival: Codable, Sendable, Equatable {
        public var dryRun: Bool
        public var posts: Tally
        public var readings: Tally
        public var comments: Tally
        public var follows: [String]
        public var refused: [Refusal]

        public init(dryRun: Bool, posts: Tally, readings: Tally, comments: Tally, follows: [String], refused: [Refusal]) {
            (self.dryRun, self.posts, self.readings, self.comments, self.follows, self.refused) = (
                dryRun, posts, readings, comments, follows, refused
            )
        }

        public struct Tally: Codable, Sendable, Equatable {
            public var added: Int
            /// Already here: brought by an earlier run, or there before.
            public var present: Int
            public var refused: Int

            public init(added: Int = 0, present: Int = 0, refused: Int = 0) {
                (self.added, self.present, self.refused) = (added, present, refused)
            }
        }

        /// An item left out, and why: `posts[3]` (its URL where it has one), in the archive's words.
        public struct Refusal: Codable, Sendable, Equatable {
            public var item: String
            public var reason: String

            public init(item: String, reason: String) {
                (self.item, self.reason) = (item, reason)
            }
        }
    }
}
