import SiftJSON
import SiftConfig

/// Compiles a pack's `applies_to:`: `all`, or a mapping of conditions that must all hold:
/// `field: value` (or a list of values), `has: field` (or a list), `not: {...}` (the mapping does
/// not hold) or `not: [{...}, {...}]` (none of them holds: "neither A nor B"), `any: [...]` (at
/// least one holds) and `all: [...]` (every one holds), nested as deep as needed.
struct SelectorCompiler {
    var diagnostics = DiagnosticList()
    /// Each alternative of an `any:`, with where it is written: lint asks whether an example reaches it.
    var alternativesOfAny: [(selector: Selector, mark: Mark)] = []

    mutating func compile(_ node: ConfigNode?) -> Selector {
        guard let node, node.scalarText != "all" else { return .all }
        guard let pairs = node.pairs, !pairs.isEmpty else {
            diagnostics.error(
                CoreMessages.appliesAllMappingSuchKind(messages: ["node_kind": node.kindMessage]), at: node.mark)
            return .all
        }
        return Selector(conditions: pairs.flatMap { condition($0) })
    }

    private mutating func condition(_ p: ConfigNode.Pair) -> [Selector.Condition] {
        guard let k = p.key.scalarText else { return [] }
        switch k {
        case "has":
            return (p.value.items ?? [p.value]).compactMap { item in path(item).map { .has($0) } }
        case "not":
            // One mapping: it does not hold. A list: none of its mappings holds.
            guard let list = alternatives(p.value, "not", allowsOne: true) else { return [] }
            return list.map { .not($0) }
        case "any":
            return alternatives(p.value, "any", allowsOne: false).map { [.any($0)] } ?? []
        case "all":
            return alternatives(p.value, "all", allowsOne: false).map { [.all($0)] } ?? []
        default:
            guard let path = path(p.key) else { return [] }
            var texts: [String] = [], numbers: [Double] = []
            for item in p.value.items ?? [p.value] {
                guard case .scalar = item.kind else {
                    diagnostics.error(
                        CoreMessages.appliesComparesFieldValueList(messages: ["item_kind": item.kindMessage]), at: item.mark)
                    continue
                }
                texts.append(NodeJSON.json(item))
                switch item.resolved {
                case .int(let i)?: numbers.append(Double(i))
                case .double(let d)?: numbers.append(d)
                default: break
                }
            }
            return [.equals(path, texts, numbers: numbers)]
        }
    }

    /// The selectors of `not`, `any` or `all`: a list of mappings (or, for `not`, one mapping).
    private mutating func alternatives(_ node: ConfigNode, _ key: String, allowsOne: Bool) -> [Selector]? {
        if allowsOne, node.pairs?.isEmpty == false { return [compile(node)] }
        guard let items = node.items, !items.isEmpty, items.allSatisfy({ $0.pairs?.isEmpty == false }) else {
            diagnostics.error(
                allowsOne
                    ? CoreMessages.notTakesConditions(messages: ["node_kind": node.kindMessage])
                    : CoreMessages.takesListOfConditions(["key": key], messages: ["node_kind": node.kindMessage]),
                at: node.mark)
            return nil
        }
        let compiled = items.map { compile($0) }
        if key == "any" { alternativesOfAny += zip(compiled, items.map(\.mark)).map { ($0, $1) } }
        return compiled
    }

    private mutating func path(_ node: ConfigNode) -> FieldPath? {
        guard let t = node.scalarText else {
            diagnostics.error(CoreMessages.fieldPathText(messages: ["node_kind": node.kindMessage]), at: node.mark)
            return nil
        }
        do { return try FieldPath(parsing: t) } catch {
            diagnostics.error(error.problem, at: node.mark)
            return nil
        }
    }
}
