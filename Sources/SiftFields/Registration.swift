import SiftCore

extension PluginRegistry {
    /// Registers the field validators: regex, length, checksum, type, enum, range, date,
    /// not_empty and trimmed.
    public mutating func registerFieldValidators() {
        register(RegexCheck.plugin)
        register(LengthCheck.plugin)
        register(ChecksumCheck.plugin)
        register(TypeCheck.plugin)
        register(EnumCheck.plugin)
        register(RangeCheck.plugin)
        register(DateCheck.plugin)
        register(NotEmptyCheck.plugin)
        register(TrimmedCheck.plugin)
    }
}

/// The message for a value of the wrong JSON type.
func wrongType(_ value: JSONValue, expected: String, zh: String) -> Rejection {
    Rejection(LocalizedText(en: "expected \(expected), got \(value.kind)", zh: "应为\(zh)，实际为\(kindZH(value.kind))"))
}

func kindZH(_ kind: JSONKind) -> String {
    switch kind {
    case .object: return "对象"
    case .array: return "数组"
    case .string: return "字符串"
    case .number: return "数字"
    case .bool: return "布尔值"
    case .null: return "null"
    }
}
