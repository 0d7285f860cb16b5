/// One database holding every store: what `buildApplication` opens, and what the services share,
/// each through the stores it needs.
protocol KiwiStorage: AccountStore, PostStore, FollowStore, NotificationStore, AnswerStore, RateStore, CoverStore, ShelfStore, SearchStore,
    BlockStore,
    ReportStore, BookDetailsStore, ArchiveStore, MediaObjectStore, FederationStore
{
    /// Throws when the database does not answer (`GET /health`).
    func check() async throws
    /// What every write changes, as this process learns of it: the services tell it of their
    /// own writes; with PostgreSQL the database tells it of every server's.
    var changes: KiwiChanges { get }
}
