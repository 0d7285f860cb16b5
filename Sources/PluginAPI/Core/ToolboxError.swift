import Foundation

/// The one error type every plugin maps its failures into.
///
/// Each error carries a sentence a person understands, a hint saying what to do
/// about it, and the exit code the README's "Exit codes" documents.
public struct ToolboxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure toolbox distinguishes; each has its own exit code.
    public enum Kind: String, Sendable, CaseIterable {
        case failure, usage, badData, notFound, unavailable, conflict, io
        case rateLimited, deferred, authentication, permission, configuration, interrupted

        /// The process exit code for this kind (sysexits-style, see cli.md).
        public var exitCode: Int32 {
            switch self {
            case .failure: 1
            case .usage: 64
            case .badData: 65
            case .notFound: 66
            case .unavailable: 69
            case .conflict: 73
            case .io: 74
            case .rateLimited, .deferred: 75
            case .authentication, .permission: 77
            case .configuration: 78
            case .interrupted: 130
            }
        }

        /// What to suggest when the thrower had nothing more specific to say.
        var defaultHint: String {
            switch self {
            case .failure: "run the command again with --verbose to see more"
            case .usage: "run the command with --help to see what it accepts"
            case .badData: "the answer could not be read; try again later, or with --refresh"
            case .notFound: "check the name or id and try again"
            case .unavailable: "check your network connection, or try again later"
            case .conflict: "choose another name"
            case .io: "check that the path exists and that you may write there"
            case .rateLimited: "wait a minute and try again"
            case .deferred: "it is kept, and sent later"
            case .authentication: "check your credentials with `toolbox config check`"
            case .permission: "only the owner can do this"
            case .configuration: "run `toolbox config check` to see what is missing"
            case .interrupted: "run the command again to finish"
            }
        }
    }

    public var kind: Kind
    /// One short line saying what went wrong.
    public var message: String
    /// One short line saying what to do about it.
    public var hint: String

    public init(_ kind: Kind, _ message: String, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint ?? kind.defaultHint
    }

    public var exitCode: Int32 { kind.exitCode }
    public var description: String { "\(message) (\(kind.rawValue))" }

    public static func usage(_ message: String, hint: String? = nil) -> ToolboxError { .init(.usage, message, hint: hint) }
    public static func badData(_ message: String, hint: String? = nil) -> ToolboxError { .init(.badData, message, hint: hint) }
    public static func notFound(_ message: String, hint: String? = nil) -> ToolboxError { .init(.notFound, message, hint: hint) }
    public static func unavailable(_ message: String, hint: String? = nil) -> ToolboxError { .init(.unavailable, message, hint: hint) }
    public static func conflict(_ message: String, hint: String? = nil) -> ToolboxError { .init(.conflict, message, hint: hint) }
    public static func io(_ message: String, hint: String? = nil) -> ToolboxError { .init(.io, message, hint: hint) }
    public static func rateLimited(_ message: String, hint: String? = nil) -> ToolboxError { .init(.rateLimited, message, hint: hint) }
    /// The work could not be confirmed and is kept to be finished later (a write in an outbox).
    public static func deferred(_ message: String, hint: String? = nil) -> ToolboxError { .init(.deferred, message, hint: hint) }
    public static func authentication(_ message: String, hint: String? = nil) -> ToolboxError { .init(.authentication, message, hint: hint) }
    public static func permission(_ message: String, hint: String? = nil) -> ToolboxError { .init(.permission, message, hint: hint) }
    public static func configuration(_ message: String, hint: String? = nil) -> ToolboxError { .init(.configuration, message, hint: hint) }
    public static func failure(_ message: String, hint: String? = nil) -> ToolboxError { .init(.failure, message, hint: hint) }

    /// Turns any error into a `ToolboxError`, so nothing raw reaches a user.
    public static func from(_ error: any Error) -> ToolboxError {
        switch error {
        case let error as ToolboxError:
            return error
        case is CancellationError:
            return .init(.interrupted, "interrupted")
        case is DecodingError:
            // The coding path helps nobody at a terminal; the kind of failure does.
            return .badData("the answer could not be decoded")
        case let error as CocoaError where error.code == .fileNoSuchFile || error.code == .fileReadNoSuchFile:
            return .io("no such file: \(error.userInfo[NSFilePathErrorKey] as? String ?? "unknown")")
        default:
            return .failure(String(describing: error))
        }
    }
}
