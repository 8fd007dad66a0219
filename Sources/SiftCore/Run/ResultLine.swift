/// Writes one result as a JSONL line. The format is documented in docs/OUTPUT.md and stable:
/// `{"source","line","valid","packs","violations":[{"field","reason","message","value","rule"}], ...stage outputs, "error"}`.
///
/// The layout is fixed, so the line is written from pre-encoded fragments without the
/// writer's comma bookkeeping; only strings from the record and the rules are escaped.
package struct ResultLine: Sendable {
    /// The record's `--key` field: its JSON value, or missing (written as null).
    public enum Key: Sendable {
        case value(JSONValue)
        case missing
    }

    /// `{"field":…,"reason":…,"message":…,"value":…,"rule":…}` from the violation's encoded words.
    private static func write(_ v: Violation, language: Language, into w: inout JSONWriter) {
        w.appendBytes(v.text.head(language))
        if let source = v.valueSource {
            w.appendFragment(",\"value\":")
            w.appendExcerpt(source)
        } else if let value = v.value {
            w.appendFragment(",\"value\":")
            w.appendString(value)
        }
        w.appendBytes(v.text.tail)
    }

    /// Appends the result line of one record; `index` is its position in a JSON array.
    public static func write(
        source: String, line: Int, index: Int? = nil, key: Key? = nil, verdict: RecordVerdict,
        language: Language, into w: inout JSONWriter
    ) {
        var fragments = Fragments()
        write(source: source, line: line, index: index, key: key, verdict: verdict, language: language, into: &w, reusing: &fragments)
    }

    /// The encoded parts that repeat from line to line (the source, the packs), kept by a
    /// writer of many lines so that they are escaped once, not once per line.
    package struct Fragments {
        private var source: String?
        private var sourceHead: [UInt8] = []
        private var packs: [String]?
        private var packsJSON: [UInt8] = []

        package init() {}

        /// `{"source":"…","line":` for `source`.
        mutating func head(_ source: String) -> [UInt8] {
            if source != self.source {
                var w = JSONWriter()
                w.appendFragment("{\"source\":")
                w.appendString(source)
                w.appendFragment(",\"line\":")
                self.source = source
                sourceHead = w.bytes
            }
            return sourceHead
        }

        /// `,"packs":[…],"violations":[` for `packs`.
        mutating func packs(_ packs: [String]) -> [UInt8] {
            if packs != self.packs {
                var w = JSONWriter()
                w.appendFragment(",\"packs\":[")
                for (i, p) in packs.enumerated() {
                    if i > 0 { w.appendFragment(",") }
                    w.appendString(p)
                }
                w.appendFragment("],\"violations\":[")
                self.packs = packs
                packsJSON = w.bytes
            }
            return packsJSON
        }
    }

    /// Appends the result line of one record, taking repeated parts from `fragments`.
    package static func write(
        source: String, line: Int, index: Int? = nil, key: Key? = nil, verdict: RecordVerdict,
        language: Language, into w: inout JSONWriter, reusing fragments: inout Fragments
    ) {
        w.appendBytes(fragments.head(source))
        w.appendInt(line)
        if let index {
            w.appendFragment(",\"index\":")
            w.appendInt(index)
        }
        switch key {
        case .value(let v)?:
            w.appendFragment(",\"key\":")
            w.appendRaw(v)
        case .missing?: w.appendFragment(",\"key\":null")
        case nil: break
        }
        w.appendFragment(verdict.isValid ? ",\"valid\":true" : ",\"valid\":false")
        if let e = verdict.inputError {
            w.appendFragment(",\"error\":{\"reason\":")
            w.appendReason(e.reason)
            w.appendFragment(",\"message\":")
            w.appendString(e.localized.text(language))
            w.appendFragment("}")
        } else {
            w.appendBytes(fragments.packs(verdict.packs))
            for i in verdict.violations.indices {
                if i > 0 { w.appendFragment(",") }
                write(verdict.violations[i], language: language, into: &w)
            }
            w.appendFragment("]")
            // Each key once: when two packs add the same section, the first pack's value is written.
            for (i, o) in verdict.output.enumerated() where !verdict.output[..<i].contains(where: { $0.key == o.key }) {
                w.appendFragment(",")
                w.appendString(o.key)
                w.appendFragment(":")
                w.startNestedValue()
                o.write(into: &w)
            }
        }
        w.appendFragment("}\n")
    }
}
