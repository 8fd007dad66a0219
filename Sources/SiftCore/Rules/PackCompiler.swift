/// Compiles one pack file: its selector, fields, plugin sections and examples.
struct PackCompiler {
    static let packKeys = ["version", "pack", "description", "applies_to", "include", "validators", "fields", "examples"]
    static let libraryKeys: Set<String> = ["version", "description", "include", "validators"]
    static let fieldKeys = ["required", "reason", "checks", "description"]

    let registry: PluginRegistry
    var diagnostics = DiagnosticList()

    init(registry: PluginRegistry) { self.registry = registry }

    mutating func compile(_ file: RuleFile, _ node: ConfigNode, validators: [String: NamedValidator], root: String) -> Pack? {
        let before = diagnostics.errors.count
        let pairs = node.pairs ?? []
        let sectionKeys = Array(registry.sections.keys)
        for p in pairs {
            guard let k = p.key.scalarText else { continue }
            if !Self.packKeys.contains(k), registry.sections[k] == nil {
                diagnostics.error("unknown key '\(k)' in a rule pack" + Suggestion.didYouMean(k, in: Self.packKeys + sectionKeys)
                                  + " (keys: \((Self.packKeys + sectionKeys.sorted()).joined(separator: ", ")))", at: p.key.mark)
            }
        }
        if let v = node["version"], v.resolved != .int(1) {
            diagnostics.error("this Sift reads rules version 1; found \(v.kindDescription)", at: v.mark)
        }
        let name = node["pack"]?.scalarText ?? Self.baseName(file.display)
        var context = BuildContext(directory: file.directory, root: root, pack: name)
        let selector = compileSelector(node["applies_to"])

        var stages: [any Stage] = []
        if let fields = node["fields"] {
            var checks = CheckCompiler(registry: registry, validators: validators, context: context)
            let rules = compileFields(fields, &checks)
            diagnostics.append(contentsOf: checks.context.diagnostics.items)
            stages.append(FieldsStage(rules: rules))
        }
        for p in pairs {
            guard let k = p.key.scalarText, let plugin = registry.sections[k] else { continue }
            context.diagnostics = DiagnosticList()
            if let opts = OptionValidator().validate(p.value, against: plugin.spec, diagnostics: &context.diagnostics),
               let stage = plugin.make(opts, &context) {
                stages.append(stage)
            }
            diagnostics.append(contentsOf: context.diagnostics.items)
        }
        let declaresRules = node["fields"] != nil || pairs.contains { registry.sections[$0.key.scalarText ?? ""] != nil }
        if !declaresRules {
            diagnostics.error("the pack '\(name)' has no rules: add 'fields:'" + (sectionKeys.isEmpty ? "" : " or one of these sections: \(sectionKeys.sorted().joined(separator: ", "))"), at: node.mark)
        }
        let examples = compileExamples(node["examples"])
        guard diagnostics.errors.count == before else { return nil }
        return Pack(name: name, file: file.display, selector: selector, stages: stages, examples: examples)
    }

    static func baseName(_ path: String) -> String {
        var base = path.split(separator: "/").last.map(String.init) ?? path
        for ext in [".yaml", ".yml"] where base.hasSuffix(ext) { base.removeLast(ext.count) }
        return base
    }

    private mutating func compileFields(_ node: ConfigNode, _ checks: inout CheckCompiler) -> [FieldRule] {
        guard let pairs = node.pairs else {
            diagnostics.error("'fields' is a mapping from field paths to their checks, not \(node.kindDescription)", at: node.mark)
            return []
        }
        var rules: [FieldRule] = []
        for p in pairs {
            guard let text = p.key.scalarText else { continue }
            let path: FieldPath
            do { path = try FieldPath(parsing: text) } catch {
                diagnostics.error(error.message, at: p.key.mark)
                continue
            }
            var required = true
            var prefix = path.description
            var checkNode: ConfigNode? = p.value
            if let fp = p.value.pairs, fp.contains(where: { Self.fieldKeys.contains($0.key.scalarText ?? "") }) {
                checkNode = nil
                for q in fp {
                    switch q.key.scalarText ?? "" {
                    case "required":
                        if case .bool(let b)? = q.value.resolved { required = b } else {
                            diagnostics.error("'required' is true or false, not \(q.value.kindDescription)", at: q.value.mark)
                        }
                    case "reason": prefix = checks.reasonCode(q.value) ?? prefix
                    case "checks": checkNode = q.value
                    case "description": break
                    default:
                        let k = q.key.scalarText ?? ""
                        diagnostics.error("unknown key '\(k)' for field '\(text)'" + Suggestion.didYouMean(k, in: Self.fieldKeys)
                                          + " (keys: \(Self.fieldKeys.joined(separator: ", ")))", at: q.key.mark)
                    }
                }
            } else if p.value.resolved == .null {
                checkNode = nil
            }
            let compiled = checkNode.map { checks.compileList($0, prefix: prefix) } ?? []
            rules.append(FieldRule(path: path, required: required, reasonPrefix: prefix, checks: compiled, rule: p.key.mark))
        }
        return rules
    }

