import ArgumentParser
import Foundation
import Sift
import SiftExec
import SiftConfig
import SiftJSON

@main
struct SiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sift",
        abstract: "Apply YAML rules to JSON records, in batch.",
        discussion: "Exit codes: \(ExitCode.documentation)",
        version: BuildInfo.description,
        subcommands: [
            Run.self, Merge.self, Lint.self, Test.self, Explain.self, Routes.self, Schema.self, Plugins.self, Import.self,
        ] + studio + serve + [LedgerCommand.self])

    #if Studio
        private static let studio: [any ParsableCommand.Type] = [Studio.self]
    #else
        private static let studio: [any ParsableCommand.Type] = []
    #endif

    #if Serve
        private static let serve: [any ParsableCommand.Type] = [Serve.self]
    #else
        private static let serve: [any ParsableCommand.Type] = []
    #endif

    /// Usage errors exit with 2, as rule errors do; everything else as ArgumentParser decides.
    static func main() {
        // A reader that goes away ends the run quietly (exit 141), whatever the parent left
        // the signal as: an ignored SIGPIPE is inherited across exec (test runners and servers
        // that link SwiftNIO ignore it), and would turn a closed pipe into an error message.
        signal(SIGPIPE, SIG_DFL)
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

    @Option(
        name: .customLong("include-root"),
        help: "A folder of shared rule files that include: may name (repeatable); nothing outside it is read.")
    var includeRoots: [String] = []

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

    /// Loads and compiles rules, printing diagnostics; throws exit code 2 on errors. Programs
    /// the rules declare (`exec_checks:`) are never started unless `exec` is `.allowed`.
    func load(
        _ path: String, printWarnings: Bool = true, overrides: [String: String] = [:], exec: ExecChecksPermission = .declaredOnly
    ) throws -> Pipeline {
        try loaded(path, printWarnings: printWarnings, overrides: overrides, exec: exec).pipeline!
    }

    /// `load`, with the whole result (the programs the rules declare, the sources).
    func loaded(
        _ path: String, printWarnings: Bool = true, overrides: [String: String] = [:], exec: ExecChecksPermission = .declaredOnly
    ) throws -> LoadResult {
        try Self.loaded(
            path, printWarnings: printWarnings, overrides: overrides, exec: exec, includeRoots: includeRoots,
            language: (try? language()) ?? .en)
    }

    /// `loaded`, for commands without these options (`merge`).
    static func loaded(
        _ path: String, printWarnings: Bool = true, overrides: [String: String] = [:], exec: ExecChecksPermission = .declaredOnly,
        includeRoots: [String] = [], language: Language = .en
    ) throws -> LoadResult {
        var registry = PluginRegistry.builtIn()
        registry.registerExecChecks(exec)
        var loader = RulesLoader(registry: registry)
        loader.overrides = overrides
        loader.includeRoots = includeRoots
        let result = loader.load(path: path)
        let shown = printWarnings ? result.diagnostics : result.errors
        if !shown.isEmpty { eprint(result.rendered(only: shown, language: language)) }
        guard result.pipeline != nil else { throw Failed.rules }
        return result
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

/// `--allow-exec`, for the commands that run rules (`run`, `test`).
struct ExecOption: ParsableArguments {
    @Flag(
        name: .customLong("allow-exec"),
        help: "Let the rules' exec_checks start their programs (as this user). Without it, rules that declare any do not load.")
    var allowExec = false

    var permission: ExecChecksPermission { allowExec ? .allowed : .refused }
}

/// Lines naming every program `commands` would start: for `sift lint` and `sift explain`.
func execNotes(_ commands: [DeclaredCommand], _ language: Language) -> [String] {
    commands.map { c in "\(c.mark): \(language == .zh ? "注意：" : "note: ")\(c.note.text(language))" }
}
