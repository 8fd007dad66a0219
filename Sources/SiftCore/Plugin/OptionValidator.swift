import SiftMessages
import SiftConfig

/// Validates YAML against a plugin spec, generically: unknown keys (with a did-you-mean),
/// missing options, wrong types and unknown choices. Reports every problem it finds.
package struct OptionValidator: Sendable {
    public init() {}

    /// Validates the node given for plugin `spec` and returns its options, or nil after
    /// reporting errors.
    public func validate(_ node: ConfigNode, against spec: PluginSpec, diagnostics: inout DiagnosticList) -> PluginOptions? {
        validate(node, spec.options, shorthand: spec.shorthand, name: .verbatim("'\(spec.kind)'"), &diagnostics)
    }

    /// `name` is how messages refer to the mapping: `'regex'`, `'table' of 'routes'`.
    private func validate(
        _ node: ConfigNode, _ options: [PluginSpec.Option], shorthand: String?, name: Message,
        _ diagnostics: inout DiagnosticList
    ) -> PluginOptions? {
        let before = diagnostics.errors.count
        let names = options.map(\.name)
        var values: [String: ConfigNode] = [:]
        // A misspelt required option is reported once, as the misspelling.
        var suggested = Set<String>()
        if let pairs = node.pairs {
            for p in pairs {
                guard let key = p.key.scalarText else {
                    diagnostics.error(CoreMessages.optionNamesAreText(messages: ["key_kind": p.key.kindMessage]), at: p.key.mark)
                    continue
                }
                guard let opt = options.first(where: { $0.name == key }) else {
                    if let s = Suggestion.closest(to: key, in: names) { suggested.insert(s) }
                    diagnostics.error(
                        CoreMessages.unknownOptionOptions(
                            ["key": key, "names": names.joined(separator: ", ")],
                            messages: ["name": name, "hint": Suggestion.hint(key, in: names)]),
                        at: p.key.mark)
                    continue
                }
                check(p.value, opt.type, CoreMessages.optionOf(["key": key], messages: ["name": name]), &diagnostics)
                values[key] = p.value
            }
        } else if let short = shorthand, let opt = options.first(where: { $0.name == short }) {
            check(node, opt.type, name, &diagnostics)
            values[short] = node
        } else if node.resolved == .bool(true) {
            // `unique: true`: the check with its defaults, as `- unique` is.
        } else if node.resolved == .bool(false) {
            diagnostics.error(CoreMessages.falseTurnsNothingOffLeave(messages: ["name": name]), at: node.mark)
            return nil
        } else {
            diagnostics.error(
                CoreMessages.takesMappingOptions(
                    ["names": names.joined(separator: ", ")], messages: ["name": name, "node_kind": node.kindMessage]),
                at: node.mark)
            return nil
        }
        for opt in options where opt.required && values[opt.name] == nil && !suggested.contains(opt.name) {
            diagnostics.error(CoreMessages.needsOption(["option": opt.name, "doc": opt.doc], messages: ["name": name]), at: node.mark)
        }
        guard diagnostics.errors.count == before else { return nil }
        return PluginOptions(node: node, values: values, spec: options)
    }

    /// Checks one value against a type, reporting every nested problem; `what` names it in messages.
    public func check(_ node: ConfigNode, _ type: PluginSpec.OptionType, _ what: String, _ diagnostics: inout DiagnosticList) {
        check(node, type, Message.verbatim(what), &diagnostics)
    }

    /// Checks one value against a type, reporting every nested problem; `what` names it in every language.
    package func check(_ node: ConfigNode, _ type: PluginSpec.OptionType, _ what: Message, _ diagnostics: inout DiagnosticList) {
        switch type {
        case .oneOf(let types):
            // Check against the alternative of the node's shape, so a mistake inside a mapping
            // is reported as such (not as "should be text or a mapping").
            let fitting = types.filter { Self.shapeFits(node, $0) }
            guard let first = fitting.first else {
                diagnostics.error(shouldBe(node, type, what), at: node.mark)
                return
            }
            for t in fitting {
                var scratch = DiagnosticList()
                check(node, t, what, &scratch)
                if !scratch.hasErrors { return }
            }
            check(node, first, what, &diagnostics)
        case .list(let t):
            guard let items = node.items else { return mismatch(node, type, what, &diagnostics) }
            for item in items { check(item, t, what, &diagnostics) }
        case .dictionary(let t):
            guard let pairs = node.pairs else { return mismatch(node, type, what, &diagnostics) }
            for p in pairs {
                check(p.value, t, CoreMessages.optionIn(["key": p.key.scalarText ?? "?"], messages: ["name": what]), &diagnostics)
            }
        case .object(let specs):
            guard node.pairs != nil else { return mismatch(node, type, what, &diagnostics) }
            _ = validate(node, specs, shorthand: nil, name: what, &diagnostics)
        case .choice(let words):
            guard let t = node.scalarText, !t.isEmpty else { return mismatch(node, type, what, &diagnostics) }
            if !words.contains(t) {
                diagnostics.error(shouldBe(node, type, what, hint: Suggestion.hint(t, in: words)), at: node.mark)
            }
        case .string:
            if case .scalar(let sc) = node.kind, node.resolved != .null {
                // `regex: 100000`: YAML reads a number, which Sift takes as its text; say so.
                if sc.isPlain, case .int? = node.resolved {
                    diagnostics.warning(CoreMessages.readNumberHereButText(["sc": sc.text], messages: ["what": what]), at: node.mark)
                } else if sc.isPlain, case .double? = node.resolved {
                    diagnostics.warning(CoreMessages.readNumberHereButText(["sc": sc.text], messages: ["what": what]), at: node.mark)
                }
                return
            }
            mismatch(node, type, what, &diagnostics)
        case .integer:
            if case .int? = node.resolved { return }
            mismatch(node, type, what, &diagnostics)
        case .number:
            switch node.resolved {
            case .int?, .double?: return
            default: mismatch(node, type, what, &diagnostics)
            }
        case .boolean:
            if case .bool? = node.resolved { return }
            mismatch(node, type, what, &diagnostics)
        case .any:
            return
        }
    }

    private func mismatch(_ node: ConfigNode, _ type: PluginSpec.OptionType, _ what: Message, _ diagnostics: inout DiagnosticList) {
        diagnostics.error(shouldBe(node, type, what), at: node.mark)
    }

    /// `'min' of 'length' should be a whole number, not the text 'six'`.
    private func shouldBe(_ node: ConfigNode, _ type: PluginSpec.OptionType, _ what: Message, hint: Message = .empty) -> Message {
        CoreMessages.shouldBe(messages: ["what": what, "phrase": type.phraseMessage, "node_kind": node.kindMessage, "hint": hint])
    }

    /// Whether a node has the shape (scalar, list, mapping) a type takes.
    static func shapeFits(_ node: ConfigNode, _ type: PluginSpec.OptionType) -> Bool {
        switch (type, node.kind) {
        case (.any, _): return true
        case (.oneOf(let ts), _): return ts.contains { shapeFits(node, $0) }
        case (.list, .sequence): return true
        case (.object, .mapping), (.dictionary, .mapping): return true
        case (.string, .scalar), (.integer, .scalar), (.number, .scalar), (.boolean, .scalar), (.choice, .scalar): return true
        default: return false
        }
    }
}
