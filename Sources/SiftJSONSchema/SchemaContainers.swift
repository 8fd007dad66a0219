import SiftCore
import SiftRegex
import SiftJSON

/// The keywords of objects and arrays. Members and elements are walked in place on the parsed
/// record; a child's path is a link on the stack, named only if a violation needs it.
extension SchemaProgram {
    func object<S: SchemaSink>(_ n: Int, _ node: SchemaNode, _ v: JSONValue, _ at: UnsafePointer<PathLink>?, _ sink: inout S) -> Bool {
        var ok = true
        if let keys = node.requiredKeys {
            // Every name in one pass over the members.
            withUnsafeTemporaryAllocation(of: Int.self, capacity: keys.count) { found in
                keys.fill(v, into: found)
                for i in 0..<keys.count where found[i] < 0 {
                    ok = false
                    guard S.collects else { return }
                    let name = node.required[i]
                    sink.addAt(Self.append(at, name), Self.append(at, name, reason: true), node, "required", nil, SchemaMessages.required)
                }
            }
            guard ok || S.collects else { return false }
        } else {
            for name in node.required where v.member(bytes: name.bytes) == nil {
                ok = false
                guard S.collects else { return false }
                sink.addAt(Self.append(at, name), Self.append(at, name, reason: true), node, "required", nil, SchemaMessages.required)
            }
        }
        for (i, (name, requires)) in node.dependentRequired.enumerated() where v.member(bytes: name.bytes) != nil {
            for other in requires where v.member(bytes: other.bytes) == nil {
                ok = false
                guard S.collects else { return false }
                sink.addAt(
                    Self.append(at, other), Self.append(at, other, reason: true), node, "dependentRequired", nil,
                    SchemaMessages.dependent(name), detail: i)
            }
        }
        for (name, sub) in node.dependentSchemas where v.member(bytes: name.bytes) != nil && !check(sub, v, at, &sink) {
            ok = false
            guard S.collects else { return false }
        }
        if let min = node.minProperties, v.count < min {
            ok = false
            guard S.collects else { return false }
            sink.add(node, "minProperties", v, at, SchemaMessages.properties("minProperties", min, v.count), detail: v.count)
        }
        if let max = node.maxProperties, v.count > max {
            ok = false
            guard S.collects else { return false }
            sink.add(node, "maxProperties", v, at, SchemaMessages.properties("maxProperties", max, v.count), detail: v.count)
        }
        let walksMembers =
            !node.patternProperties.isEmpty || node.additionalProperties != nil || node.propertyNames != nil
            || node.unevaluatedProperties != nil
        if walksMembers || !node.properties.isEmpty {
            if !members(n, node, v, at, walksMembers, &sink) { ok = false }
        }
        return ok
    }

    /// `properties`, `patternProperties`, `additionalProperties` and `propertyNames`, member by member.
    private func members<S: SchemaSink>(
        _ n: Int, _ node: SchemaNode, _ v: JSONValue, _ at: UnsafePointer<PathLink>?, _ walksMembers: Bool, _ sink: inout S
    ) -> Bool {
        var ok = true
        if !walksMembers, let table = node.propertyKeys {
            // Many `properties`: every one found in one pass over the members, then checked in
            // the schema's order (as below).
            withUnsafeTemporaryAllocation(of: Int.self, capacity: table.count) { found in
                table.fill(v, into: found)
                for i in 0..<table.count where found[i] >= 0 {
                    let key = JSONValue(document: v.document, index: found[i] - 1)
                    let link = PathLink(parent: at, key: key, index: 0, anyKey: false, via: nil)
                    let value = JSONValue(document: v.document, index: found[i])
                    if !withUnsafePointer(to: link, { check(node.properties[i].node, value, $0, &sink) }) {
                        ok = false
                        guard S.collects else { return }
                    }
                }
            }
            return ok
        }
        if !walksMembers {
            // Only `properties`: look each one up rather than walk the members.
            for i in node.properties.indices {
                guard let (key, value) = v.keyAndValue(bytes: node.properties[i].name.bytes) else { continue }
                let link = PathLink(parent: at, key: key, index: 0, anyKey: false, via: nil)
                if !withUnsafePointer(to: link, { check(node.properties[i].node, value, $0, &sink) }) {
                    ok = false
                    guard S.collects else { return false }
                }
            }
            return ok
        }
        var annotating: [Int] = []
        if node.unevaluatedPerValue, node.unevaluatedProperties != nil, self.annotating(n, v, into: &annotating) {
            // What an undecided alternative evaluates is not known: neither is the verdict.
            undecidable(node, v, at, &sink)
            return false
        }
        v.forEachMember { key, value in
            var listed = node.liftedNames.contains { key.equals(bytes: $0.bytes) }
            if let table = node.propertyKeys {
                var p = -1
                _ = key.withStringBytes { p = table.find($0) }
                if p >= 0 {
                    listed = true
                    let link = PathLink(parent: at, key: key, index: 0, anyKey: false, via: nil)
                    if !withUnsafePointer(to: link, { check(node.properties[p].node, value, $0, &sink) }) {
                        ok = false
                        if !S.collects { return false }
                    }
                }
            } else {
                for (name, sub) in node.properties where key.equals(bytes: name.bytes) {
                    listed = true
                    let link = PathLink(parent: at, key: key, index: 0, anyKey: false, via: nil)
                    if !withUnsafePointer(to: link, { check(sub, value, $0, &sink) }) {
                        ok = false
                        if !S.collects { return false }
                    }
                }
            }
            for (pattern, sub) in node.patternProperties {
                guard let matched = matches(pattern, key) else {
                    ok = false
                    let link = PathLink(parent: at, key: key, index: 0, anyKey: true, via: nil)
                    withUnsafePointer(to: link) { undecidable(node, key, $0, &sink) }
                    if !S.collects { return false }
                    continue
                }
                guard matched else { continue }
                listed = true
                let link = PathLink(parent: at, key: key, index: 0, anyKey: true, via: nil)
                if !withUnsafePointer(to: link, { check(sub, value, $0, &sink) }) {
                    ok = false
                    if !S.collects { return false }
                }
            }
            if !listed, let extra = node.additionalProperties {
                let link = PathLink(parent: at, key: key, index: 0, anyKey: true, via: "additionalProperties")
                if !withUnsafePointer(to: link, { check(extra, value, $0, &sink) }) {
                    ok = false
                    if !S.collects { return false }
                }
            }
            if !listed, let extra = node.unevaluatedProperties,
                node.unevaluatedPerValue ? !evaluatedMember(key, by: annotating, besides: n) : !evaluated(node, key)
            {
                let link = PathLink(parent: at, key: key, index: 0, anyKey: true, via: "unevaluatedProperties")
                if !withUnsafePointer(to: link, { check(extra, value, $0, &sink) }) {
                    ok = false
                    if !S.collects { return false }
                }
            }
            if let names = node.propertyNames, answer(names, key) != true {
                ok = false
                if answer(names, key) == nil { sink.undecided() }
                if !S.collects { return false }
                let link = PathLink(parent: at, key: key, index: 0, anyKey: true, via: nil)
                withUnsafePointer(to: link) { l in
                    let (field, _) = Collector.paths(l)
                    let (_, reason) = Collector.paths(at)
                    sink.addAt(field, reason, node, "propertyNames", key, SchemaMessages.propertyName(key.string ?? ""))
                }
            }
            return true
        }
        return ok
    }

