import PluginAPI

/// The configuration keys the server reads: both programs declare them (`toolbox` through the
/// Kiwi plugin, the server's program through `KiwiServerPlugin`), so that either can set them.
public enum KiwiServerKeys {
    public static let booksURL = ConfigKey(
        "kiwi.books_url",
        type: .url,
        default: "https://openlibrary.org",
        summary: "Where `kiwi serve` looks books up (Open Library's keyless search)."
    )

    public static let coversURL = ConfigKey(
        "kiwi.covers_url",
        type: .url,
        default: "https://covers.openlibrary.org",
        summary: "Where `kiwi serve` fetches books' covers (Open Library's keyless covers), once each."
    )

    public static let mediaStore = ConfigKey(
        "kiwi.media_store",
        type: .string,
        default: nil,
        summary:
            "Where `kiwi serve` keeps photos past one machine: s3://BUCKET[/PREFIX]?endpoint=URL&region=R[&path-style=true] (keys from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, never here)."
    )

    public static let all = [booksURL, coversURL, mediaStore]
}
