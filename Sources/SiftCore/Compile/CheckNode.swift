import SiftJSON
import SiftMessages
import SiftConfig

/// A failed check, with the reason code and rule location it reports.
package struct Failure: Sendable {
    public var reason: ReasonCode
    public var message: LocalizedText
    public var rule: Mark
    /// The value was of the wrong JSON type: its message says so, whatever `message:` the author wrote.
    public var isTypeMismatch = false
}

/// A compiled check: a plugin check or a composition of checks.
protocol CheckNode: Sendable {
    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure?
    /// True when `evaluate` would find nothing, decided without building a failure or its message:
    /// what conditions ask.
    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool
    /// Plain-language lines, one per check, indented for nesting, with reason codes and locations.
    func explain(_ language: Language) -> [String]
    /// What the check requires, in words only (for messages).
    func summary(_ language: Language) -> String
    /// The reason codes it may report (a code also covers its `.limit`-style details), for lint.
    var reasonCodes: [ReasonCode] { get }
    /// True when it checks text only (regex, checksum, date...), so a number is always a failure.
    var expectsText: Bool { get }
    /// True when it reads the record rather than the checked value (`expr`): as a condition it
    /// holds or not whether or not the checked field is there.
    var readsRecord: Bool { get }
}

extension CheckNode {
    /// `summary` in every language, as an argument of a message.
    var summaryMessage: Message { .localized(LocalizedText(en: summary(.en), zh: summary(.zh))) }

    var readsRecord: Bool { false }
}

/// A plugin's check with its reason code and optional message override. A class, so that the
/// rule loop holds it by one reference (a copy is a retain, not a copy of a boxed existential).
final class PluginCheckNode: CheckNode {
    /// The check kinds that accept text only.
    static let textKinds: Set<String> = ["regex", "checksum", "date", "trimmed"]

    let kind: String
    let check: any ValueCheck
    let reason: ReasonCode
    let message: LocalizedText?
    let rule: Mark

    init(kind: String, check: any ValueCheck, reason: ReasonCode, message: LocalizedText?, rule: Mark) {
        self.kind = kind
        self.check = check
        self.reason = reason
        self.message = message
        self.rule = rule
    }

    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        check.check(value, in: context).map(failure)
    }

    /// The failure this check reports for its check's rejection `r`.
    func failure(_ r: Rejection) -> Failure {
        let code = r.detail.map(reason.appending) ?? reason
        // A limit or type problem keeps its own message; a plain mismatch uses the author's.
        let text = r.detail == nil && !r.isTypeMismatch ? (message ?? r.message) : r.message
        return Failure(reason: code, message: text, rule: r.rule ?? rule, isTypeMismatch: r.isTypeMismatch)
    }

    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool { check.passes(value, in: context) }

    /// With the author's message, the message says what is wrong in their words; the check's
    /// own terms (a raw regex) are left to `sift plugins` and the rule file.
    func explain(_ language: Language) -> [String] {
        guard let message else { return ["\(check.explain(language)) [\(reason)] (\(rule))"] }
        let said =
            language == .zh
            ? "不满足时报告“\(message.text(.zh))”（\(kind) 检查）"
            : "fails with “\(message.text(.en))” (a \(kind) check)"
        return ["\(said) [\(reason)] (\(rule))"]
    }

    func summary(_ language: Language) -> String { check.explain(language) }
    var reasonCodes: [ReasonCode] { [reason] }
    var expectsText: Bool { Self.textKinds.contains(kind) }
}

/// `all:` passes when every child passes; reports the first failure.
struct AllNode: CheckNode {
    let children: [any CheckNode]

    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        for c in children { if let f = c.evaluate(value, context) { return f } }
        return nil
    }

    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool { children.allSatisfy { $0.passes(value, context) } }

    func explain(_ language: Language) -> [String] {
        [language == .zh ? "全部满足：" : "all of:"] + children.flatMap { $0.explain(language).map { "  " + $0 } }
    }

    func summary(_ language: Language) -> String {
        children.map { $0.summary(language) }.joined(separator: language == .zh ? "；且" : "; and ")
    }

    var reasonCodes: [ReasonCode] { children.flatMap(\.reasonCodes) }
    var expectsText: Bool { children.contains { $0.expectsText } }
}

