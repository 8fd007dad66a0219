import SiftJSON
import SiftMessages
import SiftConfig
import SiftExpr

/// Compiles one pack file: its selector, fields, plugin sections and examples.
struct PackCompiler {
    static let packKeys = [
        "version", "pack", "description", "applies_to", "include", "validators", "null", "report", "fields", "record", "examples",
        "fail_when", "warn_when", "exec_checks",
    ]
    static let libraryKeys: Set<String> = ["version", "description", "include", "validators", "exec_checks"]
    static let fieldKeys = [
        "required", "null", "report", "reason", "checks", "count", "unique_in_run", "unique_across_runs", "description",
    ]

    /// How a pack's fields treat null and how many failures they report, unless a field says otherwise.
    struct FieldDefaults {
        var nullIsValue = false
        var firstOnly = false
    }

    let registry: PluginRegistry
    var diagnostics = DiagnosticList()
    /// Lint's advice on (see `RulesLoader.advice`).
    var advises = false
    /// The advice, kept apart: it is shown only when the rules have no errors.
    var advice = DiagnosticList()
    /// Option values that replace the rules' own.
    var overrides: [String: String] = [:]
    /// Other files the sections read (a JSON Schema), for located messages.
    var sources: [String: String] = [:]
    /// The `count:` of the fields of the pack being compiled.
    var counts: [CountStage.Rule] = []
    /// The `unique_in_run:` of the fields of the pack being compiled.
    var uniqueInRun: [UniqueRunStage.Rule] = []
    /// The name of the pack being compiled.
    var packName = ""
    /// Packs compiled without `applies_to`, with where they start.
    var packsForEveryRecord: [(name: String, mark: Mark)] = []

    init(registry: PluginRegistry) { self.registry = registry }

    mutating func compile(_ file: RuleFile, _ node: ConfigNode, validators: [String: NamedValidator], root: String) -> Pack? {
        let before = diagnostics.errors.count
        let pairs = node.pairs ?? []
        let sectionKeys = Array(registry.sections.keys)
        for p in pairs {
            guard let k = p.key.scalarText else { continue }
            if !Self.packKeys.contains(k), registry.sections[k] == nil {
                diagnostics.error(
                    CoreMessages.unknownKeyRulePackKeys(
                        ["k": "\(k)", "section_keys": "\((Self.packKeys + sectionKeys.sorted()).joined(separator: ", "))"],
                        messages: ["hint": Suggestion.hint(k, in: Self.packKeys + sectionKeys)]), at: p.key.mark)
            }
        }
        if let v = node["version"], v.resolved != .int(1) {
            diagnostics.error(CoreMessages.siftReadsRulesVersionFound(messages: ["v_kind": v.kindMessage]), at: v.mark)
        }
        let name = node["pack"]?.scalarText ?? Self.baseName(file.display)
        packName = name
        var context = BuildContext(directory: file.directory, root: root, pack: name)
        context.overrides = overrides
        var selectors = SelectorCompiler()
        let selector = selectors.compile(node["applies_to"])
        diagnostics.append(contentsOf: selectors.diagnostics.items)

        let defaults = FieldDefaults(
            nullIsValue: choice(node["null"], "null", ["missing", "value"]) == "value",
            firstOnly: choice(node["report"], "report", ["all", "first"]) == "first")
        var stages: [any Stage] = []
        var fieldRules: [FieldRule] = []
        var named: [FieldPath] = []  // what a closed record allows: the fields, and those conditions read
        var references: [FieldReference] = [], conditionValues: [ConditionValues] = [], allowed: [FieldPath] = []
        if let fields = node["fields"] {
            var checks = CheckCompiler(registry: registry, validators: validators, context: context)
            checks.declaredTypes = DeclaredTypes.scan(fields)
            let column = pairs.first { $0.key.scalarText == "fields" }?.key.mark.column ?? 1
            let rules = compileFields(fields, &checks, defaults: defaults, fieldsColumn: column)
            for rule in rules { rule.findContainers(among: rules) }
            fieldRules = rules
            named = rules.map(\.path) + checks.conditionFields
            references = checks.context.references
            conditionValues = checks.conditionValues
            diagnostics.append(contentsOf: checks.context.diagnostics.items)
            CheckCompiler.adviseOnNegations(checks.negations, rules: rules, &diagnostics)
            var comparisons = ComparisonResolver()
            comparisons.resolve(checks.comparisons, rules: rules)
            diagnostics.append(contentsOf: comparisons.diagnostics.items)
            stages.append(FieldsStage(rules: rules))
            if !counts.isEmpty { stages.append(CountStage(rules: counts)) }
            stages += uniqueInRun.map(UniqueRunStage.init)
            counts = []
            uniqueInRun = []
        }
        if let record = node["record"] {
            var compiler = RecordCompiler()
            if let stage = compiler.compile(record, declared: named, nullIsValue: defaults.nullIsValue) {
                stages.append(stage)
            }
            diagnostics.append(contentsOf: compiler.diagnostics.items)
            references += compiler.references
            allowed = compiler.allowed
        }
        for p in pairs {
            guard let k = p.key.scalarText, let plugin = registry.sections[k] else { continue }
            ReadRecorder.readsEverything()  // a section's stage may read any part of a record
            context.diagnostics = DiagnosticList()
            if let opts = OptionValidator().validate(p.value, against: plugin.spec, diagnostics: &context.diagnostics),
                let stage = plugin.make(opts, &context)
            {
                stages.append(stage)
            }
            diagnostics.append(contentsOf: context.diagnostics.items)
            sources.merge(context.sources) { a, _ in a }
        }
        if !context.sectionFields.isEmpty {
            // The sections' fields run in the pack's fields stage, after its own: one pass over the record.
            let own = (stages.first as? FieldsStage)?.rules ?? []
            let merged = FieldsStage(rules: own + context.sectionFields.map(FieldRule.init))
            if stages.first is FieldsStage { stages[0] = merged } else { stages.insert(merged, at: 0) }
        }
        let declaresRules =
            node["fields"] != nil || node["record"] != nil || pairs.contains { registry.sections[$0.key.scalarText ?? ""] != nil }
        if !declaresRules {
            diagnostics.error(
                sectionKeys.isEmpty
                    ? CoreMessages.packHasNoRules(["name": name])
                    : CoreMessages.packHasNoRulesSections(["name": name, "sections": sectionKeys.sorted().joined(separator: ", ")]),
                at: node.mark)
        }
        let examples = compileExamples(node["examples"])
        let thresholds = compileThresholds(node)
        if advises {
            let sectionsOnly = stages.contains {
                !($0 is FieldsStage) && !($0 is RecordStage) && !($0 is CountStage) && !($0 is UniqueRunStage)
            }
            let recordCodes = stages.flatMap(Self.ownCodes).map(\.text)
            adviseOn(name, node, fieldRules, examples: examples, fieldsOnly: !sectionsOnly, recordCodes: recordCodes)
            adviseOnAlternatives(selectors.alternativesOfAny, of: selector, examples: examples)
            var lint = NeverActsLint(rules: fieldRules, examples: examples, allowed: allowed)
            lint.check(references)
            lint.check(conditionValues, rules: fieldRules)
            advice.append(contentsOf: lint.advice.items)
        }
        guard diagnostics.errors.count == before else { return nil }
        return Pack(
            name: name, file: file.display, selector: selector, stages: stages, examples: examples, thresholds: thresholds,
            description: node["description"].flatMap { describe($0) })
    }

