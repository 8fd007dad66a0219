/// Writes one result as a JSONL line. The format is documented in docs/OUTPUT.md and stable:
/// `{"source","line","valid","packs","violations":[{"field","reason","message","value","rule"}], ...stage outputs, "error"}`.
public struct ResultLine {
    public static func write(source: String, line: Int, verdict: RecordVerdict, language: Language, into w: inout JSONWriter) {
        w.beginObject()
        w.field("source", source)
        w.field("line", line)
        w.field("valid", verdict.isValid)
        if let e = verdict.inputError {
            w.key("error")
            w.beginObject()
            w.field("reason", e.reason)
            w.field("message", e.message)
            w.endObject()
        } else {
            w.key("packs")
            w.beginArray()
            for p in verdict.packs { w.string(p) }
            w.endArray()
            w.key("violations")
            w.beginArray()
            for v in verdict.violations {
                w.beginObject()
                w.field("field", v.field)
                w.field("reason", v.reason)
                w.field("message", v.message.text(language))
                if let value = v.value { w.field("value", value) }
                if let rule = v.rule { w.field("rule", rule.description) }
                w.endObject()
            }
            w.endArray()
            for (key, json) in verdict.output {
                w.key(key)
                w.raw(json)
            }
        }
        w.endObject()
        w.endLine()
    }
}
