import SiftCore
import SiftJSON
import SiftMessages

/// Runs the `examples:` written in rule files and compares outcomes with expectations.
package struct ExampleRunner: Sendable {
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
    /// With `allPacks`, every example is checked by every pack (`sift test --all-packs`).
    public func run(environment: RunEnvironment = RunEnvironment(useLedgers: false), allPacks: Bool = false) throws -> [Outcome] {
        var out: [Outcome] = []
        for pack in pipeline.packs where !pack.examples.isEmpty {
            let own = try Session(pipeline: pipeline.restricted(to: [pack.name]), asOfMillis: asOfMillis, environment: environment)
            let needsAll = allPacks || pack.examples.contains(where: \.allPacks)
            let all = needsAll ? try Session(pipeline: pipeline, asOfMillis: asOfMillis, environment: environment) : own
            for example in pack.examples {
                let verdict = (allPacks || example.allPacks ? all : own).validate(json: Array(example.json.utf8))
                out.append(Outcome(pack: pack.name, example: example, verdict: verdict, passed: Self.matches(example, verdict)))
            }
            try own.finish()
            if needsAll { try all.finish() }
        }
        return out
    }

    static func matches(_ example: Example, _ verdict: RecordVerdict) -> Bool {
        let verdictOK: Bool
        switch example.expectation {
        case .valid: verdictOK = verdict.isValid
        case .invalid: verdictOK = !verdict.isValid
        case .reasons(let r): verdictOK = Set(r) == Set(verdict.reasons) && !verdict.isValid
        }
        return verdictOK
            && example.outputs.allSatisfy { want in
                guard let got = verdict.output.first(where: { $0.key == want.key }),
                    let expected = try? JSONDocument(bytes: Array(want.json.utf8)), let actual = try? JSONDocument(bytes: got.json)
                else { return false }
                return Self.contains(actual.root, expected.root)
            }
    }

    /// True when `actual` has every member `expected` gives, recursively (numbers by value).
    static func contains(_ actual: JSONValue, _ expected: JSONValue) -> Bool {
        switch expected.kind {
        case .object:
            guard actual.kind == .object else { return false }
            return expected.members.allSatisfy { m in actual[m.key].map { contains($0, m.value) } ?? false }
        case .array:
            guard actual.kind == .array, actual.count == expected.count else { return false }
            return zip(actual.elements, expected.elements).allSatisfy { contains($0, $1) }
        case .number: return actual.kind == .number && actual.double == expected.double
        default: return actual.kind == expected.kind && actual.rawText == expected.rawText
        }
    }

    /// `file:line:col: example failed` with expected against actual.
    public static func describe(_ o: Outcome, language: Language) -> String {
        let zh = language == .zh
        let name = o.example.name.map { " '\($0)'" } ?? ""
        func invalid(_ codes: [ReasonCode]) -> String {
            (zh ? "无效，原因 [" : "invalid with [") + codes.map(\.text).joined(separator: ", ") + "]"
        }
        let expected: String
        switch o.example.expectation {
        case .valid: expected = zh ? "有效" : "valid"
        case .invalid: expected = zh ? "无效" : "invalid"
        case .reasons(let r): expected = invalid(r)
        }
        var actual = o.verdict.isValid ? (zh ? "有效" : "valid") : invalid(o.verdict.reasons)
        if let e = o.verdict.inputError { actual += zh ? "（\(e.localized.zh)）" : " (\(e.message))" }
        var lines = [
            zh
                ? "\(o.example.mark): error: 规则包 '\(o.pack)' 的示例\(name)未通过"
                : "\(o.example.mark): error: example\(name) in pack '\(o.pack)' failed",
            (zh ? "  预期：" : "  expected: ") + expected,
            (zh ? "  实际：" : "  actual:   ") + actual,
        ]
        for v in o.verdict.violations {
            lines.append("    \(v.field.isEmpty ? (zh ? "（记录）" : "(record)") : v.field): \(v.reason): \(v.message.text(language))")
        }
        for want in o.example.outputs {
            let got =
                o.verdict.output.first { $0.key == want.key }.map { String(decoding: $0.json, as: UTF8.self) }
                ?? (zh ? "（无）" : "(none)")
            lines.append((zh ? "  预期 " : "  expected ") + "\(want.key)" + (zh ? "：" : ": ") + want.json)
            lines.append((zh ? "  实际 " : "  actual ") + "\(want.key)" + (zh ? "：" : ":   ") + got)
        }
        return lines.joined(separator: "\n")
    }
}
