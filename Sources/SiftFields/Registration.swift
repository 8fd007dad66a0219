import SiftCore
import SiftRegex
import SiftJSON
import SiftMessages
import SiftExpr

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
        register(UniqueCheck.plugin)
        register(UniqueCheck.byPlugin)
        register(DecimalsCheck.plugin)
        register(MultipleOfCheck.plugin)
        textPatterns = { pattern in
            do throws(RegexError) {
                let regex = try CompiledRegex.shared(pattern, options: RegexOptions(mode: .full))
                return .success(
                    TextMatcher { text in
                        switch regex.match(text) {
                        case .match: true
                        case .noMatch: false
                        default: nil
                        }
                    })
            } catch {
                return .failure(TextMatcher.Problem(error.problem, offset: error.offset))
            }
        }
    }
}

/// The message for a value of the wrong JSON type.
func wrongType(_ value: JSONValue, expected: String, zh: String) -> Rejection {
    WrongType.messages(expected, zh)[value.kind]
}

/// Wrong-type rejections, made once per expectation: failing checks build no text.
struct WrongType: Sendable {
    static let aString = WrongType(FieldsMessages.aString())
    static let aStringOrArray = WrongType(FieldsMessages.aStringOrArray())
    static let aNumber = WrongType(FieldsMessages.aNumber())
    static let aNumberOrNumericText = WrongType(FieldsMessages.aNumberOrNumericText())
    static let anArray = WrongType(FieldsMessages.anArray())

    static func messages(_ expected: String, _ zh: String) -> WrongType {
        switch expected {
        case "a string": return aString
        case "a string or an array": return aStringOrArray
        case "a number": return aNumber
        case "a number or numeric text": return aNumberOrNumericText
        default: return WrongType(.localized(LocalizedText(en: expected, zh: zh)))
        }
    }

    // One per `JSONValue.Kind`, as stored properties: reading one is a plain load, where an
    // array's element costs a retain and a release of the array.
    private let object, array, string, number, bool, null: Rejection

    private init(_ expected: Message) {
        func make(_ kind: JSONValue.Kind) -> Rejection {
            .fixed(FieldsMessages.expectedGot(messages: ["expected": expected, "kind": kind.kindMessage]).localized, isTypeMismatch: true)
        }
        (object, array, string, number, bool, null) = (make(.object), make(.array), make(.string), make(.number), make(.bool), make(.null))
    }

    /// The rejection of a value of `kind`.
    subscript(kind: JSONValue.Kind) -> Rejection {
        switch kind {
        case .object: return object
        case .array: return array
        case .string: return string
        case .number: return number
        case .bool: return bool
        case .null: return null
        }
    }
}
