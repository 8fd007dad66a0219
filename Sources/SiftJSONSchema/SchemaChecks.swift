import SiftCore
import SiftJSON

/// The keywords, applied to a value. One walk serves both uses: with `FirstFailure` it stops at
/// the first failing keyword (what `anyOf`, `not` and `contains` ask), with `Collector` it names
/// every failure. A valid value allocates nothing either way.
extension SchemaProgram {
    func check<S: SchemaSink>(_ n: Int, _ v: JSONValue, _ at: UnsafePointer<PathLink>?, _ sink: inout S) -> Bool {
        let node = nodes[n]
        if node.never {
            if S.collects {
                if let link = at?.pointee, let via = link.via {
                    // `additionalProperties: false`, `items: false`: reported by the keyword of the container.
                    let (field, _) = Collector.paths(at)
                    let (_, reason) = Collector.paths(link.parent)
                    sink.addAt(
                        field, reason, node, via, v,
                        via == "items" || via == "unevaluatedItems" ? SchemaMessages.extraItem : SchemaMessages.additional)
                } else {
                    sink.add(node, "false", v, at, SchemaMessages.never)
                }
            }
            return false
        }
        var ok = true
        if let types = node.types, !types.admits(v) {
            ok = false
            guard S.collects else { return false }
            sink.add(node, "type", v, at, SchemaMessages.type(types, v), detail: Int(v.kind.rawValue) * 2 + (v.isIntegral ? 1 : 0))
        }
        if let values = node.enumValues, !values.contains(where: { JSONCanonical.equal($0, v) }) {
            ok = false
            guard S.collects else { return false }
            sink.add(node, "enum", v, at, SchemaMessages.enumeration(values))
        }
        if let c = node.constValue, !JSONCanonical.equal(c, v) {
            ok = false
            guard S.collects else { return false }
            sink.add(node, "const", v, at, SchemaMessages.constant(c))
        }
        switch v.kind {
        case .number: if !numbers(node, v, at, &sink) { ok = false; guard S.collects else { return false } }
        case .string: if !strings(node, v, at, &sink) { ok = false; guard S.collects else { return false } }
        case .object: if node.hasObjectKeywords, !object(n, node, v, at, &sink) { ok = false; guard S.collects else { return false } }
        case .array: if node.hasArrayKeywords, !array(n, node, v, at, &sink) { ok = false; guard S.collects else { return false } }
        default: break
        }
        if !applicators(node, v, at, &sink) { ok = false }
        return ok
    }

    private func numbers<S: SchemaSink>(_ node: SchemaNode, _ v: JSONValue, _ at: UnsafePointer<PathLink>?, _ sink: inout S) -> Bool {
        var ok = true
        func bound(_ keyword: String, _ b: NumberBound?, _ passes: (Int) -> Bool) -> Bool {
            guard let b, !passes(b.compare(v)) else { return true }
            ok = false
            if S.collects { sink.add(node, keyword, v, at, SchemaMessages.bound(keyword, b)) }
            return S.collects
        }
        guard bound("minimum", node.minimum, { $0 >= 0 }), bound("maximum", node.maximum, { $0 <= 0 }),
            bound("exclusiveMinimum", node.exclusiveMinimum, { $0 > 0 }), bound("exclusiveMaximum", node.exclusiveMaximum, { $0 < 0 })
        else { return false }
        if let m = node.multipleOf, !m.divides(v) {
            ok = false
            if S.collects { sink.add(node, "multipleOf", v, at, SchemaMessages.bound("multipleOf", m)) }
        }
        return ok
    }

    private func strings<S: SchemaSink>(_ node: SchemaNode, _ v: JSONValue, _ at: UnsafePointer<PathLink>?, _ sink: inout S) -> Bool {
        guard node.minLength != nil || node.maxLength != nil || node.pattern != nil || node.format != nil else { return true }
        var ok = true
        _ = v.withStringBytes { bytes in
            if node.minLength != nil || node.maxLength != nil {
                let n = Self.codePoints(bytes)
                if let min = node.minLength, n < min {
                    ok = false
                    if S.collects {
                        sink.add(node, "minLength", v, at, SchemaMessages.length("minLength", min, n), detail: n)
                    } else {
                        return
                    }
                }
                if let max = node.maxLength, n > max {
                    ok = false
                    if S.collects {
                        sink.add(node, "maxLength", v, at, SchemaMessages.length("maxLength", max, n), detail: n)
                    } else {
                        return
                    }
                }
            }
            if let p = node.pattern {
                let outcome = p.regex.match(bytes)
                if outcome != .match {
                    ok = false
                    if outcome != .noMatch { sink.undecided() }
                    if S.collects {
                        sink.add(
                            node, "pattern", v, at, SchemaMessages.pattern(limit: outcome == .limitExceeded),
                            detail: outcome == .limitExceeded ? 1 : 0)
                    } else {
                        return
                    }
                }
            }
            if let f = node.format, !f.accepts(bytes) {
                ok = false
                if S.collects { sink.add(node, "format", v, at, SchemaMessages.format(f)) }
            }
        }
        return ok
    }

