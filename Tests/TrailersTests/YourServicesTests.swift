import Foundation
import PluginAPI
import TestSupport
import Testing

@testable import TMDB
@testable import Trailers

/// The user's services against what TMDB says of a title, what `arrivals` tells, and the calendar.
@Suite struct YourServicesTests {
    static let services = StreamingServices([
        WatchProvider(id: 337, name: "Disney Plus", movies: true, tv: true),
        WatchProvider(id: 8, name: "Netflix", movies: true, tv: true),
        WatchProvider(id: 9, name: "Amazon Prime Video", movies: true, tv: true),
    ])

    func options(_ region: String) throws -> WatchOptions {
        WatchOptions(try JSONDecoder().decode(TMDBWatchProviders.self, from: Fixtures.trailers("movie-watch-providers.json")), region: region)
    }

    @Test func aServiceCountsWhereItStreamsIsFreeOrHasAdsNeverWhereItRentsOrSells() throws {
        #expect(Self.services.offers(in: try options("US")) == [ServiceOffer(service: "Netflix", kind: .stream)])
        #expect(Self.services.offers(in: try options("GB")) == [ServiceOffer(service: "Amazon Prime Video", kind: .ads)])
        // In the order the user named their services, each way once.
        #expect(
            Self.services.offers(in: try options("IE")).map(\.label) == ["Disney Plus", "Netflix", "Amazon Prime Video (free)"]
        )
        let rentOnly = try JSONDecoder().decode(TMDBWatchProviders.self, from: Fixtures.trailers("movie-watch-providers-rent-only.json"))
        #expect(Self.services.offers(in: WatchOptions(rentOnly, region: "US")).isEmpty, "Apple TV rents it: on no one's subscription")
    }

    @Test func onMyServicesIsAFilterSoBrowseDiscoversRatherThanTrends() {
        var filter = TrailerFilter()
        #expect(filter.usesTrendingEndpoint)
        #expect(filter.setOnlyMyServices(true).isEmpty, "the default sort changed silently")
        #expect(!filter.usesTrendingEndpoint && filter.sort == .popularity)
        var typed = TrailerFilter()
        typed.setSort(.trending)
        #expect(typed.setOnlyMyServices(true).map(\.field) == [.sort], "a typed trending is said to change")
    }

    static let dune = KeptTitles.Title(id: 438631, type: .movie, title: "Dune", year: "2021")
    static let shogun = KeptTitles.Title(id: 126308, type: .tv, title: "Shōgun", year: "2024")
    static let monday = Date(timeIntervalSince1970: 1_795_900_000)

    @Test func eachArrivalIsToldOnceAndAgainOnlyAfterItLeft() {
        var record = ArrivalRecord()
        let netflix = ServiceOffer(service: "Netflix", kind: .stream)
        // The first look: nothing was seen before, so what is on the services now has arrived.
        let first = record.look(
            at: ["movie/438631": [netflix], "tv/126308": []],
            of: [Self.dune, Self.shogun],
            region: "US",
            today: "2026-11-29",
            now: Self.monday
        )
        #expect(first.map(\.title) == ["Dune"] && first.first?.firstSeen == "2026-11-29")
        // The same again: nothing new.
        #expect(
            record.look(
                at: ["movie/438631": [netflix], "tv/126308": []],
                of: [Self.dune, Self.shogun],
                region: "US",
                today: "2026-11-30",
                now: Self.monday
            ).isEmpty
        )
        // Shōgun comes to Disney Plus; Dune keeps the day it was first seen.
        let disney = ServiceOffer(service: "Disney Plus", kind: .stream)
        let second = record.look(
            at: ["movie/438631": [netflix], "tv/126308": [disney]],
            of: [Self.dune, Self.shogun],
            region: "US",
            today: "2026-12-01",
            now: Self.monday
        )
        #expect(second.map(\.title) == ["Shōgun"] && second.first?.kind == .stream)
        #expect(record.titles["US movie/438631"] == [ArrivalRecord.Seen(service: "Netflix", kind: .stream, firstSeen: "2026-11-29")])
        // A title TMDB could not be asked about keeps its record: it neither leaves nor arrives.
        #expect(record.look(at: ["tv/126308": [disney]], of: [Self.dune, Self.shogun], region: "US", today: "2026-12-02", now: Self.monday).isEmpty)
        #expect(record.titles["US movie/438631"] != nil)
        // Dune leaves Netflix, then comes back: told again.
        _ = record.look(
            at: ["movie/438631": [], "tv/126308": [disney]],
            of: [Self.dune, Self.shogun],
            region: "US",
            today: "2026-12-03",
            now: Self.monday
        )
        let back = record.look(
            at: ["movie/438631": [netflix], "tv/126308": [disney]],
            of: [Self.dune, Self.shogun],
            region: "US",
            today: "2026-12-04",
            now: Self.monday
        )
        #expect(back.map(\.firstSeen) == ["2026-12-04"])
        // Another region is its own record; a title no longer kept is forgotten.
        _ = record.look(at: ["movie/438631": [netflix]], of: [Self.dune], region: "GB", today: "2026-12-05", now: Self.monday)
        #expect(record.titles["US tv/126308"] != nil && record.titles["GB movie/438631"] != nil)
        _ = record.look(at: [:], of: [Self.dune], region: "US", today: "2026-12-06", now: Self.monday)
        #expect(record.titles["US tv/126308"] == nil)
    }

    func details(_ name: String) throws -> TMDBTitleDetails {
        try JSONDecoder().decode(TMDBTitleDetails.self, from: Fixtures.trailers(name))
    }

    @Test func theFirstReleaseOfEachKindInTheWindowAndTheRegion() throws {
        let superman = try details("movie-details-release-dates.json")
        let us = UpcomingRelease.of(superman, type: .movie, region: "US", from: "2026-11-29", to: "2027-12-31")
        #expect(us.map(\.kind) == [.premiere, .limited, .theatrical, .digital, .physical], "TV (2028) is past the window")
        #expect(us.first { $0.kind == .theatrical }?.date == "2027-07-09")
        #expect(us.first?.note == "Los Angeles premiere")
        let gb = UpcomingRelease.of(superman, type: .movie, region: "GB", from: "2027-07-10", to: "2027-07-31")
        #expect(gb.map(\.summary) == ["Superman in theatres"], "from the window's first day, inclusive")
        #expect(UpcomingRelease.of(superman, type: .movie, region: "IE", from: "2026-11-29", to: "2028-12-31").isEmpty)
        let thrones = try details("tv-series-details-next-episode.json")
        let episode = UpcomingRelease.of(thrones, type: .tv, region: "US", from: "2026-11-29", to: "2027-02-28")
        #expect(episode.map(\.summary) == ["Game of Thrones: new episode, S2E1 “The Hedge Knight”"])
        #expect(
            UpcomingRelease.of(try details("tv-series-details-append-response.json"), type: .tv, region: "US", from: "2000-01-01", to: "2030-01-01")
                .isEmpty
        )
    }

    @Test func anEventKeepsItsUIDWhenItsDateMoves() throws {
        let superman = try details("movie-details-release-dates.json")
        let before = UpcomingRelease.of(superman, type: .movie, region: "US", from: "2026-11-29", to: "2027-12-31")
        let later = UpcomingRelease.of(superman, type: .movie, region: "GB", from: "2026-11-29", to: "2027-12-31")
        #expect(before.first { $0.kind == .theatrical }?.uid == later.first { $0.kind == .theatrical }?.uid)
        #expect(Set(before.map(\.uid)).count == before.count, "one UID per kind of release")
    }

    @Test func iCalendarLinesAreEscapedAndFoldedWithinSeventyFiveOctets() {
        let text = ICalendar.write(
            [
                ICalendar.Event(
                    uid: "movie-1-theatrical@toolbox.trailers",
                    day: "2027-12-31",
                    summary: "Crouching Tiger, Hidden Dragon; Part \\ Two\nagain " + String(repeating: "é", count: 60)
                )
            ],
            name: "Watchlist",
            product: "-//toolbox//test//EN",
            now: Self.monday
        )
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(text.contains("DTSTART;VALUE=DATE:20271231\r\nDTEND;VALUE=DATE:20280101"), "an all-day event ends the next day, across a year")
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:Crouching Tiger\\, Hidden Dragon\\; Part \\\\ Two\\nagain "))
        #expect(!text.contains("\n\n") && text.hasSuffix("END:VCALENDAR\r\n"))
    }
}
