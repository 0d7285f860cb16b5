import Foundation
import PluginAPI

/// What the forecasts said and the buoys measured, set against each other: for `surf verify`, the phrase `conditions`
/// and `best` say, `best --calibrated`, and the conditions of a logged session.
struct SurfRecord: Sendable {
    let provider: any SurfProvider
    let archive: ForecastArchive
    /// `surf.buoys`, and `surf.buoy_km`.
    let buoys: [String]
    let reach: Double
    /// How long conditions and the best hours wait for the check (surf.tides_wait_seconds).
    let patience: Duration

    /// The buoy of `surf.buoys` nearest a spot, within reach.
    func nearest(to spot: Spot) -> BuoyNearby? {
        Buoy.nearest(toLatitude: spot.latitude, longitude: spot.longitude, among: buoys, reach: reach)
    }

    /// The check of the last `hours` at a buoy.
    func check(_ buoy: Buoy, hours: Int, now: Date = Date()) async throws -> ForecastCheck {
        try await check(buoy, against: kept(at: buoy, hours: hours, now: now), hours: hours, now: now)
    }

    /// The forecasts kept for a buoy's position that may cover the last `hours`: those issued up to
    /// `KeptForecast.ahead` before the first of them, and no older, which cover none of them.
    private func kept(at buoy: Buoy, hours: Int, now: Date) -> KeptForecasts {
        let first = now.addingTimeInterval(-Double(hours + 1) * 3_600)
        return archive.forecasts(
            atLatitude: buoy.latitude,
            longitude: buoy.longitude,
            issuedFrom: first.addingTimeInterval(-KeptForecast.ahead),
            until: now
        )
    }

    private func check(_ buoy: Buoy, against kept: KeptForecasts, hours: Int, now: Date) async throws -> ForecastCheck {
        let readings: [BuoyReading]
        do {
            // One hour more than asked: the readings reach back past the first hour looked at.
            readings = try await provider.buoys([buoy.name], hours: hours + 1).first?.history ?? []
        } catch let error as ToolboxError where error.kind == .notFound {
            readings = []  // the buoy sent nothing in that time: every hour is without a reading
        }
        return ForecastCheck.check(buoy: buoy, readings: readings, kept: kept, hours: hours, now: now)
    }

    /// The last day's check at each buoy nearest `spots`, for a phrase beside their conditions: the buoy
    /// is asked only where a kept forecast can be checked, nothing is said for a buoy without an hour
    /// to compare, and nothing at all after `patience`.
    func lastDay(near spots: [Spot], now: Date = Date()) async -> [ForecastCheck] {
        let buoys = Buoy.nearest(to: spots, among: self.buoys, reach: reach)
        guard !buoys.isEmpty else { return [] }
        return await Patience.first(
            within: patience,
            {
                var checks: [ForecastCheck] = []
                for buoy in buoys {
                    // The buoy is asked only where a forecast kept from before the last hour can be checked.
                    let kept = self.kept(at: buoy, hours: 24, now: now)
                    guard kept.forecasts.contains(where: { $0.issued < now.addingTimeInterval(-3_600) }),
                        let check = try? await self.check(buoy, against: kept, hours: 24, now: now), !check.hours.isEmpty
                    else { continue }
                    checks.append(check)
                }
                return checks
            },
            late: []
        )
    }
}

extension SpotConditions {
    /// With the heights moved by a forecast's bias at the nearest buoy (a forecast that ran 0.4 m
    /// low gets 0.4 m more), never below zero.
    func calibrated(by bias: Double) -> SpotConditions {
        var conditions = self
        conditions.waveHeight = waveHeight.map { max(0, $0 - bias) }
        conditions.swellHeight = swellHeight.map { max(0, $0 - bias) }
        return conditions
    }
}

extension SurfRecord {
    /// A buoy this near a spot measures its water; farther out, the forecast for the spot itself is nearer the truth.
    static let buoyStandsForSpot = 50.0

    /// The conditions at a spot at `time`: measured by a buoy near enough to stand for the spot, else
    /// the freshest kept forecast for the spot (a forecast fetched now when none covers `time`), else
    /// a buoy farther out; nil when none of them has that hour.
    func conditions(at spot: Spot, time start: Date, now: Date = Date()) async -> SessionConditions? {
        // Readings and forecasts are hourly: the hour nearest the start stands for the session.
        let time = Date(timeIntervalSince1970: (start.timeIntervalSince1970 / 3_600).rounded() * 3_600)
        let buoy = nearest(to: spot)
        let measured = await buoy.asyncFlatMap { await reading(of: $0.buoy, at: time, now: now) }
        if let buoy, let measured, buoy.kilometres <= Self.buoyStandsForSpot { return Self.conditions(measured, from: buoy, facing: spot.facing) }
        var forecast = archive.forecasts(
            atLatitude: spot.latitude,
            longitude: spot.longitude,
            issuedFrom: time.addingTimeInterval(-KeptForecast.ahead),
            until: now
        )
        .freshest(at: time)
        if forecast == nil, now.timeIntervalSince(time) < 86_400, let hours = try? await provider.forecast(at: spot, days: 1) {
            forecast = hours.first { abs(($0.time ?? .distantPast).timeIntervalSince(time)) < 1_800 }.flatMap { hour in
                hour.time.map { (KeptHour(hour, at: $0), now) }
            }
        }
        if let hour = forecast?.hour {
            return SessionConditions(
                source: .forecast,
                issued: forecast?.issued,
                waveHeight: hour.waveHeight,
                wavePeriod: hour.wavePeriod,
                waveDirection: hour.waveDirection,
                windSpeed: hour.wind.speed,
                windDirection: hour.wind.direction,
                relativeWind: hour.wind.direction.map { RelativeWind(windFrom: $0, beachFacing: spot.facing) }
            )
        }
        if let buoy, let measured { return Self.conditions(measured, from: buoy, facing: spot.facing) }
        return nil
    }

    /// The buoy's reading nearest `time`, within the hour.
    private func reading(of buoy: Buoy, at time: Date, now: Date) async -> BuoyReading? {
        let back = Int((now.timeIntervalSince(time) / 3_600).rounded(.up)) + 2
        guard back <= 24 * 8, let history = try? await provider.buoys([buoy.name], hours: back).first?.history else { return nil }
        return history.filter { abs(($0.time ?? .distantPast).timeIntervalSince(time)) <= 3_600 }.min {
            abs(($0.time ?? .distantPast).timeIntervalSince(time)) < abs(($1.time ?? .distantPast).timeIntervalSince(time))
        }
    }

    private static func conditions(_ reading: BuoyReading, from buoy: BuoyNearby, facing: Double) -> SessionConditions {
        SessionConditions(
            source: .buoy,
            buoy: buoy.buoy.name,
            kilometres: (buoy.kilometres * 10).rounded() / 10,
            issued: nil,
            waveHeight: reading.waveHeight,
            wavePeriod: reading.wavePeriod,
            waveDirection: reading.meanWaveDirection,
            windSpeed: reading.windSpeed,
            windDirection: reading.windDirection,
            relativeWind: reading.windDirection.map { RelativeWind(windFrom: $0, beachFacing: facing) }
        )
    }
}

extension Optional {
    fileprivate func asyncFlatMap<Other>(_ transform: (Wrapped) async -> Other?) async -> Other? {
        guard let value = self else { return nil }
        return await transform(value)
    }
}
