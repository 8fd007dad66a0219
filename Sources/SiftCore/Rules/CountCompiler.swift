extension PackCompiler {
    /// A field's `count:`: `count: 3`, or `count: {min: 1, max: 50}`.
    mutating func compileCount(_ node: ConfigNode, path: FieldPath, prefix: String, nullIsValue: Bool) -> CountStage.Rule? {
        var bounds = CountStage.Bounds()
        if case .int(let n)? = node.resolved {
            bounds = CountStage.Bounds(min: n, max: n)
        } else if let pairs = node.pairs {
            for p in pairs {
                let k = p.key.scalarText ?? ""
                guard k == "min" || k == "max" else {
                    diagnostics.error(
                        "unknown key '\(k)' in 'count'" + Suggestion.didYouMean(k, in: ["min", "max"]) + " (keys: min, max)", at: p.key.mark
                    )
                    return nil
                }
                guard case .int(let n)? = p.value.resolved, n >= 0 else {
                    diagnostics.error("'\(k)' of 'count' is a whole number of 0 or more", at: p.value.mark)
                    return nil
                }
                if k == "min" { bounds.min = n } else { bounds.max = n }
            }
        } else {
            diagnostics.error("'count' is a number, or {min: ..., max: ...}, not \(node.kindDescription)", at: node.mark)
            return nil
        }
        if let lo = bounds.min, let hi = bounds.max, lo > hi {
            diagnostics.error("'count' has min \(lo) greater than max \(hi)", at: node.mark)
            return nil
        }
        if bounds.min == nil, bounds.max == nil {
            diagnostics.error("'count' needs 'min' or 'max'", at: node.mark)
            return nil
        }
        return CountStage.Rule(path: path, bounds: bounds, reason: ReasonCode("\(prefix).count"), nullIsValue: nullIsValue, rule: node.mark)
    }
}
