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
    WrongType.messages(expected, zh)[Int(value.kind.rawValue)]
}

/// Wrong-type rejections, made once per expectation: failing checks build no text.
enum WrongType {
    static let aString = make("a string", "字符串")
    static let aStringOrArray = make("a string or an array", "字符串或数组")
    static let aNumber = make("a number", "数字")
    static let aNumberOrNumericText = make("a number or numeric text", "数字")

    static func messages(_ expected: String, _ zh: String) -> [Rejection] {
        switch expected {
        case "a string": return aString
        case "a string or an array": return aStringOrArray
        case "a number": return aNumber
        case "a number or numeric text": return aNumberOrNumericText
        default: return make(expected, zh)
        }
    }

    /// One rejection per `JSONValue.Kind`, indexed by its raw value.
    static func make(_ expected: String, _ zh: String) -> [Rejection] {
        [JSONValue.Kind.object, .array, .string, .number, .bool, .null].map { kind in
            .fixed(LocalizedText(en: "expected \(expected), got \(kind)", zh: "应为\(zh)，实际为\(kindZH(kind))"), isTypeMismatch: true)
        }
    }
}

func kindZH(_ kind: JSONValue.Kind) -> String {
    switch kind {
    case .object: return "对象"
    case .array: return "数组"
    case .string: return "字符串"
    case .number: return "数字"
    case .bool: return "布尔值"
    case .null: return "null"
    }
}
