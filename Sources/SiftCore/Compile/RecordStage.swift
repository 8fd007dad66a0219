import SiftJSON
import SiftMessages
import SiftConfig

/// The `record:` section of a pack, compiled: constraints about the record as a whole
/// (docs/RULES.md, "Relations"). Each has a reason code of its own:
///
/// - `exactly_one_of`, `at_least_one_of`, `at_most_one_of`: how many fields of a group are given
///   (`record.exactly_one_of`, ...); a field is given when it is there and, unless the pack says
///   `null: value`, not null;
/// - `requires: {coupon: [coupon_source]}`: a field given makes others required (`record.requires`,
///   reported at each missing one);
/// - `fields: closed`: a key no rule of the pack names, nor `allowed:`, is `record.unknown_field`,
///   at its path, in nested objects and array elements too, with a did-you-mean.
///
/// A valid record costs look-ups and a walk over its keys' bytes: nothing is allocated.
struct RecordStage: Stage {
    enum Count: String, Sendable, CaseIterable {
        case exactlyOne = "exactly_one_of"
        case atLeastOne = "at_least_one_of"
        case atMostOne = "at_most_one_of"

        var reason: ReasonCode {
            switch self {
            case .exactlyOne: ReasonCode.Record.exactlyOneOf
            case .atLeastOne: ReasonCode.Record.atLeastOneOf
            case .atMostOne: ReasonCode.Record.atMostOneOf
            }
        }

        func allows(_ given: Int) -> Bool {
            switch self {
            case .exactlyOne: given == 1
            case .atLeastOne: given >= 1
            case .atMostOne: given <= 1
            }
        }
    }

    /// A group of fields and how many of them may be given.
    struct Group: Sendable {
        let count: Count
        let fields: [FieldPath]
        let rule: Mark
        /// The field of the pack that holds every field of the group (`payment` for
        /// `payment.card` and `payment.wallet`): when it is missing or null, its own reason
        /// stands alone and the group says nothing (docs/RULES.md, "A missing container is one reason").
        var container: FieldPath? = nil
    }

    /// `requires:`: when `field` is given, each of `needs` must be.
    struct Requirement: Sendable {
        let field: FieldPath
        let needs: [FieldPath]
        let rule: Mark
    }

    let groups: [Group]
    let requirements: [Requirement]
    /// `fields: closed`: the keys the pack names, as a tree; nil when the record is open.
    let closed: KeyTree?
    /// The names `allowed:` adds (for `explain`).
    let allowed: [String]
    let closedRule: Mark?
    /// The pack's `null: value`: a null field counts as given.
    let nullIsValue: Bool

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        var violations: [Violation] = []
        // Through the arrays' buffers: the groups and their paths are read where they lie, not
        // copied per record (a copy counts arrays that every worker shares).
        groups.withUnsafeBufferPointer { groups in
            for g in groups.indices {
                let given = groups[g].fields.withUnsafeBufferPointer { fields in
                    var given = 0
                    for f in fields.indices where isGiven(fields[f], record) { given += 1 }
                    return given
                }
                if !groups[g].count.allows(given), !containerIsAbsent(groups[g], record) {
                    violations.append(violation(groups[g], record))
                }
            }
        }
        for r in requirements where isGiven(r.field, record) {
            for need in r.needs where !isGiven(need, record) {
                violations.append(
                    Violation(
                        field: need.description, reason: ReasonCode.Record.requires,
                        message: CoreMessages.requiredWhenGiven(["field": "\(r.field)"]).localized,
                        rule: r.rule))
            }
        }
        if let closed { closed.check(record, rule: closedRule, into: &violations) }
        return StageResult(violations: violations)
    }

    /// The codes it may report, for lint.
    var reasonCodes: [ReasonCode] {
        groups.map(\.count.reason) + (requirements.isEmpty ? [] : [ReasonCode.Record.requires])
            + (closed == nil ? [] : [ReasonCode.Record.unknownField])
    }

    private func containerIsAbsent(_ group: Group, _ record: JSONValue) -> Bool {
        guard let container = group.container else { return false }
        guard let value = container.first(in: record) else { return true }
        return value.isNull
    }

    private func isGiven(_ path: FieldPath, _ record: JSONValue) -> Bool {
        guard let value = path.first(in: record) else { return false }
        return nullIsValue || !value.isNull
    }

    private func violation(_ group: Group, _ record: JSONValue) -> Violation {
        let given = group.fields.filter { isGiven($0, record) }.map(\.description)
        let names = group.fields.map(\.description)
        let template: MessageTemplate
        switch group.count {
        case .exactlyOne: template = CoreMessages.exactlyOneGiven
        case .atLeastOne: template = CoreMessages.atLeastOneGiven
        case .atMostOne: template = CoreMessages.atMostOneGiven
        }
        let found =
            given.isEmpty
            ? CoreMessages.noneGiven() : CoreMessages.someGiven(["count": "\(given.count)"], messages: ["given": .list(given)])
        return Violation(
            field: names.joined(separator: ", "), reason: group.count.reason,
            message: template(messages: ["names": .list(names), "found": found]).localized, rule: group.rule)
    }

    func explain(_ language: Language) -> String {
        let zh = language == .zh
        var lines: [String] = []
        for g in groups {
            let names = g.fields.map(\.description)
            switch (g.count, zh) {
            case (.exactlyOne, false):
                lines.append("record: exactly one of \(names.joined(separator: ", ")) [\(g.count.reason)] (\(g.rule))")
            case (.exactlyOne, true): lines.append("记录：\(names.joined(separator: "、")) 必须且只能填写一个 [\(g.count.reason)] (\(g.rule))")
            case (.atLeastOne, false):
                lines.append("record: at least one of \(names.joined(separator: ", ")) [\(g.count.reason)] (\(g.rule))")
            case (.atLeastOne, true): lines.append("记录：\(names.joined(separator: "、")) 至少填写一个 [\(g.count.reason)] (\(g.rule))")
            case (.atMostOne, false):
                lines.append("record: at most one of \(names.joined(separator: ", ")) [\(g.count.reason)] (\(g.rule))")
            case (.atMostOne, true): lines.append("记录：\(names.joined(separator: "、")) 最多填写一个 [\(g.count.reason)] (\(g.rule))")
            }
        }
        for r in requirements {
            let needs = r.needs.map(\.description)
            lines.append(
                zh
                    ? "记录：填写了 \(r.field) 时，\(needs.joined(separator: "、")) 必填 [\(ReasonCode.Record.requires)] (\(r.rule))"
                    : "record: when \(r.field) is given, \(needs.joined(separator: ", ")) must be too [\(ReasonCode.Record.requires)] (\(r.rule))"
            )
        }
        if closed != nil {
            let extra = allowed.isEmpty ? "" : (zh ? "，以及 allowed：" : ", and allowed: ") + allowed.joined(separator: ", ")
            lines.append(
                zh
                    ? "记录：只允许此规则包列出的字段\(extra) [\(ReasonCode.Record.unknownField)]\(closedRule.map { " (\($0))" } ?? "")"
                    : "record: closed: only the fields this pack names\(extra) [\(ReasonCode.Record.unknownField)]\(closedRule.map { " (\($0))" } ?? "")"
            )
        }
        return lines.joined(separator: "\n")
    }
}

/// The keys of `record:` that count the fields of a group given (`exactly_one_of`, ...), for the editors' schema.
package enum RecordCountKeys {
    package static let all = RecordStage.Count.allCases.map(\.rawValue)
}
