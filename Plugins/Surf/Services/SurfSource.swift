import Logging
import PluginAPI

/// The values of `surf.provider`: each names what it needs, explains itself in
/// `toolbox surf --help`, and builds its provider.
enum SurfSource: String, CaseIterable, Sendable {
    case openMeteo = "open-meteo"
    case trebleSurf = "treblesurf"

    var needs: String {
        switch self {
        case .openMeteo: "keyless"
        case .trebleSurf: "a session for reports"
        }
    }

    var help: String {
        switch self {
        case .openMeteo:
            """
              open-meteo  the default; no account: the shipped spot catalog, Open-Meteo
                          marine and weather forecasts, Marine Institute buoys (ERDDAP).
                          Everything but reports.
            """
        case .trebleSurf:
            """
              treblesurf  the TrebleSurf API: spots, conditions, forecasts and buoys with no
                          account, and surfers' reports with your session: sign in at
                          treblesurf.com, copy the session_id cookie from your browser, then
                          `toolbox config set surf.treblesurf.session` (asks without echo).
            """
        }
    }

    func provider(_ container: Container) throws -> any SurfProvider {
        let configuration = try container.resolve(ToolboxConfiguration.self)
        let web = try container.resolve(WebClient.self)
        let keys = SurfPlugin.Keys.self
        func minutes(_ key: ConfigKey, _ kind: String) throws -> CachePolicy {
            CachePolicy(kind: kind, timeToLive: try configuration.double(key) * 60)
        }
        let lifetimes = SurfLifetimes(
            conditions: try minutes(keys.conditionsMinutes, "conditions"),
            forecast: try minutes(keys.forecastMinutes, "forecast"),
            spots: try minutes(keys.spotsMinutes, "spots")
        )
        let namespace = SurfPlugin.descriptor.identifier
        func keeping() throws -> ForecastKeeping {
            ForecastKeeping(
                archive: try container.resolve(ForecastArchive.self),
                buoys: try configuration.list(keys.buoys),
                reach: try configuration.double(keys.buoyKilometres)
            )
        }
        switch self {
        case .openMeteo:
            return OpenMeteoProvider(
                catalog: try container.resolve(SpotCatalog.self),
                web: web,
                marineURL: try configuration.url(keys.marineURL),
                weatherURL: try configuration.url(keys.weatherURL),
                erddapURL: try configuration.url(keys.erddapURL),
                lifetimes: lifetimes,
                namespace: namespace,
                keeping: try keeping()
            )
        case .trebleSurf:
            return TrebleSurfProvider(
                web: web,
                baseURL: try configuration.url(keys.trebleSurfURL),
                session: { try configuration.required(keys.session) },
                lifetimes: lifetimes,
                namespace: namespace,
                output: try container.resolve(Output.self),
                logger: try container.resolve(Logger.self),
                keeping: try keeping()
            )
        }
    }
}
