import SiftJSON
import SiftMessages
import SiftConfig

/// A comparison with another field of the record: `same_as`, `different_from`, and the ordered
/// comparisons of dates (`before`, `after`, `not_before`, `not_after`) and numbers (`less_than`,
/// `at_most`, `greater_than`, `at_least`). Each value is read the way its own field's checks read
/// it (a date in its `date:` layout, a number by its exact decimal value); same_as and
/// different_from between fields of no such reading compare JSON values by what they mean.
final class CompareNode: CheckNode, @unchecked Sendable {  // `mode` is set once, while compiling
    typealias Relation = CompareRelation

    enum Order: Sendable { case below, same, above, unordered, otherUnreadable }

    /// How the two values are read: set by `ComparisonResolver` once every field is compiled.
    enum Mode: Sendable {
        /// By JSON value (same_as, different_from between fields with no reading).
        case value
        /// Both as instants, each by its reader; `ownReading` (`theirsOwnReading`) is false when
        /// this (the other) field has no date check of its own: an unreadable value is then this
        /// comparison's to report.
        case instants(mine: any InstantReading, theirs: any InstantReading, ownReading: Bool, theirsOwnReading: Bool)
        /// Both as exact decimal numbers (numbers, or numeric text).
        case numbers(ownReading: Bool, theirsOwnReading: Bool)
    }

    let relation: Relation
    let other: Condition.Subject
    let failsWhenOtherMissing: Bool
    let reason: ReasonCode
    let message: LocalizedText?
    let rule: Mark
    private(set) var mode = Mode.value

    init(
        relation: Relation, other: FieldPath, failsWhenOtherMissing: Bool, reason: ReasonCode,
        message: LocalizedText?, rule: Mark
    ) {
        self.relation = relation
        self.other = Condition.Subject(other)
        self.failsWhenOtherMissing = failsWhenOtherMissing
        self.reason = reason
        self.message = message
        self.rule = rule
    }

    /// Sets how values are read; called once, before the pack is used.
    func resolve(_ mode: Mode) { self.mode = mode }

    func evaluate(_ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        guard let theirs = other.value(in: context), !theirs.isNull else {
            guard failsWhenOtherMissing else { return nil }
            let name = other.field.concrete(context.indices)
            return Failure(
                reason: reason,
                message: message ?? LocalizedText(en: "cannot be compared with \(name), which is missing", zh: "无法与 \(name) 比较：\(name) 缺失"),
                rule: rule)
        }
        switch order(value, theirs) {
        case nil: return nil
        case .otherUnreadable?:
            let name = other.field.concrete(context.indices)
            let noun = mode.reading?.noun(.en) ?? "a value", nounZH = mode.reading?.noun(.zh) ?? "值"
            return Failure(
                reason: reason,
                message: LocalizedText(en: "cannot be compared with \(name), which is not \(noun)", zh: "无法与 \(name) 比较：它不是\(nounZH)"),
                rule: rule)
        case .unordered?:
            let name = other.field.concrete(context.indices)
            let noun = mode.reading?.noun(.en) ?? "a value", nounZH = mode.reading?.noun(.zh) ?? "值"
            return Failure(
                reason: reason,
                message: LocalizedText(
                    en: "is not \(noun) like \(name), so it cannot be compared with it", zh: "不是与 \(name) 同类的\(nounZH)，无法比较"),
                rule: rule, isTypeMismatch: true)
        case let order?:
            guard !relation.holds(order) else { return nil }
            let name = other.field.concrete(context.indices)
            return Failure(
                reason: reason, message: message ?? LocalizedText(en: relation.words(.en, name), zh: relation.words(.zh, name)), rule: rule)
        }
    }

    func passes(_ value: JSONValue, _ context: EvaluationContext) -> Bool {
        guard let theirs = other.value(in: context), !theirs.isNull else { return !failsWhenOtherMissing }
        switch order(value, theirs) {
        case nil: return true
        case .unordered?, .otherUnreadable?: return false
        case let order?: return relation.holds(order)
        }
    }

