/// Turns a YAML node into JSON text, so examples run through the same byte path as input.
enum NodeJSON {
    static func json(_ node: ConfigNode) -> String {
        var w = JSONWriter()
        write(node, &w)
        return String(decoding: w.bytes, as: UTF8.self)
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
            for i in items { write(i, &w) }
            w.endArray()
        case .scalar(let s):
            switch ResolvedScalar(s) {
            case .null: w.null()
            case .bool(let b): w.bool(b)
            case .int(let i): w.int(i)
            case .double(let d): w.double(d)
            case .string(let t): w.string(t)
            }
        }
    }
}
