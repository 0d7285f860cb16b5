/// Directions in degrees (0 = north, clockwise), named on the 16-point compass.
enum Compass {
    static let points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]

    /// Any angle, negative or past 360, brought into 0..<360.
    static func normalised(_ degrees: Double) -> Double {
        let value = degrees.truncatingRemainder(dividingBy: 360)
        return value < 0 ? value + 360 : value
    }

    /// "N", "NNE", … for the direction a wind comes from.
    static func name(_ degrees: Double) -> String {
        points[Int((normalised(degrees) + 11.25) / 22.5) % 16]
    }

    /// An arrow pointing where a wind from `degrees` blows to.
    static func arrow(windFrom degrees: Double) -> String {
        let arrows = ["↓", "↙", "←", "↖", "↑", "↗", "→", "↘"]
        return arrows[Int((normalised(degrees) + 22.5) / 45) % 8]
    }

    /// The smallest angle between two directions, 0…180.
    static func difference(_ a: Double, _ b: Double) -> Double {
        let d = abs(normalised(a) - normalised(b))
        return d > 180 ? 360 - d : d
    }
}

/// The wind's origin against the direction a beach faces (towards the sea).
enum RelativeWind: String, Codable, Sendable, CaseIterable {
    case offshore, onshore
    case crossShore = "cross-shore"
    case crossOffshore = "cross-offshore"
    case crossOnshore = "cross-onshore"

    init(windFrom wind: Double, beachFacing facing: Double) {
        let d = Compass.difference(wind, facing)
        switch d {
        case ...30: self = .onshore
        case ...67.5: self = .crossOnshore
        case ..<112.5: self = .crossShore
        case ..<150: self = .crossOffshore
        default: self = .offshore
        }
    }

    /// How much this wind helps the waves, for ranking spots (offshore grooms them).
    var quality: Double {
        switch self {
        case .offshore: 1.0
        case .crossOffshore: 0.9
        case .crossShore: 0.6
        case .crossOnshore: 0.4
        case .onshore: 0.2
        }
    }
}
