import ArgumentParser
import Foundation
import PluginAPI
import Synchronization

/// A title in a list either plugin shows: what hiding and the user's services need of it.
public protocol ListedTitle: Sendable {
    var id: Int { get }
    var mediaType: MediaType { get }
    /// TMDB's genre ids; empty when unknown (then only the title itself can be hidden).
    var genreIDs: [Int] { get }
    /// Where it is on the user's services; nil when they were not asked about.
    var onMyServices: [ServiceOffer]? { get set }
}

extension ListedTitle {
    /// ", on Netflix and Tubi (free)": the phrase `--plain` adds; empty when not asked.
    public var servicesPhrase: String {
        guard let offers = onMyServices else { return "" }
        let names = offers.map(\.label)
        guard let last = names.last else { return ", not on your services" }
        return ", on " + (names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last)
    }
}

/// `--on-my-services` of every list.
public struct ServicesOption: ParsableArguments, Sendable {
    @Flag(help: "Only titles on your streaming services (tmdb.services) in the region.")
    public var onMyServices = false

    public init() {}
}

/// What the user chose about what lists show them: the titles and genres they hid, and the
/// streaming services they pay for (marked on every title, and with `--on-my-services` the only
/// ones kept). Counts what it left out, for one notice after the list.
public final class ViewerPreferences: Sendable {
    public let hidden: HiddenTitles.Kept
    public let services: StreamingServices?
    public let onlyMine: Bool
    let client: TMDBClient
    /// Where a long list's lookups show their progress.
    let output: Output?
    private let tally = Mutex((hidden: 0, unchecked: 0))
    /// A list this long (a diary) says how its lookups are going; a page of 20 does not.
    static let lookupsShown = 40

    init(client: TMDBClient, hidden: HiddenTitles.Kept, services: StreamingServices?, onlyMine: Bool, output: Output? = nil) {
        self.client = client
        self.hidden = hidden
        self.services = services
        self.onlyMine = onlyMine
        self.output = output
    }

    /// The preferences a command runs with: the hidden list, and the services when set (required
    /// with `--on-my-services`).
    public static func load(client: TMDBClient, context: CommandContext, onlyMine: Bool) async throws -> ViewerPreferences {
        let hidden = try HiddenTitles(dataFolder: context.paths.data).load()
        guard !onlyMine else {
            let services = try await client.requiredStreamingServices()
            return ViewerPreferences(client: client, hidden: hidden, services: services, onlyMine: true, output: context.output)
        }
        // Marking the services is a courtesy: a list TMDB can give shows unmarked when their names
        // cannot be looked up, and only a name TMDB does not know stops it.
        do {
            let services = try await client.streamingServices()
            return ViewerPreferences(client: client, hidden: hidden, services: services, onlyMine: false, output: context.output)
        } catch let error as ToolboxError where error.kind != .usage {
            context.output.notice("Your services are not marked: \(error.message).")
            return ViewerPreferences(client: client, hidden: hidden, services: nil, onlyMine: false)
        }
    }

    /// JustWatch is credited wherever its data shows.
    public var attribution: String? { services == nil ? nil : WatchOptions.credit }

    /// What discover is sent so that TMDB itself keeps only titles on the services (watch
    /// providers are "or"ed by "|"), with `--on-my-services`; nothing otherwise.
    public var discoverQuery: [String: String] {
        guard onlyMine, let services else { return [:] }
        return [
            "with_watch_providers": services.ids.map(String.init).joined(separator: "|"),
            "with_watch_monetization_types": StreamingServices.includedKinds.map(\.monetization).joined(separator: "|"),
            "watch_region": client.locale.region,
        ]
    }

    /// The items without the hidden ones (unless `hiding` is false), each marked with where it is on
    /// the services (one cached request per title, all at once), and with `--on-my-services` only
    /// those on them. A title whose providers cannot be had is left unmarked, and counted.
    public func shape<Item: ListedTitle>(_ items: [Item], hiding: Bool = true) async -> [Item] {
        var kept = items
        if hiding {
            kept = items.filter { !hidden.hides(id: $0.id, type: $0.mediaType, genreIDs: $0.genreIDs) }
            let left = items.count - kept.count
            if left > 0 { tally.withLock { $0.hidden += left } }
        }
        guard let services, !kept.isEmpty else { return kept }
        let client = self.client
        // A title listed twice (a film watched twice in the diary) is asked about once.
        var seen = Set<String>()
        let titles = kept.map { (id: $0.id, type: $0.mediaType) }.filter { seen.insert("\($0.type.rawValue)/\($0.id)").inserted }
        let progress = titles.count > Self.lookupsShown ? output?.progress("Asking TMDB where the titles can be watched", total: titles.count) : nil
        defer { progress?.finish() }
        let lookUps = try? await titles.concurrentMap { title in
            defer { progress?.advance() }
            return try? await services.offers(in: client.watchOptions(of: title.id, type: title.type))
        }
        let offers = Dictionary(uniqueKeysWithValues: zip(titles.map { "\($0.type.rawValue)/\($0.id)" }, lookUps ?? titles.map { _ in nil }))
        let unchecked = offers.values.filter { $0 == nil }.count
        if unchecked > 0 { tally.withLock { $0.unchecked += unchecked } }
        for index in kept.indices { kept[index].onMyServices = offers["\(kept[index].mediaType.rawValue)/\(kept[index].id)"] ?? nil }
        return onlyMine ? kept.filter { $0.onMyServices?.isEmpty == false } : kept
    }

    /// A page of a list, shaped; its count of what TMDB sent is kept, so paging goes on past a
    /// page that shaping emptied.
    public func shape<Item: ListedTitle>(_ page: TMDBPage<Item>) async -> TMDBPage<Item> {
        var shaped = page
        shaped.results = await shape(page.results)
        return shaped
    }

    /// The columns of a list, with where each title is on the services when they are set.
    public func columns<Item: ListedTitle>(_ columns: [Column<Item>]) -> [Column<Item>] {
        guard services != nil else { return columns }
        return columns + [Column("On your services") { $0.onMyServices.map { $0.map(\.label).joined(separator: ", ") } ?? "?" }]
    }

    /// Says what the list left out: hidden titles (`hiddenCommand` lists them), titles not checked.
    public func report(to output: Output, hiddenCommand: String = "toolbox movies hidden") {
        let (hiddenCount, unchecked) = tally.withLock { ($0.hidden, $0.unchecked) }
        if hiddenCount > 0 {
            output.notice("\(NumberStyle.grouped(hiddenCount)) hidden \(hiddenCount == 1 ? "title" : "titles") left out (see `\(hiddenCommand)`).")
        }
        if unchecked > 0 {
            let what = onlyMine ? "left out: TMDB could not say where they are" : "not checked: TMDB could not say where they are"
            output.notice("\(NumberStyle.grouped(unchecked)) \(unchecked == 1 ? "title" : "titles") \(what).")
        }
    }
}
