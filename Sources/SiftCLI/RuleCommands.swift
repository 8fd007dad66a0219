import ArgumentParser
import Foundation
import Sift
import SiftExec
import SiftTools
import SiftConfig

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint", abstract: "Check rule files; print every problem with its location.")

    @Argument(help: "A rule file or a folder of rule packs.")
    var rules: String

    @Option(name: .long, help: "text (located messages with carets, on standard error), json, sarif or github (on standard output).")
    var format: LintFormat = .text

    @Option(name: .long, help: "Message language of the text format: en or zh.")
    var lang: String = "en"

    @Flag(name: .long, help: "Warnings fail too (exit code 2), for CI: rules that load but probably do not mean what they say.")
    var strict = false

    @Option(
        name: .customLong("include-root"),
        help: "A folder of shared rule files that include: may name (repeatable); nothing outside it is read.")
    var includeRoots: [String] = []

    func run() throws {
        guard let language = Language(rawValue: lang) else { throw ValidationError("unknown language '\(lang)'; use en or zh") }
        var registry = PluginRegistry.builtIn()
        registry.registerExecChecks(.declaredOnly)
        var loader = RulesLoader(registry: registry)
        loader.advice = true
        loader.includeRoots = includeRoots
        let result = loader.load(path: rules)
        let warningCount = result.diagnostics.filter { $0.severity == .warning }.count
        if format != .text {
            // The programs exec checks would start are notes in every format.
            let notes = result.execCommands.map { Diagnostic(.note, $0.note, at: $0.mark) }
            print(format.render(result.diagnostics + notes))
            if result.pipeline == nil || (strict && warningCount > 0) { throw Failed.rules }
            return
        }
        if !result.diagnostics.isEmpty { eprint(result.rendered(language)) }
        let zh = language == .zh
        guard let pipeline = result.pipeline else {
            let n = result.errors.count
            eprint(zh ? "sift lint：\(n) 个错误" : "sift lint: \(n) error\(n == 1 ? "" : "s")")
            throw Failed.rules
        }
        for line in execNotes(result.execCommands, language) { print(line) }
        let (packs, examples, warnings) = (
            pipeline.packs.count, pipeline.packs.reduce(0) { $0 + $1.examples.count }, pipeline.warnings.count
        )
        print(
            zh
                ? "sift lint：\(rules) 有效：\(packs) 个规则包，\(examples) 个示例，\(warnings) 个警告"
                : "sift lint: \(rules) is valid: \(packs) pack\(packs == 1 ? "" : "s"), \(examples) example\(examples == 1 ? "" : "s"), "
                    + "\(warnings) warning\(warnings == 1 ? "" : "s")"
        )
        if strict, warnings > 0 {
            eprint(zh ? "sift lint：--strict：警告也算失败" : "sift lint: --strict: warnings fail")
            throw Failed.rules
        }
    }
}

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "test", abstract: "Run the examples written in rule files.")

    @Argument(help: "A rule file or a folder of rule packs.")
    var rules: String

    @Flag(name: .customLong("all-packs"), help: "Check every example with all the packs of the rules, not only its own pack.")
    var allPacks = false

    @Option(name: .long, help: "Also write the outcomes as JUnit XML to this file (one test case per example).")
    var junit: String?

    @OptionGroup var common: RuleOptions

    @OptionGroup var exec: ExecOption

    func run() throws {
        let pipeline = try common.load(rules, printWarnings: false, exec: exec.permission)
        let language = try common.language()
        let started = Date()
        let outcomes = try ExampleRunner(pipeline: pipeline, asOfMillis: try common.asOfMillis()).run(allPacks: allPacks)
        let failed = outcomes.filter { !$0.passed }
        if let junit {
            let cases = outcomes.map { o in
                JUnit.Case(
                    classname: o.pack, name: o.example.name ?? "example at \(o.example.mark)",
                    failure: o.passed ? nil : ("the example does not hold", ExampleRunner.describe(o, language: language)))
            }
            let xml = JUnit.document(suite: "sift test", cases: cases, seconds: Date().timeIntervalSince(started))
            do { try writeWholeFile(Array(xml.utf8), to: junit) } catch {
                eprint("sift test: \(error); nothing was replaced")
                throw Failed.runtime
            }
        }
        for f in failed { print(ExampleRunner.describe(f, language: language)) }
        print(
            language == .zh
                ? "sift test：共 \(outcomes.count) 个示例，通过 \(outcomes.count - failed.count) 个，失败 \(failed.count) 个"
                : "sift test: \(outcomes.count) example\(outcomes.count == 1 ? "" : "s"), \(outcomes.count - failed.count) passed, "
                    + "\(failed.count) failed"
        )
        if !failed.isEmpty { throw Failed.invalid }
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "explain", abstract: "Print the compiled rules in plain words.")

    @Argument(help: "A rule file or a folder of rule packs.")
    var rules: String

    @OptionGroup var common: RuleOptions

    func run() throws {
        let result = try common.loaded(rules, printWarnings: false)
        print(Explainer.explain(result.pipeline!, language: try common.language()))
        for line in execNotes(result.execCommands, try common.language()) { print(line) }
    }
}

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "schema", abstract: "Print a JSON Schema of rule files, for editors.")

    @Option(name: .long, help: "Also the exec_checks declared in these rules (a file or folder).")
    var rules: String?

    func run() throws {
        print(SchemaGenerator.schema(for: try registry(rules)))
    }
}

