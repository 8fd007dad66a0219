import Foundation
import SiftCore
import SiftJSON
import SiftMessages

/// `decimals`: at most N digits after the decimal point, read exactly from the number's JSON
/// text (`12.50` has one: it is 12.5; `1e-3` has three), never from a binary double.
struct DecimalsCheck: ValueCheck {
    let max: Int
    let numericStrings: Bool
    let tooMany: Rejection.Counted

    init(max: Int, numericStrings: Bool) {
        self.max = max
        self.numericStrings = numericStrings
        tooMany = Rejection.Counted(FieldsMessages.tooManyDecimals(["max": "\(max)"]))
    }

    static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "decimals",
            summary: "The number may have at most this many digits after the decimal point (read exactly from its text).",
            options: [
                PluginSpec.Option("max", .integer, required: true, doc: "The most digits after the point: 2 for cents."),
                PluginSpec.Option(
                    "numeric_strings", .boolean, default: .bool(false), doc: "Also accept numbers written as text, such as \"9.99\"."),
            ],
            shorthand: "max",
            examples: ["decimals: 2", "decimals: {max: 2, numeric_strings: true}"]),
        make: { options, context in
            guard let max = options.int("max"), max >= 0 else {
                context.error(FieldsMessages.maxDecimalsWholeNumberMore(), at: options.mark("max"))
                return nil
            }
            if max >= 19 {
                context.warning(
                    FieldsMessages.decimalsAllowsMoreDigitsAfter(["max": "\(max)"]), at: options.mark("max"))
            }
            return DecimalsCheck(max: max, numericStrings: options.bool("numeric_strings") ?? false)
        })

    /// Digits after the point of the number `value` holds, or nil when it holds none.
    static func decimals(_ value: JSONValue, numericStrings: Bool) -> Int? {
        if let d = ExactDecimal(value, numericText: numericStrings) { return Swift.max(0, -d.exponent) }
        // More than 19 digits: count them in the text.
        guard value.kind == .number || (numericStrings && value.kind == .string) else { return nil }
        let text = Array((value.kind == .number ? value.rawText : value.string ?? "").utf8)
        guard let e = ExactDecimal.fractionDigits(text) else { return nil }
        return e
    }

    func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool {
        Self.decimals(value, numericStrings: numericStrings).map { $0 <= max } ?? false
    }

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        guard let n = Self.decimals(value, numericStrings: numericStrings) else {
            return (numericStrings ? WrongType.aNumberOrNumericText : WrongType.aNumber)[value.kind]
        }
        return n <= max ? nil : tooMany(n)
    }

    func explain(_ language: Language) -> String {
        language == .zh ? "小数点后最多 \(max) 位" : "at most \(max) digits after the decimal point"
    }
}

/// `multiple_of`: the number is a whole multiple of a step (`0.05`, `100`), exactly.
struct MultipleOfCheck: ValueCheck {
    let step: ExactDecimal
    let stepText: String
    let numericStrings: Bool
    let notAMultiple: Rejection

    static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "multiple_of",
            summary: "The number must be a whole multiple of a step (exactly, from its text: 0.3 is a multiple of 0.1).",
            options: [
                PluginSpec.Option("step", .number, required: true, doc: "The step: 0.05, 100."),
                PluginSpec.Option(
                    "numeric_strings", .boolean, default: .bool(false), doc: "Also accept numbers written as text, such as \"0.15\"."),
            ],
            shorthand: "step",
            examples: ["multiple_of: 0.05", "multiple_of: {step: 100}"]),
        make: { options, context in
            let text = options.string("step") ?? ""
            guard let step = Array(text.utf8).withUnsafeBufferPointer({ ExactDecimal($0) }), step.significand != 0, !step.negative else {
                context.error(FieldsMessages.stepMultipleNumberAboveUp(), at: options.mark("step"))
                return nil
            }
            return MultipleOfCheck(
                step: step, stepText: text, numericStrings: options.bool("numeric_strings") ?? false,
                notAMultiple: .fixed(FieldsMessages.notAMultiple(["step": text]).localized))
        })

    /// Nil when the value is not a number (or numeric text, with `numeric_strings`).
    private func isMultiple(_ value: JSONValue) -> Bool? {
        if let d = ExactDecimal(value, numericText: numericStrings) { return d.isMultiple(of: step) }
        // More than 19 digits: as a decimal of 38.
        let text = value.kind == .number ? value.rawText : value.string ?? ""
        guard value.kind == .number || (numericStrings && value.kind == .string), ExactDecimal.isNumberText(Array(text.utf8)),
            let v = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
            let s = Decimal(string: stepText, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        var q = v / s, whole = Decimal()
        NSDecimalRound(&whole, &q, 0, .down)
        return whole == q
    }

    func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool { isMultiple(value) ?? false }

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        guard let multiple = isMultiple(value) else {
            return (numericStrings ? WrongType.aNumberOrNumericText : WrongType.aNumber)[value.kind]
        }
        return multiple ? nil : notAMultiple
    }

    func explain(_ language: Language) -> String {
        language == .zh ? "必须是 \(stepText) 的整数倍" : "must be a multiple of \(stepText)"
    }
}
