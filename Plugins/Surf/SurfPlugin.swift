import ArgumentParser
import Foundation
import PluginAPI

/// `toolbox surf`: the TrebleSurf app on the command line.
public enum SurfPlugin: ToolboxPlugin {
    enum Keys {
        static let provider = ConfigKey(
            "surf.provider",
            default: SurfSource.openMeteo.rawValue,
            allowedValues: SurfSource.allCases.map(\.rawValue),
            summary: "Where surf data comes from: " + SurfSource.allCases.map { "\($0.rawValue) (\($0.needs))" }.joined(separator: " or ") + "."
        )
        static let country = ConfigKey("surf.country", default: "Ireland", summary: "The country whose spots are listed.")
        static let region = ConfigKey("surf.region", default: "Donegal", summary: "The region `surf conditions` shows when none is named.")
        static let home = ConfigKey("surf.home", summary: "Your home spot, as REGION/SPOT: what `surf now` shows when no spot is named.")
        static let buoys = ConfigKey("surf.buoys", type: .list, default: "M4,M6", summary: "The buoys `surf buoys` shows when none are named.")
        static let units = ConfigKey(
            "surf.units",
            default: UnitSystem.metric.rawValue,
            allowedValues: UnitSystem.allCases.map(\.rawValue),
            summary: "Units for people (JSON is always metric)."
        )
        static let marineURL = ConfigKey(
            "surf.open_meteo.marine_url",
            type: .url,
            default: "https://marine-api.open-meteo.com/v1/marine",
            summary: "Open-Meteo's marine API."
        )
        static let weatherURL = ConfigKey(
            "surf.open_meteo.weather_url",
            type: .url,
            default: "https://api.open-meteo.com/v1/forecast",
            summary: "Open-Meteo's weather API."
        )
        static let erddapURL = ConfigKey(
            "surf.erddap_url",
            type: .url,
            default: "https://erddap.marine.ie/erddap/tabledap/IWBNetwork",
            summary: "The Marine Institute's buoy dataset on ERDDAP."
        )
        static let buoyKilometres = ConfigKey(
            "surf.buoy_km",
            type: .number,
            default: "200",
            summary: "How far a spot may be from the buoy (of surf.buoys) its forecast is checked against, in km."
        )
        static let tidesURL = ConfigKey(
            "surf.tides_url",
            type: .url,
            default: "https://erddap.marine.ie/erddap/tabledap",
            summary: "The Marine Institute's ERDDAP tables, for tide predictions (IMI-TidePrediction, IMI_TidePrediction_HighLow)."
        )
        static let tideStationKilometres = ConfigKey(
            "surf.tide_station_km",
            type: .number,
            default: "40",
            summary: "How far a spot may be from the tide station its tides are read at, in km."
        )
        static let tidesWaitSeconds = ConfigKey(
            "surf.tides_wait_seconds",
            type: .number,
            default: "8",
            summary:
                "How long conditions, forecasts and the home screen wait for the tides (and the buoy check) before showing the surf without them."
        )
        static let trebleSurfURL = ConfigKey(
            "surf.treblesurf.base_url",
            type: .url,
            default: "https://treblesurf.com",
            summary: "The TrebleSurf API."
        )
        static let session = ConfigKey(
            "surf.treblesurf.session",
            secret: true,
            summary: "Your TrebleSurf session_id cookie, for surf reports (treblesurf provider).",
            setupHint: "sign in at treblesurf.com and copy the session_id cookie from your browser"
        )
        static let spotsFile = ConfigKey(
            "surf.spots_file",
            type: .path,
            summary: "A JSON file of your own spots, adding to or replacing the shipped ones."
        )
        static let conditionsMinutes = ConfigKey(
            "surf.cache.conditions_minutes",
            type: .number,
            default: "30",
            summary: "How long current conditions are reused."
        )
        static let forecastMinutes = ConfigKey("surf.cache.forecast_minutes", type: .number, default: "60", summary: "How long forecasts are reused.")
        static let spotsMinutes = ConfigKey(
            "surf.cache.spots_minutes",
            type: .number,
            default: "5760",
            summary: "How long TrebleSurf's spot list is reused (4 days)."
        )
        static let tidesMinutes = ConfigKey(
            "surf.cache.tides_minutes",
            type: .number,
            default: "10080",
            summary: "How long tide predictions are reused (a week: they change rarely)."
        )

        static let all = [
            provider, country, region, home, buoys, buoyKilometres, units, marineURL, weatherURL, erddapURL, tidesURL, tideStationKilometres,
            tidesWaitSeconds,
            trebleSurfURL,
            session, spotsFile, conditionsMinutes, forecastMinutes, spotsMinutes, tidesMinutes,
        ]
    }

    public static let descriptor = PluginDescriptor(name: "Surf", command: SurfCommand.self, configurationKeys: Keys.all)

