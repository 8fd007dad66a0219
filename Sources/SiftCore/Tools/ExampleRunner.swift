/// Runs the `examples:` written in rule files and compares outcomes with expectations.
public struct ExampleRunner {
    public let pipeline: Pipeline
    public let asOfMillis: Int64

    public init(pipeline: Pipeline, asOfMillis: Int64) {
        self.pipeline = pipeline
        self.asOfMillis = asOfMillis
    }

    /// One example's outcome.
    public struct Outcome: Sendable {
        public var pack: String
        public var example: Example
        public var verdict: RecordVerdict
        public var passed: Bool
    }

    /// Runs every pack's examples in order, each pack in its own session (so a later example
    /// can rely on an earlier one, as replay examples do).
    public func run(environment: RunEnvironment = RunEnvironment(useLedgers: false)) throws -> [Outcome] {
        var out: [Outcome] = []
        for pack in pipeline.packs where !pack.examples.isEmpty {
            let session = try Session(pipeline: pipeline.restricted(to: [pack.name]), asOfMillis: asOfMillis, environment: environment)
            for example in pack.examples {
                let verdict = session.validate(json: Array(example.json.utf8))
                out.append(Outcome(pack: pack.name, example: example, verdict: verdict, passed: Self.matches(example.expectation, verdict)))
            }
            try session.finish()
        }
        return out
    }

    static func matches(_ expectation: Example.Expectation, _ verdict: RecordVerdict) -> Bool {
        switch expectation {
        case .valid: return verdict.isValid
        case .invalid: return !verdict.isValid
        case .reasons(let r): return Set(r) == Set(verdict.reasons) && !verdict.isValid
        }
    }

    /// `file:line:col: example failed` with expected against actual.
    public static func describe(_ o: Outcome, language: Language) -> String {
        let name = o.example.name.map { " '\($0)'" } ?? ""
        let expected: String
        switch o.example.expectation {
        case .valid: expected = "valid"
        case .invalid: expected = "invalid"
        case .reasons(let r): expected = "invalid with [\(r.joined(separator: ", "))]"
        }
        var actual = o.verdict.isValid ? "valid" : "invalid with [\(o.verdict.reasons.joined(separator: ", "))]"
        if let e = o.verdict.inputError { actual += " (\(e.message))" }
        var lines = ["\(o.example.mark): error: example\(name) in pack '\(o.pack)' failed",
                     "  expected: \(expected)",
                     "  actual:   \(actual)"]
        for v in o.verdict.violations {
            lines.append("    \(v.field.isEmpty ? "(record)" : v.field): \(v.reason): \(v.message.text(language))")
        }
        return lines.joined(separator: "\n")
    }
}
