import SiftJSON
import SiftMessages
import SiftConfig
import SiftExpr

/// A reusable validator defined under `validators:`, compiled at each place it is used.
struct NamedValidator {
    let name: String
    let node: ConfigNode
    let nameMark: Mark
}

/// Compiles check nodes (plugin checks, `all`/`any`/`not`/`when`, `use`) into `CheckNode`s.
package struct CheckCompiler {
    package static let compositionKeys =
        ["all", "any", "one_of", "not", "when", "use", "contains", "sum_of", "expr"] + CompareNode.Relation.allCases.map(\.rawValue)
    static let modifierKeys = ["message", "reason"]

    let registry: PluginRegistry
    let validators: [String: NamedValidator]
    var context: BuildContext
    /// The field whose checks are being compiled: relative condition paths (`.kind`) start beside it.
    var field: FieldPath? {
        get { context.field }
        set { context.field = newValue }
    }
    /// What the pack's fields say they hold, for formulas (`DeclaredTypes`).
    var declaredTypes: [FieldPath: Expr.ValueType] = [:]
    /// The negated conditions on other fields (`not: {field: x, ...}`), with where each is written.
    var negations: [(FieldPath, String, Mark)] = []
    /// The `enum` values conditions ask fields to have, for lint (`NeverActsLint`).
    var conditionValues: [ConditionValues] = []
    /// Every field a condition reads (`when: {field: ...}`), resolved: fields a closed record allows.
    var conditionFields: [FieldPath] = []
    /// The comparisons with other fields, with the field each is on: `ComparisonResolver` decides
    /// how each reads its values once every field is compiled.
    var comparisons: [(node: CompareNode, field: FieldPath)] = []
    private var using: [String] = []
    private let optionValidator = OptionValidator()

    init(registry: PluginRegistry, validators: [String: NamedValidator], context: BuildContext) {
        self.registry = registry
        self.validators = validators
        self.context = context
    }

    /// A field's `checks:`: a list of checks, or one check.
    mutating func compileList(_ node: ConfigNode, prefix: String) -> [any CheckNode] {
        (node.items ?? [node]).compactMap { compile($0, prefix: prefix) }
    }

    mutating func compile(_ node: ConfigNode, prefix: String, allowField: Bool = false) -> (any CheckNode)? {
        switch node.kind {
        case .scalar(let s):
            return compileName(s.text, at: node.mark, prefix: prefix)
        case .sequence:
            let children = compileList(node, prefix: prefix)
            return AllNode(children: children)
        case .mapping(let pairs):
            return compileMapping(node, pairs, prefix: prefix, allowField: allowField)
        }
    }

    /// A bare name in a check list: a plugin with no required options, or a named validator.
    private mutating func compileName(_ name: String, at mark: Mark, prefix: String) -> (any CheckNode)? {
        if registry.checks[name] != nil {
            return compilePlugin(name, options: ConfigNode(.mapping([]), mark: mark), at: mark, prefix: prefix, reason: nil, message: nil)
        }
        if validators[name] != nil { return use(name, at: mark, prefix: prefix) }
        context.error(CoreMessages.unknownCheckOrValidator(["name": name], messages: ["hint": suggestion(forUnknown: name)]), at: mark)
        return nil
    }

    /// What the author probably meant by an unknown bare name in a check list.
    private func suggestion(forUnknown name: String) -> Message {
        if ["required", "optional"].contains(name) { return CoreMessages.hintFieldOption(["name": name]) }
        if name == "nullable" { return CoreMessages.hintNullOption(["name": "null"]) }
        // A value of some check's option: `- gb11643` for `checksum: gb11643`, `- string` for `type: string`.
        for (kind, plugin) in registry.checks.sorted(by: { $0.key < $1.key }) {
            for option in plugin.spec.options where Self.choices(option.type).contains(name) {
                return CoreMessages.hintOptionValue(["kind": kind, "name": name])
            }
        }
        if let file = RuleLibraries.defining(name, under: context.root, from: context.directory) {
            return CoreMessages.hintInclude(["name": name, "file": file])
        }
        return Suggestion.hint(name, in: Array(registry.checks.keys) + Array(validators.keys))
    }

    private static func choices(_ type: PluginSpec.OptionType) -> [String] {
        switch type {
        case .choice(let values): return values
        case .list(let inner): return choices(inner)
        case .oneOf(let types): return types.flatMap(choices)
        default: return []
        }
    }

    private mutating func compileMapping(_ node: ConfigNode, _ pairs: [ConfigNode.Pair], prefix: String, allowField: Bool) -> (
        any CheckNode
    )? {
        let allowedExtra = Self.modifierKeys + ["then", "else", "tolerance"] + (allowField ? ["field"] : [])
        let known = Array(registry.checks.keys) + Self.compositionKeys
        let (kinds, extra, unknown) = Self.sortKeys(pairs, known: known, allowedExtra: allowedExtra)
        reportUnknown(unknown, kinds: kinds, suggesting: known + allowedExtra)
        guard let (kind, pair) = onlyKind(kinds, reportedUnknown: !unknown.isEmpty, known: known, at: node.mark) else { return nil }
        if kind != "when" {
            for k in ["then", "else"] where extra[k] != nil {
                context.error(CoreMessages.belongsWhenCheck(["k": "\(k)"]), at: extra[k]!.key.mark)
            }
        }
        if kind != "expr", let t = extra["tolerance"] {
            context.error(CoreMessages.toleranceBelongsExprCheckHere(), at: t.key.mark)
        }
        let reason = extra["reason"].flatMap { reasonCode($0.value) }
        let message = extra["message"].flatMap { localized($0.value) }
        return compileKind(kind, pair, extra: extra, prefix: prefix, reason: reason, message: message)
    }

    /// Sorts a check mapping's pairs, in order, into check kinds, allowed extra keys (by name) and unknown keys.
    private static func sortKeys(_ pairs: [ConfigNode.Pair], known: [String], allowedExtra: [String]) -> (
        kinds: [(String, ConfigNode.Pair)], extra: [String: ConfigNode.Pair], unknown: [ConfigNode.Pair]
    ) {
        var kinds: [(String, ConfigNode.Pair)] = []
        var extra: [String: ConfigNode.Pair] = [:]
        var unknown: [ConfigNode.Pair] = []
        for p in pairs {
            guard let k = p.key.scalarText else { continue }
            if known.contains(k) {
                kinds.append((k, p))
            } else if allowedExtra.contains(k) {
                extra[k] = p
            } else {
                unknown.append(p)
            }
        }
        return (kinds, extra, unknown)
    }

    /// Reports each unknown key: as an option to put inside the mapping's check, or with a suggestion from `names`.
    private mutating func reportUnknown(_ unknown: [ConfigNode.Pair], kinds: [(String, ConfigNode.Pair)], suggesting names: [String]) {
        for p in unknown {
            let k = p.key.scalarText ?? ""
            if let (kind, _) = kinds.first, let spec = registry.checks[kind]?.spec, spec.options.contains(where: { $0.name == k }) {
                context.error(
                    CoreMessages.optionPutInside(
                        ["k": k, "kind": kind, "name": spec.options.first { $0.required }?.name ?? spec.options[0].name]),
                    at: p.key.mark)
            } else if ["count", "unique_in_run", "unique_across_runs", "required", "null", "report"].contains(k) {
                context.error(
                    CoreMessages.optionFieldCheckWriteBeside(["k": "\(k)"]),
                    at: p.key.mark)
            } else {
                context.error(CoreMessages.unknownCheck(["k": "\(k)"], messages: ["hint": Suggestion.hint(k, in: names)]), at: p.key.mark)
            }
        }
    }

    /// The mapping's one check kind and its pair; nil, after an error, when it has none or several
    /// (none is not reported again when unknown keys were).
    private mutating func onlyKind(
        _ kinds: [(String, ConfigNode.Pair)], reportedUnknown: Bool, known: [String], at mark: Mark
    ) -> (String, ConfigNode.Pair)? {
        guard let (kind, pair) = kinds.first else {
            if reportedUnknown { return nil }
            context.error(CoreMessages.checkNeedsOne(["known": "\(known.sorted().joined(separator: ", "))"]), at: mark)
            return nil
        }
        if kinds.count > 1 {
            context.error(
                CoreMessages.oneCheckPerListItem(["kind": "\(kind)", "kinds": "\(kinds[1].0)"]), at: kinds[1].1.key.mark)
            return nil
        }
        return (kind, pair)
    }

    /// Compiles the check `kind` (a composition, `use` or a plugin) whose value is `pair.value`, with its modifiers.
    private mutating func compileKind(
        _ kind: String, _ pair: ConfigNode.Pair, extra: [String: ConfigNode.Pair], prefix: String, reason: ReasonCode?,
        message: LocalizedText?
    ) -> (any CheckNode)? {
        let mark = pair.key.mark
        let value = pair.value
        switch kind {
        case "use":
            guard let name = value.scalarText else {
                context.error(CoreMessages.useTakesNameValidator(messages: ["value_kind": value.kindMessage]), at: value.mark)
                return nil
            }
            guard let inner = use(name, at: value.mark, prefix: prefix) else { return nil }
            return reason == nil && message == nil ? inner : RelabelNode(child: inner, reason: reason, message: message)
        case "all":
            guard value.items != nil else {
                context.error(CoreMessages.allTakesListChecks(messages: ["value_kind": value.kindMessage]), at: value.mark)
                return nil
            }
            if value.items?.isEmpty == true { context.error(CoreMessages.allNeedsAtLeastOne(), at: value.mark) }
            let inner = AllNode(children: compileList(value, prefix: prefix))
            return reason == nil && message == nil ? inner : RelabelNode(child: inner, reason: reason, message: message)
        case "any", "one_of":
            guard value.items != nil else {
                context.error(
                    CoreMessages.takesListChecks(["kind": "\(kind)"], messages: ["value_kind": value.kindMessage]), at: value.mark)
                return nil
            }
            if value.items?.isEmpty == true {
                context.error(CoreMessages.needsAtLeastOneCheck(["kind": "\(kind)"]), at: value.mark)
                return nil
            }
            let code = reason ?? ReasonCode("\(prefix).\(kind)")
            if kind == "one_of" {
                return OneOfNode(children: compileList(value, prefix: prefix), reason: code, message: message, rule: mark)
            }
            adviseOnCoveringBranches(value.items ?? [])
            return AnyNode(children: compileList(value, prefix: prefix), reason: code, message: message, rule: mark)
        case "not":
            guard let child = compile(value, prefix: prefix) else { return nil }
            return NotNode(child: child, reason: reason ?? ReasonCode("\(prefix).not"), message: message, rule: mark)
        case "contains":
            guard let child = compile(value, prefix: prefix) else { return nil }
            return ContainsNode(child: child, reason: reason ?? ReasonCode("\(prefix).contains"), message: message, rule: mark)
        case "sum_of":
            return compileSum(value, at: mark, prefix: prefix, reason: reason, message: message)
        case "expr":
            return compileExpr(value, tolerance: extra["tolerance"]?.value, at: mark, prefix: prefix, reason: reason, message: message)
        case "when":
            return compileWhen(value, then: extra["then"], else: extra["else"], at: mark, prefix: prefix, reason: reason, message: message)
        default:
            if let relation = CompareNode.Relation(rawValue: kind) {
                return compileComparison(relation, value, at: mark, prefix: prefix, reason: reason, message: message)
            }
            return compilePlugin(kind, options: value, at: mark, prefix: prefix, reason: reason, message: message)
        }
    }

    private mutating func compileWhen(
        _ cond: ConfigNode, then: ConfigNode.Pair?, else otherwise: ConfigNode.Pair?, at mark: Mark,
        prefix: String, reason: ReasonCode?, message: LocalizedText?
    ) -> (any CheckNode)? {
        guard let then else {
            context.error(CoreMessages.whenNeedsThenCheckBeside(), at: mark)
            return nil
        }
        let condition = compileCondition(cond, prefix: prefix)
        let thenNode = compile(then.value, prefix: prefix)
        let elseNode = otherwise.flatMap { compile($0.value, prefix: prefix) }
        guard let condition, let thenNode else { return nil }
        if otherwise != nil, elseNode == nil { return nil }
        let node = WhenNode(condition: condition, then: thenNode, otherwise: elseNode)
        return reason == nil && message == nil ? node : RelabelNode(child: node, reason: reason, message: message)
    }

    /// `any: [{type: string}, {not: {type: string}}]`: a branch and its negation accept every value
    /// between them, so the `any` never fails.
    private mutating func adviseOnCoveringBranches(_ branches: [ConfigNode]) {
        let texts = branches.map { NodeJSON.json($0) }
        for branch in branches {
            guard let pairs = branch.pairs, pairs.count == 1, pairs[0].key.scalarText == "not",
                texts.contains(NodeJSON.json(pairs[0].value))
            else { continue }
            context.warning(
                CoreMessages.branchAnotherBranchSameAny(), at: branch.mark)
            return
        }
    }

    mutating func conditionPath(_ text: String, at mark: Mark, reader: FieldReference.Reader = .condition) -> FieldPath? {
        if text.hasPrefix(".") {
            guard let field, !field.components.isEmpty else {
                context.error(CoreMessages.namesFieldBesideOneBeing(["value": "\(text)"]), at: mark)
                return nil
            }
            do {
                let rest = try FieldPath(parsing: String(text.dropFirst()))
                return FieldPath(Array(field.components.dropLast()) + rest.components)
            } catch {
                context.error(error.problem, at: mark)
                return nil
            }
        }
        let path: FieldPath
        do { path = try FieldPath(parsing: text) } catch {
            context.error(error.problem, at: mark)
            return nil
        }
        if path.hasWildcard {
            wildcardInPath(text, path, comparison: reader == .comparison, at: mark)
            return nil
        }
        return path
    }

    /// A path with `[*]` where one value is read.
    private mutating func wildcardInPath(_ text: String, _ path: FieldPath, comparison: Bool, at mark: Mark) {
        switch (field, comparison) {
        case (let f?, false) where f.hasWildcard:
            context.error(
                CoreMessages.conditionReadsOneValueWould(["value": "\(text)", "f": "\(f)", "path": "\(Self.lastKey(path))"]), at: mark)
        case (let f?, true) where f.hasWildcard:
            context.error(
                CoreMessages.comparisonReadsOneValueWould(["value": "\(text)", "f": "\(f)", "path": "\(Self.lastKey(path))"]), at: mark)
        case (_, false): context.error(CoreMessages.conditionReadsOneValueWould2(["value": "\(text)"]), at: mark)
        case (_, true): context.error(CoreMessages.comparisonReadsOneValueWould2(["value": "\(text)"]), at: mark)
        }
    }

    private static func lastKey(_ path: FieldPath) -> String {
        if case .key(let k)? = path.components.last { return k }
        return "name"
    }

    private mutating func compilePlugin(
        _ kind: String, options: ConfigNode, at mark: Mark, prefix: String,
        reason: ReasonCode?, message: LocalizedText?
    ) -> (any CheckNode)? {
        guard let plugin = registry.checks[kind] else { return nil }
        // `- trimmed:` (no value) means no options; `type: null` means the word null, which the
        // check's main option takes.
        let takesNull = plugin.spec.shorthand.flatMap { s in plugin.spec.options.first { $0.name == s } }.map {
            Self.choices($0.type).contains("null")
        }
        let options =
            options.resolved == .null && !(takesNull == true && options.scalarText == "null")
            ? ConfigNode(.mapping([]), mark: options.mark) : options
        guard let opts = optionValidator.validate(options, against: plugin.spec, diagnostics: &context.diagnostics) else { return nil }
        guard let check = plugin.make(opts, &context) else { return nil }
        if !check.readsOnlyItsValue { ReadRecorder.readsEverything() }
        return PluginCheckNode(kind: kind, check: check, reason: reason ?? ReasonCode("\(prefix).\(kind)"), message: message, rule: mark)
    }

    private mutating func use(_ name: String, at mark: Mark, prefix: String) -> (any CheckNode)? {
        guard let v = validators[name] else {
            context.error(
                CoreMessages.unknownValidator(["name": "\(name)"], messages: ["hint": Suggestion.hint(name, in: validators.keys)]), at: mark
            )
            return nil
        }
        if using.contains(name) {
            context.error(
                CoreMessages.validatorUsesItself(["name": "\(name)", "name2": "\((using + [name]).joined(separator: " → "))"]), at: mark)
            return nil
        }
        using.append(name)
        defer { using.removeLast() }
        return compile(v.node, prefix: prefix).map { NamedNode(name: name, child: $0) }
    }

    mutating func reasonCode(_ node: ConfigNode) -> ReasonCode? {
        guard let t = node.scalarText, !t.isEmpty,
            t.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0) })
        else {
            context.error(CoreMessages.reasonCodeWordLikePhone(), at: node.mark)
            return nil
        }
        return ReasonCode(t)
    }

    /// `message:` as text, or per language: `{en: ..., zh: ...}`.
    mutating func localized(_ node: ConfigNode) -> LocalizedText? {
        if case .scalar(let sc) = node.kind, sc.isPlain, node.resolved?.isNumber == true {
            context.warning(CoreMessages.readNumberHereButMessage(["sc": "\(sc.text)"]), at: node.mark)
        }
        if let t = node.scalarText { return LocalizedText(t) }
        guard let pairs = node.pairs else {
            context.error(CoreMessages.messageTextMappingLanguagesEn(), at: node.mark)
            return nil
        }
        var texts: [Language: String] = [:]
        for p in pairs {
            guard let k = p.key.scalarText, let lang = Language(rawValue: k) else {
                let k = p.key.scalarText ?? ""
                context.error(
                    CoreMessages.unknownLanguageLanguagesEnZh(
                        ["k": "\(k)"], messages: ["hint": Suggestion.hint(k, in: Language.allCases.map(\.rawValue))]),
                    at: p.key.mark)
                continue
            }
            guard let t = p.value.scalarText else {
                context.error(
                    CoreMessages.messageShouldText(["k": "\(k)"], messages: ["value_kind": p.value.kindMessage]), at: p.value.mark)
                continue
            }
            texts[lang] = t
        }
        guard let any = texts[.en] ?? texts[.zh] else { return nil }
        return LocalizedText(en: texts[.en] ?? any, zh: texts[.zh] ?? any)
    }
}
