import Foundation
import PluginAPI
import TestSupport
import Testing

@Suite struct ConfigurationTests {
    let keys = EchoPlugin.descriptor.configurationKeys + CoreKeys.all
    let folder = Scratch.url("config").path

    func configuration(flags: [String: String] = [:], environment: [String: String] = [:], file: String? = nil) async throws -> ToolboxConfiguration {
        let path = folder + "/config.yaml"
        if let file { try LocalFile.writeAtomically(Data(file.utf8), to: path) }
        return try await ToolboxConfiguration(keys: keys, flags: flags, environment: environment, filePath: path)
    }

    @Test func eachLayerOverridesTheOnesBelowIt() async throws {
        let file = "echo:\n  greeting: from-file\n"
        #expect(try await configuration().resolve(EchoPlugin.Keys.greeting) == .init(value: "hello", source: .default))
        #expect(try await configuration(file: file).resolve(EchoPlugin.Keys.greeting)?.source == .file(folder + "/config.yaml"))
        #expect(try await configuration(file: file).string(EchoPlugin.Keys.greeting) == "from-file")
        let alias = try await configuration(environment: ["ECHO_GREETING": "alias"], file: file)
        #expect(alias.resolve(EchoPlugin.Keys.greeting) == .init(value: "alias", source: .environment("ECHO_GREETING")))
        let both = try await configuration(environment: ["ECHO_GREETING": "alias", "TOOLBOX_ECHO_GREETING": "toolbox"], file: file)
        #expect(both.string(EchoPlugin.Keys.greeting) == "toolbox", "TOOLBOX_ wins over the conventional alias")
        let flag = try await configuration(flags: ["echo.greeting": "flag"], environment: ["TOOLBOX_ECHO_GREETING": "toolbox"], file: file)
        #expect(flag.resolve(EchoPlugin.Keys.greeting) == .init(value: "flag", source: .flag))
        let empty = try await configuration(environment: ["TOOLBOX_ECHO_GREETING": ""], file: file)
        #expect(empty.string(EchoPlugin.Keys.greeting) == "from-file", "an empty variable counts as unset")
    }

    @Test func placeholdersCountAsMissing() async throws {
        for placeholder in ["YOUR_API_KEY_HERE", "  ", "<your token>", "changeme", "xxxxxxxx"] {
            let config = try await configuration(environment: ["TOOLBOX_ECHO_TOKEN": placeholder])
            #expect(config.string(EchoPlugin.Keys.token) == nil, "\(placeholder)")
            #expect(throws: ToolboxError.self) { try config.required(EchoPlugin.Keys.token) }
        }
        #expect(!Secret.isPlaceholder("3f1c9a7e2b"))
    }

    @Test func typedReadsRejectBadValuesAsConfigurationErrors() async throws {
        let config = try await configuration(environment: ["TOOLBOX_HTTP_MAX_RETRIES": "many"])
        let error = try #require(throws: ToolboxError.self) { try config.int(CoreKeys.maxRetries) }
        #expect(error.kind == .configuration)
        #expect(try await configuration().int(CoreKeys.maxRetries) == 5)
    }

    @Test func yamlListsReadAsCommaSeparatedValues() async throws {
        let config = try await configuration(file: "echo:\n  greeting: [a, b]\n")
        #expect(try config.list(EchoPlugin.Keys.greeting) == ["a", "b"])
    }

    @Test func aMalformedFileIsAConfigurationError() async throws {
        await #expect(throws: ToolboxError.self) { try await configuration(file: "echo: [unclosed\n  - : :") }
    }

    @Test func secretsAreMaskedToTheirLastFourCharacters() {
        #expect(Secret.mask("abcdefghij1234") == "••••1234")
        #expect(Secret.mask("short") == "••••")
    }

    @Test func aQuotedURLsPasswordIsMaskedWhereverItStands() {
        #expect(
            Secret.maskingURLPasswords(in: "The value 'postgres://kiwi:s3cr:et@/kiwi' is invalid; see https://a:b@c.example/x?y=z@w")
                == "The value 'postgres://kiwi:••••@/kiwi' is invalid; see https://a:••••@c.example/x?y=z@w"
        )
        #expect(Secret.maskingURLPasswords(in: "sqlite:/a/b, http://ada@host/, postgres://") == "sqlite:/a/b, http://ada@host/, postgres://")
    }
}

@Suite struct ConfigFileTests {
    let path = Scratch.url("cf").appendingPathComponent("config.yaml").path

    @Test func setKeepsOtherKeysAndWritesMode0600() throws {
        try LocalFile.writeAtomically(Data("surf:\n  units: imperial\nother: kept\n".utf8), to: path)
        let file = ConfigFile(path: path)
        try file.set("tmdb.api_key", to: "0123")
        try file.set("surf.region", to: "Clare")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("units: imperial"))
        #expect(text.contains("other: kept"))
        #expect(text.contains("api_key: \"0123\""), "quoted so it stays a string")
        #expect(text.contains("region: \"Clare\""))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func unsetRemovesTheKeyAndItsEmptySection() throws {
        let file = ConfigFile(path: path)
        try file.set("tmdb.api_key", to: "abc")
        try file.set("surf.units", to: "metric")
        #expect(try file.unset("tmdb.api_key"))
        #expect(try !file.unset("tmdb.api_key"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("tmdb"))
        #expect(text.contains("units"))
    }

    @Test func aMalformedFileIsLeftAsItWas() throws {
        let broken = "surf: [unclosed\n"
        try LocalFile.writeAtomically(Data(broken.utf8), to: path)
        #expect(throws: ToolboxError.self) { try ConfigFile(path: path).set("surf.units", to: "metric") }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken)
    }

    @Test func concurrentUpdatesLoseNothing() async throws {
        let file = ConfigFile(path: path)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask { try? file.set("k.key\(index)", to: "\(index)") }
            }
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for index in 0..<20 { #expect(text.contains("key\(index): \"\(index)\"")) }
    }
}
