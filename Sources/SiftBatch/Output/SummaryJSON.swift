import SiftCore
import SiftJSON
/// The `--summary-json` document (docs/OUTPUT.md, "Summary file"): totals, every reason with
/// its count, counts per field and per pack, the top failing values per reason, and timings.
extension RunSummary {
    /// How many failing values each reason lists.
    public static let topValuesShown = ValueCounter.capacity

    /// The summary as one JSON object; `extra` adds top-level fields (the exit code, thresholds).
    public func json(extra: (inout JSONWriter) -> Void = { _ in }) -> [UInt8] {
        var w = JSONWriter(capacity: 4096)
        w.beginObject()
        w.field("records", records)
        w.field("valid", valid)
        w.field("invalid", invalid)
        w.field("unreadable_records", inputErrors)
        w.key("invalid_ratio"); w.double(records > 0 ? Double(invalid) / Double(records) : 0)
        w.key("seconds"); w.double((seconds * 1000).rounded() / 1000)
        w.field("records_per_second", seconds > 0 ? Int(Double(records) / seconds) : 0)
        w.key("reasons"); w.beginObject()
        for (r, n) in reasonsByCount { w.field(r.text, n) }
        w.endObject()
        w.key("fields"); w.beginObject()
        for (f, n) in fields.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) { w.field(f, n) }
        w.endObject()
        w.key("packs"); w.beginObject()
        for (p, c) in packs.sorted(by: { $0.key < $1.key }) {
            w.key(p); w.beginObject(); w.field("records", c.records); w.field("invalid", c.invalid); w.endObject()
        }
        w.endObject()
        w.key("top_values"); w.beginObject()
        for (r, _) in reasonsByCount {
            guard let counter = topValues[r] else { continue }
            w.key(r.text); w.beginArray()
            for t in counter.top(Self.topValuesShown) {
                w.beginObject(); w.field("value", t.value); w.field("count", t.count)
                // An approximate count: the true one is between count - overcount and count.
                if t.overcount > 0 { w.field("overcount", t.overcount) }
                w.endObject()
            }
            w.endArray()
        }
        w.endObject()
        w.key("unreadable_sources"); w.beginArray()
        for u in unreadable { w.string(u) }
        w.endArray()
        extra(&w)
        w.endObject()
        w.endLine()
        return w.take()
    }
}
