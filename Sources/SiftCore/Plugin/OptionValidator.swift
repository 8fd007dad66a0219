/// Validates YAML against a plugin spec, generically: unknown keys (with a did-you-mean),
/// missing options, wrong types and unknown choices. Reports every problem it finds.
public struct OptionValidator {
    public init() {}

    /// Validates the node given for plugin `spec` and returns its options, or nil after
    /// reporting errors.
    public func validate(_ node: ConfigNode, against spec: PluginSpec, diagnostics: inout DiagnosticList) -> PluginOptions? {
        let before = diagnostics.errors.count
        var values: [String: ConfigNode] = [:]
        // A misspelt required option is reported once, as the misspelling.
        var suggested = Set<String>()
        if let pairs = node.pairs {
            for p in pairs {
                guard let key = p.key.scalarText else {
                    diagnostics.error("option names are text, not \(p.key.kindDescription)", at: p.key.mark)
                    continue
                }
                guard let opt = spec.options.first(where: { $0.name == key }) else {
                    if let s = Suggestion.closest(to: key, in: spec.options.map(\.name)) { suggested.insert(s) }
                    diagnostics.error("unknown option '\(key)' for '\(spec.kind)'" + Suggestion.didYouMean(key, in: spec.options.map(\.name))
                        + " (options: \(spec.options.map(\.name).joined(separator: ", ")))", at: p.key.mark)
                    continue
                }
                check(p.value, opt.type, "'\(key)' of '\(spec.kind)'", &diagnostics)
                values[key] = p.value
            }
        } else if let short = spec.shorthand, let opt = spec.options.first(where: { $0.name == short }) {
            check(node, opt.type, "'\(spec.kind)'", &diagnostics)
            values[short] = node
        } else {
            diagnostics.error("'\(spec.kind)' takes a mapping of options (\(spec.options.map(\.name).joined(separator: ", "))), not \(node.kindDescription)", at: node.mark)
            return nil
        }
        for opt in spec.options where opt.required && values[opt.name] == nil && !suggested.contains(opt.name) {
            diagnostics.error("'\(spec.kind)' needs the option '\(opt.name)' (\(opt.doc))", at: node.mark)
        }
        guard diagnostics.errors.count == before else { return nil }
        return PluginOptions(node: node, values: values, spec: spec.options)
    }

    /// Checks one value against a type; `what` names it in messages.
    public func check(_ node: ConfigNode, _ type: OptionType, _ what: String, _ diagnostics: inout DiagnosticList) {
        if let problem = mismatch(node, type) {
            diagnostics.error("\(what) should be \(problem.expected), not \(node.kindDescription)\(problem.hint)", at: problem.mark)
            return
        }
        // Descend into containers to report every nested problem.
        switch type {
        case .list(let t):
            for item in node.items ?? [] { check(item, t, what, &diagnostics) }
        case .dictionary(let t):
            for p in node.pairs ?? [] { check(p.value, t, "'\(p.key.scalarText ?? "?")' in \(what)", &diagnostics) }
        case .object(let specs):
            let sub = PluginSpec(kind: what.trimmingQuotes, summary: "", options: specs)
            _ = validate(node, against: sub, diagnostics: &diagnostics)
        default:
            break
        }
    }

    private struct Problem {
        var expected: String
        var hint: String = ""
        var mark: Mark
    }

    /// The first reason `node` does not fit `type` at its own level, or nil.
    private func mismatch(_ node: ConfigNode, _ type: OptionType) -> Problem? {
        let bad = Problem(expected: type.phrase, mark: node.mark)
        switch type {
        case .any:
            return nil
        case .string:
            if case .scalar = node.kind, node.resolved != .null { return nil }
            return bad
        case .integer:
            if case .int? = node.resolved { return nil }
            return bad
        case .number:
            switch node.resolved {
            case .int?, .double?: return nil
            default: return bad
            }
        case .boolean:
            if case .bool? = node.resolved { return nil }
            return bad
        case .choice(let words):
            guard let t = node.scalarText, !t.isEmpty else { return bad }
            if words.contains(t) { return nil }
            return Problem(expected: type.phrase, hint: Suggestion.didYouMean(t, in: words), mark: node.mark)
        case .list:
            return node.items == nil ? bad : nil
        case .object, .dictionary:
            return node.pairs == nil ? bad : nil
        case .oneOf(let types):
            for t in types {
                var scratch = DiagnosticList()
                check(node, t, "", &scratch)
                if !scratch.hasErrors { return nil }
            }
            return bad
        }
    }
}

extension String {
    fileprivate var trimmingQuotes: String {
        var s = self
        if s.hasPrefix("'") { s.removeFirst() }
        if let r = s.range(of: "'", options: .backwards) { s = String(s[..<r.lowerBound]) }
        return s
    }
}

import Foundation
