import SiftCore

/// `unevaluatedProperties` (draft 2020-12) where what is evaluated can be known from the schema:
/// the members that `properties`, `patternProperties` and `additionalProperties` evaluate in the
/// node and in every subschema applied to the same value that always applies (`allOf`, `$ref`,
/// to any depth). Annotations of a subschema that fails are dropped, but then the node fails
/// too, so the verdict is the same. Subschemas that apply or not depending on the value
/// (`anyOf`, `oneOf`, `if`/`then`/`else`, `dependentSchemas`) and `$dynamicRef` make it depend
/// on the value: refused, located, as before. `unevaluatedItems` is refused.
enum SchemaUnevaluated {
    /// Fills each node's evaluated names and patterns; an error for a node whose in-place
    /// subschemas evaluate members depending on the value.
    static func resolve(_ compiler: inout SchemaCompiler) {
        for n in compiler.unevaluated {
            let node = compiler.nodes[n]
            var seen = Set<Int>(), names: [SchemaName] = [], patterns: [SchemaPattern] = []
            var everything = false, dynamic: SchemaNode?
            var stack = [n]
            while let i = stack.popLast() {
                guard seen.insert(i).inserted else { continue }
                let sub = compiler.nodes[i]
                names += sub.properties.map(\.name)
                patterns += sub.patternProperties.map(\.pattern)
                if sub.additionalProperties != nil || (i != n && sub.unevaluatedProperties != nil) { everything = true }
                if !sub.anyOf.isEmpty || !sub.oneOf.isEmpty || sub.ifThenElse != nil || !sub.dependentSchemas.isEmpty { dynamic = sub }
                stack += sub.allOf + (sub.ref.map { [$0] } ?? [])
            }
            if let dynamic {
                compiler.error(
                    "'unevaluatedProperties' with anyOf, oneOf, if or dependentSchemas applied beside it ('\(dynamic.pointer.isEmpty ? "/" : dynamic.pointer)') "
                        + "depends on which of them apply; Sift supports it where properties, patternProperties, allOf and $ref decide it",
                    at: node.mark("unevaluatedProperties"), node.pointer + "/unevaluatedProperties")
                continue
            }
            if everything {
                node.unevaluatedProperties = nil
            } else {
                node.evaluatedNames = names
                node.evaluatedPatterns = patterns
            }
        }
    }
}
