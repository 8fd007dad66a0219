import SiftMessages

/// What the JSON layer says, in English and Chinese side by side (`MessageTemplate`).
package enum JSONMessages: MessageCatalog {
    static let emptyInput = MessageTemplate("json.empty_input", en: "empty input", zh: "输入为空")
    static let textAfterValue = MessageTemplate(
        "json.text_after_value", en: "unexpected text after the JSON value", zh: "JSON 值之后有多余的文本")
    static let unexpectedEnd = MessageTemplate("json.unexpected_end", en: "unexpected end of input", zh: "输入意外结束")
    static let invalidUTF8OrCharacter = MessageTemplate(
        "json.invalid_utf8_or_character", en: "invalid UTF-8 or unexpected character", zh: "不是有效的 UTF-8 或有意外的字符")
    static let unexpectedCharacter = MessageTemplate(
        "json.unexpected_character", en: "unexpected character '{char}'", zh: "意外的字符 '{char}'")
    static let invalidLiteral = MessageTemplate(
        "json.invalid_literal", en: "invalid literal (expected {word})", zh: "无效的字面量（应为 {word}）")
    static let tooDeep = MessageTemplate("json.too_deep", en: "nesting deeper than {max} levels", zh: "嵌套超过 {max} 层")
    static let expectedKey = MessageTemplate("json.expected_key", en: "expected a quoted key", zh: "应为带引号的键")
    static let expectedColon = MessageTemplate("json.expected_colon", en: "expected ':' after a key", zh: "键之后应为 ':'")
    static let expectedCommaOrBrace = MessageTemplate(
        "json.expected_comma_or_brace", en: "expected ',' or '}'", zh: "应为 ',' 或 '}'")
    static let expectedCommaOrBracket = MessageTemplate(
        "json.expected_comma_or_bracket", en: "expected ',' or ']'", zh: "应为 ',' 或 ']'")
    static let tooLong = MessageTemplate(
        "json.too_long", en: "the JSON text is longer than {max} bytes", zh: "JSON 文本超过 {max} 字节")
    static let duplicateKey = MessageTemplate("json.duplicate_key", en: "duplicate key", zh: "重复的键")
    static let unterminatedString = MessageTemplate("json.unterminated_string", en: "unterminated string", zh: "字符串没有结束引号")
    static let controlCharacter = MessageTemplate(
        "json.control_character", en: "control character in a string", zh: "字符串中有控制字符")
    static let invalidUnicodeEscape = MessageTemplate("json.invalid_unicode_escape", en: "invalid \\u escape", zh: "无效的 \\u 转义")
    static let loneSurrogate = MessageTemplate(
        "json.lone_surrogate", en: "lone surrogate in a \\u escape", zh: "\\u 转义中有落单的代理项")
    static let invalidEscape = MessageTemplate("json.invalid_escape", en: "invalid escape", zh: "无效的转义")
    static let invalidUTF8 = MessageTemplate("json.invalid_utf8", en: "invalid UTF-8", zh: "不是有效的 UTF-8")
    static let invalidNumber = MessageTemplate("json.invalid_number", en: "invalid number", zh: "无效的数字")
    static let leadingZero = MessageTemplate(
        "json.leading_zero", en: "invalid number (leading zero)", zh: "无效的数字（前导零）")
    /// A parse error with its position: `{problem}` is one of the above.
    static let atByte = MessageTemplate("json.at_byte", en: "{problem} at byte {byte}", zh: "第 {byte} 字节处{problem}")
    static let keyTwice = MessageTemplate(
        "json.key_twice", en: "the key '{path}' appears more than once in its object (at byte {byte})",
        zh: "第 {byte} 字节处：键 '{path}' 在同一个对象中出现了不止一次")
    /// What a field path that cannot be read says (`FieldPathError`).
    static let invalidPath = MessageTemplate(
        "json.invalid_path", en: "invalid field path '{path}': {why}", zh: "无效的字段路径 '{path}'：{why}")
    // What a JSON value is, as a violation says it ("expected an array, got an object").
    static let kindObject = MessageTemplate("json.kind.object", en: "an object", zh: "对象")
    static let kindArray = MessageTemplate("json.kind.array", en: "an array", zh: "数组")
    static let kindString = MessageTemplate("json.kind.string", en: "a string", zh: "字符串")
    static let kindNumber = MessageTemplate("json.kind.number", en: "a number", zh: "数字")
    static let kindBool = MessageTemplate("json.kind.bool", en: "a boolean", zh: "布尔值")
    static let kindNull = MessageTemplate("json.kind.null", en: "null", zh: "null")
    // Why a part of a compact JWS is not base64url (`Base64URLProblem`).
    static let base64Padding = MessageTemplate(
        "json.base64url.padding", en: "it has '=' padding, which a JWT leaves out", zh: "含有 '=' 填充，JWT 不带填充")
    static let base64Plus = MessageTemplate(
        "json.base64url.plus", en: "'+' is standard base64; base64url writes '-'", zh: "'+' 属于标准 base64，base64url 写作 '-'")
    static let base64Slash = MessageTemplate(
        "json.base64url.slash", en: "'/' is standard base64; base64url writes '_'", zh: "'/' 属于标准 base64，base64url 写作 '_'")
    static let base64Whitespace = MessageTemplate("json.base64url.whitespace", en: "it contains whitespace", zh: "含有空白字符")
    static let base64Character = MessageTemplate(
        "json.base64url.character", en: "it has a character other than A-Z, a-z, 0-9, '-' and '_'", zh: "含有 A-Z、a-z、0-9、'-'、'_' 以外的字符")
    static let base64Length = MessageTemplate(
        "json.base64url.length", en: "its length ({n} characters) is one more than a multiple of 4", zh: "长度（{n} 个字符）比 4 的倍数多 1")

    package static let templates: [MessageTemplate] =
        [
            base64Padding, base64Plus, base64Slash, base64Whitespace, base64Character, base64Length,
            kindObject, kindArray, kindString, kindNumber, kindBool, kindNull,
            emptyInput, textAfterValue, unexpectedEnd, invalidUTF8OrCharacter, unexpectedCharacter, invalidLiteral, tooDeep,
            expectedKey, expectedColon, expectedCommaOrBrace, expectedCommaOrBracket, tooLong, duplicateKey, unterminatedString,
            controlCharacter, invalidUnicodeEscape, loneSurrogate, invalidEscape, invalidUTF8, invalidNumber, leadingZero, atByte,
            keyTwice, invalidPath,
        ] + FieldPathMessages.templates
}

extension JSONValue.Kind {
    /// The kind as messages say it: "an object" (对象), "a string" (字符串)...
    package var kindMessage: Message {
        switch self {
        case .object: JSONMessages.kindObject()
        case .array: JSONMessages.kindArray()
        case .string: JSONMessages.kindString()
        case .number: JSONMessages.kindNumber()
        case .bool: JSONMessages.kindBool()
        case .null: JSONMessages.kindNull()
        }
    }
}
