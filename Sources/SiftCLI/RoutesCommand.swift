import ArgumentParser
import Foundation
import Sift
import SiftRoutes

struct Routes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Universal-link files for route rules.",
        subcommands: [GenerateAASA.self, CheckAASA.self])
}

struct GenerateAASA: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Write an apple-app-site-association file for the universal-link routes.")

    @Argument(help: "A rule file or a folder of rule packs.")
    var rules: String

    @Option(name: .customLong("app-id"), help: "TEAMID.bundle.id")
    var appID: String

    @OptionGroup var common: RuleOptions

    func run() throws {
        let pipeline = try common.load(rules, printWarnings: false)
        do {
            print(try AASA.generate(pipeline, appID: appID))
        } catch {
            eprint("sift routes aasa: \(error)")
            throw Failed.rules
        }
    }
}

struct CheckAASA: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-aasa",
        abstract: "Report routes an AASA file would not send to the app, and AASA patterns with no route.",
        discussion: "Exit codes: 0 they agree, 1 problems found, 2 a rule or usage error, 3 the AASA file cannot be read.")

    @Argument(help: "A rule file or a folder of rule packs.")
    var rules: String

    @Argument(help: "The apple-app-site-association file.")
    var aasa: String

    @Option(name: .customLong("app-id"), help: "The entry to check (default: the first).")
    var appID: String?

    @OptionGroup var common: RuleOptions

    func run() throws {
        let pipeline = try common.load(rules, printWarnings: false)
        guard let data = FileManager.default.contents(atPath: aasa) else {
            eprint("sift routes check-aasa: cannot read '\(aasa)'")
            throw Failed.input
        }
        let problems: [String]
        do { problems = try AASA.check(pipeline, aasa: Array(data), appID: appID) } catch {
            eprint("sift routes check-aasa: \(error)")
            throw error.description.contains("no entry for") ? Failed.rules : Failed.input
        }
        for p in problems { print(p) }
        print("sift routes check-aasa: \(problems.count) problem\(problems.count == 1 ? "" : "s")")
        if !problems.isEmpty { throw Failed.invalid }
    }
}
