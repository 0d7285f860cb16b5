import ArgumentParser

typealias ParsableCommandType = ParsableCommand.Type

struct ClashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "config", abstract: "Takes a built-in name.")
}

struct OtherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "other", abstract: "Other")
}
