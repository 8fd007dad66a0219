import SiftMessages

/// What formulas (`expr:`) say, in English and Chinese side by side (`MessageTemplate`).
package enum ExprMessages: MessageCatalog {
    package static let inExpr = MessageTemplate("expr.in_expr", en: "in expr: {problem}", zh: "'expr' 公式中：{problem}")
    static let exprAfterFormula = MessageTemplate(
        "expr.after_formula", en: "unexpected '{rest}' after a complete formula", zh: "完整的公式之后多出了 '{rest}'")
    static let exprIfThen = MessageTemplate("expr.if_then", en: "'if' needs 'then' after its condition", zh: "'if' 的条件之后需要 'then'")
    static let exprIfElse = MessageTemplate(
        "expr.if_else", en: "'if ... then ...' needs 'else': every case gives a value", zh: "'if ... then ...' 需要 'else'：每种情况都要给出一个值")
    static let exprSingleEquals = MessageTemplate(
        "expr.single_equals", en: "'=' compares nothing here: write '==' to compare", zh: "'=' 在这里不是比较：比较请写 '=='")
    static let exprEnds = MessageTemplate(
        "expr.ends", en: "the formula ends where a value was expected", zh: "公式在应有一个值的地方结束了")
    static let exprParenOpen = MessageTemplate("expr.paren_open", en: "'(' is not closed", zh: "'(' 没有闭合")
    static let exprUnexpected = MessageTemplate(
        "expr.unexpected", en: "unexpected '{char}': a value (a number, a field, 'text', a function) was expected",
        zh: "意外的 '{char}'：这里应为一个值（数字、字段、'文本' 或函数）")
    static let exprWordNotValue = MessageTemplate(
        "expr.word_not_value", en: "'{word}' is a word of the formula, not a value", zh: "'{word}' 是公式的关键字，不是值")
    static let exprCallOpen = MessageTemplate(
        "expr.call_open", en: "'{function}(' is not closed: ')' or ',' expected", zh: "'{function}(' 没有闭合：这里应为 ')' 或 ','")
    static let exprNotNumber = MessageTemplate("expr.not_number", en: "'{text}' is not a number", zh: "'{text}' 不是数字")
    static let exprNotDuration = MessageTemplate(
        "expr.not_duration", en: "'{text}' is not a number or a duration (durations: 7d, 36h, 90m, 30s, 500ms, 2w)",
        zh: "'{text}' 既不是数字也不是时长（时长写作 7d、36h、90m、30s、500ms、2w）")
    static let exprTextOpen = MessageTemplate(
        "expr.text_open", en: "the text that starts here is not closed", zh: "从这里开始的文本没有闭合")
    static let exprNoFieldBeside = MessageTemplate(
        "expr.no_field_beside", en: "'{path}' names a field beside the checked one, and there is none here; write the full path",
        zh: "'{path}' 指被检查字段旁边的字段，但这里没有；请写完整路径")
    static let exprCannotCompute = MessageTemplate(
        "expr.cannot_compute", en: "{value} is {noun}, it cannot be {verb}", zh: "{value} 是{noun}，不能参与{verb}")
    static let exprDateAndText = MessageTemplate(
        "expr.date_and_text", en: "'{a}' is {a_noun} and '{b}' {b_noun}: write the text as a date, date('2026-01-01')",
        zh: "'{a}' 是{a_noun}，'{b}' 是{b_noun}：请把文本写成日期，例如 `date('2026-01-01')`")
    static let exprCannotCompare = MessageTemplate(
        "expr.cannot_compare", en: "'{a}' is {a_noun} and '{b}' {b_noun}: they cannot be compared",
        zh: "'{a}' 是{a_noun}，'{b}' 是{b_noun}：二者无法比较")
    static let exprCannotComputeTwo = MessageTemplate(
        "expr.cannot_compute_two", en: "{a} is {a_noun} and {b} {b_noun}: they cannot be {verb}",
        zh: "{a} 是{a_noun}，{b} 是{b_noun}：二者不能参与{verb}")
    static let exprBooleansUnordered = MessageTemplate(
        "expr.booleans_unordered", en: "true and false are not ordered: '{op}' compares numbers and texts",
        zh: "true 和 false 没有大小：'{op}' 只比较数字和文本")
    static let exprGivesList = MessageTemplate(
        "expr.gives_list", en: "'{text}' gives a list (it has [*]): reduce it with sum, count, min, max, any or all",
        zh: "'{text}' 给出的是列表（含 [*]）：请用 'sum'、'count'、'min'、'max'、'any' 或 'all' 归并")
    static let exprThenElse = MessageTemplate(
        "expr.then_else", en: "'then' gives {a_noun} and 'else' {b_noun}: both must give the same kind of value",
        zh: "'then' 给出{a_noun}，'else' 给出{b_noun}：两者须为同一类值")
    static let exprTakesBoolean = MessageTemplate(
        "expr.takes_boolean", en: "'{word}' takes true or false, and {value} is {noun}",
        zh: "'{word}' 需要 true 或 false，而 {value} 是{noun}")
    static let exprListOfBooleans = MessageTemplate(
        "expr.list_of_booleans", en: "'{text}' gives a list of true and false (it has [*]): say any(...) or all(...)",
        zh: "'{text}' 给出的是一列 true 或 false（含 [*]）：请写 'any(...)' 或 'all(...)'")
    static let exprTakesOne = MessageTemplate(
        "expr.takes_one", en: "'{name}' takes one value, not {count}", zh: "'{name}' 只接受一个值，而不是 {count} 个")
    static let exprTakesKind = MessageTemplate(
        "expr.takes_kind", en: "'{name}' takes {wants}, and '{text}' gives {noun}", zh: "'{name}' 需要{wants}，而 '{text}' 给出{noun}")
    static let exprMissingTakesField = MessageTemplate(
        "expr.missing_takes_field", en: "'missing' takes a field, such as missing(discount)",
        zh: "'missing' 需要一个字段，例如 'missing(discount)'")
    static let exprCoalesceTwo = MessageTemplate(
        "expr.coalesce_two", en: "'coalesce' takes two values or more, such as coalesce(discount, 0)",
        zh: "'coalesce' 需要两个或更多的值，例如 'coalesce(discount, 0)'")
    static let exprCoalesceOneKind = MessageTemplate(
        "expr.coalesce_one_kind", en: "'coalesce' takes values of one kind", zh: "'coalesce' 的各个值须为同一类")
    static let exprLenTakes = MessageTemplate(
        "expr.len_takes", en: "'len' takes a text or a list, and '{text}' is {noun}", zh: "'len' 需要文本或列表，而 '{text}' 是{noun}")
    static let exprUnknownFunction = MessageTemplate(
        "expr.unknown_function", en: "unknown function '{name}'{hint} (functions: {functions})",
        zh: "未知的函数 '{name}'{hint}（可用的函数：{functions}）")
    static let exprDateTakesText = MessageTemplate(
        "expr.date_takes_text", en: "'date' takes a text such as '2026-11-29' or '2026-11-29T10:00:00Z', and '{text}' is {noun}",
        zh: "'date' 需要 '2026-11-29' 或 '2026-11-29T10:00:00Z' 这样的文本，而 '{text}' 是{noun}")
    static let exprMatchesTakes = MessageTemplate(
        "expr.matches_takes", en: "'matches' takes a value and a pattern in quotes, such as matches(.sku, 'SKU-[0-9]{6}')",
        zh: "'matches' 需要一个值和一个加引号的模式，例如 `matches(.sku, 'SKU-[0-9]{6}')`")
    static let exprMatchesReadsText = MessageTemplate(
        "expr.matches_reads_text", en: "'matches' reads a text, and '{text}' is {noun}", zh: "'matches' 读取文本，而 '{text}' 是{noun}")
    static let exprMatchesNoEngine = MessageTemplate(
        "expr.matches_no_engine", en: "'matches' needs the regex engine of the field checks, which this loader has not registered",
        zh: "'matches' 需要字段检查的正则引擎，而这个加载器没有注册它")
    static let exprInvalidPattern = MessageTemplate(
        "expr.invalid_pattern", en: "invalid pattern {pattern}: {problem}", zh: "无效的模式 {pattern}：{problem}")
    static let exprPatternAtOffset = MessageTemplate(
        "expr.pattern_at_offset", en: "{problem} at offset {offset}", zh: "{problem}（第 {offset} 个字符处）")
    package static let exprMustBeBoolean = MessageTemplate(
        "expr.must_be_boolean",
        en: "an 'expr' check must be true or false, and '{formula}' is {noun}: compare it, as {formula} == ...",
        zh: "'expr' 检查的结果须为 true 或 false，而 '{formula}' 是{noun}：请拿它作比较，例如 `{formula} == ...`")
    // What a formula's value is, and what arithmetic does.
    static let nounNumber = MessageTemplate("expr.noun.number", en: "a number", zh: "数字")
    static let nounText = MessageTemplate("expr.noun.text", en: "a text", zh: "文本")
    static let nounBoolean = MessageTemplate("expr.noun.boolean", en: "true or false", zh: "true 或 false")
    static let nounNull = MessageTemplate("expr.noun.null", en: "null", zh: "空值 null")
    static let nounDate = MessageTemplate("expr.noun.date", en: "a date", zh: "日期")
    static let nounDuration = MessageTemplate("expr.noun.duration", en: "a duration", zh: "时长")
    static let nounAny = MessageTemplate("expr.noun.any", en: "a field's value", zh: "字段的值")
    static let nounsNumbers = MessageTemplate("expr.nouns.numbers", en: "numbers", zh: "数字")
    static let nounsBooleans = MessageTemplate("expr.nouns.booleans", en: "true or false values", zh: "true 或 false")
    static let verbAdded = MessageTemplate("expr.verb.added", en: "added", zh: "加法")
    static let verbSubtracted = MessageTemplate("expr.verb.subtracted", en: "subtracted", zh: "减法")
    static let verbMultiplied = MessageTemplate("expr.verb.multiplied", en: "multiplied", zh: "乘法")
    static let verbDivided = MessageTemplate("expr.verb.divided", en: "divided", zh: "除法")

    // What stops a formula on a record (`ExprEval.Stop`): said after "cannot be checked: ".
    static let stopMissing = MessageTemplate("expr.stop.missing", en: "{expr} is missing", zh: "{expr} 缺失")
    static let stopNull = MessageTemplate("expr.stop.null", en: "{expr} is null", zh: "{expr} 为 null")
    static let stopNotText = MessageTemplate("expr.stop.not_text", en: "{expr} is {value}, not a text", zh: "{expr} 是{value}，不是文本")
    static let stopNotBoolean = MessageTemplate(
        "expr.stop.not_boolean", en: "{expr} is {value}, not true or false", zh: "{expr} 是{value}，不是 true 或 false")
    static let stopNotNumber = MessageTemplate("expr.stop.not_number", en: "{expr} is {value}, not a number", zh: "{expr} 是{value}，不是数字")
    static let stopNotList = MessageTemplate("expr.stop.not_list", en: "{expr} is {value}, not a list", zh: "{expr} 是{value}，不是列表")
    static let stopNotTextOrList = MessageTemplate(
        "expr.stop.not_text_or_list", en: "{expr} is {value}, not a text or a list", zh: "{expr} 是{value}，不是文本或列表")
    static let stopNotDate = MessageTemplate(
        "expr.stop.not_date", en: "{expr} is {value}, not a date (such as 2026-11-29 or 2026-11-29T10:00:00Z)",
        zh: "{expr} 是{value}，不是日期（如 2026-11-29 或 2026-11-29T10:00:00Z）")
    static let stopPatternGaveUp = MessageTemplate(
        "expr.stop.pattern_gave_up", en: "the pattern gave up on {expr} (its match limit)", zh: "模式在 {expr} 上达到匹配上限")
    static let stopDivideByZero = MessageTemplate(
        "expr.stop.divide_by_zero", en: "{expr} is 0, and nothing is divided by 0", zh: "{expr} 为 0，不能除以 0")
    static let stopNoElements = MessageTemplate("expr.stop.no_elements", en: "{expr} has no elements", zh: "{expr} 没有元素")
    static let stopListLengths = MessageTemplate(
        "expr.stop.list_lengths", en: "{expr} pairs lists of {a} and {b} elements", zh: "{expr} 的两个列表长度不同（{a} 与 {b}）")
    static let stopCannotCompareWith = MessageTemplate(
        "expr.stop.cannot_compare_with", en: "{expr} is {value}, which cannot be compared with {other}",
        zh: "{expr} 是{value}，不能与 {other} 比较")
    static let stopCannotCompare = MessageTemplate(
        "expr.stop.cannot_compare", en: "{a} is {x} and {b} is {y}: they cannot be compared", zh: "{a} 是{x}，{b} 是{y}，无法比较")
    static let stopTimesCannotCompare = MessageTemplate(
        "expr.stop.times_cannot_compare", en: "{a} is {x} and {b} {y}: they cannot be compared", zh: "{a} 是{x}，{b} 是{y}，无法比较")
    static let stopCannotAdd = MessageTemplate(
        "expr.stop.cannot_add", en: "{a} is {x} and {b} {y}: they cannot be added", zh: "{a} 是{x}，{b} 是{y}，不能这样计算")
    static let stopCannotSubtract = MessageTemplate(
        "expr.stop.cannot_subtract", en: "{a} is {x} and {b} {y}: they cannot be subtracted", zh: "{a} 是{x}，{b} 是{y}，不能这样计算")
    static let stopCannotMultiply = MessageTemplate(
        "expr.stop.cannot_multiply", en: "{a} is {x} and {b} {y}: they cannot be multiplied", zh: "{a} 是{x}，{b} 是{y}，不能这样计算")
    static let stopCannotDivide = MessageTemplate(
        "expr.stop.cannot_divide", en: "{a} is {x} and {b} {y}: they cannot be divided", zh: "{a} 是{x}，{b} 是{y}，不能这样计算")

    static let stopTemplates: [MessageTemplate] = [
        stopMissing, stopNull, stopNotText, stopNotBoolean, stopNotNumber, stopNotList, stopNotTextOrList, stopNotDate, stopPatternGaveUp,
        stopDivideByZero, stopNoElements, stopListLengths, stopCannotCompareWith, stopCannotCompare, stopTimesCannotCompare,
        stopCannotAdd, stopCannotSubtract, stopCannotMultiply, stopCannotDivide,
    ]

    package static let templates: [MessageTemplate] =
        [
            inExpr, exprAfterFormula, exprIfThen, exprIfElse, exprSingleEquals, exprEnds, exprParenOpen, exprUnexpected, exprWordNotValue,
            exprCallOpen, exprNotNumber, exprNotDuration, exprTextOpen, exprNoFieldBeside, exprCannotCompute, exprDateAndText,
            exprCannotCompare, exprCannotComputeTwo, exprBooleansUnordered, exprGivesList, exprThenElse, exprTakesBoolean,
            exprListOfBooleans, exprTakesOne, exprTakesKind, exprMissingTakesField, exprCoalesceTwo, exprCoalesceOneKind, exprLenTakes,
            exprUnknownFunction, exprDateTakesText, exprMatchesTakes, exprMatchesReadsText, exprMatchesNoEngine, exprInvalidPattern,
            exprPatternAtOffset, exprMustBeBoolean, nounNumber, nounText, nounBoolean, nounNull, nounDate, nounDuration, nounAny,
            nounsNumbers, nounsBooleans, verbAdded, verbSubtracted, verbMultiplied, verbDivided,
        ] + stopTemplates
}
