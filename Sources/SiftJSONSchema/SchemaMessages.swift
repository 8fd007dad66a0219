import SiftCore
import SiftJSON
import SiftMessages

/// The message of each failing keyword, in plain words, in English and Chinese.
enum SchemaMessages {
    static func type(_ types: TypeSet, _ v: JSONValue) -> LocalizedText { type(types, words: actual(v)) }

    /// `must be of type string, not boolean`: `got` names the value's type.
    static func type(_ types: TypeSet, words got: String) -> LocalizedText {
        let want = types.words.joined(separator: " or ")
        let zhWant = types.words.joined(separator: " 或 ")
        return LocalizedText(en: "must be of type \(want), not \(got)", zh: "类型须为 \(zhWant)，实为 \(got)")
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
        return LocalizedText(en: "must be one of: \(shown)\(more)", zh: "须为以下之一：\(shown)\(more)")
    }

    static func constant(_ value: JSONValue) -> LocalizedText {
        let shown = Violation.excerpt(value, limit: 60) ?? ""
        return LocalizedText(en: "must be exactly \(shown)", zh: "须恰为 \(shown)")
    }

    static func bound(_ keyword: String, _ b: NumberBound) -> LocalizedText {
        switch keyword {
        case "minimum": return LocalizedText(en: "must be at least \(b.text)", zh: "须不小于 \(b.text)")
        case "maximum": return LocalizedText(en: "must be at most \(b.text)", zh: "须不大于 \(b.text)")
        case "exclusiveMinimum": return LocalizedText(en: "must be greater than \(b.text)", zh: "须大于 \(b.text)")
        case "exclusiveMaximum": return LocalizedText(en: "must be less than \(b.text)", zh: "须小于 \(b.text)")
        default: return LocalizedText(en: "must be a multiple of \(b.text)", zh: "须为 \(b.text) 的整数倍")
        }
    }

    static func length(_ keyword: String, _ n: Int, _ actual: Int) -> LocalizedText {
        let w = lengthWords(keyword, n)
        return LocalizedText(en: w.en.before + String(actual) + w.en.after, zh: w.zh.before + String(actual) + w.zh.after)
    }

    /// The words of `length` around the value's length.
    static func lengthWords(_ keyword: String, _ n: Int) -> (en: (before: String, after: String), zh: (before: String, after: String)) {
        let atLeast = keyword == "minLength"
        let en = "must be " + (atLeast ? "at least " : "at most ") + count(n, "character") + " long (it has "
        let zh = "长度须" + (atLeast ? "至少 " : "至多 ") + String(n) + " 个字符（实为 "
        return ((en, ")"), (zh, " 个）"))
    }

    /// The words of a failed `pattern`: plain words, as Sift's own `regex` says them (the pattern
    /// itself is at the violation's `rule`, and in `sift explain`).
    static func pattern(limit: Bool) -> LocalizedText {
        limit
            ? LocalizedText(
                en: "could not be checked against the schema's pattern within the match limit", zh: "在匹配上限内未能完成模式检查")
            : LocalizedText(en: "does not match the format the schema's pattern requires", zh: "不符合模式规定的格式")
    }

    static func format(_ f: SchemaFormat) -> LocalizedText {
        LocalizedText(en: "is not a valid \(f.kind.rawValue)", zh: "不是有效的 \(f.kind.rawValue)")
    }

    static let required = LocalizedText(en: "is required but missing", zh: "必填字段缺失")

    static func dependent(_ on: SchemaName) -> LocalizedText {
        LocalizedText(en: "is required when '\(on.text)' is present", zh: "当 '\(on.text)' 存在时为必填项")
    }

    static let additional = LocalizedText(
        en: "is not allowed: the schema does not list this property", zh: "不允许：模式未列出此属性")

    static func propertyName(_ name: String) -> LocalizedText {
        LocalizedText(en: "the property name '\(name)' is not allowed (propertyNames)", zh: "属性名 '\(name)' 不被允许（propertyNames）")
    }

    static func properties(_ keyword: String, _ n: Int, _ actual: Int) -> LocalizedText {
        keyword == "minProperties"
            ? LocalizedText(
                en: "must have at least \(count(n, "property", "properties")) (it has \(actual))", zh: "须至少有 \(n) 个属性（实有 \(actual) 个）")
            : LocalizedText(
                en: "must have at most \(count(n, "property", "properties")) (it has \(actual))", zh: "须至多有 \(n) 个属性（实有 \(actual) 个）")
    }

    static func items(_ keyword: String, _ n: Int, _ actual: Int) -> LocalizedText {
        keyword == "minItems"
            ? LocalizedText(en: "must have at least \(count(n, "element")) (it has \(actual))", zh: "须至少有 \(n) 个元素（实有 \(actual) 个）")
            : LocalizedText(en: "must have at most \(count(n, "element")) (it has \(actual))", zh: "须至多有 \(n) 个元素（实有 \(actual) 个）")
    }

    static func unique(_ later: Int, _ earlier: Int) -> LocalizedText {
        LocalizedText(en: "element \(later) is the same as element \(earlier)", zh: "第 \(later) 个元素与第 \(earlier) 个元素相同")
    }

    static func contains(_ keyword: String, _ n: Int, _ actual: Int) -> LocalizedText {
        switch keyword {
        case "maxContains":
            return LocalizedText(
                en: "must contain at most \(count(n, "element")) that match 'contains' (it has \(actual))",
                zh: "符合 contains 的元素须至多 \(n) 个（实有 \(actual) 个）")
        case "minContains":
            return LocalizedText(
                en: "must contain at least \(count(n, "element")) that match 'contains' (it has \(actual))",
                zh: "符合 contains 的元素须至少 \(n) 个（实有 \(actual) 个）")
        default:
            return LocalizedText(en: "must contain an element that matches 'contains'", zh: "须含有一个符合 contains 的元素")
        }
    }

    static func anyOf(_ n: Int) -> LocalizedText {
        LocalizedText(
            en: "must match at least one of the \(n) schemas of anyOf (it matches none)", zh: "须符合 anyOf 的 \(n) 个模式中的至少一个（一个都不符合）")
    }

    static func oneOf(_ n: Int, _ matched: Int) -> LocalizedText {
        LocalizedText(
            en: "must match exactly one of the \(n) schemas of oneOf (it matches \(matched))",
            zh: "须恰好符合 oneOf 的 \(n) 个模式中的一个（符合 \(matched) 个）")
    }

    static let undecided = LocalizedText(
        en: "could not be checked: a pattern of the schema hit its match limit on this value",
        zh: "无法检查：模式中的正则表达式在此值上达到了匹配上限")
    static let not = LocalizedText(en: "must not match the schema of 'not'", zh: "不得符合 not 的模式")
    static let never = LocalizedText(en: "is not allowed here (the schema is false)", zh: "此处不允许（模式为 false）")
    static let extraItem = LocalizedText(en: "is one element too many: the schema allows no more", zh: "多出的元素：模式不允许更多元素")

    /// `1 element`, `2 elements`.
    static func count(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) " + (n == 1 ? one : many ?? one + "s")
    }
}
