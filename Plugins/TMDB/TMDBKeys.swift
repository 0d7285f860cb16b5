import PluginAPI

/// The configuration keys both TMDB plugins declare (identically, so the
/// registry accepts them twice): one credential for Movies and Trailers.
public enum TMDBKeys {
    public static let apiKey = ConfigKey(
        "tmdb.api_key",
        secret: true,
        required: true,
        environmentAliases: ["TMDB_API_KEY"],
        summary: "The TMDB API key (v3) or read access token (v4).",
        setupHint: "get a free key at https://www.themoviedb.org/settings/api"
    )
    public static let baseURL = ConfigKey(
        "tmdb.base_url",
        type: .url,
        default: "https://api.themoviedb.org/3",
        summary: "The TMDB API."
    )
    public static let imageBaseURL = ConfigKey(
        "tmdb.image_base_url",
        type: .url,
        default: "https://image.tmdb.org/t/p",
        summary: "Where TMDB serves images."
    )

    public static let language = ConfigKey(
        "tmdb.language",
        summary: "The language of titles and overviews in both plugins (xx-YY); unset, trailers.language."
    )
    public static let region = ConfigKey(
        "tmdb.region",
        summary: "The country whose watch providers and releases both plugins show (ISO 3166-1); unset, trailers.region."
    )
    public static let services = ConfigKey(
        "tmdb.services",
        type: .list,
        summary: "The streaming services you pay for, as `toolbox trailers providers` names them (comma-separated).",
        setupHint: "see the names with `toolbox trailers providers`",
        valueNamesFile: CompletionNames.inCache(ProviderNames.kind, namespace: ProviderNames.namespace)
    )
    // The Trailers app's own keys (cli.md), read by both plugins when the tmdb.* ones are unset.
    public static let trailersRegion = ConfigKey(
        "trailers.region",
        default: "US",
        summary: "The country of watch providers and releases when tmdb.region is unset (ISO 3166-1)."
    )
    public static let trailersLanguage = ConfigKey(
        "trailers.language",
        default: "en-US",
        summary: "The language of titles and overviews when tmdb.language is unset."
    )

    public static let all = [apiKey, baseURL, imageBaseURL, language, region, services, trailersLanguage, trailersRegion]

    /// Help text that both TMDB plugins open with.
    /// A TMDB plugin's help: the key it needs, its examples, and TMDB's attribution.
    public static func discussion(examples: [String]) -> String {
        "\(keyNeeded)\n\nExamples:\n" + examples.map { "  \($0)\n" }.joined() + "\n\(attribution)"
    }

    static let keyNeeded = """
        Needs a TMDB API key: `toolbox config set tmdb.api_key` (or TMDB_API_KEY). \
        Get one free at https://www.themoviedb.org/settings/api.
        """

    /// TMDB's terms ask apps to say this; both plugins put it in their help.
    static let attribution = "This product uses the TMDB API but is not endorsed or certified by TMDB."
}