/// `any:` passes when one child passes.
struct AnyNode: CheckNode {
    let children: [any CheckNode]
    let reason: ReasonCode
    let message: LocalizedText?
    let rule: Mark

    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        var texts: [LocalizedText] = []
        for c in children {
            guard let f = c.evaluate(value, context) else { return nil }
            texts.append(f.message)
        }
        return failure(texts)
    }

    /// The failure when every child failed, with these messages.
    func failure(_ texts: some Collection<LocalizedText>) -> Failure {
        let joined = CoreMessages.noAlternativeHolds(messages: ["reasons": .alternatives(texts)])
        return Failure(reason: reason, message: message ?? joined.localized, rule: rule)
    }

    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool { children.contains { $0.passes(value, context) } }

    func explain(_ language: Language) -> [String] {
        Self.explain(alternatives: children, language == .zh ? "满足其一" : "any of", reason, rule, language)
    }

    func summary(_ language: Language) -> String {
        Self.summary(alternatives: children, language == .zh ? "满足其一：" : "one of: ", language)
    }

    /// `explain` of a list of alternatives (`any`, `one_of`): the label, reason and rule, then
    /// each alternative indented.
    static func explain(alternatives: [any CheckNode], _ label: String, _ reason: ReasonCode, _ rule: Mark, _ language: Language)
        -> [String]
    {
        [label + " [\(reason)] (\(rule)):"] + alternatives.flatMap { $0.explain(language).map { "  " + $0 } }
    }

    /// `summary` of a list of alternatives: the label, then each alternative's, joined by "or".
    static func summary(alternatives: [any CheckNode], _ label: String, _ language: Language) -> String {
        label + alternatives.map { $0.summary(language) }.joined(separator: language == .zh ? "；或" : "; or ")
    }

    var reasonCodes: [ReasonCode] { [reason] }
    var expectsText: Bool { children.allSatisfy { $0.expectsText } }
}

/// `not:` passes when its child fails.
struct NotNode: CheckNode {
    let child: any CheckNode
    let reason: ReasonCode
    let message: LocalizedText?
    let rule: Mark

    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        child.passes(value, context) ? failure : nil
    }

    /// The failure when the child passes.
    var failure: Failure {
        return Failure(
            reason: reason, message: message ?? CoreMessages.mustNotSatisfy(messages: ["summary": child.summaryMessage]).localized,
            rule: rule)
    }

    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool { !child.passes(value, context) }

    func explain(_ language: Language) -> [String] {
        [(language == .zh ? "不得满足" : "not") + " [\(reason)] (\(rule)):"]
            + child.explain(language).map { "  " + $0 }
    }

    func summary(_ language: Language) -> String { (language == .zh ? "不得满足：" : "not: ") + child.summary(language) }
    var reasonCodes: [ReasonCode] { [reason] }
    var expectsText: Bool { false }
}

/// `when:` applies `then` only when the condition holds (and `else` otherwise).
struct WhenNode: CheckNode {
    let condition: Condition
    let then: any CheckNode
    let otherwise: (any CheckNode)?

    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        if condition.holds(value, context) { return then.evaluate(value, context) }
        return otherwise?.evaluate(value, context)
    }

    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool {
        if condition.holds(value, context) { return then.passes(value, context) }
        return otherwise?.passes(value, context) ?? true
    }

    func explain(_ language: Language) -> [String] {
        var lines =
            [(language == .zh ? "当 " : "when ") + condition.summary(language) + (language == .zh ? " 时，则：" : ", then:")]
            + then.explain(language).map { "  " + $0 }
        if let otherwise {
            lines.append(language == .zh ? "否则：" : "otherwise:")
            lines += otherwise.explain(language).map { "  " + $0 }
        }
        return lines
    }

    func summary(_ language: Language) -> String {
        (language == .zh ? "当 " : "when ") + condition.summary(language) + ": " + then.summary(language)
    }

    var reasonCodes: [ReasonCode] { then.reasonCodes + (otherwise?.reasonCodes ?? []) }
    var expectsText: Bool { false }
}

/// A named validator used with its own `reason:` or `message:` at the use site.
struct RelabelNode: CheckNode {
    let child: any CheckNode
    let reason: ReasonCode?
    let message: LocalizedText?

    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        child.evaluate(value, context).map(relabel)
    }

    /// The child's failure `f` in the use site's words.
    func relabel(_ f: Failure) -> Failure {
        var f = f
        if let reason { f.reason = reason }
        if let message, !f.isTypeMismatch { f.message = message }
        return f
    }

    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool { child.passes(value, context) }

    func explain(_ language: Language) -> [String] {
        var lines = child.explain(language)
        if let reason, !lines.isEmpty {
            lines[0] += (language == .zh ? "（报告为 " : " (reported as ") + reason.text + (language == .zh ? "）" : ")")
        }
        return lines
    }

    func summary(_ language: Language) -> String { child.summary(language) }
    var reasonCodes: [ReasonCode] { reason.map { [$0] } ?? child.reasonCodes }
    var expectsText: Bool { child.expectsText }
}

/// A named validator (`use: cn_mobile`): the validator's checks, explained under its name.
struct NamedNode: CheckNode {
    let name: String
    let child: any CheckNode

    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure? { child.evaluate(value, context) }
    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool { child.passes(value, context) }

    func explain(_ language: Language) -> [String] {
        var lines = child.explain(language)
        guard !lines.isEmpty else { return lines }
        lines[0] = (language == .zh ? "校验器 \(name)：" : "validator \(name): ") + lines[0]
        return lines
    }

    func summary(_ language: Language) -> String { child.summary(language) }
    var reasonCodes: [ReasonCode] { child.reasonCodes }
    var expectsText: Bool { child.expectsText }
}
