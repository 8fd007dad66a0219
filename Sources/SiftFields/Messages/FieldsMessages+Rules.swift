import SiftMessages

/// What SiftFields says in rule files, in English and Chinese side by side (`MessageTemplate`): Rules.
extension FieldsMessages {
    static let dateShouldDateLike = MessageTemplate(
        "fields.date_should_date_like",
        en: "'{name}' of 'date' should be a date like 2000-01-31, not '{t}'",
        zh: "'date' 的 '{name}' 应为形如 2000-01-31 的日期，而不是 '{t}'")
    static let timeSiftKnowsWriteNow = MessageTemplate(
        "fields.time_sift_knows_write_now",
        en: "'{t}' is not a time Sift knows; write {name}: now (the run's as-of time, --as-of)",
        zh: "'{t}' 不是 Sift 认识的时间；请写 {name}: now（本次运行的基准时间，--as-of）")
    static let fromDateGoTogetherFrom = MessageTemplate(
        "fields.from_date_go_together_from",
        en: "'from' and 'to' of 'date' go together, with 1 ≤ from ≤ to",
        zh: "'date' 的 'from' 和 'to' 要一起写，且 1 ≤ from ≤ to")
    static let enumValuesAreTextsNumbers = MessageTemplate(
        "fields.enum_values_are_texts_numbers",
        en: "'enum' values are texts, numbers or booleans, not {item_kind}",
        zh: "'enum' 的值应为文本、数字或布尔值，而不是{item_kind}")
    static let enumNeedsAtLeastOne = MessageTemplate(
        "fields.enum_needs_at_least_one",
        en: "'enum' needs at least one value",
        zh: "'enum' 至少需要一个值")
    static let lengthTakesExactMinMax = MessageTemplate(
        "fields.length_takes_exact_min_max",
        en: "'length' takes 'exact' or 'min'/'max', not both",
        zh: "'length' 只能写 'exact' 或 'min'/'max'，不能同时写")
    static let lengthNeedsMinMaxExact = MessageTemplate(
        "fields.length_needs_min_max_exact",
        en: "'length' needs 'min', 'max' or 'exact'",
        zh: "'length' 需要 'min'、'max' 或 'exact'")
    static let lengthCannotNegative = MessageTemplate(
        "fields.length_cannot_negative",
        en: "'length' cannot be negative",
        zh: "'length' 不能为负数")
    static let lengthHasMinGreaterThan = MessageTemplate(
        "fields.length_has_min_greater_than",
        en: "'length' has min {lo} greater than max {hi}",
        zh: "'length' 的 'min'（{lo}）大于 'max'（{hi}）")
    static let lengthMinMaxAcceptsEvery = MessageTemplate(
        "fields.length_min_max_accepts_every",
        en: "'length' with min 0 and no max accepts every length, so it checks nothing: give a max, or remove it",
        zh: "'length' 最小为 0 且没有最大值，接受任何长度，等于什么都不检查：请给出 'max'，或删去它")
    static let maxDecimalsWholeNumberMore = MessageTemplate(
        "fields.max_decimals_whole_number_more",
        en: "'max' of 'decimals' is a whole number of 0 or more",
        zh: "'decimals' 的 'max' 应为 0 或更大的整数")
    static let decimalsAllowsMoreDigitsAfter = MessageTemplate(
        "fields.decimals_allows_more_digits_after",
        en: "'decimals: {max}' allows more digits after the point than any amount has, so it checks nothing: for cents write decimals: 2",
        zh: "'decimals: {max}' 允许的小数位数比任何金额都多，等于什么都不检查：精确到分请写 'decimals: 2'")
    static let stepMultipleNumberAboveUp = MessageTemplate(
        "fields.step_multiple_number_above_up",
        en: "'step' of 'multiple_of' is a number above 0, of up to 19 digits",
        zh: "'multiple_of' 的 'step' 应为大于 0 的数，最多 19 位数字")
    static let rangeNeedsMinMax = MessageTemplate(
        "fields.range_needs_min_max",
        en: "'range' needs 'min' or 'max'",
        zh: "'range' 需要 'min' 或 'max'")
    static let rangeHasMinGreaterThan = MessageTemplate(
        "fields.range_has_min_greater_than",
        en: "'range' has min {lo} greater than max {hi}",
        zh: "'range' 的 'min'（{lo}）大于 'max'（{hi}）")
    static let classAlsoAdmitsInsideLiteral = MessageTemplate(
        "fields.class_also_admits_inside_literal",
        en: "the class {cls} also admits '|': inside [...] '|' is a literal character, not 'or'",
        zh: "字符类 {cls} 也接受 '|'：在 [...] 中 '|' 是普通字符，不表示“或”")
    static let patternAcceptsEveryTextSo = MessageTemplate(
        "fields.pattern_accepts_every_text_so",
        en:
            "the pattern '{pattern}' accepts every text, so this check never fails: write the form the value must have, or remove the check",
        zh: "模式 '{pattern}' 接受任何文本，这项检查永远不会失败：请写出值应有的形式，或删去这项检查")
    static let invalidRegexAtOffset = MessageTemplate(
        "fields.invalid_regex_at_offset",
        en: "invalid regex '{pattern}': {message} at offset {offset}",
        zh: "无效的正则 '{pattern}'：{message}（第 {offset} 个字符处）")
    static let uniqueComparesOneValueEach = MessageTemplate(
        "fields.unique_compares_one_value_each",
        en: "'unique' compares one value of each element: '{value}' has '[*]'",
        zh: "'unique' 比较每个元素中的一个值：'{value}' 含有 '[*]'")

