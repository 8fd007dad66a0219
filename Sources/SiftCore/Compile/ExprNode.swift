import Foundation
import SiftJSON
import SiftMessages
import SiftConfig
import SiftExpr

/// `expr:` as a check: a formula over the record that must be true, such as
/// `total == sum(items[*].price * items[*].qty) - discount + shipping`. It reads the record, not
/// only the checked value, so it works as a condition too (`when: {expr: ...}`) and under
/// `required: {when: ...}` on a field that is missing.
struct ExprNode: CheckNode {
    let formula: Expr
    let tolerance: Decimal
    let reason: ReasonCode
    let message: LocalizedText?
    let rule: Mark

    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        let eval = evaluator(context)
        do {
            guard try !eval.truth(try eval.value(formula), formula) else { return nil }
            return Failure(reason: reason, message: message ?? falseMessage(eval), rule: rule)
        } catch {
            return Failure(
                reason: reason, message: CoreMessages.uncheckedFormula(messages: ["problem": error.message]).localized, rule: rule)
        }
    }

    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool {
        let eval = evaluator(context)
        return (try? eval.truth(try eval.value(formula), formula)) == true
    }

    private func evaluator(_ context: EvaluationContext) -> ExprEval {
        ExprEval(record: context.record, asOfMillis: context.asOfMillis, indices: context.indices, tolerance: tolerance)
    }

    /// What was false, with the values computed: "total is 57.88, but sum(...) - discount is 60.38".
    private func falseMessage(_ eval: ExprEval) -> LocalizedText {
        guard case .compare(let op, let a, let b) = formula.node, let x = try? eval.value(a), let y = try? eval.value(b) else {
            return CoreMessages.formulaFalse(["formula": formula.text]).localized
        }
        let (p, q) = (ExprEval.describe(x), ExprEval.describe(y))
        if case .literal = b.node {
            // Against a number or text written in the formula: "len(.sku) is 5, not 6", "shipping is 12, but must be <= 10".
            return (op == .equal ? CoreMessages.formulaIsNot : CoreMessages.formulaMustBe)(["a": a.text, "p": p, "op": op.rawValue, "q": q])
                .localized
        }
        guard op == .equal else {
            return CoreMessages.formulaDoesNotHold(["a": a.text, "p": p, "b": b.text, "q": q, "op": op.rawValue]).localized
        }
        return CoreMessages.formulaDiffers(["a": a.text, "p": p, "b": b.text, "q": q]).localized
    }

    func explain(_ language: Language) -> [String] {
        guard let message else { return ["\(summary(language)) [\(reason)] (\(rule))"] }
        let said = language == .zh ? "不满足时报告“\(message.text(.zh))”（expr 检查）" : "fails with “\(message.text(.en))” (an expr check)"
        return ["\(said) [\(reason)] (\(rule))"]
    }

    func summary(_ language: Language) -> String {
        let slack = tolerance == 0 ? "" : (language == .zh ? "（数值允许相差 \(tolerance)）" : " (numbers within \(tolerance) are equal)")
        return (language == .zh ? "必须满足 \(formula.text)" : "must satisfy \(formula.text)") + slack
    }

    var reasonCodes: [ReasonCode] { [reason] }
    var expectsText: Bool { false }
    var readsRecord: Bool { true }
}
