/// Field paths as a tree of keys: `shipping.city` is `city` under `shipping`, `items[*].sku` is
/// `sku` under the elements of `items`. What a closed record allows (`KeyTree`) and what a
/// pipeline reads (`ReadTree`) are made from it.
final class PathTrie {
    var keys: [[UInt8]] = []
    var names: [String] = []
    var children: [PathTrie] = []
    /// The node of an array's elements (`[*]` or a position).
    var elements: PathTrie?
    /// A path ends here.
    var isEnd = false

    init() {}

    init(_ paths: [FieldPath]) {
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
