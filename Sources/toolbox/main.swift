import ArgumentParser
import Kiwi
import Movies
import PluginAPI
import Surf
import Trailers

struct Toolbox: ParsableCommand {
    /// The one list of plugins. Adding a plugin: a folder under Plugins/, a target
    /// in Package.swift, one line here.
    static let plugins: [any ToolboxPlugin.Type] = [
        MoviesPlugin.self,
        TrailersPlugin.self,
        SurfPlugin.self,
        KiwiPlugin.self,
    ]

    static let configuration = ToolboxEntry.rootConfiguration(
        abstract: "Movies, trailers, a reading community and Irish surf, from the command line.",
        plugins: plugins
    )
}

ToolboxEntry.main(root: Toolbox.self, plugins: Toolbox.plugins)