    private func applicators<S: SchemaSink>(_ node: SchemaNode, _ v: JSONValue, _ at: UnsafePointer<PathLink>?, _ sink: inout S)
        -> Bool
    {
        var ok = true
        if let r = node.ref, !check(r, v, at, &sink) {
            ok = false
            guard S.collects else { return false }
        }
        for sub in node.allOf where !check(sub, v, at, &sink) {
            ok = false
            guard S.collects else { return false }
        }
        if !node.anyOf.isEmpty {
            var any = false, undecided = false
            if let names = node.anyOfNames {
                // `required` holds of any value that is not an object.
                any = v.kind != .object || names.containsAny(v)
            } else {
                for sub in node.anyOf {
                    guard let answer = answer(sub, v) else { undecided = true; continue }
                    if answer { any = true; break }
                }
            }
            if !any {
                ok = false
                if undecided { undecidable(node, v, at, &sink) }
                guard S.collects else { return false }
                if !undecided { sink.add(node, "anyOf", v, at, SchemaMessages.anyOf(node.anyOf.count)) }
            }
        }
        if !node.oneOf.isEmpty {
            var matched = 0
            for sub in node.oneOf {
                guard let answer = answer(sub, v) else {
                    // Which alternatives match is not known: the value is not passed.
                    matched = -1
                    break
                }
                if answer { matched += 1 }
                if matched > 1, !S.collects { break }
            }
            if matched == -1 {
                ok = false
                undecidable(node, v, at, &sink)
                guard S.collects else { return false }
            } else if matched != 1 {
                ok = false
                guard S.collects else { return false }
                sink.add(node, "oneOf", v, at, SchemaMessages.oneOf(node.oneOf.count, matched), detail: matched)
            }
        }
        if let not = node.not, answer(not, v) != false {
            ok = false
            if answer(not, v) == nil { undecidable(node, v, at, &sink) }
            guard S.collects else { return false }
            if answer(not, v) == true { sink.add(node, "not", v, at, SchemaMessages.not) }
        }
        if let (condition, then, otherwise) = node.ifThenElse {
            switch answer(condition, v) {
            case nil:
                ok = false
                undecidable(node, v, at, &sink)
            case let matches?:
                if let branch = matches ? then : otherwise, !check(branch, v, at, &sink) { ok = false }
            }
        }
        return ok
    }

    /// The length of UTF-8 text in code points: every byte that does not continue a sequence starts one.
    static func codePoints(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var n = 0
        for b in bytes where b & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// The yes/no answer of a subschema, whatever the sink of the caller: nil when a pattern in
    /// it hit its match limit (then neither answer may be acted on).
    func answer(_ n: Int, _ v: JSONValue) -> Bool? {
        // Under `unevaluated*` decided per value, an alternative is asked twice for the same
        // value (for what passes, then for the verdict), at every level of a recursive schema:
        // answers are kept for the record being checked, so that the cost stays linear.
        // The stored flag first: other schemas never read the task-local value.
        if annotatesPerValue, let memo = AnswerMemo.current {
            let key = n << 32 | v.index
            if let known = memo.answers[key] { return known }
            let found = uncachedAnswer(n, v)
            memo.answers[key] = found
            return found
        }
        return uncachedAnswer(n, v)
    }

    private func uncachedAnswer(_ n: Int, _ v: JSONValue) -> Bool? {
        var quiet = FirstFailure()
        let passes = check(n, v, nil, &quiet)
        return quiet.wasUndecided ? nil : passes
    }

    /// The value cannot be decided (a pattern hit its match limit where the answer matters): it fails.
    func undecidable<S: SchemaSink>(_ node: SchemaNode, _ v: JSONValue?, _ at: UnsafePointer<PathLink>?, _ sink: inout S) {
        sink.undecided()
        if S.collects { sink.add(node, "pattern", v, at, SchemaMessages.undecided, detail: 2) }
    }
}
