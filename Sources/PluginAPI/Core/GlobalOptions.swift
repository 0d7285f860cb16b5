import ArgumentParser

/// The options every data command accepts (cli.md, "Everywhere").
public struct GlobalOptions: ParsableArguments, Sendable {
    @Flag(help: "Print one JSON document on stdout.")
    public var json = false

    @Flag(name: .customLong("no-color"), help: "No ANSI colour (also off with NO_COLOR, TERM=dumb, or when piped).")
    public var noColor = false

    @Flag(name: .shortAndLong, help: "Show each HTTP request on stderr.")
    public var verbose = false

    @Flag(name: .shortAndLong, help: "No notices on stderr, errors only.")
    public var quiet = false

    @Flag(help: "Answer from the cache only, expired entries allowed.")
    public var offline = false

    @Flag(help: "Ignore cached entries and store fresh answers.")
    public var refresh = false

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp("Use this configuration file.", valueName: "path"),
        completion: .file(extensions: ["yaml", "yml"])
    )
    public var configPath: String?

    @Flag(help: "One sentence per item, written to read well aloud.")
    public var plain = false

    @Flag(help: "Draw no pictures (also none when piped, with --json or --plain, or NO_COLOR).")
    public var noImages = false

    public init() {}

    public func validate() throws {
        if offline && refresh { throw ValidationError("--offline and --refresh cannot be used together") }
        if json && plain { throw ValidationError("--json and --plain cannot be used together") }
        if verbose && quiet { throw ValidationError("--verbose and --quiet cannot be used together") }
    }

    var cacheMode: WebClient.CacheMode { offline ? .offline : refresh ? .refresh : .normal }
}
