import SiftJSON
import SiftMessages
import SiftConfig

/// The keys a closed record may have (`record: {fields: closed}`), as a tree made from the paths
/// the pack names: `shipping.city` allows `shipping` at the top and `city` inside it,
/// `items[*].sku` allows `sku` in each element of `items`. A path that ends at a key nothing
/// else goes into (`note`, `payload`) allows anything below it. The top of the record is always
/// closed.
final class KeyTree: @unchecked Sendable {  // built in init, read only after
    typealias Node = PathTrie
    let root: Node
    /// Deeper than this, nothing more is checked (the trail of a path is on the stack).
    static let maxDepth = 64

    init(_ paths: [FieldPath]) {
        ReadRecorder.readsEverything()  // its check walks every key of the record
        root = PathTrie(paths)
    }

    /// Appends a `record.unknown_field` violation for each key of `record` the tree does not have.
    func check(_ record: JSONValue, rule: Mark?, into violations: inout [Violation]) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.maxDepth) { trail in
            walk(record.document, record.index, root, trail, 0, rule, &violations)
        }
    }

    /// `trail[d]` is the tape index of the key taken at depth `d`, or `-(position + 1)` for an element.
    private func walk(
        _ doc: JSONDocument, _ at: Int, _ node: Node, _ trail: UnsafeMutableBufferPointer<Int>, _ depth: Int, _ rule: Mark?,
        _ violations: inout [Violation]
    ) {
        // Nothing declared inside a node: anything below it is allowed.
        if depth > 0, node.keys.isEmpty, node.elements == nil { return }
        guard depth < Self.maxDepth else { return }
        let entry = doc.tape[at]
        if entry.kind == .object {
            var i = at + 1
            while i < entry.next {
                trail[depth] = i
                if let c = child(node, doc, i) {
                    walk(doc, i + 1, node.children[c], trail, depth + 1, rule, &violations)
                } else {
                    violations.append(unknown(node, doc, UnsafeBufferPointer(rebasing: trail[0...depth]), value: i + 1, rule))
                }
                i = doc.tape[i + 1].next
            }
        } else if entry.kind == .array, let elements = node.elements {
            var i = at + 1, n = 0
            while i < entry.next {
                trail[depth] = -(n + 1)
                walk(doc, i, elements, trail, depth + 1, rule, &violations)
                i = doc.tape[i].next
                n += 1
            }
        }
    }

    /// The child of `node` named by the key at tape index `key`, compared as bytes.
    private func child(_ node: Node, _ doc: JSONDocument, _ key: Int) -> Int? {
        let k = doc.tape[key]
        let all = doc.buffer
        let raw = UnsafeBufferPointer(rebasing: all[k.start..<k.end])
        if !k.escaped { return node.keys.firstIndex { $0.elementsEqual(raw) } }
        var found: Int?
        JSONEscapes.withDecoded(raw) { decoded in found = node.keys.firstIndex { $0.elementsEqual(decoded) } }
        return found
    }

    private func unknown(_ node: Node, _ doc: JSONDocument, _ trail: UnsafeBufferPointer<Int>, value: Int, _ rule: Mark?) -> Violation {
        var components: [FieldPath.Component] = []
        for step in trail {
            components.append(step >= 0 ? .key(JSONValue(document: doc, index: step).string ?? "") : .index(-step - 1))
        }
        let key = JSONValue(document: doc, index: trail[trail.count - 1]).string ?? ""
        let suggestion = Suggestion.closest(to: key, in: node.names)
        return Violation(
            field: FieldPath(components).description, reason: ReasonCode.Record.unknownField,
            message: CoreMessages.notAField(messages: ["hint": suggestion.map { ConfigMessages.didYouMean(["name": $0]) } ?? .empty])
                .localized,
            valueOf: JSONValue(document: doc, index: value), rule: rule)
    }
}
