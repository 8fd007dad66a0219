import SiftCore
import SiftJSON

/// A schema's plain properties run as field rules: where a property's schema only says things
/// of the value itself (type, enum, const, numbers, length, pattern, format), its keywords
/// become checks of field rules the pack runs with its own `fields:` (`SectionField`,
/// `SchemaKeywordChecks`): every field found in one pass over the record, each failure's words
/// kept per worker. The walk then
/// runs from a copy of the schema without them (its own keywords, `required`, and the rest).
///
/// Only properties reached from the start by `properties` alone are lifted (their path is the
/// same for every record), through plain `$ref`s and nested objects up to `maxDepth` levels,
/// of nodes with at most `maxProperties` of them;
/// the original nodes stay as they were for `$ref`s from elsewhere, `sift explain` and the
/// importer. A lifted property reports what the walk would have: the same reason, words,
/// value and location; a record's violations list the lifted ones with the pack's fields (after
/// its own, in the schema's order), then the walk's.
struct SchemaLift {
    private var nodes: [SchemaNode]
    private var fields: [SectionField] = []
    static let maxDepth = 4
    /// A node with more properties than this is left to the walk: field rules cost each record
    /// a step per rule, the walk's table (`SchemaNode.propertyKeys`) a step per member present
    /// (Renovate's 300 options, of which a file names a few).
    static let maxProperties = 32

    /// `program` to run from `prefix` (the record, or the field the schema applies to), with its
    /// plain properties lifted, and the field rules they became (for the pack's fields stage).
    static func lift(_ program: SchemaProgram, prefix: [FieldPath.Component]) -> (SchemaProgram, [SectionField]) {
        var lift = SchemaLift(nodes: program.nodes)
        let entry = lift.lift(program.root, path: prefix, ancestors: [])
        let lifted = SchemaProgram(nodes: lift.nodes, root: program.root, entry: entry, constants: program.constants, draft: program.draft)
        return (lifted, lift.fields)
    }

    /// `n` with its plain properties lifted (a new node), or `n` itself when none is. At the
    /// record itself (always an object: a record that is not is an input error before any
    /// stage), `required` is lifted too.
    private mutating func lift(_ n: Int, path: [FieldPath.Component], ancestors: [Int]) -> Int {
        let node = nodes[n]
        let liftsRequired = ancestors.isEmpty && path.isEmpty && !node.required.isEmpty
        guard !node.never, ancestors.count < Self.maxDepth, !ancestors.contains(n), !node.properties.isEmpty || liftsRequired,
            node.properties.count <= Self.maxProperties
        else {
            return n
        }
        var kept: [(name: SchemaName, node: Int)] = []
        var lifted: [SchemaName] = []
        for (name, sub) in node.properties {
            let target = following(sub)
            let here = path + [.key(name.text)]
            let t = nodes[target]
            if !t.never, !t.hasObjectKeywords, !t.hasArrayKeywords, !t.hasApplicators {
                let checks = SchemaKeywordChecks.checks(of: t, reasonPath: FieldPath(here).description)
                if !checks.isEmpty {
                    fields.append(SectionField(path: FieldPath(here), nullIsValue: true, checks: checks, rule: t.mark))
                }
                lifted.append(name)
            } else {
                let inner = lift(target, path: here, ancestors: ancestors + [n])
                kept.append((name, inner == target ? sub : inner))
            }
        }
        if liftsRequired { requireFields(node) }
        if !liftsRequired, lifted.isEmpty, zip(kept, node.properties).allSatisfy({ $0.node == $1.node }) { return n }
        let copy = node.copy()
        copy.properties = kept
        copy.liftedNames += lifted
        if liftsRequired { (copy.required, copy.requiredKeys) = ([], nil) }
        nodes.append(copy)
        return nodes.count - 1
    }

    /// The record's `required` names as required fields (those not lifted get no checks).
    private mutating func requireFields(_ node: SchemaNode) {
        let at = node.mark("required")
        for name in node.required {
            let path = FieldPath([.key(name.text)])
            if let i = fields.firstIndex(where: { $0.path == path }) {
                (fields[i].required, fields[i].rule) = (true, at)
            } else {
                fields.append(SectionField(path: path, nullIsValue: true, required: true, checks: [], rule: at))
            }
        }
    }

    /// The schema a chain of plain `$ref`s leads to (a cycle of them ends where it started).
    private func following(_ n: Int) -> Int {
        var at = n
        for _ in 0..<32 {
            guard nodes[at].isPlainReference, let next = nodes[at].ref else { return at }
            at = next
        }
        return n
    }
}
