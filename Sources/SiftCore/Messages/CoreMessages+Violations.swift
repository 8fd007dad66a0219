import SiftMessages

/// What the core's checks say of a record in its result line (a violation's `message`), in
/// English and Chinese side by side.
extension CoreMessages {
    // Fields.
    static let isMissing = MessageTemplate("core.violation.missing", en: "is required but missing", zh: "必填字段缺失")
    static let isNull = MessageTemplate("core.violation.null", en: "is required but null", zh: "必填字段为 null")
    static let notAField = MessageTemplate(
        "core.violation.not_a_field", en: "is not a field this pack names{hint}", zh: "不是此规则包列出的字段{hint}")
    static let requiredWhenGiven = MessageTemplate(
        "core.violation.required_when_given", en: "is required when {field} is given", zh: "填写了 {field} 时必填")
    static let exactlyOneGiven = MessageTemplate(
        "core.violation.exactly_one_given", en: "exactly one of {names} must be given{found}", zh: "{names} 必须且只能填写一个{found}")
    static let atLeastOneGiven = MessageTemplate(
        "core.violation.at_least_one_given", en: "at least one of {names} must be given{found}", zh: "{names} 至少填写一个{found}")
    static let atMostOneGiven = MessageTemplate(
        "core.violation.at_most_one_given", en: "at most one of {names} may be given{found}", zh: "{names} 最多填写一个{found}")
    static let noneGiven = MessageTemplate("core.violation.none_given", en: "; none is", zh: "；一个也没有")
    static let someGiven = MessageTemplate("core.violation.some_given", en: "; {count} are: {given}", zh: "；填写了 {count} 个：{given}")

    // Combinations.
    static let noAlternativeHolds = MessageTemplate(
        "core.violation.no_alternative_holds", en: "none of the alternatives holds: {reasons}", zh: "没有一个备选条件成立：{reasons}")
    static let alternativesHold = MessageTemplate(
        "core.violation.alternatives_hold", en: "{holding} of the {count} alternatives hold; exactly one must",
        zh: "{count} 个备选条件中有 {holding} 个成立；必须恰好一个成立")
    static let mustNotSatisfy = MessageTemplate("core.violation.must_not_satisfy", en: "must not satisfy: {summary}", zh: "不得满足：{summary}")
    static let notAnArray = MessageTemplate("core.violation.not_an_array", en: "expected an array, got {kind}", zh: "应为数组，实际为{kind}")
    static let noElementPasses = MessageTemplate(
        "core.violation.no_element_passes", en: "has no element that passes: {summary}", zh: "没有一项满足：{summary}")

    // Counts.
    static let notAListToCount = MessageTemplate(
        "core.violation.not_a_list_to_count", en: "is {kind}, not a list to count", zh: "是{kind}，不是可计数的列表")
    static let givenInElements = MessageTemplate(
        "core.violation.given_in_elements", en: "is given in {n} elements; {wanted}", zh: "在 {n} 个元素中填写；{wanted}")
    static let hasElements = MessageTemplate("core.violation.has_elements", en: "has {n} elements; {wanted}", zh: "有 {n} 个元素；{wanted}")
    static let countExactly = MessageTemplate("core.count.exactly", en: "must be exactly {n}", zh: "应恰好为 {n} 个")
    static let countBetween = MessageTemplate("core.count.between", en: "must be {min} to {max}", zh: "应为 {min} 到 {max} 个")
    static let countAtLeast = MessageTemplate("core.count.at_least", en: "must be at least {n}", zh: "应至少 {n} 个")
    static let countAtMost = MessageTemplate("core.count.at_most", en: "must be at most {n}", zh: "应最多 {n} 个")
    static let countAny = MessageTemplate("core.count.any", en: "any number", zh: "任意个")

