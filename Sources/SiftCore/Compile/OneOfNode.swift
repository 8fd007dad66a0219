import SiftJSON
import SiftMessages
import SiftConfig

/// `one_of:` passes when exactly one of its checks passes (JSON Schema's `oneOf`): a value that
/// fits two alternatives is as wrong as one that fits none. A valid value costs one `passes` per
/// alternative and allocates nothing; the messages are made only for a failure.
struct OneOfNode: CheckNode {
    let children: [any CheckNode]
    let reason: ReasonCode
    let message: LocalizedText?
    let rule: Mark

    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        let holding = children.reduce(0) { $0 + ($1.passes(value, context) ? 1 : 0) }
        if holding == 1 { return nil }
        if let message { return Failure(reason: reason, message: message, rule: rule) }
        if holding == 0 {
            let texts = children.compactMap { $0.evaluate(value, context)?.message }
            return Failure(
                reason: reason,
                message: CoreMessages.noAlternativeHolds(messages: ["reasons": .alternatives(texts)]).localized,
                rule: rule)
        }
        return Failure(
            reason: reason,
            message: CoreMessages.alternativesHold(["holding": "\(holding)", "count": "\(children.count)"]).localized,
            rule: rule)
    }

    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool {
        var holding = 0
        for c in children where c.passes(value, context) {
            holding += 1
            if holding > 1 { return false }
        }
        return holding == 1
    }

    func explain(_ language: Language) -> [String] {
        AnyNode.explain(alternatives: children, language == .zh ? "恰好满足其一" : "exactly one of", reason, rule, language)
    }

    func summary(_ language: Language) -> String {
        AnyNode.summary(alternatives: children, language == .zh ? "恰好满足其一：" : "exactly one of: ", language)
    }

    var reasonCodes: [ReasonCode] { [reason] }
    var expectsText: Bool { children.allSatisfy { $0.expectsText } }
}
