import ArgumentParser
import Foundation
import KiwiWire
import PluginAPI

extension KiwiCommand {
    /// `toolbox kiwi import-archive FILE [--yes]`: a Kiwi archive, from this server or another.
    struct ImportArchive: KiwiClientCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-archive",
            abstract: "Bring your Kiwi archive from another server into your account here: says what it would do, and with --yes does it.",
            discussion: """
                Examples:
                  toolbox kiwi import-archive kiwi-ada-2026-11-29.zip
                  toolbox kiwi import-archive kiwi-ada-2026-11-29.zip --yes

                Reads the zip `toolbox kiwi export` (or the settings page) gave you. Your posts come with \
                their photos, captions, books, spoiler warnings, descriptions and days; your readings with \
                their days, stars and reviews; the comments on your posts (others' as text that says who wrote \
                them). Of the readers you followed \
                there, those with an account of the same name here are listed for you to follow: nobody is \
                followed for you. What is already here is left alone, so a second run adds nothing, and a \
                run cut off (Ctrl-C, the network gone) goes on where it stopped when run again. A damaged \
                zip, or a kiwi.json of a newer version or another shape, is refused with what is wrong.
                """
        )
        @Argument(help: "The archive: kiwi-USERNAME-DAY.zip.", completion: .file(extensions: ["zip"])) var file: String
        @Flag(help: "Import, rather than only say what would be imported.") var yes = false
        @OptionGroup var options: ClientOptions

        func run(in context: CommandContext, client: KiwiClient) async throws {
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw ToolboxError.io("cannot read \(file)", hint: "check the path, and that you may read it")
            }
            // Read here first: a damaged zip or a kiwi.json of another shape costs no upload.
            let document: Data
            do {
                document = try ZipReader(path: file).data("kiwi.json")
                let archive = try JSONDecoder().decode(KiwiWire.Archive.self, from: document)
                guard archive.version <= KiwiWire.Archive.currentVersion else {
                    throw ToolboxError.badData(
                        "\(file) is an archive of version \(archive.version), newer than this toolbox's \(KiwiWire.Archive.currentVersion)",
                        hint: "update toolbox"
                    )
                }
            } catch let damage as ZipReader.Damage {
                throw ToolboxError.badData("\(file) is not a Kiwi archive: \(damage.description)", hint: "export it again with toolbox kiwi export")
            } catch is DecodingError {
                throw ToolboxError.badData("\(file)'s kiwi.json is not a Kiwi archive's", hint: "export it again with toolbox kiwi export")
            }
            let plan = try await client.planArrival(document)
            let anything = plan.posts.added + plan.readings.added + plan.comments.added > 0
            // Without --yes, or with nothing to bring (a second run): the plan is the answer, and the zip stays here.
            if !yes || !anything {
                if context.output.format == .json { return try context.output.json(plan) }
                say(plan, done: false, in: context)
                if anything { context.output.notice("Nothing is changed yet: run again with --yes to import.") }
                return
            }
            if context.output.format != .json { say(plan, done: false, in: context) }
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            // In MiB sent; then the server brings the posts in, photo by photo, before it answers.
            let bar = context.output.progress("Sending (MiB)", total: max(1, size >> 20))
            defer { bar.finish() }
            let arrival = try await client.arrive(archive: file) { bar.update($0 >> 20) }
            bar.finish()
            if context.output.format == .json { return try context.output.json(arrival) }
            say(arrival, done: true, in: context)
        }

        /// The plan or what came of it: each kind's counts, what was left out and why, whom to follow.
        private func say(_ arrival: KiwiWire.ArchiveArrival, done: Bool, in context: CommandContext) {
            let output = context.output
            let verb = done ? "Brought" : "Would bring"
            let kinds = [("post", arrival.posts), ("reading", arrival.readings), ("comment", arrival.comments)]
            output.line("\(verb) \(kinds.map { KiwiSync.count($0.1.added, $0.0) }.joined(separator: ", ")) from \(file).")
            let present = kinds.filter { $0.1.present > 0 }.map { KiwiSync.count($0.1.present, $0.0) }
            if !present.isEmpty { output.line("Already here: \(present.joined(separator: ", ")).") }
            for refusal in arrival.refused { output.line("Left out \(refusal.item): \(refusal.reason)") }
            if !arrival.follows.isEmpty {
                output.line("Readers you followed who are here too: \(arrival.follows.joined(separator: ", ")) (toolbox kiwi follow NAME).")
            }
        }
    }
}
