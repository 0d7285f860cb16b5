import ArgumentParser
import PluginAPI

/// The language TMDB answers in and the region it answers for, shared by both plugins:
/// `--language`/`--region`, else `tmdb.language`/`tmdb.region`, else the Trailers keys.
public struct TMDBLocale: Sendable, Equatable {
    public var language: String
    public var region: String

    public init(language: String, region: String) {
        self.language = language
        self.region = region.uppercased()
    }

    public init(_ configuration: ToolboxConfiguration) throws {
        self.init(
            language: try configuration.string(TMDBKeys.language) ?? configuration.required(TMDBKeys.trailersLanguage),
            region: try configuration.string(TMDBKeys.region) ?? configuration.required(TMDBKeys.trailersRegion)
        )
    }

    /// TMDB's fallback text: the language a missing translation is read in.
    public static let fallbackLanguage = "en-US"

    /// Whether a missing translation has an English one to fall back to.
    public var fallsBack: Bool { !language.lowercased().hasPrefix("en") }
}

/// The options every TMDB command takes: `--language`, then the global ones.
public struct TMDBOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp("Titles and overviews in this language (default: tmdb.language).", valueName: "xx-YY"))
    public var language: String?

    @OptionGroup public var global: GlobalOptions

    public init() {}

    public func validate() throws {
        guard let language, !TMDBLocaleSyntax.isLanguage(language) else { return }
        throw ValidationError("--language takes a language tag such as fr-FR or pt-BR, not '\(language)'")
    }

    public var overrides: [ConfigKey: String] { language.map { [TMDBKeys.language: $0] } ?? [:] }
}

/// `--region` of the commands that show where to watch.
public struct RegionOption: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp("The country for watch providers, as two letters (default: tmdb.region).", valueName: "XX"))
    public var region: String?

    public init() {}

    public func validate() throws {
        guard let region, !TMDBLocaleSyntax.isRegion(region) else { return }
        throw ValidationError("--region takes a two-letter country code such as US, GB or IE, not '\(region)'")
    }

    /// `tmdb.region`, as TMDB spells countries.
    public var overrides: [ConfigKey: String] { region.map { [TMDBKeys.region: $0.uppercased()] } ?? [:] }
}

/// A command of either TMDB plugin: `--language` stands for `tmdb.language`.
public protocol TMDBCommand: ToolboxCommand {
    var tmdb: TMDBOptions { get }
}

extension TMDBCommand {
    public var global: GlobalOptions { tmdb.global }
    public var configurationOverrides: [ConfigKey: String] { tmdb.overrides }
}

/// A TMDB command that shows where to watch: `--region` stands for `tmdb.region` too.
public protocol TMDBRegionalCommand: TMDBCommand {
    var region: RegionOption { get }
}

extension TMDBRegionalCommand {
    public var configurationOverrides: [ConfigKey: String] { tmdb.overrides.merging(region.overrides) { $1 } }
}

enum TMDBLocaleSyntax {
    /// "fr", "fr-FR", "pt-BR", "zh-Hant-TW": ISO 639-1, then optional subtags.
    static func isLanguage(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, first.count == 2, first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (2...4).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    static func isRegion(_ text: String) -> Bool { text.count == 2 && text.allSatisfy { $0.isASCII && $0.isLetter } }
}