    /// With the TrebleSurf provider and a session set, one report request says whether it works.
    public static func checkCredentials(_ context: CommandContext) async -> [CredentialCheck] {
        let configuration = context.configuration
        guard (try? configuration.choice(Keys.provider, as: SurfSource.self)) == .trebleSurf, configuration.string(Keys.session) != nil,
            let provider = try? context.resolve((any SurfProvider).self) as? TrebleSurfProvider,
            let country = configuration.string(Keys.country), let region = configuration.string(Keys.region)
        else { return [] }
        let outcome: CredentialCheck.Outcome
        do {
            try await provider.checkSession(country: country, region: region)
            outcome = .accepted
        } catch let error as ToolboxError where error.kind == .authentication {
            outcome = .refused(problem: "TrebleSurf says the session has expired or is invalid", fix: error.hint)
        } catch {
            outcome = .unchecked(reason: ToolboxError.from(error).message)
        }
        return [CredentialCheck(key: Keys.session.name, service: "TrebleSurf", outcome: outcome)]
    }

    public static func register(into container: inout Container) {
        container.register(SpotCatalog.self) { container in
            try SpotCatalog.load(userFile: try container.resolve(ToolboxConfiguration.self).string(Keys.spotsFile))
        }
        container.register((any SurfProvider).self) { container in
            try container.resolve(ToolboxConfiguration.self).choice(Keys.provider, as: SurfSource.self).provider(container)
        }
        container.register(TidePredictions.self) { container in
            let configuration = try container.resolve(ToolboxConfiguration.self)
            return TidePredictions(
                erddap: APIClient(
                    service: "the Marine Institute's ERDDAP",
                    baseURL: try configuration.url(Keys.tidesURL),
                    namespace: descriptor.identifier,
                    web: try container.resolve(WebClient.self)
                ),
                reach: try configuration.double(Keys.tideStationKilometres),
                lifetime: CachePolicy(kind: "tides", timeToLive: try configuration.double(Keys.tidesMinutes) * 60),
                patience: .milliseconds(Int(try configuration.double(Keys.tidesWaitSeconds) * 1000))
            )
        }
        container.register(ForecastArchive.self) { container in
            ForecastArchive(
                folder: try container.resolve(ToolboxPaths.self).cache + "/surf/kept-forecasts",
                output: try container.resolve(Output.self)
            )
        }
        container.register(SurfLog.self) { container in
            SurfLog(dataFolder: try container.resolve(ToolboxPaths.self).data)
        }
        container.register(SurfRecord.self) { container in
            let configuration = try container.resolve(ToolboxConfiguration.self)
            return SurfRecord(
                provider: try container.resolve((any SurfProvider).self),
                archive: try container.resolve(ForecastArchive.self),
                buoys: try configuration.list(Keys.buoys),
                reach: try configuration.double(Keys.buoyKilometres),
                patience: .milliseconds(Int(try configuration.double(Keys.tidesWaitSeconds) * 1000))
            )
        }
        container.register(SurfPlaces.self) { container in
            SurfPlaces(
                provider: try container.resolve((any SurfProvider).self),
                country: try container.resolve(ToolboxConfiguration.self).required(Keys.country)
            )
        }
    }
}

struct SurfCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "surf",
        abstract: "Irish surf spots, conditions, forecasts with charts, weather buoys and reports.",
        discussion: """
            Providers (the surf.provider key):
            \(SurfSource.allCases.map(\.help).joined(separator: "\n"))

            Examples:
              toolbox surf
              toolbox surf conditions donegal
              toolbox surf conditions donegal/bundoran
              toolbox surf forecast clare/lahinch --days 5
              toolbox surf tides donegal/bundoran --days 5
              toolbox surf best donegal --min-score 1.5
              toolbox surf now donegal/bundoran --line
              toolbox surf buoys M4 M6 --hours 24
              toolbox surf verify M4
              toolbox surf log add donegal/bundoran --when "today 07:30" --rating 5
              toolbox surf like

            Weather data by Open-Meteo.com (CC BY 4.0); buoy data and tide predictions by the Marine \
            Institute (CC BY 4.0), read from its ERDDAP whichever provider is chosen.
            """,
        subcommands: [
            Today.self, Spots.self, Conditions.self, Now.self, Forecast.self, Tides.self, Best.self, Buoys.self, Verify.self, LogCommand.self,
            Like.self,
            Reports.self,
        ],
        defaultSubcommand: Today.self
    )

    /// Regions and `region/spot` names from the catalog, for shell completion.
    static let placeCompletion: CompletionKind = .custom { _, _, _ in
        (try? SpotCatalog.load(userFile: nil).completions) ?? []
    }
}

/// The human units of this run.
func units(_ context: CommandContext) throws -> UnitSystem {
    try context.configuration.choice(SurfPlugin.Keys.units, as: UnitSystem.self)
}
