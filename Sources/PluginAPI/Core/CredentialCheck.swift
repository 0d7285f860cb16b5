/// What a service said of a credential when `toolbox config check` asked it, with one cheap
/// request, only for what the configuration uses (`ToolboxPlugin.checkCredentials`).
public struct CredentialCheck: Sendable {
    public enum Outcome: Sendable {
        /// The service accepted it.
        case accepted
        /// The service refused it: what is wrong, and how to fix it.
        case refused(problem: String, fix: String)
        /// The service could not be asked (offline, failing): nothing is known of the credential.
        case unchecked(reason: String)
    }

    /// The configuration key the credential is kept in.
    public var key: String
    /// The service, in the user's words ("TrebleSurf").
    public var service: String
    public var outcome: Outcome

    public init(key: String, service: String, outcome: Outcome) {
        (self.key, self.service, self.outcome) = (key, service, outcome)
    }
}