    /// `description:` as text, or per language: `{en: ..., zh: ...}`.
    private mutating func describe(_ node: ConfigNode) -> LocalizedText? {
        if let t = node.scalarText { return LocalizedText(t) }
        guard let en = node["en"]?.scalarText, let zh = node["zh"]?.scalarText, node.pairs?.count == 2 else {
            diagnostics.error(CoreMessages.descriptionTextEnZh(), at: node.mark)
            return nil
        }
        return LocalizedText(en: en, zh: zh)
    }

    /// The codes a core stage other than the fields' may report, for lint.
    private static func ownCodes(_ stage: any Stage) -> [ReasonCode] {
        switch stage {
        case let s as RecordStage: s.reasonCodes
        case let s as CountStage: s.reasonCodes
        case let s as UniqueRunStage: s.reasonCodes
        default: []
        }
    }

    static func baseName(_ path: String) -> String {
        var base = path.split(separator: "/").last.map(String.init) ?? path
        for ext in [".yaml", ".yml"] where base.hasSuffix(ext) { base.removeLast(ext.count) }
        return base
    }

    private mutating func compileFields(
        _ node: ConfigNode, _ checks: inout CheckCompiler, defaults: FieldDefaults, fieldsColumn: Int
    ) -> [FieldRule] {
        guard let pairs = node.pairs else {
            diagnostics.error(CoreMessages.fieldsMappingFromFieldPaths(messages: ["node_kind": node.kindMessage]), at: node.mark)
            return []
        }
        var rules: [FieldRule] = []
        for (n, p) in pairs.enumerated() {
            guard let text = p.key.scalarText else { continue }
            if isDedentedOption(p, above: n > 0 ? pairs[n - 1] : nil) || isIndentedSection(p, fieldsColumn: fieldsColumn) { continue }
            if case .scalar(let sc) = p.key.kind, sc.isPlain, let colon = text.firstIndex(of: ":"),
                text[text.index(after: colon)...].first.map({ "{['\"".contains($0) }) == true
            {
                // `phone:{regex: x}`: no space after the first colon, so YAML read one key.
                let fixed = String(text[..<colon]) + ": " + String(text[text.index(after: colon)...])
                diagnostics.error(
                    CoreMessages.hasSpaceAfterSoYaml(["value": "\(text)", "fixed": "\(fixed)"]),
                    at: p.key.mark)
                continue
            }
            let path: FieldPath
            do { path = try FieldPath(parsing: text) } catch {
                diagnostics.error(error.problem, at: p.key.mark)
                continue
            }
            checks.field = path
            if let rule = compileField(path, p, &checks, defaults: defaults) { rules.append(rule) }
        }
        return rules
    }