    private mutating func compileSelector(_ node: ConfigNode?) -> Selector {
        guard let node, node.scalarText != "all" else { return .all }
        guard let pairs = node.pairs, !pairs.isEmpty else {
            diagnostics.error("'applies_to' is 'all' or a mapping such as {kind: signup} or {has: receipt}, not \(node.kindDescription)", at: node.mark)
            return .all
        }
        var conditions: [Selector.Condition] = []
        for p in pairs {
            guard let k = p.key.scalarText else { continue }
            if k == "has" {
                for item in p.value.items ?? [p.value] {
                    if let path = path(item) { conditions.append(.has(path)) }
                }
                continue
            }
            guard let path = path(p.key) else { continue }
            var texts: [String] = []
            for item in p.value.items ?? [p.value] {
                guard case .scalar = item.kind else {
                    diagnostics.error("'applies_to' compares a field with a value or a list of values, not \(item.kindDescription)", at: item.mark)
                    continue
                }
                texts.append(NodeJSON.json(item))
            }
            conditions.append(.equals(path, texts))
        }
        return Selector(conditions: conditions)
    }

    private mutating func path(_ node: ConfigNode) -> FieldPath? {
        guard let t = node.scalarText else {
            diagnostics.error("a field path is text, not \(node.kindDescription)", at: node.mark)
            return nil
        }
        do { return try FieldPath(parsing: t) } catch {
            diagnostics.error(error.message, at: node.mark)
            return nil
        }
    }

    private mutating func compileExamples(_ node: ConfigNode?) -> [Example] {
        guard let node else { return [] }
        guard let items = node.items else {
            diagnostics.error("'examples' is a list of {record: ..., valid: true} or {record: ..., reasons: [...]}", at: node.mark)
            return []
        }
        let keys = ["name", "record", "json", "valid", "reasons"]
        var out: [Example] = []
        for item in items {
            guard let pairs = item.pairs else {
                diagnostics.error("an example is a mapping with 'record' and 'valid' or 'reasons', not \(item.kindDescription)", at: item.mark)
                continue
            }
            for p in pairs where !keys.contains(p.key.scalarText ?? "") {
                let k = p.key.scalarText ?? ""
                diagnostics.error("unknown key '\(k)' in an example" + Suggestion.didYouMean(k, in: keys) + " (keys: \(keys.joined(separator: ", ")))", at: p.key.mark)
            }
            var json: String?
            if let r = item["record"] {
                if r.pairs == nil { diagnostics.error("'record' is a mapping (the record's fields), not \(r.kindDescription)", at: r.mark) }
                json = NodeJSON.json(r)
            } else if let j = item["json"]?.scalarText {
                json = j
            } else {
                diagnostics.error("an example needs 'record' (YAML) or 'json' (JSON text)", at: item.mark)
            }
            var reasons: [String]? = nil
            if let r = item["reasons"] {
                reasons = (r.items ?? [r]).compactMap(\.scalarText)
            }
            var valid: Bool?
            if let v = item["valid"] {
                if case .bool(let b)? = v.resolved { valid = b } else {
                    diagnostics.error("'valid' is true or false, not \(v.kindDescription)", at: v.mark)
                }
            }
            if valid == nil, reasons == nil {
                diagnostics.error("say what the example expects: 'valid: true', or 'reasons: [...]'", at: item.mark)
            }
            if valid == true, let r = reasons, !r.isEmpty {
                diagnostics.error("an example cannot be 'valid: true' and list reasons", at: item["valid"]!.mark)
            }
            guard let json else { continue }
            let expectation: Example.Expectation = valid == true ? .valid : (reasons.map { .reasons($0) } ?? .invalid)
            out.append(Example(name: item["name"]?.scalarText, json: json, expectation: expectation, mark: item.mark))
        }
        return out
    }
}
