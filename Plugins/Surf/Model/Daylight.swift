import Foundation

/// Sunrise and sunset at a place, worked out on the machine (the sunrise equation, as NOAA's
/// solar calculator simplifies it: within a minute or two at Irish latitudes), with no service.
enum Daylight {
    /// The sun's rise and set on the UTC day of `day` at a place; nil where it neither rises
    /// nor sets that day (polar day or night).
    static func sun(on day: Date, latitude: Double, longitude: Double) -> (rise: Date, set: Date)? {
        let radians = Double.pi / 180
        let noon = (day.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400 + 43_200
        let days = (noon / 86_400 + 2_440_587.5 - 2_451_545.0 + 0.0008).rounded()
        // Mean solar noon, the sun's anomaly, the equation of the centre and its ecliptic longitude.
        let solarNoon = days - longitude / 360
        let anomaly = (357.5291 + 0.985_600_28 * solarNoon).truncatingRemainder(dividingBy: 360) * radians
        let centre = 1.9148 * sin(anomaly) + 0.02 * sin(2 * anomaly) + 0.0003 * sin(3 * anomaly)
        let ecliptic = (anomaly / radians + centre + 180 + 102.9372).truncatingRemainder(dividingBy: 360) * radians
        let transit = 2_451_545.0 + solarNoon + 0.0053 * sin(anomaly) - 0.0069 * sin(2 * ecliptic)
        let declination = asin(sin(ecliptic) * sin(23.4397 * radians))
        // The sun's centre 0.833° below the horizon: refraction and its radius.
        let hourAngle =
            (sin(-0.833 * radians) - sin(latitude * radians) * sin(declination)) / (cos(latitude * radians) * cos(declination))
        guard (-1...1).contains(hourAngle) else { return nil }
        let half = acos(hourAngle) / radians / 360
        func date(_ julian: Double) -> Date { Date(timeIntervalSince1970: (julian - 2_440_587.5) * 86_400) }
        return (date(transit - half), date(transit + half))
    }

    /// Whether the hour beginning at `time` begins in daylight at a place.
    static func isDaylight(_ time: Date, latitude: Double, longitude: Double) -> Bool {
        guard let sun = sun(on: time, latitude: latitude, longitude: longitude) else { return false }
        return time >= sun.rise && time < sun.set
    }
}