    /// One entry of `fields:`: a list of checks, or a mapping with `required`, `null`, `report`, `checks`...
    private mutating func compileField(
        _ path: FieldPath, _ p: ConfigNode.Pair, _ checks: inout CheckCompiler,
        defaults: FieldDefaults
    ) -> FieldRule? {
        let text = path.description
        var required = FieldRule.Requirement.always
        var nullIsValue = defaults.nullIsValue, firstOnly = defaults.firstOnly
        var prefix = text
        var checkNode: ConfigNode? = p.value
        var countNode: ConfigNode?, uniqueNodes: [ConfigNode.Pair] = []
        if let fp = p.value.pairs, fp.contains(where: { Self.fieldKeys.contains($0.key.scalarText ?? "") }) {
            checkNode = nil
            for q in fp {
                switch q.key.scalarText ?? "" {
                case "required": required = requirement(q.value, &checks, prefix: prefix)
                case "null": nullIsValue = choice(q.value, "null", ["missing", "value"]) == "value"
                case "report": firstOnly = choice(q.value, "report", ["all", "first"]) == "first"
                case "reason": prefix = checks.reasonCode(q.value)?.text ?? prefix
                case "checks": checkNode = q.value
                case "count": countNode = q.value
                case "unique_in_run", "unique_across_runs": uniqueNodes.append(q)
                case "description": break
                default:
                    let k = q.key.scalarText ?? ""
                    diagnostics.error(
                        CoreMessages.unknownKeyFieldKeys(
                            ["k": "\(k)", "value": "\(text)", "field_keys": "\(Self.fieldKeys.joined(separator: ", "))"],
                            messages: ["hint": Suggestion.hint(k, in: Self.fieldKeys)]), at: q.key.mark)
                }
            }
        } else if p.value.resolved == .null {
            checkNode = nil
        }
        let compiled = checkNode.map { checks.compileList($0, prefix: prefix) } ?? []
        if let countNode, let count = compileCount(countNode, path: path, prefix: prefix, nullIsValue: nullIsValue) {
            counts.append(count)
        }
        for q in uniqueNodes {
            if let unique = compileUnique(q, path: path, prefix: prefix, nullIsValue: nullIsValue) { uniqueInRun.append(unique) }
        }
        return FieldRule(
            path: path, required: required, nullIsValue: nullIsValue, firstOnly: firstOnly,
            reasonPrefix: prefix, checks: compiled, rule: p.key.mark)
    }

    /// `required: true | false | {when: {field: ..., <check>}}`.
    private mutating func requirement(_ node: ConfigNode, _ checks: inout CheckCompiler, prefix: String) -> FieldRule.Requirement {
        if case .bool(let b)? = node.resolved { return b ? .always : .never }
        guard let pairs = node.pairs, pairs.count == 1, pairs[0].key.scalarText == "when" else {
            diagnostics.error(CoreMessages.requiredTrueFalseWhenField(messages: ["node_kind": node.kindMessage]), at: node.mark)
            return .always
        }
        let cond = pairs[0].value
        // A formula reads the record: it needs no 'field:'.
        guard CheckCompiler.namesAField(cond) || cond["expr"] != nil else {
            diagnostics.error(
                CoreMessages.requiredWhenAboutAnotherField(),
                at: cond.mark)
            return .always
        }
        guard let condition = checks.compileCondition(cond, prefix: prefix) else { return .always }
        return .when(condition)
    }

