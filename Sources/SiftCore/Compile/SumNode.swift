import Foundation
import SiftJSON
import SiftMessages
import SiftConfig

/// `sum_of`: the value (a total) equals the sum over a list's elements of a value in each, or
/// of the product of several (`price × qty`), within a tolerance. Every number is read exactly
/// from its JSON text and added as a decimal (no floating point): `0.1 + 0.2` is `0.3`.
struct SumNode: CheckNode {
    /// The list whose elements are added up (found as a condition's field is: `.lines` beside).
    let items: Condition.Subject
    /// The paths inside each element whose values are multiplied; none: the element itself.
    let factors: [FieldPath]
    let probes: [PathProbe]
    let tolerance: Decimal
    let reason: ReasonCode
    let message: LocalizedText?
    let rule: Mark
    /// Keeps the probes' memory, freed when the last copy goes.
    private let owner: ProbeOwner

    init(items: FieldPath, factors: [FieldPath], tolerance: Decimal, reason: ReasonCode, message: LocalizedText?, rule: Mark) {
        self.items = Condition.Subject(items)
        self.factors = factors
        self.tolerance = tolerance
        self.reason = reason
        self.message = message
        self.rule = rule
        probes = factors.compactMap(PathProbe.init)
        owner = ProbeOwner(probes)
    }

    private final class ProbeOwner: @unchecked Sendable {  // immutable; frees the probes once
        let probes: [PathProbe]
        init(_ probes: [PathProbe]) { self.probes = probes }
        deinit { for p in probes { p.deallocate() } }
    }

    /// What adding up found: the sum, or the first element that could not be read.
    private enum Total {
        case sum(Decimal)
        case unreadable(element: Int, factor: Int, missing: Bool)
        case notAList(JSONValue.Kind)
    }

    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        guard let total = value.decimal else {
            return Failure(
                reason: reason, message: CoreMessages.notANumber(messages: ["kind": value.kind.kindMessage]).localized,
                rule: rule, isTypeMismatch: true)
        }
        switch add(context) {
        case .sum(let sum):
            guard !within(total, sum) else { return nil }
            let over = items.field.concrete(context.indices)
            let said =
                factors.isEmpty
                ? CoreMessages.sumDiffers(["value": value.rawText, "over": over, "sum": "\(sum)"])
                : CoreMessages.sumOfProductsDiffers(["value": value.rawText, "factors": factorText, "over": over, "sum": "\(sum)"])
            return Failure(reason: reason, message: message ?? said.localized, rule: rule)
        case .unreadable(let element, let factor, let missing):
            let at = FieldPath(items.field.components + [.index(element)] + (factors.isEmpty ? [] : factors[factor].components))
            let name = at.concrete(context.indices)
            return Failure(
                reason: reason,
                message: (missing ? CoreMessages.uncheckedMissing : CoreMessages.uncheckedNotNumber)(["name": name]).localized,
                rule: rule)
        case .notAList(let kind):
            let name = items.field.concrete(context.indices)
            return Failure(
                reason: reason,
                message: CoreMessages.uncheckedNotList(["name": name], messages: ["kind": kind.kindMessage]).localized,
                rule: rule)
        }
    }

    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool {
        guard let total = value.decimal, case .sum(let sum) = add(context) else { return false }
        return within(total, sum)
    }

    private func within(_ total: Decimal, _ sum: Decimal) -> Bool {
        let gap = total - sum
        return (gap < 0 ? -gap : gap) <= tolerance
    }

    /// The sum over the list's elements; a missing or null list adds up to 0.
    private func add(_ context: EvaluationContext) -> Total {
        guard let list = items.value(in: context), !list.isNull else { return .sum(0) }
        guard list.kind == .array else { return .notAList(list.kind) }
        let doc = list.document, record = context.record
        var sum = Decimal(0)
        var at = list.index + 1
        for n in 0..<list.count {
            var product = Decimal(1)
            if probes.isEmpty {
                guard let x = JSONValue(document: doc, index: at).decimal else {
                    return .unreadable(element: n, factor: 0, missing: false)
                }
                product = x
            }
            for (f, probe) in probes.enumerated() {
                let i = probe.index(in: record, from: at)
                guard i >= 0, doc.tape[i].kind != .null else { return .unreadable(element: n, factor: f, missing: true) }
                guard let x = JSONValue(document: doc, index: i).decimal else {
                    return .unreadable(element: n, factor: f, missing: false)
                }
                product *= x
            }
            sum += product
            at = doc.tape[at].next
        }
        return .sum(sum)
    }

    /// `price × qty`.
    private var factorText: String { factors.map(\.description).joined(separator: " × ") }

    func explain(_ language: Language) -> [String] {
        guard let message else { return ["\(summary(language)) [\(reason)] (\(rule))"] }
        let said = language == .zh ? "不满足时报告“\(message.text(.zh))”（sum_of 检查）" : "fails with “\(message.text(.en))” (a sum_of check)"
        return ["\(said) [\(reason)] (\(rule))"]
    }

    func summary(_ language: Language) -> String {
        let slack = tolerance == 0 ? "" : (language == .zh ? "（允许相差 \(tolerance)）" : " (within \(tolerance))")
        switch (language, factors.isEmpty) {
        case (.zh, true): return "必须等于 \(items.field) 各项之和" + slack
        case (.zh, false): return "必须等于 \(items.field) 各项 \(factorText) 之和" + slack
        case (_, true): return "must equal the sum of \(items.field)" + slack
        case (_, false): return "must equal the sum of \(factorText) over \(items.field)" + slack
        }
    }

    var reasonCodes: [ReasonCode] { [reason] }
    var expectsText: Bool { false }
}
