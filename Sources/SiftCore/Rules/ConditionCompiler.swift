import SiftJSON
import SiftMessages
import SiftConfig

extension CheckCompiler {
    /// A condition (of `when:` or `required: {when: ...}`): a check on the value being checked,
    /// or on another field named by `field:` (absolute, or `.name` beside the one being
    /// checked); `{field: x, present: false}` (or `has: x`) on whether a field is there at all;
    /// `not: {field: x, <check>}` for the field not passing the check.
    mutating func compileCondition(_ cond: ConfigNode, prefix: String) -> Condition? {
        guard let pairs = cond.pairs else { return compile(cond, prefix: prefix).map { Condition(check: $0, field: nil, fieldText: nil) } }
        if pairs.count == 1, pairs[0].key.scalarText == "has" { return presence(pairs[0].value, true) }
        if pairs.count == 1, pairs[0].key.scalarText == "not", let inner = pairs[0].value.pairs,
            let f = inner.first(where: { $0.key.scalarText == "field" })
        {
            // not: {field: x, enum: [...]}: the field is x; the check is negated.
            let rest = ConfigNode(.mapping(inner.filter { $0.key.scalarText != "field" }), mark: pairs[0].value.mark)
            guard let (path, text) = conditionField(f), let check = compile(rest, prefix: prefix) else { return nil }
            negations.append((path, text, f.value.mark))
            return Condition(
                check: NotNode(child: check, reason: ReasonCode("\(prefix).not"), message: nil, rule: pairs[0].key.mark), field: path,
                fieldText: text)
        }
        guard let f = pairs.first(where: { $0.key.scalarText == "field" }) else {
            if let field { noteValues(cond, of: field) }
            return compile(cond, prefix: prefix).map { Condition(check: $0, field: nil, fieldText: nil) }
        }
        if let p = pairs.first(where: { $0.key.scalarText == "present" }) {
            guard pairs.count == 2, case .bool(let present)? = p.value.resolved else {
                context.error(
                    CoreMessages.presentTrueFalseStandsAlone(), at: p.value.mark)
                return nil
            }
            guard let (path, text) = conditionField(f) else { return nil }
            return Condition(present: present, field: path, fieldText: text)
        }
        guard let (path, text) = conditionField(f) else { return nil }
        let rest = ConfigNode(.mapping(pairs.filter { $0.key.scalarText != "field" }), mark: cond.mark)
        if rest.pairs?.first?.key.scalarText == "not", rest.pairs?.count == 1 { negations.append((path, text, f.value.mark)) }
        noteValues(rest, of: path)
        return compile(rest, prefix: prefix).map { Condition(check: $0, field: path, fieldText: text) }
    }

    /// True when a condition names another field (`field:`, `has:`, `not: {field: ...}`).
    static func namesAField(_ cond: ConfigNode) -> Bool {
        guard let pairs = cond.pairs else { return false }
        if pairs.contains(where: { $0.key.scalarText == "field" || $0.key.scalarText == "has" }) { return true }
        return pairs.count == 1 && pairs[0].key.scalarText == "not"
            && pairs[0].value.pairs?.contains { $0.key.scalarText == "field" } == true
    }

    /// `has: x`: a presence condition.
    private mutating func presence(_ node: ConfigNode, _ present: Bool) -> Condition? {
        guard let text = node.scalarText, let path = conditionPath(text, at: node.mark) else {
            if node.scalarText == nil { context.error(CoreMessages.hasNamesOneFieldSuch(), at: node.mark) }
            return nil
        }
        conditionFields.append(path)
        context.references.append(FieldReference(path: path, text: text, mark: node.mark, reader: .condition))
        return Condition(present: present, field: path, fieldText: text)
    }

    /// `{enum: [...]}` (or `{enum: {values: [...]}}`) on `field`: lint tries each value on the field's own checks.
    private mutating func noteValues(_ check: ConfigNode, of field: FieldPath) {
        guard let pairs = check.pairs, pairs.count == 1, pairs[0].key.scalarText == "enum",
            let values = pairs[0].value.items ?? pairs[0].value["values"]?.items
        else { return }
        conditionValues.append(ConditionValues(field: field, values: values))
    }

    private mutating func conditionField(_ f: ConfigNode.Pair) -> (FieldPath, String)? {
        let text = f.value.scalarText ?? ""
        guard let path = conditionPath(text, at: f.value.mark) else { return nil }
        conditionFields.append(path)
        context.references.append(FieldReference(path: path, text: text, mark: f.value.mark, reader: .condition))
        return (path, text)
    }

    /// A negated check on another field never holds where that field is missing (nothing to
    /// check): the author of `{field: wallet_id, not: {type: string}}` usually means "no
    /// wallet_id" as well, which is `present: false`. Said once every field is compiled, of a
    /// field the record may leave out (one that is always required cannot be missing).
    static func adviseOnNegations(_ negations: [(FieldPath, String, Mark)], rules: [FieldRule], _ diagnostics: inout DiagnosticList) {
        for (path, field, mark) in negations {
            if let rule = rules.first(where: { $0.path == path }), case .always = rule.required { continue }
            diagnostics.warning(
                CoreMessages.conditionDoesHoldWhenMissing(["field": "\(field)"]), at: mark)
        }
    }
}
