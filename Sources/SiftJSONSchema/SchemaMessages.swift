import SiftCore
import SiftJSON
import SiftMessages

/// The message of each failing keyword, in plain words, in English and Chinese.
enum SchemaMessages {
    static func type(_ types: TypeSet, _ v: JSONValue) -> LocalizedText { type(types, words: actual(v)) }

    /// `must be of type string, not boolean`: `got` names the value's type.
    static func type(_ types: TypeSet, words got: String) -> LocalizedText {
        let want = LocalizedText(en: types.words.joined(separator: " or "), zh: types.words.joined(separator: " 或 "))
        return M.type(["got": got], messages: ["want": .localized(want)]).localized
    }

    static func actual(_ v: JSONValue) -> String { typeName(v.kind, integral: v.isIntegral) }

    /// The schema's name of a value's type (a number with no fraction is an `integer`).
    static func typeName(_ kind: JSONValue.Kind, integral: Bool) -> String {
        switch kind {
        case .null: return "null"
        case .bool: return "boolean"
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        case .number: return integral ? "integer" : "number"
        }
    }

    static func enumeration(_ values: [JSONValue]) -> LocalizedText {
        let shown = values.prefix(10).map { Violation.excerpt($0, limit: 40) ?? "" }.joined(separator: ", ")
        let more = values.count > 10 ? ", …" : ""
        return M.oneOfValues(["values": shown + more]).localized
    }

    static func constant(_ value: JSONValue) -> LocalizedText { M.constant(["value": Violation.excerpt(value, limit: 60) ?? ""]).localized }

    static func bound(_ keyword: String, _ b: NumberBound) -> LocalizedText {
        let template: MessageTemplate
        switch keyword {
        case "minimum": template = M.minimum
        case "maximum": template = M.maximum
        case "exclusiveMinimum": template = M.exclusiveMinimum
        case "exclusiveMaximum": template = M.exclusiveMaximum
        default: template = M.multipleOf
        }
        return template(["bound": b.text]).localized
    }

    static func length(_ keyword: String, _ n: Int, _ actual: Int) -> LocalizedText {
        lengthMessage(keyword, n, actual: String(actual)).localized
    }

    /// The words of `length` with the value's length left as `{n}` (`Rejection.Counted`), or filled.
    static func lengthMessage(_ keyword: String, _ n: Int, actual: String? = nil) -> Message {
        let template = keyword == "minLength" ? M.minLength : M.maxLength
        return template(actual.map { ["n": $0] } ?? [:], messages: ["count": count(n, M.oneCharacter, M.manyCharacters)])
    }

    /// The words of a failed `pattern`: plain words, as Sift's own `regex` says them (the pattern
    /// itself is at the violation's `rule`, and in `sift explain`).
    static func pattern(limit: Bool) -> LocalizedText { (limit ? M.patternLimit : M.patternMismatch)().localized }

    static func format(_ f: SchemaFormat) -> LocalizedText { M.format(["format": f.kind.rawValue]).localized }

    static let required = M.required().localized

    static func dependent(_ on: SchemaName) -> LocalizedText { M.dependent(["name": on.text]).localized }

    static let additional = M.additional().localized

    static func propertyName(_ name: String) -> LocalizedText { M.propertyName(["name": name]).localized }

    static func properties(_ keyword: String, _ n: Int, _ actual: Int) -> LocalizedText {
        let template = keyword == "minProperties" ? M.minProperties : M.maxProperties
        return template(["actual": "\(actual)"], messages: ["count": count(n, M.oneProperty, M.manyProperties)]).localized
    }

    static func items(_ keyword: String, _ n: Int, _ actual: Int) -> LocalizedText {
        let template = keyword == "minItems" ? M.minItems : M.maxItems
        return template(["actual": "\(actual)"], messages: ["count": count(n, M.oneElement, M.manyElements)]).localized
    }

    static func unique(_ later: Int, _ earlier: Int) -> LocalizedText {
        M.unique(["later": "\(later)", "earlier": "\(earlier)"]).localized
    }

    static func contains(_ keyword: String, _ n: Int, _ actual: Int) -> LocalizedText {
        switch keyword {
        case "maxContains", "minContains":
            let template = keyword == "maxContains" ? M.maxContains : M.minContains
            return template(["actual": "\(actual)"], messages: ["count": count(n, M.oneElement, M.manyElements)]).localized
        default: return M.contains().localized
        }
    }

    static func anyOf(_ n: Int) -> LocalizedText { M.anyOf(["n": "\(n)"]).localized }

    static func oneOf(_ n: Int, _ matched: Int) -> LocalizedText { M.oneOf(["n": "\(n)", "matched": "\(matched)"]).localized }

    static let undecided = M.undecided().localized
    static let not = M.not().localized
    static let never = M.never().localized
    static let extraItem = M.extraItem().localized

    /// `1 element`, `2 elements` (in Chinese the number: the sentence has the measure word).
    static func count(_ n: Int, _ one: MessageTemplate, _ many: MessageTemplate) -> Message { (n == 1 ? one : many)(["n": "\(n)"]) }

    /// `1 element`, `2 elements`, in English (`sift explain`).
    static func count(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) " + (n == 1 ? one : many ?? one + "s")
    }
}

private typealias M = JSONSchemaMessages