    // Sums.
    static let notANumber = MessageTemplate("core.violation.not_a_number", en: "expected a number, got {kind}", zh: "应为数字，实际为{kind}")
    static let sumDiffers = MessageTemplate(
        "core.violation.sum_differs", en: "is {value}, but the sum of {over} is {sum}", zh: "值为 {value}，但 {over} 之和为 {sum}")
    static let sumOfProductsDiffers = MessageTemplate(
        "core.violation.sum_of_products_differs", en: "is {value}, but the sum of {factors} over {over} is {sum}",
        zh: "值为 {value}，但 {over} 各项 {factors} 之和为 {sum}")
    static let uncheckedMissing = MessageTemplate(
        "core.violation.unchecked_missing", en: "cannot be checked: {name} is missing", zh: "无法核对：{name} 缺失")
    static let uncheckedNotNumber = MessageTemplate(
        "core.violation.unchecked_not_number", en: "cannot be checked: {name} is not a number", zh: "无法核对：{name} 不是数字")
    static let uncheckedNotList = MessageTemplate(
        "core.violation.unchecked_not_list", en: "cannot be checked: {name} is {kind}, not a list", zh: "无法核对：{name} 是{kind}，不是列表")

    // Formulas.
    static let uncheckedFormula = MessageTemplate(
        "core.violation.unchecked_formula", en: "cannot be checked: {problem}", zh: "无法核对：{problem}")
    static let formulaFalse = MessageTemplate("core.violation.formula_false", en: "is false: {formula}", zh: "不成立：{formula}")
    static let formulaIsNot = MessageTemplate("core.violation.formula_is_not", en: "{a} is {p}, not {q}", zh: "{a} 为 {p}，不是 {q}")
    static let formulaMustBe = MessageTemplate(
        "core.violation.formula_must_be", en: "{a} is {p}, but must be {op} {q}", zh: "{a} 为 {p}，但须 {op} {q}")
    static let formulaDoesNotHold = MessageTemplate(
        "core.violation.formula_does_not_hold", en: "{a} is {p} and {b} is {q}: {op} does not hold", zh: "{a} 为 {p}，{b} 为 {q}：{op} 不成立")
    static let formulaDiffers = MessageTemplate(
        "core.violation.formula_differs", en: "{a} is {p}, but {b} is {q}", zh: "{a} 为 {p}，但 {b} 为 {q}")

    // Comparisons with another field.
    static let otherMissing = MessageTemplate(
        "core.violation.other_missing", en: "cannot be compared with {name}, which is missing", zh: "无法与 {name} 比较：{name} 缺失")
    static let otherNot = MessageTemplate(
        "core.violation.other_not", en: "cannot be compared with {name}, which is not {noun}", zh: "无法与 {name} 比较：它不是{noun}")
    static let unlikeOther = MessageTemplate(
        "core.violation.unlike_other", en: "is not {noun} like {name}, so it cannot be compared with it", zh: "不是与 {name} 同类的{noun}，无法比较")
    static let nounValue = MessageTemplate("core.noun.value", en: "a value", zh: "值")
    static let nounDate = MessageTemplate("core.noun.date", en: "a date", zh: "日期")
    static let nounNumber = MessageTemplate("core.noun.number", en: "a number", zh: "数字")
    static let sameAs = MessageTemplate("core.relation.same_as", en: "must be the same as {other}", zh: "必须与 {other} 相同")
    static let differentFrom = MessageTemplate("core.relation.different_from", en: "must differ from {other}", zh: "不得与 {other} 相同")
    static let before = MessageTemplate("core.relation.before", en: "must be before {other}", zh: "必须早于 {other}")
    static let after = MessageTemplate("core.relation.after", en: "must be after {other}", zh: "必须晚于 {other}")
    static let notBefore = MessageTemplate("core.relation.not_before", en: "must not be before {other}", zh: "不得早于 {other}")
    static let notAfter = MessageTemplate("core.relation.not_after", en: "must not be after {other}", zh: "不得晚于 {other}")
    static let lessThan = MessageTemplate("core.relation.less_than", en: "must be less than {other}", zh: "必须小于 {other}")
    static let atMost = MessageTemplate("core.relation.at_most", en: "must be at most {other}", zh: "不得大于 {other}")
    static let greaterThan = MessageTemplate("core.relation.greater_than", en: "must be greater than {other}", zh: "必须大于 {other}")
    static let atLeast = MessageTemplate("core.relation.at_least", en: "must be at least {other}", zh: "不得小于 {other}")

