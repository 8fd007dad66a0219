import SiftJSON

/// Turns a YAML node into JSON text, so examples run through the same byte path as input.
package enum NodeJSON {
    /// The node as JSON. With `numbersAsWritten`, a number whose text is JSON's (`1.0`,
    /// `9007199254740993`) keeps that text rather than going through a Double (JSON Schema's
    /// `const` and `enum` compare numbers exactly).
    package static func json(_ node: ConfigNode, numbersAsWritten: Bool = false) -> String {
        var w = JSONWriter()
        write(node, numbersAsWritten, &w)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private static func write(_ node: ConfigNode, _ exact: Bool, _ w: inout JSONWriter) {
        switch node.kind {
        case .mapping(let pairs):
            w.beginObject()
            for p in pairs {
                w.key(p.key.scalarText ?? "")
                write(p.value, exact, &w)
            }
            w.endObject()
        case .sequence(let items):
            w.beginArray()
            for i in items { write(i, exact, &w) }
            w.endArray()
        case .scalar(let s):
            let resolved = ResolvedScalar(s)
            if exact, resolved.isNumber, ExactDecimal.isNumberText(Array(s.text.utf8)) {
                w.raw(Array(s.text.utf8))
                return
            }
            switch resolved {
            case .null: w.null()
            case .bool(let b): w.bool(b)
            case .int(let i): w.int(i)
            case .double(let d): w.double(d)
            case .string(let t): w.string(t)
            }
        }
    }
}