    /// Whether a member is evaluated by a subschema applied in place (`allOf`, `$ref`): named by
    /// its `properties`, or matching its `patternProperties` (a match limit hit counts as evaluated:
    /// that pattern's own check reports it).
    private func evaluated(_ node: SchemaNode, _ key: JSONValue) -> Bool {
        node.evaluatedNames.contains { key.equals(bytes: $0.bytes) } || node.evaluatedPatterns.contains { matches($0, key) != false }
    }

    /// Whether a key matches a `patternProperties` pattern; nil when the match limit was hit.
    func matches(_ pattern: SchemaPattern, _ key: JSONValue) -> Bool? {
        var outcome = RegexOutcome.noMatch
        _ = key.withStringBytes { outcome = pattern.regex.match($0) }
        switch outcome {
        case .match: return true
        case .noMatch: return false
        default: return nil
        }
    }

    func array<S: SchemaSink>(_ n: Int, _ node: SchemaNode, _ v: JSONValue, _ at: UnsafePointer<PathLink>?, _ sink: inout S) -> Bool {
        var ok = true
        let count = v.count
        if let min = node.minItems, count < min {
            ok = false
            guard S.collects else { return false }
            sink.add(node, "minItems", v, at, SchemaMessages.items("minItems", min, count), detail: count)
        }
        if let max = node.maxItems, count > max {
            ok = false
            guard S.collects else { return false }
            sink.add(node, "maxItems", v, at, SchemaMessages.items("maxItems", max, count), detail: count)
        }
        if node.uniqueItems, count > 1, let (later, earlier) = JSONCanonical.firstDuplicate(in: v, by: nil) {
            ok = false
            guard S.collects else { return false }
            sink.add(node, "uniqueItems", v, at, SchemaMessages.unique(later, earlier), detail: later << 32 | earlier)
        }
        var matching = 0, undecided = false
        let counts = node.contains != nil
        let stopAt = node.maxContains.map { $0 + 1 } ?? max(node.minContains ?? 1, 1)
        if !node.prefixItems.isEmpty || node.items != nil || counts {
            v.forEachElement { i, element in
                let sub = i < node.prefixItems.count ? node.prefixItems[i] : node.items
                if let sub {
                    let link = PathLink(parent: at, key: nil, index: i, anyKey: false, via: i < node.prefixItems.count ? nil : "items")
                    if !withUnsafePointer(to: link, { check(sub, element, $0, &sink) }) {
                        ok = false
                        if !S.collects { return false }
                    }
                } else if !counts {
                    return false  // nothing applies to the rest
                }
                if let c = node.contains, matching < stopAt || S.collects {
                    switch answer(c, element) {
                    case true?: matching += 1
                    case false?: break
                    case nil:
                        // Not known whether it counts: the array is not passed.
                        undecided = true
                        if !S.collects { return false }
                    }
                }
                return true
            }
            if !ok, !S.collects { return false }
        }
        if undecided {
            undecidable(node, v, at, &sink)
            return false
        }
        if counts {
            let min = node.minContains ?? 1
            if matching < min {
                ok = false
                guard S.collects else { return false }
                let keyword = node.minContains == nil ? "contains" : "minContains"
                sink.add(node, keyword, v, at, SchemaMessages.contains(keyword, min, matching), detail: matching)
            }
            if let max = node.maxContains, matching > max {
                ok = false
                guard S.collects else { return false }
                sink.add(node, "maxContains", v, at, SchemaMessages.contains("maxContains", max, matching), detail: matching)
            }
        }
        if node.unevaluatedItems != nil, !unevaluatedElements(n, node, v, at, &sink) { ok = false }
        return ok
    }

    /// `at` with one more key, for a member that is missing (`required`): as a value path, or
    /// as a reason path (`[*]` for elements, `*` for keys the record chose).
    static func append(_ at: UnsafePointer<PathLink>?, _ name: SchemaName, reason: Bool = false) -> [FieldPath.Component] {
        let (field, why) = Collector.paths(at)
        return (reason ? why : field) + [.key(name.text)]
    }
}
