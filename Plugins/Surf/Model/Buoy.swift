import Foundation

/// A weather buoy of the Marine Institute's network, where it is moored.
struct Buoy: Sendable, Equatable {
    var name: String
    var latitude, longitude: Double

    /// The Irish weather buoys, at the positions ERDDAP gives them (IWBNetwork's latitude and longitude).
    static let irish = [
        Buoy(name: "M2", latitude: 53.4800, longitude: -5.4250),
        Buoy(name: "M3", latitude: 51.2166, longitude: -10.5500),
        Buoy(name: "M4", latitude: 54.999967, longitude: -9.999136),
        Buoy(name: "M5", latitude: 51.690425, longitude: -6.704336),
        Buoy(name: "M6", latitude: 53.07482, longitude: -15.88135),
    ]

    /// The buoy a name means, in any case.
    static func named(_ name: String) -> Buoy? {
        irish.first { SpotNames.key($0.name) == SpotNames.key(name) }
    }

    /// The nearest of the buoys `names` to a place, when one is within `reach` kilometres.
    static func nearest(toLatitude latitude: Double, longitude: Double, among names: [String], reach: Double) -> BuoyNearby? {
        names.compactMap(named)
            .map { BuoyNearby(buoy: $0, kilometres: Geography.kilometres(from: ($0.latitude, $0.longitude), to: (latitude, longitude))) }
            .filter { $0.kilometres <= reach }
            .min { $0.kilometres < $1.kilometres }
    }

    /// The buoys of `names` nearest to `spots` that are within reach, each once, in the spots' order.
    static func nearest(to spots: [Spot], among names: [String], reach: Double) -> [Buoy] {
        var found: [Buoy] = []
        for spot in spots {
            if let nearby = nearest(toLatitude: spot.latitude, longitude: spot.longitude, among: names, reach: reach), !found.contains(nearby.buoy) {
                found.append(nearby.buoy)
            }
        }
        return found
    }
}

/// A buoy and how far it is from the place it stands for.
struct BuoyNearby: Sendable, Equatable {
    var buoy: Buoy
    var kilometres: Double
}

/// Distances on the Earth's surface.
enum Geography {
    /// Kilometres between two places (haversine).
    static func kilometres(from a: (latitude: Double, longitude: Double), to b: (latitude: Double, longitude: Double)) -> Double {
        let (from, to) = (a.latitude * .pi / 180, b.latitude * .pi / 180)
        let (north, east) = (to - from, (b.longitude - a.longitude) * .pi / 180)
        let h = sin(north / 2) * sin(north / 2) + cos(from) * cos(to) * sin(east / 2) * sin(east / 2)
        return 2 * 6371.0 * asin(min(1, h.squareRoot()))
    }
}
