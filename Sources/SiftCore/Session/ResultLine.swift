import SiftJSON
import SiftMessages

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
    /// The violation is read where it lies in the verdict: a copy would cost a reference count
    /// for each of its parts.
    private static func write(_ v: UnsafePointer<Violation>, language: Language, into w: inout JSONWriter) {
        let text = Unmanaged.passUnretained(v.pointee.text)
        text._withUnsafeGuaranteedRef { $0.appendHead(language, to: &w) }
        if let index = v.pointee.valueSource?.index {
            w.appendFragment(",\"value\":")
            Unmanaged.passUnretained(v.pointee.valueSource.unsafelyUnwrapped.document)._withUnsafeGuaranteedRef {
                w.appendExcerpt(of: $0, at: index)
            }
        } else if let value = v.pointee.value {
            w.appendFragment(",\"value\":")
            w.appendString(value)
        }
        text._withUnsafeGuaranteedRef { $0.appendTail(to: &w) }
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

        /// Appends `{"source":"…","line":` for `source`.
        mutating func appendHead(_ source: String, to out: inout JSONWriter) {
            if source != self.source {
                var w = JSONWriter()
                w.appendFragment("{\"source\":")
                w.appendString(source)
                w.appendFragment(",\"line\":")
                self.source = source
                sourceHead = w.bytes
            }
            out.appendBytes(sourceHead)
        }

        /// Appends `,"packs":[…],"violations":[` for `packs`.
        mutating func appendPacks(_ packs: [String], to out: inout JSONWriter) {
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
            out.appendBytes(packsJSON)
        }
    }

    /// Appends the result line of one record, taking repeated parts from `fragments`.
    package static func write(
        source: String, line: Int, index: Int? = nil, key: Key? = nil, verdict: RecordVerdict,
        language: Language, into w: inout JSONWriter, reusing fragments: inout Fragments
    ) {
        fragments.appendHead(source, to: &w)
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
            fragments.appendPacks(verdict.packs, to: &w)
            verdict.violations.withUnsafeBufferPointer { violations in
                for i in violations.indices {
                    if i > 0 { w.appendFragment(",") }
                    write(violations.baseAddress! + i, language: language, into: &w)
                }
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
