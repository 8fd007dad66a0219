import Dispatch
import SiftCore
import SiftMessages
import SiftTools

/// The contract every check plugin keeps, as a test kit: built-in and third-party plugins run
/// the same checks. Use it from any test framework:
///
///     #expect(PluginConformance.problems(of: MyPlugins.isin, values: [#""US0378331005""#, "12"]) == [])
///
/// What it checks, through the public API only:
/// - the spec: a snake_case kind, a summary, a doc line per option, at least one example;
/// - every example of the spec loads as a rule (`fields: {v: [<example>]}`) without errors;
/// - on every sample value, with every example: the check answers `passes` exactly as `check`
///   does (conditions and `not:` rely on it); it gives the same answer twice; a failure has a
///   message in English and in Chinese and a reason code under the field's; nothing crashes;
/// - the same answers when eight threads check the samples at once (checks are shared by
///   all workers of a run);
/// - `explain` says what the check requires, in both languages.
public enum PluginConformance: Sendable {
    /// Values as JSON texts that every plugin should meet without crashing: several types,
    /// empty, long, astral and full-width text.
    public static let standardValues = [
        #""""#, #""a""#, #""  padded  ""#, #""１２３""#, #""😀x""#, "\"" + String(repeating: "9", count: 300) + "\"",
        "0", "-1.5", "1e400", "true", "[]", "[1,\"a\"]", "{}", #"{"k":"v"}"#,
    ]

    /// The contract problems of `plugin`, in plain words; empty when it conforms.
    /// - Parameters:
    ///   - values: sample values (JSON texts) the plugin's checks are tried on, besides `standardValues`.
    ///   - registry: other plugins its examples need (the plugin itself is added).
    public static func problems(of plugin: CheckPlugin, values: [String] = [], registry: PluginRegistry = PluginRegistry()) -> [String] {
        var problems = specProblems(plugin.spec)
        var registry = registry
        registry.register(plugin)
        for example in plugin.spec.examples {
            let loaded = RulesLoader(registry: registry).load(text: "fields:\n  v:\n    - \(example)\n", file: "conformance.yaml")
            let negated = RulesLoader(registry: registry).load(text: "fields:\n  v:\n    - not: {\(example)}\n", file: "conformance.yaml")
            guard let pipeline = loaded.pipeline, let negation = negated.pipeline else {
                problems.append("the example '\(example)' does not load: \(loaded.rendered()) \(negated.rendered())")
                continue
            }
            problems += valueProblems(example, pipeline, negation, values: standardValues + values)
            problems += concurrencyProblems(example, pipeline, values: standardValues + values)
            for language in Language.allCases where Explainer.explain(pipeline, language: language).isEmpty {
                problems.append("'\(example)' explains nothing in \(language)")
            }
        }
        return problems
    }

    static func specProblems(_ spec: PluginSpec) -> [String] {
        var out: [String] = []
        let word = spec.kind.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        if spec.kind.isEmpty || !word { out.append("the kind '\(spec.kind)' is not a snake_case word") }
        if spec.summary.isEmpty { out.append("'\(spec.kind)' has no summary") }
        for option in spec.options where option.doc.isEmpty { out.append("the option '\(option.name)' of '\(spec.kind)' has no doc") }
        if spec.examples.isEmpty { out.append("'\(spec.kind)' has no examples") }
        return out
    }

    static func valueProblems(_ example: String, _ pipeline: Pipeline, _ negation: Pipeline, values: [String]) -> [String] {
        var out: [String] = []
        for value in values {
            let record = "{\"v\":\(value)}"
            let first = pipeline.validate(json: record, asOfMillis: 0)
            let again = pipeline.validate(json: record, asOfMillis: 0)
            let negated = negation.validate(json: record, asOfMillis: 0)
            if first.inputError != nil { continue }  // not a JSON value: the caller's sample is wrong, not the plugin
            if first != again { out.append("'\(example)' on \(value): two answers for the same value") }
            if first.isValid == negated.isValid {
                out.append(
                    "'\(example)' on \(value): passes(_:in:) and check(_:in:) disagree (check says \(first.isValid ? "pass" : "fail"))")
            }
            for v in first.violations {
                if v.message.en.isEmpty || v.message.zh.isEmpty { out.append("'\(example)' on \(value): a failure without a message") }
                if !v.reason.text.hasPrefix("v.") {
                    out.append("'\(example)' on \(value): the reason \(v.reason) is not under the field's code")
                }
            }
        }
        return out
    }

    static func concurrencyProblems(_ example: String, _ pipeline: Pipeline, values: [String]) -> [String] {
        let expected = values.map { pipeline.validate(json: "{\"v\":\($0)}", asOfMillis: 0).reasons }
        let mismatches = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20 {
                for (i, value) in values.enumerated()
                where pipeline.validate(json: "{\"v\":\(value)}", asOfMillis: 0).reasons != expected[i] {
                    mismatches.increment()
                }
            }
        }
        return mismatches.count == 0 ? [] : ["'\(example)': \(mismatches.count) different answers when checked from 8 threads at once"]
    }

    private typealias Counter = CallCounter
}
