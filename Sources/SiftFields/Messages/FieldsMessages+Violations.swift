import SiftMessages

/// What the field checks say of a value in a result line, in English and Chinese side by side.
extension FieldsMessages {
    static let expectedGot = MessageTemplate(
        "fields.violation.expected_got", en: "expected {expected}, got {kind}", zh: "应为{expected}，实际为{kind}")
    static let aString = MessageTemplate("fields.noun.a_string", en: "a string", zh: "字符串")
    static let aStringOrArray = MessageTemplate("fields.noun.a_string_or_array", en: "a string or an array", zh: "字符串或数组")
    static let aNumber = MessageTemplate("fields.noun.a_number", en: "a number", zh: "数字")
    static let aNumberOrNumericText = MessageTemplate("fields.noun.a_number_or_numeric_text", en: "a number or numeric text", zh: "数字")
    static let anArray = MessageTemplate("fields.noun.an_array", en: "an array", zh: "数组")
    static let typeMismatch = MessageTemplate(
        "fields.violation.type_mismatch", en: "is {kind}; must be {types}", zh: "类型为{kind}，应为 {types}")
    static let notOneOf = MessageTemplate("fields.violation.not_one_of", en: "must be one of: {values}", zh: "必须是以下之一：{values}")
    static let outOfRange = MessageTemplate("fields.violation.out_of_range", en: "is {value}; must be {bounds}", zh: "值为 {value}，应{bounds}")
    static let patternError = MessageTemplate(
        "fields.violation.pattern_error", en: "the pattern could not be applied: {error}", zh: "正则无法执行：{error}")
    static let noMatch = MessageTemplate("fields.violation.no_match", en: "does not match the required format", zh: "格式不正确")
    static let matchLimit = MessageTemplate(
        "fields.violation.match_limit", en: "the pattern needed too much backtracking on this value (match limit reached)", zh: "正则匹配超出回溯上限"
    )
    static let empty = MessageTemplate("fields.violation.empty", en: "must not be empty", zh: "不能为空")
    static let untrimmed = MessageTemplate("fields.violation.untrimmed", en: "has leading or trailing whitespace", zh: "首尾含有空白字符")
    static let checksumFails = MessageTemplate("fields.violation.checksum_fails", en: "fails the {title} check", zh: "未通过 {title}校验")
    static let notAMultiple = MessageTemplate("fields.violation.not_a_multiple", en: "is not a multiple of {step}", zh: "不是 {step} 的整数倍")
    static let tooManyDecimals = MessageTemplate(
        "fields.violation.too_many_decimals", en: "has {n} digits after the decimal point; at most {max} allowed",
        zh: "小数点后有 {n} 位；最多 {max} 位")
    static let lengthIs = MessageTemplate("fields.violation.length_is", en: "is {n} {unit} long; {bound}", zh: "长度为 {n} {unit}，{bound}")
    static let lengthExactly = MessageTemplate("fields.length.exactly", en: "must be exactly {limit}", zh: "必须为 {limit}")
    static let lengthAtLeast = MessageTemplate("fields.length.at_least", en: "must be at least {limit}", zh: "至少应为 {limit}")
    static let lengthAtMost = MessageTemplate("fields.length.at_most", en: "must be at most {limit}", zh: "最多为 {limit}")
    static let tooShortForDate = MessageTemplate(
        "fields.violation.too_short_for_date", en: "is too short to hold a date at characters {from}–{to}",
        zh: "长度不足，无法在第 {from}–{to} 位读取日期")
    static let notARealDate = MessageTemplate(
        "fields.violation.not_a_real_date", en: "is not a real date in the format {format}", zh: "不是格式为 {format} 的有效日期")
    static let dateBefore = MessageTemplate("fields.violation.date_before", en: "is {day}, before {limit}", zh: "日期 {day} 早于 {limit}")
    static let dateAfter = MessageTemplate("fields.violation.date_after", en: "is {day}, after {limit}", zh: "日期 {day} 晚于 {limit}")
    static let sameElement = MessageTemplate(
        "fields.violation.same_element", en: "element {later} is the same as element {earlier}", zh: "第 {later} 项与第 {earlier} 项相同")
    static let sameElementBy = MessageTemplate(
        "fields.violation.same_element_by", en: "element {later} has the same {by} as element {earlier}",
        zh: "第 {later} 项的 {by} 与第 {earlier} 项相同")
    static let dateWithoutTime = MessageTemplate(
        "fields.violation.date_without_time",
        en: "has a date but no time: rfc3339 is a date, a time and its UTC offset, such as {text}T10:00:00Z",
        zh: "只有日期没有时间：rfc3339 需要日期、时间和 UTC 偏移，例如 {text}T10:00:00Z")
    // `{found}` is what the record has where 'T' belongs.
    static let notT = MessageTemplate(
        "fields.violation.not_t", en: "has '{found}' where 'T' belongs between the date and the time: {fixed}",
        zh: "日期和时间之间应为 'T'（而不是 '{found}'）：{fixed}")
    static let noOffset = MessageTemplate(
        "fields.violation.no_offset", en: "has no UTC offset: end it with Z (UTC) or an offset such as +08:00",
        zh: "缺少 UTC 偏移：请以 Z（UTC）或 +08:00 这样的偏移结尾")

    static let violationTemplates: [MessageTemplate] = [
        expectedGot, aString, aStringOrArray, aNumber, aNumberOrNumericText, anArray, typeMismatch, notOneOf, outOfRange, patternError,
        noMatch, matchLimit, empty, untrimmed, checksumFails, notAMultiple, tooManyDecimals, lengthIs, lengthExactly, lengthAtLeast,
        lengthAtMost, tooShortForDate, notARealDate, dateBefore, dateAfter, sameElement, sameElementBy, dateWithoutTime, notT, noOffset,
    ]
}
