/// The Chinese of `expr:` problems (`ExprParser`, `Expr`, `ExprCompiler`), as the other rule-file
/// problems are translated (`ChineseDiagnostics`): whole messages, then the formula's own
/// sentences after "in expr: ", then its words.
extension ChineseDiagnostics {
    static let exprWhole: [(String, String)] = [
        (
            #"^'tolerance' belongs to an 'expr' check here \('sum_of' takes it inside its mapping\)$"#,
            "这里的 'tolerance' 属于 'expr' 检查（'sum_of' 的写在它自己的映射里）"
        ),
        (#"^'expr' is a formula in quotes, such as expr: ("[^"]*"), not (.*)$"#, "'expr' 应为加引号的公式，例如 'expr: $1'，而不是$2"),
        (#"^'tolerance' is a number of 0 or more, such as ([0-9.]+)$"#, "'tolerance' 应为 0 或更大的数，例如 $1"),
        (
            #"^an 'expr' check must be true or false, and ('[^']*') is (.*): compare it, as (.*) == \.\.\.$"#,
            "'expr' 检查的结果须为 true 或 false，而 $1 是$2：请拿它作比较，例如 `$3 == ...`"
        ),
        (
            #"^('[^']*') gives a list of true and false \(it has \[\*\]\): say any\(\.\.\.\) or all\(\.\.\.\) of it$"#,
            "$1 给出的是一列 true 或 false（含 [*]）：请写 'any(...)' 或 'all(...)'"
        ),
        (
            #"^'required: \{when: \.\.\.\}' is about another field: add 'field:', as in (\{.*\}), or write a formula, as (\{.*\})$"#,
            "'required: {when: ...}' 说的是另一个字段：请加上 'field:'，例如 $1，或写一个公式，例如 $2"
        ),
        (#"^in expr: (.*)$"#, "'expr' 公式中：$1"),
    ]

    static let exprPhrases: [(String, String)] = [
        (#"is (a number|a text|true or false|null|a field's value), it cannot be (?:added|subtracted|multiplied|divided)"#, "是$1，不能参与加减乘除"),
        (#"'=' compares nothing here: write '==' to compare"#, "'=' 在这里不是比较：比较请写 '=='"),
        (#"('[^']*') is not closed: '\)' or ',' expected"#, "$1 没有闭合：这里应为 ')' 或 ','"),
        (#"('[^']*') is not closed"#, "$1 没有闭合"),
        (#"the text that starts here is not closed"#, "从这里开始的文本没有闭合"),
        (#"unknown function ('[^']*')"#, "未知的函数 $1"),
        (#" \(functions: ([^)]*)\)$"#, "（可用的函数：$1）"),
        (#"unexpected ('[^']*') after a complete formula"#, "完整的公式之后多出了 $1"),
        (#"the formula ends where a value was expected"#, "公式在应有一个值的地方结束了"),
        (#"unexpected ('[^']*'): a value \(a number, a field, 'text', a function\) was expected"#, "意外的 $1：这里应为一个值（数字、字段、'文本' 或函数）"),
        (#"'if' needs 'then' after its condition"#, "'if' 的条件之后需要 'then'"),
        (#"'if \.\.\. then \.\.\.' needs 'else': every case gives a value"#, "'if ... then ...' 需要 'else'：每种情况都要给出一个值"),
        (#"('[^']*') is a word of the formula, not a value"#, "$1 是公式的关键字，不是值"),
        (#"('[^']*') is (.+) and ('[^']*') (.+): they cannot be compared"#, "$1 是$2，$3 是$4：二者无法比较"),
        (#"true and false are not ordered: ('[^']*') compares numbers and texts"#, "true 和 false 没有大小：$1 只比较数字和文本"),
        (#"('[^']*') takes true or false, and ('[^']*') is (.+)$"#, "$1 需要 true 或 false，而 $2 是$3"),
        (
            #"('[^']*') gives a list \(it has \[\*\]\): reduce it with sum, count, min, max, any or all"#,
            "$1 给出的是列表（含 [*]）：请用 'sum'、'count'、'min'、'max'、'any' 或 'all' 归并"
        ),
        (
            #"gives a list of true and false \(it has \[\*\]\): say any\(\.\.\.\) or all\(\.\.\.\)"#,
            "给出的是一列 true 或 false（含 [*]）：请写 'any(...)' 或 'all(...)'"
        ),
        (#"'then' gives (.+) and 'else' (.+): both must give the same kind of value"#, "'then' 给出$1，'else' 给出$2：两者须为同一类值"),
        (#"('[^']*') takes one value, not ([0-9]+)"#, "$1 只接受一个值，而不是 $2 个"),
        (#"('[^']*') takes (a number|true or false)s, and ('[^']*') gives (.+)$"#, "$1 需要$2，而 $3 给出$4"),
        (#"'missing' takes a field, such as missing\(discount\)"#, "'missing' 需要一个字段，例如 'missing(discount)'"),
        (#"'coalesce' takes two values or more, such as coalesce\(discount, 0\)"#, "'coalesce' 需要两个或更多的值，例如 'coalesce(discount, 0)'"),
        (#"'coalesce' takes values of one kind"#, "'coalesce' 的各个值须为同一类"),
        (#"'len' takes a text or a list, and ('[^']*') is (.+)$"#, "'len' 需要文本或列表，而 $1 是$2"),
        (#"('[^']*') names a field beside the checked one, and there is none here; write the full path"#, "$1 指被检查字段旁边的字段，但这里没有；请写完整路径"),
        (
            #"('[^']*') is not a number or a duration \(durations: 7d, 36h, 90m, 30s, 500ms, 2w\)"#,
            "$1 既不是数字也不是时长（时长写作 7d、36h、90m、30s、500ms、2w）"
        ),
        (#"('[^']*') is not a number"#, "$1 不是数字"),
        (#"('[^']*') is (.+) and ('[^']*') (.+): they cannot be (?:added|subtracted|multiplied|divided)"#, "$1 是$2，$3 是$4：二者不能这样计算"),
        (
            #"('[^']*') is (.+) and ('[^']*') (.+): write the text as a date, date\('2026-01-01'\)"#,
            "$1 是$2，$3 是$4：请把文本写成日期，例如 `date('2026-01-01')`"
        ),
        (
            #"'date' takes a text such as '2026-11-29' or '2026-11-29T10:00:00Z', and ('[^']*') is (.+)$"#,
            "'date' 需要 '2026-11-29' 或 '2026-11-29T10:00:00Z' 这样的文本，而 $1 是$2"
        ),
        (
            #"'matches' takes a value and a pattern in quotes, such as matches\(\.sku, 'SKU-\[0-9\]\{6\}'\)"#,
            "'matches' 需要一个值和一个加引号的模式，例如 `matches(.sku, 'SKU-[0-9]{6}')`"
        ),
        (#"'matches' reads a text, and ('[^']*') is (.+)$"#, "'matches' 读取文本，而 $1 是$2"),
        (
            #"'matches' needs the regex engine of the field checks, which this loader has not registered"#,
            "'matches' 需要字段检查的正则引擎，而这个加载器没有注册它"
        ),
        (#"invalid pattern ('[^']*'|"[^"]*"): (.*)$"#, "无效的模式 $1：$2"),
        (#"(?<![A-Za-z])a date\b(?! like)"#, "日期"),
        (#"(?<![A-Za-z])a duration\b"#, "时长"),
        (#"(?<![A-Za-z])a text\b"#, "文本"),
        (#"(?<![A-Za-z])a field's value\b"#, "字段的值"),
    ]
}
