import SiftJSON
import SiftMessages
import SiftConfig

/// `contains: {check}`: a list passes when at least one of its elements passes the check
/// (`items: [{contains: {enum: [gift_wrap]}}]`). Its failure is its own code,
/// `<field>.contains`; the elements' own failures are not reported.
struct ContainsNode: CheckNode {
    let child: any CheckNode
    let reason: ReasonCode
    let message: LocalizedText?
    let rule: Mark

    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        guard value.kind == .array else {
            return Failure(
                reason: reason,
                message: CoreMessages.notAnArray(messages: ["kind": value.kind.kindMessage]).localized,
                rule: rule, isTypeMismatch: true)
        }
        if passes(value, context) { return nil }
        let said = CoreMessages.noElementPasses(messages: ["summary": child.summaryMessage]).localized
        return Failure(reason: reason, message: message ?? said, rule: rule)
    }

    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool {
        guard value.kind == .array else { return false }
        let doc = value.document
        var i = value.index + 1
        let end = doc.tape[value.index].next
        while i < end {
            if child.passes(JSONValue(document: doc, index: i), context) { return true }
            i = doc.tape[i].next
        }
        return false
    }

    func explain(_ language: Language) -> [String] {
        [(language == .zh ? "至少一项满足" : "contains an element that passes") + " [\(reason)] (\(rule)):"]
            + child.explain(language).map { "  " + $0 }
    }

    func summary(_ language: Language) -> String {
        (language == .zh ? "至少一项满足：" : "an element passes: ") + child.summary(language)
    }

    var reasonCodes: [ReasonCode] { [reason] }
    var expectsText: Bool { false }
}