    // Unique values.
    static let uniqueInRun = MessageTemplate("core.unique.in_run", en: "unique in the run", zh: "在本次运行中不得重复")
    static let uniqueAcrossRuns = MessageTemplate(
        "core.unique.across_runs", en: "unique across runs (in the ledger)", zh: "在所有运行中不得重复（记入账本）")
    static let appearedBefore = MessageTemplate("core.violation.appeared_before", en: "appeared before, on {place}", zh: "已在{place}出现过")
    static let appearedBeforeWith = MessageTemplate(
        "core.violation.appeared_before_with", en: "appeared before with the same {together}, on {place}",
        zh: "已在{place}以相同的 {together} 出现过")
    static let usedByOtherRun = MessageTemplate(
        "core.violation.used_by_other_run", en: "was already used by another run, on {place}", zh: "已被另一次运行使用（{place}）")
    static let usedByOtherRunWith = MessageTemplate(
        "core.violation.used_by_other_run_with", en: "was already used with the same {together} by another run, on {place}",
        zh: "已被另一次运行以相同的 {together} 使用（{place}）")

    // Where a record is.
    static let atRecord = MessageTemplate("core.position.record", en: "record {n}", zh: "第 {n} 条记录")
    static let atLine = MessageTemplate("core.position.line", en: "line {n}", zh: "第 {n} 行")
    static let atLineOf = MessageTemplate("core.position.line_of", en: "line {n} of {source}", zh: "{source} 第 {n} 行")
    static let atElement = MessageTemplate("core.position.element", en: "element {n}", zh: "第 {n} 个元素")
    static let atElementOf = MessageTemplate("core.position.element_of", en: "element {n} of {source}", zh: "{source} 第 {n} 个元素")

    // The record as a whole.
    static let notAnObject = MessageTemplate("core.violation.not_an_object", en: "a record must be a JSON object", zh: "记录必须是 JSON 对象")
    static let keyTwiceInRecord = MessageTemplate(
        "core.violation.key_twice", en: "{problem}; JSON readers disagree on which value counts (--duplicate-keys first|last reads it)",
        zh: "{problem}；不同的 JSON 解析器会读出不同的值（可用 --duplicate-keys first|last 读取）")
    static let noPack = MessageTemplate(
        "core.violation.no_pack", en: "no rule pack applies to this record (packs: {packs})", zh: "没有适用于此记录的规则包（规则包：{packs}）")

    static let violationTemplates: [MessageTemplate] = [
        isMissing, isNull, notAField, requiredWhenGiven, exactlyOneGiven, atLeastOneGiven, atMostOneGiven, noneGiven, someGiven,
        noAlternativeHolds, alternativesHold, mustNotSatisfy, notAnArray, noElementPasses, notAListToCount, givenInElements, hasElements,
        countExactly, countBetween, countAtLeast, countAtMost, countAny, notANumber, sumDiffers, sumOfProductsDiffers, uncheckedMissing,
        uncheckedNotNumber, uncheckedNotList, uncheckedFormula, formulaFalse, formulaIsNot, formulaMustBe, formulaDoesNotHold,
        formulaDiffers, otherMissing, otherNot, unlikeOther, nounValue, nounDate, nounNumber, sameAs, differentFrom, before, after,
        notBefore, notAfter, lessThan, atMost, greaterThan, atLeast, uniqueInRun, uniqueAcrossRuns, appearedBefore, appearedBeforeWith,
        usedByOtherRun, usedByOtherRunWith, atRecord, atLine, atLineOf, atElement, atElementOf, notAnObject, keyTwiceInRecord, noPack,
    ]
}

extension Message {
    /// Items joined as each language lists them: `a, b` and `a、b`.
    static func list(_ items: [String]) -> Message {
        .localized(LocalizedText(en: items.joined(separator: ", "), zh: items.joined(separator: "、")))
    }

    /// The alternatives' own messages, joined as each language lists reasons: `a; b` and `a；b`.
    static func alternatives(_ texts: some Collection<LocalizedText>) -> Message {
        .localized(LocalizedText(en: texts.map(\.en).joined(separator: "; "), zh: texts.map(\.zh).joined(separator: "；")))
    }
}
