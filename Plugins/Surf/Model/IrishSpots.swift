/// The spot catalog shipped with the plugin (compiled in, so the binary stands
/// alone). Approximate beach coordinates (WGS84) and facing directions rounded
/// to 45°, from the project's reference list; extend it with `surf.spots_file`. A tide is named
/// only where surf guides agree on it (the Peak at Bundoran and Lahinch: mid tide); elsewhere any.
enum IrishSpots {
    static func spot(_ name: String, _ region: String, _ latitude: Double, _ longitude: Double, facing: Double, _ type: String, buoy: String) -> Spot
    {
        Spot(
            name: name,
            region: region,
            country: "Ireland",
            latitude: latitude,
            longitude: longitude,
            facing: facing,
            type: type,
            nearestBuoy: buoy,
            tide: tides[name]
        )
    }

    /// The tide a spot works best on, where surf guides agree.
    static let tides: [String: TidePreference] = ["Bundoran": .mid, "Lahinch": .mid]

    static let all: [Spot] = [
        spot("Magheroarty", "Donegal", 55.162985, -8.143272, facing: 0, "beach", buoy: "M4"),
        spot("Falcarragh", "Donegal", 55.16073, -8.085937, facing: 0, "beach", buoy: "M4"),
        spot("Rossnowlagh", "Donegal", 54.555689, -8.210135, facing: 270, "beach", buoy: "M4"),
        spot("Bundoran", "Donegal", 54.492515, -8.268799, facing: 315, "reef", buoy: "M4"),
        spot("Tullan Strand", "Donegal", 54.4846, -8.2820, facing: 315, "beach", buoy: "M4"),
        spot("Easkey", "Sligo", 54.291575, -8.95584, facing: 0, "reef", buoy: "M4"),
        spot("Enniscrone", "Sligo", 54.211954, -9.102001, facing: 0, "beach", buoy: "M4"),
        spot("Strandhill", "Sligo", 54.2710, -8.6090, facing: 270, "beach", buoy: "M4"),
        spot("Keel", "Mayo", 53.973033, -10.07223, facing: 225, "beach", buoy: "M6"),
        spot("Carrowniskey", "Mayo", 53.7130, -9.8820, facing: 270, "beach", buoy: "M6"),
        spot("Dun Loughan", "Galway", 53.41944, -10.148626, facing: 225, "beach", buoy: "M6"),
        spot("Lahinch", "Clare", 52.933675, -9.3501, facing: 225, "beach", buoy: "M6"),
        spot("Doonbeg", "Clare", 52.76445, -9.493389, facing: 270, "beach", buoy: "M6"),
        spot("Spanish Point", "Clare", 52.8490, -9.4420, facing: 270, "reef", buoy: "M6"),
        spot("Castlegregory", "Kerry", 52.276666, -10.037212, facing: 315, "beach", buoy: "M6"),
        spot("Inch Strand", "Kerry", 52.137499, -9.979695, facing: 225, "beach", buoy: "M6"),
        spot("Barley Cove", "Cork", 51.468823, -9.775531, facing: 180, "beach", buoy: "M3"),
        spot("Inchydoney", "Cork", 51.595535, -8.861236, facing: 135, "beach", buoy: "M3"),
        spot("Castlefreke", "Cork", 51.557116, -8.966045, facing: 225, "beach", buoy: "M3"),
        spot("Garretstown", "Cork", 51.640028, -8.564953, facing: 225, "beach", buoy: "M3"),
        spot("Tramore", "Waterford", 52.15621, -7.1273, facing: 180, "beach", buoy: "M5"),
        spot("Bunmahon", "Waterford", 52.1330, -7.3690, facing: 180, "beach", buoy: "M5"),
        spot("Magheramore", "Wicklow", 52.930841, -6.023053, facing: 135, "beach", buoy: "M2"),
        spot("Whiterock", "Dublin", 53.265934, -6.106232, facing: 135, "beach", buoy: "M2"),
    ]
}
