/// The keys PluginAPI itself reads: HTTP timings, the cache size, and pictures.
public enum CoreKeys {
    public static let timeout = ConfigKey("http.timeout", type: .number, default: "30", summary: "Seconds one HTTP request may take.")
    public static let maxRetries = ConfigKey(
        "http.max_retries",
        type: .integer,
        default: "5",
        summary: "Retries after 429, 5xx or a connection failure."
    )
    public static let backoffInitial = ConfigKey(
        "http.backoff_initial",
        type: .number,
        default: "1",
        summary: "Seconds before the first retry; doubles each time."
    )
    public static let backoffMax = ConfigKey(
        "http.backoff_max",
        type: .number,
        default: "30",
        summary: "The longest wait between retries, in seconds."
    )
    public static let cacheMaxSize = ConfigKey(
        "cache.max_size_mb",
        type: .integer,
        default: "200",
        summary: "Size cap of the response cache, in MB (least recently used go first)."
    )

    public static let images = ConfigKey(
        "output.images",
        default: PictureSetting.auto.rawValue,
        allowedValues: PictureSetting.allCases.map(\.rawValue),
        summary: "How pictures are drawn on a terminal: auto (ask the terminal), kitty, iterm, sixel, blocks, or never."
    )

    public static let all = [timeout, maxRetries, backoffInitial, backoffMax, cacheMaxSize, images]
}