    /// How `mine` compares with `theirs`; nil when one cannot be read and its own field's check
    /// reports that, `.unordered` when this field's value cannot be read and nothing else says so.
    private func order(_ mine: JSONValue, _ theirs: JSONValue) -> Order? {
        switch mode {
        case .value:
            return JSONCanonical.equal(mine, theirs) ? .same : .above
        case .instants(let myReader, let theirReader, let own, let theirsOwn):
            guard let a = myReader.instant(of: mine) else { return own ? nil : .unordered }
            guard let b = theirReader.instant(of: theirs) else { return theirsOwn ? nil : .otherUnreadable }
            return a < b ? .below : a == b ? .same : .above
        case .numbers(let own, let theirsOwn):
            if let a = ExactDecimal(mine, numericText: true), let b = ExactDecimal(theirs, numericText: true) {
                return a < b ? .below : a == b ? .same : .above
            }
            // More than 19 significant digits: as decimals of 38.
            guard let a = mine.decimal else { return own ? nil : .unordered }
            guard let b = theirs.decimal else { return theirsOwn ? nil : .otherUnreadable }
            return a < b ? .below : a == b ? .same : .above
        }
    }

    func explain(_ language: Language) -> [String] {
        guard let message else { return ["\(summary(language)) [\(reason)] (\(rule))"] }
        let said =
            language == .zh
            ? "不满足时报告“\(message.text(.zh))”（\(relation.rawValue) 检查）" : "fails with “\(message.text(.en))” (a \(relation.rawValue) check)"
        return ["\(said) [\(reason)] (\(rule))"]
    }

    func summary(_ language: Language) -> String {
        let missing =
            failsWhenOtherMissing
            ? (language == .zh ? "（\(other.field) 缺失时不通过）" : " (fails when \(other.field) is missing)")
            : (language == .zh ? "（\(other.field) 缺失时不检查）" : " (not checked when \(other.field) is missing)")
        return relation.words(language, other.field.description) + missing
    }

    var reasonCodes: [ReasonCode] { [reason] }
    var expectsText: Bool { false }
}

extension CompareNode.Mode {
    var reading: ValueReading? {
        switch self {
        case .value: nil
        case .instants(let mine, _, _, _): .instant(mine)
        case .numbers: .number
        }
    }
}

package enum CompareRelation: String, CaseIterable, Sendable {
    case sameAs = "same_as", differentFrom = "different_from"
    case before, after, notBefore = "not_before", notAfter = "not_after"
    case lessThan = "less_than", atMost = "at_most", greaterThan = "greater_than", atLeast = "at_least"

    /// True for the comparisons of dates.
    var isDateWord: Bool { [.before, .after, .notBefore, .notAfter].contains(self) }
    var isOrdered: Bool { self != .sameAs && self != .differentFrom }

    /// The same comparison in the other family's word: `after` for `greater_than`.
    var counterpart: CompareRelation? {
        let pairs: [(CompareRelation, CompareRelation)] = [
            (.before, .lessThan), (.after, .greaterThan), (.notAfter, .atMost), (.notBefore, .atLeast),
        ]
        return pairs.first { $0.0 == self }?.1 ?? pairs.first { $0.1 == self }?.0
    }

    /// True when `a` stands in this relation to `b`, given how they compare.
    func holds(_ order: CompareNode.Order) -> Bool {
        switch self {
        case .sameAs: order == .same
        case .differentFrom: order != .same
        case .before, .lessThan: order == .below
        case .after, .greaterThan: order == .above
        case .notBefore, .atLeast: order != .below
        case .notAfter, .atMost: order != .above
        }
    }

    package func words(_ language: Language, _ other: String) -> String {
        switch (self, language) {
        case (.sameAs, .zh): "必须与 \(other) 相同"
        case (.differentFrom, .zh): "不得与 \(other) 相同"
        case (.before, .zh): "必须早于 \(other)"
        case (.after, .zh): "必须晚于 \(other)"
        case (.notBefore, .zh): "不得早于 \(other)"
        case (.notAfter, .zh): "不得晚于 \(other)"
        case (.lessThan, .zh): "必须小于 \(other)"
        case (.atMost, .zh): "不得大于 \(other)"
        case (.greaterThan, .zh): "必须大于 \(other)"
        case (.atLeast, .zh): "不得小于 \(other)"
        case (.sameAs, _): "must be the same as \(other)"
        case (.differentFrom, _): "must differ from \(other)"
        case (.before, _): "must be before \(other)"
        case (.after, _): "must be after \(other)"
        case (.notBefore, _): "must not be before \(other)"
        case (.notAfter, _): "must not be after \(other)"
        case (.lessThan, _): "must be less than \(other)"
        case (.atMost, _): "must be at most \(other)"
        case (.greaterThan, _): "must be greater than \(other)"
        case (.atLeast, _): "must be at least \(other)"
        }
    }
}
