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
                message: message ?? CoreMessages.otherMissing(["name": name]).localized,
                rule: rule)
        }
        switch order(value, theirs) {
        case nil: return nil
        case .otherUnreadable?:
            let name = other.field.concrete(context.indices)
            return Failure(
                reason: reason,
                message: CoreMessages.otherNot(["name": name], messages: ["noun": noun]).localized,
                rule: rule)
        case .unordered?:
            let name = other.field.concrete(context.indices)
            return Failure(
                reason: reason,
                message: CoreMessages.unlikeOther(["name": name], messages: ["noun": noun]).localized,
                rule: rule, isTypeMismatch: true)
        case let order?:
            guard !relation.holds(order) else { return nil }
            let name = other.field.concrete(context.indices)
            return Failure(
                reason: reason, message: message ?? relation.message(name).localized, rule: rule)
        }
    }

    /// What the values are, as a message says it: "a date", "a number", "a value".
    private var noun: Message { mode.reading?.nounMessage ?? CoreMessages.nounValue() }

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

    package func words(_ language: Language, _ other: String) -> String { message(other).text(language) }

    /// What the value must be, beside `other`: "must be before start_date".
    package func message(_ other: String) -> Message {
        let template: MessageTemplate
        switch self {
        case .sameAs: template = CoreMessages.sameAs
        case .differentFrom: template = CoreMessages.differentFrom
        case .before: template = CoreMessages.before
        case .after: template = CoreMessages.after
        case .notBefore: template = CoreMessages.notBefore
        case .notAfter: template = CoreMessages.notAfter
        case .lessThan: template = CoreMessages.lessThan
        case .atMost: template = CoreMessages.atMost
        case .greaterThan: template = CoreMessages.greaterThan
        case .atLeast: template = CoreMessages.atLeast
        }
        return template(["other": other])
    }
}
