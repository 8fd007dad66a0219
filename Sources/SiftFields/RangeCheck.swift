import SiftCore
import SiftJSON
import SiftMessages

/// `range`: a number within bounds, each inclusive unless marked exclusive.
struct RangeCheck: ReadingCheck {
    let min: Double?
    let max: Double?
    let minExclusive: Bool
    let maxExclusive: Bool
    let numericStrings: Bool

    static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "range",
            summary: "The number must lie within bounds (inclusive unless marked exclusive).",
            options: [
                PluginSpec.Option("min", .number, doc: "Lowest allowed value."),
                PluginSpec.Option("max", .number, doc: "Highest allowed value."),
                PluginSpec.Option("min_exclusive", .boolean, default: .bool(false), doc: "Exclude min itself."),
                PluginSpec.Option("max_exclusive", .boolean, default: .bool(false), doc: "Exclude max itself."),
                PluginSpec.Option(
                    "numeric_strings", .boolean, default: .bool(false), doc: "Also accept numbers written as text, such as \"1\"."),
            ],
            examples: ["range: {min: 0, max: 150}", "range: {min: 0, min_exclusive: true}"]),
        make: { options, context in
            let lo = options.double("min"), hi = options.double("max")
            if lo == nil, hi == nil {
                context.error(FieldsMessages.rangeNeedsMinMax(), at: options.mark)
                return nil
            }
            if let lo, let hi, lo > hi {
                context.error(FieldsMessages.rangeHasMinGreaterThan(["lo": "\(lo)", "hi": "\(hi)"]), at: options.mark("min"))
                return nil
            }
            return RangeCheck(
                min: lo, max: hi, minExclusive: options.bool("min_exclusive") ?? false,
                maxExclusive: options.bool("max_exclusive") ?? false,
                numericStrings: options.bool("numeric_strings") ?? false)
        })

    var reading: ValueReading? { .number }

    private func number(_ value: JSONValue) -> Double? {
        if let d = value.double { return d }
        if numericStrings, let s = value.string, let d = Double(s), d.isFinite { return d }
        return nil
    }

    private func within(_ n: Double) -> Bool {
        let tooLow = min.map { minExclusive ? n <= $0 : n < $0 } ?? false
        let tooHigh = max.map { maxExclusive ? n >= $0 : n > $0 } ?? false
        return !tooLow && !tooHigh
    }

    func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool { number(value).map(within) ?? false }

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        guard let n = number(value) else {
            return wrongType(value, expected: numericStrings ? "a number or numeric text" : "a number", zh: "数字")
        }
        guard !within(n) else { return nil }
        let said = Message.localized(LocalizedText(en: bounds(.en), zh: bounds(.zh)))
        return Rejection(FieldsMessages.outOfRange(["value": Self.show(n)], messages: ["bounds": said]).localized)
    }

    static func show(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d) }

    func bounds(_ language: Language) -> String {
        var parts: [String] = []
        if let min { parts.append((minExclusive ? "> " : "≥ ") + Self.show(min)) }
        if let max { parts.append((maxExclusive ? "< " : "≤ ") + Self.show(max)) }
        return parts.joined(separator: language == .zh ? " 且 " : " and ")
    }

    func explain(_ language: Language) -> String {
        language == .zh ? "数值必须 \(bounds(.zh))" : "must be a number \(bounds(.en))"
    }
}
