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

    public static let all = [apiKey, baseURL, imageBaseURL]

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
