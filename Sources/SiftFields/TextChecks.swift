import SiftCore
import SiftJSON
import SiftMessages

/// `not_empty`: not "", [] or {} (and, with `trim`, not only whitespace).
struct NotEmptyCheck: ValueCheck {
    let trim: Bool

    static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "not_empty",
            summary: "The value must not be an empty text, list or object.",
            options: [PluginSpec.Option("trim", .boolean, default: .bool(false), doc: "Also reject text that is only whitespace.")],
            examples: ["not_empty", "not_empty: {trim: true}"]),
        make: { options, _ in NotEmptyCheck(trim: options.bool("trim") ?? false) })

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        let empty: Bool
        switch value.kind {
        case .string:
            let s = value.string ?? ""
            empty = trim ? s.unicodeScalars.allSatisfy(\.properties.isWhitespace) : s.isEmpty
        case .array, .object: empty = value.count == 0
        default: empty = false
        }
        return empty ? Self.isEmpty : nil
    }

    private static let isEmpty = Rejection.fixed(FieldsMessages.empty().localized)

    func explain(_ language: Language) -> String { language == .zh ? "不能为空" : "must not be empty" }
}

/// `trimmed`: no leading or trailing whitespace (any Unicode space, including U+3000 and NBSP).
struct TrimmedCheck: ValueCheck {
    static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "trimmed", summary: "The text must not start or end with whitespace.", options: [],
            examples: ["trimmed"]),
        make: { _, _ in TrimmedCheck() })

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        guard let s = value.string else { return WrongType.aString[value.kind] }
        let scalars = s.unicodeScalars
        let bad = (scalars.first?.properties.isWhitespace ?? false) || (scalars.last?.properties.isWhitespace ?? false)
        return bad ? Self.untrimmed : nil
    }

    private static let untrimmed = Rejection.fixed(FieldsMessages.untrimmed().localized)

    func explain(_ language: Language) -> String {
        language == .zh ? "首尾不得有空白" : "must not start or end with whitespace"
    }
}