    static let rulesTemplates: [MessageTemplate] = [
        dateShouldDateLike, timeSiftKnowsWriteNow, fromDateGoTogetherFrom, enumValuesAreTextsNumbers, enumNeedsAtLeastOne,
        lengthTakesExactMinMax, lengthNeedsMinMaxExact, lengthCannotNegative, lengthHasMinGreaterThan, lengthMinMaxAcceptsEvery,
        maxDecimalsWholeNumberMore, decimalsAllowsMoreDigitsAfter, stepMultipleNumberAboveUp, rangeNeedsMinMax,
        rangeHasMinGreaterThan, classAlsoAdmitsInsideLiteral, patternAcceptsEveryTextSo, invalidRegexAtOffset,
        uniqueComparesOneValueEach,
    ]
}

/// Advice on patterns and date formats.
extension FieldsMessages {
    static let notPrefixTest = MessageTemplate(
        "fields.not_prefix_test",
        en: "patterns match the whole value, so '{pattern}' is not a prefix test: it accepts only values that match it entirely; "
            + "to accept any text after it, write '{pattern}.*' or add mode: search",
        zh: "模式要完整匹配整个值，所以 '{pattern}' 不是前缀检查：只有整个值都匹配它才通过；要允许后面有任意文本，请写成 '{pattern}.*' 或加上 mode: search")
    static let notSuffixTest = MessageTemplate(
        "fields.not_suffix_test",
        en: "patterns match the whole value, so '{pattern}' is not a suffix test: it accepts only values that match it entirely; "
            + "to accept any text before it, write '.*{pattern}' or add mode: search",
        zh: "模式要完整匹配整个值，所以 '{pattern}' 不是后缀检查：只有整个值都匹配它才通过；要允许前面有任意文本，请写成 '.*{pattern}' 或加上 mode: search")
    static let literalDot = MessageTemplate(
        "fields.literal_dot", en: "'.' in '{word}' matches any character, so '{other}' passes too; for a literal dot write '{escaped}'",
        zh: "'{word}' 中的 '.' 匹配任意字符，所以 '{other}' 也能通过；要匹配句点本身，请写成 '{escaped}'")
    static let dateFormatPreset = MessageTemplate(
        "fields.date_format_preset", en: "unknown date format '{text}'; did you mean '{preset}'?", zh: "未知的日期格式 '{text}'；是否想写 '{preset}'？")
    static let dateFormatYearDay = MessageTemplate(
        "fields.date_format_year_day",
        en: "unknown date format '{text}'; did you mean '{fixed}'? (yyyy is the year and dd the day of the month)",
        zh: "未知的日期格式 '{text}'；是否想写 '{fixed}'？（yyyy 是年，dd 是月中的日）")
    static let dateFormatMonth = MessageTemplate(
        "fields.date_format_month", en: "unknown date format '{text}'; did you mean '{fixed}'? (MM is the month, mm the minute)",
        zh: "未知的日期格式 '{text}'；是否想写 '{fixed}'？（MM 是月，mm 是分钟）")
    static let dateFormatUnknown = MessageTemplate(
        "fields.date_format_unknown",
        en: "unknown date format '{text}': use yyyy (year), MM (month), dd (day), HH, mm (minute), ss, SSS and separators, "
            + "or rfc3339, epoch_ms, epoch_s",
        zh: "未知的日期格式 '{text}'：请用 yyyy（年）、MM（月）、dd（日）、HH、mm（分钟）、ss、SSS 和分隔符，或 rfc3339、epoch_ms、epoch_s")

    static let adviceTemplates: [MessageTemplate] = [
        notPrefixTest, notSuffixTest, literalDot, dateFormatPreset, dateFormatYearDay, dateFormatMonth, dateFormatUnknown,
    ]
}
