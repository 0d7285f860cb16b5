import Foundation
import PluginAPI

extension ChildProcess {
    /// Runs a program to its end, on this thread: its status and what it wrote (both streams,
    /// unless `errors` is false).
    public static func runBlocking(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        in directory: URL? = nil,
        errors: Bool = true
    ) throws -> (status: Int32, output: String) {
        let child = try ChildProcess(
            executable,
            arguments,
            environment: environment,
            in: directory,
            output: .pipe,
            error: errors ? .sameAsOutput : .null
        )
        let text = String(decoding: child.output?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        child.waitUntilExit()
        return (child.terminationStatus, text)
    }
}
