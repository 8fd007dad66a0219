import SiftCore

/// Values of a schema file (read as YAML nodes, which JSON is) written back as JSON text: the
/// `const` and `enum` values, compared with records by meaning (`1 == 1.0`, keys in any order).
enum SchemaJSON {
    static func text(_ node: ConfigNode) -> String {
        var writer = JSONWriter()
        write(node, &writer)
        return String(decoding: writer.take(), as: UTF8.self)
    }

    private static func write(_ node: ConfigNode, _ w: inout JSONWriter) {
        switch node.kind {
        case .mapping(let pairs):
            w.beginObject()
            for p in pairs {
                w.key(p.key.scalarText ?? "")
                write(p.value, &w)
            }
            w.endObject()
        case .sequence(let items):
            w.beginArray()
            for item in items { write(item, &w) }
            w.endArray()
        case .scalar(let s):
            switch node.resolved! {
            case .null: w.null()
            case .bool(let b): w.bool(b)
            case .string(let t): w.string(t)
            case .int(let i):
                ExactDecimal.isNumberText(Array(s.text.utf8)) ? w.raw(Array(s.text.utf8)) : w.int(i)
            case .double(let d):
                ExactDecimal.isNumberText(Array(s.text.utf8)) ? w.raw(Array(s.text.utf8)) : w.double(d)
            }
        }
    }

    /// The values as one parsed document: element `i` is `texts[i]`.
    static func document(_ texts: [String]) -> JSONDocument? {
        try? JSONDocument(bytes: Array(("[" + texts.joined(separator: ",") + "]").utf8), maxDepth: 10_000)
    }
}