struct Plugins: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "plugins", abstract: "List the check kinds and their options.")

    @Option(name: .long, help: "Also the exec_checks declared in these rules (a file or folder).")
    var rules: String?

    @Option(name: .long, help: "text, or markdown (the rules reference in the documentation is made with it).")
    var format: Format = .text

    enum Format: String, ExpressibleByArgument {
        case text, markdown
    }

    func run() throws {
        // The plugins' checks and sections, then what the loader itself knows: compositions,
        // relations, sum_of, expr, and the field keys that check (count, unique_in_run...).
        let specs = try registry(rules).specs + CompositionSpecs.checks + CompositionSpecs.fieldKeys
        print(format == .markdown ? markdown(specs) : text(specs), terminator: "")
    }

    func text(_ specs: [PluginSpec]) -> String {
        var out = ""
        for spec in specs {
            out += "\(spec.kind): \(spec.summary)\n"
            for o in spec.options {
                var line = "  \(o.name) (\(o.type.phrase)\(o.required ? ", required" : ""))"
                if let d = o.defaultValue { line += " default \(show(d))" }
                out += line + ": \(o.doc)\n"
            }
            for e in spec.examples { out += "  e.g. \(e)\n" }
        }
        return out
    }

    /// A DocC article: one section per check or pack section, an options table, examples.
    func markdown(_ specs: [PluginSpec]) -> String {
        var out = """
            # Rules reference

            Every check and pack section of the built-in plugins, then the compositions, relations,
            `sum_of`, `expr` and the field keys that check (`count`, `unique_in_run`,
            `unique_across_runs`), with their options. Generated from their specs by
            `sift plugins --format markdown` (a test compares this page with it, and another the
            check kinds with those `sift schema` accepts), so it cannot drift from the loader.

            """
        for spec in specs {
            out += "\n## \(spec.kind)\n\n\(spec.summary)\n\n"
            if !spec.options.isEmpty {
                out += "| option | type | default | meaning |\n|---|---|---|---|\n"
                for o in spec.options {
                    let cell = { (s: String) in s.replacingOccurrences(of: "|", with: "\\|") }
                    let def = o.defaultValue.map { show($0).isEmpty ? "`\"\"`" : "`\(cell(show($0)))`" } ?? (o.required ? "required" : "")
                    out += "| `\(o.name)` | \(cell(o.type.phrase)) | \(def) | \(cell(o.doc)) |\n"
                }
                out += "\n"
            }
            if !spec.examples.isEmpty {
                out += "```yaml\n" + spec.examples.map { "- " + $0 }.joined(separator: "\n") + "\n```\n"
            }
        }
        return out
    }

    func show(_ v: ResolvedScalar) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .string(let s): return s
        }
    }
}

/// The built-in plugins, and the exec checks declared in `rules` when given.
func registry(_ rules: String?) throws -> PluginRegistry {
    guard let rules else { return .builtIn() }
    var declared = PluginRegistry.builtIn()
    declared.registerExecChecks(.declaredOnly)
    let loaded = RulesLoader(registry: declared).load(path: rules)
    guard let registry = loaded.registry, loaded.errors.isEmpty else {
        eprint(loaded.rendered())
        throw Failed.rules
    }
    return registry
}
