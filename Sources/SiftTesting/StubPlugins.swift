import Foundation
import SiftCore
import SiftJSON
import SiftMessages
import SiftConfig

/// Counts calls from any thread; for asserting how often a check ran.
public final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// A counter at zero.
    public init() {}

    /// How many calls were counted so far.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }
}

/// Plugins for tests of hosts and of new plugin families: they declare specs like real
/// plugins and behave in simple, predictable ways.
public enum StubPlugins: Sendable {
    /// A check `kind` that rejects the texts listed in `reject:` (detail `stub` when the
    /// option `detail: true`) and counts its calls, and the rejections (failures) it builds.
    public static func check(kind: String = "stub", counter: CallCounter? = nil, rejections: CallCounter? = nil) -> CheckPlugin {
        CheckPlugin(
            spec: PluginSpec(
                kind: kind, summary: "A test double: rejects the listed texts.",
                options: [
                    PluginSpec.Option("reject", .list(.string), required: true, doc: "Texts to reject."),
                    PluginSpec.Option("detail", .boolean, default: .bool(false), doc: "Report a detail suffix."),
                ],
                shorthand: "reject"),
            make: { options, _ in
                StubCheck(
                    reject: Set(options.strings("reject") ?? []), detail: options.bool("detail") ?? false,
                    counter: counter, rejections: rejections)
            })
    }

    /// A pack section `kind` whose stage reports `<kind>.flagged` for records whose `flag`
    /// field is true, and writes `{"seen": true}` under its kind.
    package static func section(kind: String = "stub_section") -> SectionPlugin {
        SectionPlugin(
            spec: PluginSpec(
                kind: kind, summary: "A test double: flags records with flag = true.",
                options: [PluginSpec.Option("note", .string, doc: "Any text.")]),
            make: { options, _ in StubStage(kind: kind, rule: options.mark) })
    }
}

struct StubCheck: ValueCheck {
    let reject: Set<String>
    let detail: Bool
    let counter: CallCounter?
    let rejections: CallCounter?

    func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool {
        counter?.increment()
        return !(value.string.map(reject.contains) ?? false)
    }

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        counter?.increment()
        guard let s = value.string, reject.contains(s) else { return nil }
        rejections?.increment()
        return Rejection(LocalizedText(en: "is rejected by the stub", zh: "被测试替身拒绝"), detail: detail ? "stub" : nil)
    }

    func explain(_ language: Language) -> String { "must not be one of \(reject.sorted())" }
}

struct StubStage: Stage {
    let kind: String
    let rule: Mark

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        var result = StageResult(output: [JSONStageOutput(key: kind, json: Array(#"{"seen":true}"#.utf8))])
        if record["flag"]?.bool == true {
            result.violations.append(
                Violation(field: "flag", reason: ReasonCode("\(kind).flagged"), message: LocalizedText("flagged"), rule: rule))
        }
        return result
    }

    func explain(_ language: Language) -> String { "\(kind): flags records with flag = true" }
}
