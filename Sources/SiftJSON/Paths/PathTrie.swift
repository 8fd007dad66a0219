/// Field paths as a tree of keys: `shipping.city` is `city` under `shipping`, `items[*].sku` is
/// `sku` under the elements of `items`. What a closed record allows (`KeyTree`) and what a
/// pipeline reads (`ReadTree`) are made from it.
package final class PathTrie {
    package var keys: [[UInt8]] = []
    package var names: [String] = []
    package var children: [PathTrie] = []
    /// The node of an array's elements (`[*]` or a position).
    package var elements: PathTrie?
    /// A path ends here.
    package var isEnd = false

    package init() {}

    package init(_ paths: [FieldPath]) {
        for path in paths {
            var node = self
            for component in path.components {
                switch component {
                case .key(let k):
                    let bytes = Array(k.utf8)
                    if let i = node.keys.firstIndex(of: bytes) {
                        node = node.children[i]
                    } else {
                        let next = PathTrie()
                        node.keys.append(bytes)
                        node.names.append(k)
                        node.children.append(next)
                        node = next
                    }
                case .index, .wildcard:
                    if node.elements == nil { node.elements = PathTrie() }
                    node = node.elements!
                }
            }
            node.isEnd = true
        }
    }
}