    /// A scalar option with a fixed set of values; nil when absent (errors are reported).
    private mutating func choice(_ node: ConfigNode?, _ key: String, _ values: [String]) -> String? {
        guard let node else { return nil }
        guard let t = node.scalarText, values.contains(t) else {
            let got = node.scalarText.map { .verbatim("'\($0)'") } ?? node.kindMessage
            let shown = values.map { "'\($0)'" }
            diagnostics.error(
                CoreMessages.choiceOf(
                    ["key": key],
                    messages: [
                        "values": shown.dropFirst().reduce(.verbatim(shown.first ?? "")) {
                            CoreMessages.orValue(messages: ["first": $0, "second": .verbatim($1)])
                        },
                        "got": got, "hint": node.scalarText.map { Suggestion.hint($0, in: values) } ?? .empty,
                    ]), at: node.mark)
            return nil
        }
        return t
    }

    /// A `fail_when`/`warn_when` limit on a code no rule of the pack reports never trips: say so.
    private mutating func adviseOnThresholdReasons(_ node: ConfigNode, _ codes: [String]) {
        for level in ["fail_when", "warn_when"] {
            for r in node[level]?["reasons"]?.pairs ?? [] {
                guard let code = r.key.scalarText, !codes.contains(where: { code == $0 || code.hasPrefix($0 + ".") }),
                    !code.hasPrefix("input.")
                else { continue }
                advice.warning(
                    CoreMessages.limitsWhichRulePackReports(
                        ["level": "\(level)", "code": "\(code)"], messages: ["hint": Suggestion.hint(code, in: codes)]), at: r.key.mark)
            }
        }
    }

    /// Lint's advice on one pack: no examples, no `applies_to`, example reasons that no rule
    /// reports (fields-only packs), numbers where the checks expect text.
    private mutating func adviseOn(
        _ name: String, _ node: ConfigNode, _ rules: [FieldRule], examples: [Example], fieldsOnly: Bool, recordCodes: [String]
    ) {
        if node["applies_to"] == nil { packsForEveryRecord.append((name, node.mark)) }
        if examples.isEmpty {
            advice.warning(
                CoreMessages.packHasExamplesAddValid(["name": "\(name)"]), at: node.mark)
        }
        if fieldsOnly {
            let codes =
                rules.flatMap { [$0.requiredReason.text] + $0.checks.flatMap(\.reasonCodes).map(\.text) }
                + [ReasonCode.Record.noPack.text] + recordCodes
            // An example checked by every pack (`packs: all`) may expect any pack's codes.
            for example in examples where !example.allPacks {
                guard case .reasons(let expected) = example.expectation else { continue }
                // Said at the code in 'reasons:', where the misspelling is, not at the example's first line.
                let reasons = node["examples"]?.items?.first(where: { $0.mark == example.mark })?["reasons"]
                for r in expected.map(\.text) where !codes.contains(where: { r == $0 || r.hasPrefix($0 + ".") }) && !r.hasPrefix("input.") {
                    let at = (reasons?.items ?? reasons.map { [$0] })?.first(where: { $0.scalarText == r })?.mark ?? example.mark
                    advice.warning(
                        CoreMessages.exampleExpectsWhichRulePack(["r": "\(r)"], messages: ["hint": Suggestion.hint(r, in: codes)]), at: at)
                }
            }
            adviseOnThresholdReasons(node, codes)
        }
        for item in node["examples"]?.items ?? [] {
            guard let record = item["record"] else { continue }
            // An example that expects this field to fail may hold a number on purpose.
            var expected: [String] = []
            if case .reasons(let r)? = examples.first(where: { $0.mark == item.mark })?.expectation { expected = r.map(\.text) }
            for rule in rules
            where rule.checks.contains(where: \.expectsText)
                && ComparisonResolver.reading(rule.checks).map({ if case .number = $0 { false } else { true } }) ?? true
                && !expected.contains(where: { $0.hasPrefix(rule.reasonPrefix + ".") })
            {
                for at in Self.nodes(at: rule.path.components[...], in: record) {
                    guard case .scalar(let sc) = at.kind, sc.isPlain, at.resolved?.isNumber == true else { continue }
                    advice.warning(
                        CoreMessages.readNumberHereButChecks(["sc": "\(sc.text)", "path": "\(rule.path)"]), at: at.mark)
                }
            }
        }
    }

    /// The nodes of an example's record at a field path, `[*]` going into every item.
    private static func nodes(at path: ArraySlice<FieldPath.Component>, in node: ConfigNode) -> [ConfigNode] {
        guard let c = path.first else { return [node] }
        switch c {
        case .key(let k): return node[k].map { nodes(at: path.dropFirst(), in: $0) } ?? []
        case .wildcard: return (node.items ?? []).flatMap { nodes(at: path.dropFirst(), in: $0) }
        case .index(let i): return node.items.flatMap { i < $0.count ? nodes(at: path.dropFirst(), in: $0[i]) : nil } ?? []
        }
    }
}
