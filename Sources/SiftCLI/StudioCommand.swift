#if Studio
    import ArgumentParser
    import Foundation
    import Sift
    import SiftStudio

    /// `sift studio`: the rule editor in the browser (docs/STUDIO.md).
    struct Studio: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "studio",
            abstract: "Edit rules in the browser: problems in place, examples, records tried, explain, save.",
            discussion: "Serves a page on 127.0.0.1 and prints the address to open (with a one-time token). Ctrl-C stops it.")

        @Argument(help: "The rules folder to edit.")
        var rules: String = "rules"

        @Option(name: .long, help: "A folder of sample records (.jsonl) the page can try the rules on.")
        var samples: String?

        @Option(name: .long, help: "The port to listen on.")
        var port: Int = 4780

        @Option(name: .long, help: "The address to listen on (only this machine by default).")
        var address: String = "127.0.0.1"

        @Option(name: .long, help: "The page's language: en or zh (it can be switched on the page).")
        var lang: String = "en"

        @OptionGroup var exec: ExecOption

        func validate() throws {
            guard Language(rawValue: lang) != nil else { throw ValidationError("unknown language '\(lang)'; use en or zh") }
            guard (1...65535).contains(port) else { throw ValidationError("--port must be between 1 and 65535") }
        }

        func run() throws {
            let server: StudioServer
            do {
                server = try StudioServer(rules: rules, samples: samples, address: address, port: port, allowExec: exec.allowExec)
            } catch {
                eprint("sift studio: \(error)")
                throw Failed.rules
            }
            let url = server.url(language: Language(rawValue: lang) ?? .en)
            if !["127.0.0.1", "localhost", "::1"].contains(address) {
                eprint(
                    "sift studio: warning: listening on \(address): anyone who can reach it with the token can edit the rules, "
                        + "and the token crosses the network unencrypted; open it by exactly this address")
            }
            let outcome = TaskOutcome()
            let done = DispatchSemaphore(value: 0)
            Task {
                do {
                    try await server.run {
                        // Written at once (not buffered): whoever started the studio reads it to open the page.
                        FileHandle.standardOutput.write(Data("Sift Studio: open \(url)\n".utf8))
                    }
                } catch {
                    outcome.set("\(error)")
                }
                done.signal()
            }
            done.wait()
            if let failure = outcome.failure {
                eprint("sift studio: \(failure)")
                throw Failed.runtime
            }
        }
    }
#endif
