import SiftJSON
import SiftMessages
import SiftConfig

extension CheckCompiler {
    static let comparisonKeys = ["field", "when_other_missing"]

    /// `after: start_date`, or `after: {field: .start_date, when_other_missing: fail}`.
    mutating func compileComparison(
        _ relation: CompareNode.Relation, _ value: ConfigNode, at mark: Mark, prefix: String, reason: ReasonCode?,
        message: LocalizedText?
    ) -> (any CheckNode)? {
        let kind = relation.rawValue
        var fieldNode = value.scalarText == nil ? nil : value
        var failsWhenMissing = false
        if let pairs = value.pairs {
            for p in pairs {
                switch p.key.scalarText ?? "" {
                case "field": fieldNode = p.value
                case "when_other_missing":
                    switch p.value.scalarText {
                    case "pass": failsWhenMissing = false
                    case "fail": failsWhenMissing = true
                    default:
                        context.error(CoreMessages.whenOtherMissingPassFail(), at: p.value.mark)
                        return nil
                    }
                default:
                    let k = p.key.scalarText ?? ""
                    context.error(
                        CoreMessages.unknownKeyKeysFieldWhen(
                            ["k": "\(k)", "kind": "\(kind)"], messages: ["hint": Suggestion.hint(k, in: Self.comparisonKeys)]),
                        at: p.key.mark)
                    return nil
                }
            }
        }
        guard let fieldNode, let text = fieldNode.scalarText, !text.isEmpty else {
            context.error(
                CoreMessages.namesFieldCompareSuchStart(["kind": "\(kind)"]),
                at: value.mark)
            return nil
        }
        guard let field else {
            context.error(CoreMessages.comparesTwoFieldsRecordUse(["kind": "\(kind)"]), at: mark)
            return nil
        }
        guard let path = conditionPath(text, at: fieldNode.mark, reader: .comparison) else { return nil }
        if path == field {
            context.error(CoreMessages.comparesItself(["kind": "\(kind)", "field": "\(field)"]), at: fieldNode.mark)
            return nil
        }
        let node = CompareNode(
            relation: relation, other: path, failsWhenOtherMissing: failsWhenMissing,
            reason: reason ?? ReasonCode("\(prefix).\(kind)"), message: message, rule: mark)
        comparisons.append((node, field))
        return node
    }
}

/// Decides how each comparison between fields reads its two values, once every field of the pack
/// is compiled: as the fields' own checks read them (a `date:` check, `type: number`, `range`).
struct ComparisonResolver {
    var diagnostics = DiagnosticList()

    mutating func resolve(_ comparisons: [(node: CompareNode, field: FieldPath)], rules: [FieldRule]) {
        for (node, field) in comparisons {
            let kind = node.relation.rawValue
            guard let theirs = rules.first(where: { $0.path == node.other.field }) else {
                diagnostics.error(
                    CoreMessages.comparesWhichFieldPackDeclare(
                        ["kind": "\(kind)", "field": "\(node.other.field)"],
                        messages: ["hint": Suggestion.hint(node.other.field.description, in: rules.map(\.path.description))]), at: node.rule
                )
                continue
            }
            guard let mine = rules.first(where: { $0.path == field }) else { continue }
            if let mode = mode(node, mine, theirs) { node.resolve(mode) }
        }
    }

    private mutating func mode(_ node: CompareNode, _ mine: FieldRule, _ theirs: FieldRule) -> CompareNode.Mode? {
        let kind = node.relation.rawValue
        let a = Self.reading(mine.checks), b = Self.reading(theirs.checks)
        switch (a, b) {
        case (nil, nil):
            guard node.relation.isOrdered else { return .value }
            diagnostics.error(
                CoreMessages.comparesDatesNumbersNeitherNor(["kind": "\(kind)", "path": "\(mine.path)", "path2": "\(theirs.path)"]),
                at: node.rule)
            return nil
        case (.instant(let x)?, .instant(let y)?): return dates(node, x, y, own: true, theirs: true)
        case (.instant(let x)?, nil): return dates(node, x, x, own: true, theirs: false)
        case (nil, .instant(let y)?): return dates(node, y, y, own: false, theirs: true)
        case (.number?, .number?): return numbers(node, own: true, theirs: true)
        case (.number?, nil): return numbers(node, own: true, theirs: false)
        case (nil, .number?): return numbers(node, own: false, theirs: true)
        case (let x?, _?):
            if case .instant = x {
                diagnostics.error(
                    CoreMessages.comparesDateNumber(["kind": "\(kind)", "path": "\(mine.path)", "path2": "\(theirs.path)"]), at: node.rule)
            } else {
                diagnostics.error(
                    CoreMessages.comparesNumberDate(["kind": "\(kind)", "path": "\(mine.path)", "path2": "\(theirs.path)"]), at: node.rule)
            }
            return nil
        }
    }

    private mutating func dates(
        _ node: CompareNode, _ x: any InstantReading, _ y: any InstantReading, own: Bool, theirs: Bool
    ) -> CompareNode.Mode? {
        if node.relation.isOrdered, !node.relation.isDateWord {
            diagnostics.error(
                CoreMessages.comparesNumbersTheseAreDates([
                    "relation": "\(node.relation.rawValue)", "counterpart": "\(node.relation.counterpart!.rawValue)",
                ]),
                at: node.rule)
            return nil
        }
        return .instants(mine: x, theirs: y, ownReading: own, theirsOwnReading: theirs)
    }

    private mutating func numbers(_ node: CompareNode, own: Bool, theirs: Bool) -> CompareNode.Mode? {
        if node.relation.isDateWord {
            diagnostics.error(
                CoreMessages.comparesDatesTheseAreNumbers([
                    "relation": "\(node.relation.rawValue)", "counterpart": "\(node.relation.counterpart!.rawValue)",
                ]),
                at: node.rule)
            return nil
        }
        return .numbers(ownReading: own, theirsOwnReading: theirs)
    }

    /// How a field's checks read its value: the first check that says.
    static func reading(_ checks: [any CheckNode]) -> ValueReading? {
        for c in checks {
            let found: ValueReading? =
                switch c {
                case let p as PluginCheckNode: (p.check as? any ReadingCheck)?.reading
                case let n as NamedNode: reading([n.child])
                case let n as RelabelNode: reading([n.child])
                case let n as AllNode: reading(n.children)
                default: nil
                }
            if let found { return found }
        }
        return nil
    }
}
