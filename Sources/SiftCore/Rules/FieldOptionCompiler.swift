import SiftJSON
import SiftConfig

extension PackCompiler {
    /// A field's `count:`: `count: 3`, or `count: {min: 1, max: 50}`.
    mutating func compileCount(_ node: ConfigNode, path: FieldPath, prefix: String, nullIsValue: Bool) -> CountStage.Rule? {
        var bounds = CountStage.Bounds()
        if case .int(let n)? = node.resolved {
            guard n >= 0 else {
                diagnostics.error(CoreMessages.countNumberMinMax(messages: ["node_kind": node.kindMessage]), at: node.mark)
                return nil
            }
            bounds = CountStage.Bounds(min: n, max: n)
        } else if let pairs = node.pairs {
            for p in pairs {
                let k = p.key.scalarText ?? ""
                guard k == "min" || k == "max" else {
                    diagnostics.error(
                        CoreMessages.unknownKeyCountKeysMin(["k": "\(k)"], messages: ["hint": Suggestion.hint(k, in: ["min", "max"])]),
                        at: p.key.mark
                    )
                    return nil
                }
                guard case .int(let n)? = p.value.resolved, n >= 0 else {
                    diagnostics.error(CoreMessages.countWholeNumberMore(["k": "\(k)"]), at: p.value.mark)
                    return nil
                }
                if k == "min" { bounds.min = n } else { bounds.max = n }
            }
        } else {
            diagnostics.error(CoreMessages.countNumberMinMax(messages: ["node_kind": node.kindMessage]), at: node.mark)
            return nil
        }
        if let lo = bounds.min, let hi = bounds.max, lo > hi {
            diagnostics.error(CoreMessages.countHasMinGreaterThan(["lo": "\(lo)", "hi": "\(hi)"]), at: node.mark)
            return nil
        }
        if bounds.min == nil, bounds.max == nil {
            diagnostics.error(CoreMessages.countNeedsMinMax(), at: node.mark)
            return nil
        }
        return CountStage.Rule(path: path, bounds: bounds, reason: ReasonCode("\(prefix).count"), nullIsValue: nullIsValue, rule: node.mark)
    }

    /// A field's `unique_in_run: true` (or `unique_across_runs`), or `{with: [store_id]}` for a
    /// key of several fields.
    mutating func compileUnique(_ p: ConfigNode.Pair, path: FieldPath, prefix: String, nullIsValue: Bool) -> UniqueRunStage.Rule? {
        let key = p.key.scalarText ?? "unique_in_run", node = p.value
        var with: [FieldPath] = []
        if case .bool(let b)? = node.resolved {
            guard b else {
                diagnostics.error(CoreMessages.falseTurnsNothingOffLeave2(["key": "\(key)"]), at: node.mark)
                return nil
            }
        } else if let pairs = node.pairs, pairs.count == 1, pairs[0].key.scalarText == "with" {
            for item in pairs[0].value.items ?? [pairs[0].value] {
                guard let t = item.scalarText, let p = try? FieldPath(parsing: t), !p.hasWildcard else {
                    diagnostics.error(CoreMessages.listsFieldsRecordSuchStore(["key": "\(key)"]), at: item.mark)
                    return nil
                }
                with.append(p)
            }
        } else {
            diagnostics.error(CoreMessages.trueFieldsKeySeveralFields(["key": "\(key)"]), at: node.mark)
            return nil
        }
        guard !path.hasWildcard else {
            diagnostics.error(
                CoreMessages.comparesOneValuePerRecord(["key": "\(key)", "path": "\(path)"]), at: node.mark)
            return nil
        }
        var across: (claims: KeyClaimsOpener, prefix: String)?
        if key == "unique_across_runs" {
            guard let claims = registry.keyClaims else {
                diagnostics.error(
                    CoreMessages.uniqueAcrossRunsKeepsKeys(), at: p.key.mark)
                return nil
            }
            across = (claims, "u:\(packName)/\(([path] + with).map(\.description).joined(separator: "+")):")
        }
        return UniqueRunStage.Rule(
            path: path, with: with, reason: ReasonCode("\(prefix).duplicate"), nullIsValue: nullIsValue, rule: node.mark, acrossRuns: across
        )
    }
}

extension PackCompiler {
    /// Lint: an alternative of `applies_to`'s `any:` that no example's record reaches the pack
    /// through is untested: a misspelt value there would go unnoticed. (Packs without examples
    /// get their own advice.)
    mutating func adviseOnAlternatives(_ alternatives: [(selector: Selector, mark: Mark)], of selector: Selector, examples: [Example]) {
        guard !alternatives.isEmpty, !examples.isEmpty else { return }
        let records: [JSONValue] = examples.compactMap { example in
            guard let doc = try? JSONDocument(bytes: Array(example.json.utf8), duplicateKeys: .reject), doc.root.kind == .object else {
                return nil
            }
            return doc.root
        }
        for (alternative, mark) in alternatives where !records.contains(where: { selector.matches($0) && alternative.matches($0) }) {
            advice.warning(
                CoreMessages.exampleReachesPackThroughAlternative(["alternative": "\(alternative)"]), at: mark)
        }
    }
}

extension PackCompiler {
    /// A field named like a field option (`checks`, `required`, ...) and written as checks is
    /// almost always that option, dedented by mistake out of the field above: `email:
    /// {required: true}` then `checks: [...]` at the same level makes a field called `checks`,
    /// and `email` is never checked. Reported (true) unless written in the field's mapping form
    /// (`checks: {checks: [...]}`), which is how a record field really called that is declared.
    ///
    /// A record field may well be called `count` or `description`: the name alone is not enough.
    /// It is taken for a dedented option when the field above has no checks (only options, as
    /// `email: {required: true}`), or when its value is one word (`required: false`, `count: 3`),
    /// which as checks would name a check.
    mutating func isDedentedOption(_ p: ConfigNode.Pair, above: ConfigNode.Pair?) -> Bool {
        guard let name = p.key.scalarText, Self.fieldKeys.contains(name) else { return false }
        if let pairs = p.value.pairs, pairs.contains(where: { Self.fieldKeys.contains($0.key.scalarText ?? "") }) { return false }
        let aboveHasNoChecks =
            above.map { a in
                a.value.resolved == .null
                    || (a.value.pairs.map { $0.allSatisfy { Self.fieldKeys.contains($0.key.scalarText ?? "") } } ?? false)
                        && a.value["checks"] == nil
            } ?? false
        let oneWord: Bool = if case .scalar = p.value.kind { true } else { false }
        guard aboveHasNoChecks || oneWord else { return false }
        if let field = above?.key.scalarText {
            diagnostics.error(
                CoreMessages.optionFieldButHereField(["name": "\(name)", "field": "\(field)"]),
                at: p.key.mark)
        } else {
            diagnostics.error(
                CoreMessages.optionFieldButHereField2(["name": "\(name)"]), at: p.key.mark)
        }
        return true
    }
}
