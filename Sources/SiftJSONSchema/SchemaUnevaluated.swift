import SiftCore
import SiftJSON

/// `unevaluatedProperties` and `unevaluatedItems` (draft 2020-12): the members or elements that
/// no keyword of the node, or of a subschema applied to the same value whose annotations count,
/// evaluated (2020-12 core, 11.2-11.3).
///
/// Where the schema alone decides what is evaluated (`properties`, `patternProperties`,
/// `additionalProperties` in the node and in every `allOf` and `$ref` below it, to any depth),
/// the names and patterns are gathered once, here, and a record costs nothing more. Where it
/// depends on the value (`anyOf`, `oneOf`, `if`/`then`/`else`, `dependentSchemas` below it, or
/// `contains` and `unevaluatedItems` for elements), the subschemas that pass are found for each
/// value (`annotating`): a failing subschema's annotations are dropped, as the specification says.
enum SchemaUnevaluated {
    /// Fills each node's evaluated names and patterns, or marks it as decided per value.
    static func resolve(_ compiler: inout SchemaCompiler) {
        for n in compiler.unevaluated {
            let node = compiler.nodes[n]
            var seen = Set<Int>(), names: [SchemaName] = [], patterns: [SchemaPattern] = []
            var everything = false, everyItem = false, dynamic = false, counts = false, prefix = 0
            var stack = [n]
            while let i = stack.popLast() {
                guard seen.insert(i).inserted else { continue }
                let sub = compiler.nodes[i]
                names += sub.properties.map(\.name)
                patterns += sub.patternProperties.map(\.pattern)
                if sub.additionalProperties != nil || (i != n && sub.unevaluatedProperties != nil) { everything = true }
                if sub.items != nil || (i != n && sub.unevaluatedItems != nil) { everyItem = true }
                if sub.contains != nil { counts = true }
                prefix = max(prefix, sub.prefixItems.count)
                if !sub.anyOf.isEmpty || !sub.oneOf.isEmpty || sub.ifThenElse != nil || !sub.dependentSchemas.isEmpty { dynamic = true }
                stack += sub.allOf + (sub.ref.map { [$0] } ?? [])
            }
            if node.unevaluatedProperties == nil || everything {
                node.unevaluatedProperties = nil
            } else if dynamic {
                node.unevaluatedPerValue = true
            } else {
                node.evaluatedNames = names
                node.evaluatedPatterns = patterns
            }
            if everyItem {
                node.unevaluatedItems = nil
            } else if !dynamic && !counts {
                node.evaluatedItemPrefix = prefix
            }
        }
    }
}

extension SchemaProgram {
    /// The subschemas applied in place to `v` at `n` (taken as passing) whose annotations count:
    /// `n`, its `$ref`, `allOf` and `dependentSchemas` of present members, the `anyOf` and
    /// `oneOf` alternatives that pass, `if` when it passes and the branch its answer takes; then
    /// theirs, and so on. `not` gives none. True when an alternative could not be decided (a
    /// pattern hit its match limit): what it evaluates is not known, and the caller says so.
    @discardableResult
    func annotating(_ n: Int, _ v: JSONValue, into list: inout [Int]) -> Bool {
        guard !list.contains(n) else { return false }
        list.append(n)
        let node = nodes[n]
        var undecided = false
        func follow(_ s: Int) { if annotating(s, v, into: &list) { undecided = true } }
        func ask(_ s: Int) -> Bool {
            guard let a = answer(s, v) else {
                undecided = true
                return false
            }
            return a
        }
        if let r = node.ref { follow(r) }
        for s in node.allOf { follow(s) }
        for s in node.anyOf where ask(s) { follow(s) }
        for s in node.oneOf where ask(s) { follow(s) }
        if let (condition, then, otherwise) = node.ifThenElse {
            if ask(condition) {
                follow(condition)
                if let then { follow(then) }
            } else if let otherwise {
                follow(otherwise)
            }
        }
        if v.kind == .object {
            for (name, s) in node.dependentSchemas where v.member(bytes: name.bytes) != nil { follow(s) }
        }
        return undecided
    }

    /// Whether a member of the object at `n` is evaluated by one of the subschemas `list` names
    /// other than `n` itself (whose own keywords the member walk knows). A pattern's match limit
    /// counts as evaluated: that pattern's own check reports it.
    func evaluatedMember(_ key: JSONValue, by list: [Int], besides n: Int) -> Bool {
        for i in list where i != n {
            let s = nodes[i]
            if s.additionalProperties != nil || s.unevaluatedProperties != nil { return true }
            if s.properties.contains(where: { key.equals(bytes: $0.name.bytes) }) { return true }
            if s.liftedNames.contains(where: { key.equals(bytes: $0.bytes) }) { return true }
            if s.patternProperties.contains(where: { matches($0.pattern, key) != false }) { return true }
        }
        return false
    }

    /// Whether element `i` of an array is evaluated by the subschemas `list` names (`n` among
    /// them): within a `prefixItems`, under an `items`, matching a `contains`, or under another
    /// `unevaluatedItems`.
    func evaluatedElement(_ i: Int, _ element: JSONValue, by list: [Int], besides n: Int) -> Bool {
        for j in list {
            let s = nodes[j]
            if i < s.prefixItems.count || s.items != nil || (j != n && s.unevaluatedItems != nil) { return true }
            if let c = s.contains, answer(c, element) != false { return true }
        }
        return false
    }

    /// `unevaluatedItems`: the elements no subschema evaluated, each checked against it. Where
    /// the schema alone decides (`evaluatedItemPrefix`), no list of subschemas is made.
    func unevaluatedElements<S: SchemaSink>(
        _ n: Int, _ node: SchemaNode, _ v: JSONValue, _ at: UnsafePointer<PathLink>?, _ sink: inout S
    ) -> Bool {
        guard let extra = node.unevaluatedItems, v.count > 0 else { return true }
        var list: [Int] = []
        if node.evaluatedItemPrefix == nil, annotating(n, v, into: &list) {
            undecidable(node, v, at, &sink)
            return false
        }
        var ok = true
        v.forEachElement { i, element in
            let evaluated = node.evaluatedItemPrefix.map { i < $0 } ?? evaluatedElement(i, element, by: list, besides: n)
            guard !evaluated else { return true }
            let link = PathLink(parent: at, key: nil, index: i, anyKey: false, via: "unevaluatedItems")
            if !withUnsafePointer(to: link, { check(extra, element, $0, &sink) }) {
                ok = false
                if !S.collects { return false }
            }
            return true
        }
        return ok
    }
}
