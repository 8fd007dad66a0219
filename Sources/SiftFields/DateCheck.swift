import SiftCore
import SiftJSON
import SiftMessages

/// `date`: text in a given layout that names a real calendar date, optionally within
/// bounds and not after the as-of time. `from`/`to` pick characters out of a longer
/// value (the birth date inside a resident ID).
struct DateCheck: ReadingCheck, InstantReading {
    enum Bound: Sendable { case fixed(Int64), asOf }

    let format: DateFormat
    let min: Int64?
    let max: Int64?
    let notAfter: Bound?
    let notBefore: Bound?
    let slice: ClosedRange<Int>?

    static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "date",
            summary: "The text must be a real date in the given layout, optionally within bounds.",
            options: [
                PluginSpec.Option(
                    "format", .string, default: .string("yyyy-MM-dd"),
                    doc: "Layout with yyyy MM dd HH mm ss SSS, or rfc3339, epoch_ms, epoch_s."),
                PluginSpec.Option("min", .string, doc: "Earliest allowed date, in the layout or as yyyy-MM-dd."),
                PluginSpec.Option("max", .string, doc: "Latest allowed date, in the layout or as yyyy-MM-dd."),
                PluginSpec.Option("not_after", .string, doc: "'now' (the run's as-of time) or a date: the value may not be later."),
                PluginSpec.Option("not_before", .string, doc: "'now' or a date: the value may not be earlier."),
                PluginSpec.Option("from", .integer, doc: "Check only the characters from this position (1-based)…"),
                PluginSpec.Option("to", .integer, doc: "…to this position (inclusive)."),
            ],
            shorthand: "format",
            examples: ["date: yyyy-MM-dd", "date: {format: yyyyMMdd, from: 7, to: 14, not_after: now, min: 1900-01-01}"]),
        make: { options, context in
            let text = options.string("format") ?? "yyyy-MM-dd"
            guard let format = DateFormat(text) else {
                context.error(DateFormat.unknown(text), at: options.mark("format"))
                return nil
            }
            func instant(_ name: String) -> Int64?? {
                guard let t = options.string(name) else { return .some(nil) }
                if let v = format.parse(Array(t.utf8)[...]) ?? DateFormat("yyyy-MM-dd")!.parse(Array(t.utf8)[...])
                    ?? Array(t.utf8).withUnsafeBufferPointer(DateFormat.rfc3339)
                {
                    return .some(v)
                }
                context.error(FieldsMessages.dateShouldDateLike(["name": "\(name)", "t": "\(t)"]), at: options.mark(name))
                return nil
            }
            func bound(_ name: String) -> Bound?? {
                if options.string(name) == "now" { return .some(.asOf) }
                if let t = options.string(name), ["today", "now()", "current", "today()", "tomorrow", "yesterday"].contains(t.lowercased())
                {
                    context.error(
                        FieldsMessages.timeSiftKnowsWriteNow(["t": "\(t)", "name": "\(name)"]), at: options.mark(name))
                    return nil
                }
                guard let v = instant(name) else { return nil }
                return .some(v.map { Bound.fixed($0) })
            }
            guard let lo = instant("min"), let hi = instant("max"), let na = bound("not_after"), let nb = bound("not_before") else {
                return nil
            }
            var slice: ClosedRange<Int>?
            if options.has("from") || options.has("to") {
                guard let f = options.int("from"), let t = options.int("to"), f >= 1, t >= f else {
                    context.error(FieldsMessages.fromDateGoTogetherFrom(), at: options.mark("from"))
                    return nil
                }
                slice = f...t
            }
            return DateCheck(format: format, min: lo, max: hi, notAfter: na, notBefore: nb, slice: slice)
        })

    /// What a value holds: the milliseconds of its date, or why there is none.
    private enum Reading {
        case wrongType, tooShort, notADate, date(Int64)
    }

    private func read(_ value: JSONValue) -> Reading {
        var text: ArraySlice<UInt8>?
        if value.kind == .number, case .epochMillis = format.layout {
            text = ArraySlice(value.rawBytes)
        } else if value.kind == .number, case .epochSeconds = format.layout {
            text = ArraySlice(value.rawBytes)
        } else if slice == nil, value.kind == .string {
            // The text's bytes in place: no copy on the hot path.
            var parsed: Int64?
            _ = value.withStringBytes { parsed = format.parse($0) }
            return parsed.map(Reading.date) ?? .notADate
        } else if let s = value.string {
            let scalars = Array(s.unicodeScalars)
            if let slice {
                guard scalars.count >= slice.upperBound else { return .tooShort }
                text = ArraySlice(String(String.UnicodeScalarView(scalars[(slice.lowerBound - 1)...(slice.upperBound - 1)])).utf8)
            } else {
                text = ArraySlice(s.utf8)
            }
        }
        guard let text else { return .wrongType }
        return format.parse(text).map(Reading.date) ?? .notADate
    }

    /// The first bound the date breaks: whether it is too early, and the bound.
    private func brokenBound(_ ms: Int64, _ context: EvaluationContext) -> (early: Bool, bound: Int64)? {
        if let min, ms < min { return (true, min) }
        if let max, ms > max { return (false, max) }
        if let limit = resolve(notAfter, context), ms > limit { return (false, limit) }
        if let limit = resolve(notBefore, context), ms < limit { return (true, limit) }
        return nil
    }

    var reading: ValueReading? { .instant(self) }

    func instant(of value: JSONValue) -> Int64? {
        guard case .date(let ms) = read(value) else { return nil }
        return ms
    }

    func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool {
        guard case .date(let ms) = read(value) else { return false }
        return brokenBound(ms, context) == nil
    }

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        switch read(value) {
        case .wrongType: return WrongType.aString[value.kind]
        case .tooShort:
            let (from, to) = (slice?.lowerBound ?? 0, slice?.upperBound ?? 0)
            return Rejection(FieldsMessages.tooShortForDate(["from": "\(from)", "to": "\(to)"]).localized)
        case .notADate:
            if case .rfc3339 = format.layout, let text = value.string, let problem = DateFormat.rfc3339Problem(text) {
                return Rejection(problem)
            }
            return Rejection(FieldsMessages.notARealDate(["format": "\(format)"]).localized)
        case .date(let ms):
            guard let (early, bound) = brokenBound(ms, context) else { return nil }
            // With a time of day in the layout, the time too: "is 2026-11-26T15:00:00Z, after 2026-11-26T09:00:00Z".
            let (day, limit) = (format.shown(ms), format.shown(bound))
            return Rejection((early ? FieldsMessages.dateBefore : FieldsMessages.dateAfter)(["day": day, "limit": limit]).localized)
        }
    }

    func resolve(_ b: Bound?, _ context: EvaluationContext) -> Int64? {
        switch b {
        case .fixed(let v)?: return v
        case .asOf?: return context.asOfMillis
        case nil: return nil
        }
    }

    func explain(_ language: Language) -> String {
        var parts = [language == .zh ? "必须是格式为 \(format) 的有效日期" : "must be a real date in the format \(format)"]
        if let slice {
            parts.append(
                language == .zh
                    ? "（第 \(slice.lowerBound)–\(slice.upperBound) 位）"
                    : "(characters \(slice.lowerBound)–\(slice.upperBound))")
        }
        if let min { parts.append((language == .zh ? "不早于 " : "not before ") + DateFormat.isoDay(min)) }
        if let max { parts.append((language == .zh ? "不晚于 " : "not after ") + DateFormat.isoDay(max)) }
        if case .asOf? = notAfter { parts.append(language == .zh ? "不晚于运行时间" : "not after the as-of time") }
        if case .fixed(let v)? = notAfter { parts.append((language == .zh ? "不晚于 " : "not after ") + DateFormat.isoDay(v)) }
        if case .asOf? = notBefore { parts.append(language == .zh ? "不早于运行时间" : "not before the as-of time") }
        if case .fixed(let v)? = notBefore { parts.append((language == .zh ? "不早于 " : "not before ") + DateFormat.isoDay(v)) }
        return parts.joined(separator: " ")
    }
}
