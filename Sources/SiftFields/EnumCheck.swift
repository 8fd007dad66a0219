import SiftCore
import SiftJSON
import SiftMessages

/// `enum`: the value must be one of a list.
struct EnumCheck: ValueCheck {
    let strings: Set<String>
    let numbers: Set<Double>
    let bools: Set<Bool>
    let ignoreCase: Bool
    let shown: [String]
    /// The words of a failure, made once: failing values build no text.
    let mismatch: Rejection
    /// The allowed texts as bytes, when an ASCII value may be compared with them so: all of
    /// them ASCII, case kept.
    let byteTexts: ByteTextSet?
    var allowedTexts: [String]? { shown }

    static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "enum",
            summary: "The value must be one of the listed values.",
            options: [
                PluginSpec.Option("values", .list(.any), required: true, doc: "The allowed values (texts, numbers or booleans)."),
                PluginSpec.Option("ignore_case", .boolean, default: .bool(false), doc: "Compare texts regardless of case."),
            ],
            shorthand: "values",
            examples: ["enum: [Production, Sandbox]"]),
        make: { options, context in
            let ignoreCase = options.bool("ignore_case") ?? false
            var strings = Set<String>(), numbers = Set<Double>(), bools = Set<Bool>(), shown: [String] = []
            for item in options.node("values")?.items ?? [] {
                switch item.resolved {
                case .string(let s)?: strings.insert(ignoreCase ? s.lowercased() : s); shown.append(s)
                case .int(let i)?: numbers.insert(Double(i)); shown.append(String(i))
                case .double(let d)?: numbers.insert(d); shown.append(String(d))
                case .bool(let b)?: bools.insert(b); shown.append(String(b))
                default: context.error(FieldsMessages.enumValuesAreTextsNumbers(messages: ["item_kind": item.kindMessage]), at: item.mark)
                }
            }
            if shown.isEmpty {
                context.error(FieldsMessages.enumNeedsAtLeastOne(), at: options.mark)
                return nil
            }
            let list = shown.joined(separator: ", ")
            return EnumCheck(
                strings: strings, numbers: numbers, bools: bools, ignoreCase: ignoreCase, shown: shown,
                mismatch: Rejection(FieldsMessages.notOneOf(["values": list]).localized),
                byteTexts: ignoreCase ? nil : ByteTextSet(strings))
        })

    /// Compares an ASCII value's bytes with the allowed texts (see `byteTexts`), without
    /// making a `String` (one is an allocation once it passes 15 bytes); nil when that cannot
    /// settle it. Values with other characters go through `String`, whose equality is Unicode's.
    private func asciiMatch(_ value: JSONValue) -> Bool? {
        guard let byteTexts else { return nil }
        var found: Bool?
        _ = value.withStringBytes { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return }
            found = byteTexts.contains(bytes)
        }
        return found
    }

    func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool {
        switch value.kind {
        case .string:
            if let found = asciiMatch(value) { return found }
            return value.string.map { strings.contains(ignoreCase ? $0.lowercased() : $0) } ?? false
        case .number: return value.double.map { numbers.contains($0) } ?? false
        case .bool: return value.bool.map { bools.contains($0) } ?? false
        default: return false
        }
    }

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        passes(value, in: context) ? nil : mismatch
    }

    func explain(_ language: Language) -> String {
        (language == .zh ? "必须是以下之一：" : "must be one of: ") + shown.joined(separator: ", ")
    }
}
