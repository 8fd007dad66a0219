import ArgumentParser
import Foundation
import Sift

@main
struct SiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sift",
        abstract: "Apply YAML rules to JSON records, in batch.",
        discussion: "Exit codes: \(ExitCode.documentation)",
        subcommands: [Run.self, Merge.self, Lint.self, Test.self, Explain.self, Routes.self, Schema.self, Plugins.self])

    /// Usage errors exit with 2, as rule errors do; everything else as ArgumentParser decides.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let e as Failed {
            Foundation.exit(e.code)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// Ends the process with a code after the command has printed what it had to say.
struct Failed: Error {
    var code: Int32
    static let invalid = Failed(code: 1)
    static let rules = Failed(code: 2)
    static let input = Failed(code: 3)
    static let runtime = Failed(code: 4)
}

/// Options every command that loads rules shares.
struct RuleOptions: ParsableArguments {
    @Option(name: .long, help: "Message language: en or zh.")
    var lang: String = "en"

    @Option(
        name: .customLong("as-of"), help: "The time that 'now' and expiry compare to: now, an RFC 3339 time, or milliseconds since 1970.")
    var asOf: String = "now"

    func language() throws -> Language {
        guard let l = Language(rawValue: lang) else {
            throw ValidationError("unknown language '\(lang)'; use en or zh")
        }
        return l
    }

    func asOfMillis() throws -> Int64 {
        if asOf == "now" { return Int64(Date().timeIntervalSince1970 * 1000) }
        if let ms = Int64(asOf) { return ms }
        if let ms = CivilTime.rfc3339(asOf) { return ms }
        throw ValidationError("'--as-of \(asOf)' is not now, an RFC 3339 time or milliseconds since 1970")
    }

    /// Loads and compiles rules, printing diagnostics; throws exit code 2 on errors.
    func load(_ path: String, printWarnings: Bool = true, overrides: [String: String] = [:]) throws -> Pipeline {
        var loader = RulesLoader(registry: .builtIn())
        loader.overrides = overrides
        let result = loader.load(path: path)
        let shown = printWarnings ? result.diagnostics : result.errors
        if !shown.isEmpty { eprint(result.rendered(only: shown, language: (try? language()) ?? .en)) }
        guard let pipeline = result.pipeline else { throw Failed.rules }
        return pipeline
    }
}

extension LoadResult {
    func rendered(only diagnostics: [Diagnostic], language: Language) -> String {
        DiagnosticRenderer(sources: sources, language: language).render(diagnostics)
    }
}

func eprint(_ s: String) {
    FileHandle.standardError.write(Data((s + "\n").utf8))
}
