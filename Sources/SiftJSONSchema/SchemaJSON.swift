import SiftCore
import SiftJSON
import SiftConfig

/// Values of a schema file (read as YAML nodes, which JSON is) written back as JSON text: the
/// `const` and `enum` values, compared with records by meaning (`1 == 1.0`, keys in any order).
enum SchemaJSON {
    static func text(_ node: ConfigNode) -> String { NodeJSON.json(node, numbersAsWritten: true) }

    /// The values as one parsed document: element `i` is `texts[i]`.
    static func document(_ texts: [String]) -> JSONDocument? {
        try? JSONDocument(bytes: Array(("[" + texts.joined(separator: ",") + "]").utf8), maxDepth: 10_000)
    }
}
