import SiftJSON
import SiftMessages
import SiftConfig

/// A field path a rule reads besides its own field: a condition's `field:`, a path inside each
/// element of a list (`unique_by: sku`, `sum_of`'s `value:`), a formula's fields, a relation of
/// `record:`. Lint checks each against the fields the pack knows (`NeverActsLint`).
package struct FieldReference: Sendable {
    /// The path from the record, `[*]` for every element.
    let path: FieldPath
    /// The path as written (`.sku`, `stauts`), for the message.
    let text: String
    let mark: Mark
    /// What reads it: a condition, a comparison, a formula, or a named key (`unique_by`, `sum_of`...).
    let reader: Reader

    /// What reads a path, as messages name it.
    enum Reader: Sendable, Equatable {
        case condition, comparison, formula
        case named(String)

        var message: Message {
            switch self {
            case .condition: return CoreMessages.readerCondition()
            case .comparison: return CoreMessages.readerComparison()
            case .formula: return CoreMessages.readerFormula()
            case .named(let key): return CoreMessages.readerNamed(["key": key])
            }
        }
    }
}

/// Values a condition asks a field to have (`when: {field: status, enum: [Shipped]}`), to be tried
/// against that field's own checks once every field is compiled.
struct ConditionValues {
    /// The field the condition reads.
    let field: FieldPath
    /// The `enum` values, as written.
    let values: [ConfigNode]
}

/// Lint's warnings on rules that never act: a path no rule, example or closed-record list names
/// (a typo: the condition never holds, the relation never fails), and a condition value the
/// field's own checks refuse (it never holds). Each is located, with a did-you-mean.
struct NeverActsLint {
    var advice = DiagnosticList()
    /// Every path the pack names, `[*]` for every element, with the containers above them.
    private let known: Set<FieldPath>

    /// The fields the pack names: its rules' fields, the records of its examples, the keys a
    /// closed record allows.
    init(rules: [FieldRule], examples: [Example], allowed: [FieldPath]) {
        var leaves = rules.map(\.path.general) + allowed.map(\.general)
        for example in examples {
            guard let doc = try? JSONDocument(bytes: Array(example.json.utf8)) else { continue }
            Self.paths(in: doc.root, under: [], into: &leaves)
        }
        var known = Set<FieldPath>()
        for leaf in leaves {
            for n in 0...leaf.components.count { known.insert(FieldPath(Array(leaf.components.prefix(n)))) }
        }
        self.known = known
    }

    /// The paths of an example's record: every key, `[*]` into every element of a list.
    private static func paths(in value: JSONValue, under prefix: [FieldPath.Component], into out: inout [FieldPath]) {
        switch value.kind {
        case .object:
            for (k, v) in value.members {
                out.append(FieldPath(prefix + [.key(k)]))
                paths(in: v, under: prefix + [.key(k)], into: &out)
            }
        case .array:
            for item in value.elements { paths(in: item, under: prefix + [.wildcard], into: &out) }
        default: break
        }
    }

    /// A warning for each path no rule, example or allowed key names; not again for the paths
    /// inside one already reported (`sum_of`'s `value:` in a misspelt list).
    mutating func check(_ references: [FieldReference]) {
        var reported: [FieldPath] = []
        for ref in references where !known.contains(ref.path.general) {
            let path = ref.path.general
            guard !reported.contains(where: { path.components.starts(with: $0.components) }) else { continue }
            reported.append(path)
            let shown = ref.text == ref.path.description ? "'\(ref.text)'" : "'\(ref.text)' (\(ref.path))"
            advice.warning(
                CoreMessages.neverActs(["shown": shown], messages: ["reader": ref.reader.message, "hint": suggestion(for: ref)]),
                at: ref.mark)
        }
    }

    /// "did you mean" a name beside the one written (same parent), said as it was written: `sku` for `skuu`.
    private func suggestion(for ref: FieldReference) -> Message {
        guard case .key(let last)? = ref.path.components.last else { return .empty }
        let parent = FieldPath(Array(ref.path.components.dropLast())).general
        let siblings = known.compactMap { p -> String? in
            guard case .key(let k)? = p.components.last, FieldPath(Array(p.components.dropLast())) == parent else { return nil }
            return k
        }
        guard let better = Suggestion.closest(to: last, in: siblings.sorted()) else { return .empty }
        let written = ref.text.hasSuffix(last) ? String(ref.text.dropLast(last.count)) + better : better
        return ConfigMessages.didYouMean(["name": written])
    }

    /// A warning for each condition value that the field's own checks refuse: that part of the
    /// condition never holds (`enum: [Shipped]` where `status` allows `shipped`).
    mutating func check(_ conditions: [ConditionValues], rules: [FieldRule]) {
        for condition in conditions {
            guard let rule = rules.first(where: { $0.path.general == condition.field.general }) else { continue }
            let own = rule.checks.compactMap { $0 as? PluginCheckNode }.filter(\.check.readsOnlyItsValue)
            guard !own.isEmpty else { continue }
            for value in condition.values {
                guard let doc = try? JSONDocument(bytes: Array(NodeJSON.json(value).utf8)) else { continue }
                let context = EvaluationContext(record: doc.root, asOfMillis: 0)
                guard let refusing = own.first(where: { !$0.passes(doc.root, context) }) else { continue }
                let explain = LocalizedText(en: refusing.check.explain(.en), zh: refusing.check.explain(.zh))
                advice.warning(
                    CoreMessages.conditionNeverHolds(
                        ["path": "\(rule.path)"],
                        messages: [
                            "value": value.scalarText.map { .verbatim("'\($0)'") } ?? value.kindMessage, "explain": .localized(explain),
                            "hint": Suggestion.hint(value.scalarText ?? "", in: Self.allowed(own)),
                        ]), at: value.mark)
            }
        }
    }

    /// The texts an `enum` check of the field allows, for a did-you-mean.
    private static func allowed(_ checks: [PluginCheckNode]) -> [String] {
        checks.filter { $0.kind == "enum" }.flatMap { $0.check.allowedTexts ?? [] }
    }
}
