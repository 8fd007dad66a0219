/// The Chinese of lint's warnings on rules that never act (`NeverActsLint`, the checks that accept
/// every value), as the other rule-file problems are translated (`ChineseDiagnostics`).
extension ChineseDiagnostics {
    static let lintWhole: [(String, String)] = [
        (
            #"^the pattern ('.*') accepts every text, so this check never fails: write the form the value must have, or remove the check$"#,
            "模式 $1 接受任何文本，这项检查永远不会失败：请写出值应有的形式，或删去这项检查"
        ),
        (
            #"^'length' with min 0 and no max accepts every length, so it checks nothing: give a max, or remove it$"#,
            "'length' 最小为 0 且没有最大值，接受任何长度，等于什么都不检查：请给出 'max'，或删去它"
        ),
        (
            #"^('decimals: [^']*') allows more digits after the point than any amount has, so it checks nothing: for cents write decimals: 2$"#,
            "$1 允许的小数位数比任何金额都多，等于什么都不检查：精确到分请写 'decimals: 2'"
        ),
        (
            #"^this branch is the 'not' of another branch of the same 'any': between them they accept every value, so the 'any' never fails$"#,
            "这个分支是同一个 'any' 中另一个分支的 'not'：两者合起来接受任何值，所以这个 'any' 永远不会失败"
        ),
        (
            #"^a condition reads ('[^']*')( \([^)]*\))?, which no rule or example of this pack names, so it never acts on a record"#,
            "条件读取的 $1$2 不是本规则包任何规则或示例中的字段，所以它对任何记录都不起作用"
        ),
        (
            #"^the formula reads ('[^']*')( \([^)]*\))?, which no rule or example of this pack names, so it never acts on a record"#,
            "公式读取的 $1$2 不是本规则包任何规则或示例中的字段，所以它对任何记录都不起作用"
        ),
        (
            #"^('[^']*') reads ('[^']*')( \([^)]*\))?, which no rule or example of this pack names, so it never acts on a record"#,
            "$1 读取的 $2$3 不是本规则包任何规则或示例中的字段，所以它对任何记录都不起作用"
        ),
        (
            #"^the condition asks for (\S+) (.*), which the field's own check refuses \((.*)\), so it never holds"#,
            "条件要求 $1 为 $2，而该字段自己的检查不接受这个值（$3），所以这个条件永远不成立"
        ),
    ]

    static let layoutWhole: [(String, String)] = [
        (
            #"^('[^']*') is an option of the field, not a check: write it beside 'checks:', as (\{.*\})$"#,
            "$1 是字段的选项，不是检查：请把它写在 'checks:' 旁边，例如 `$2`"
        ),
        (
            #"^('[^']*:') is out of line with the ('[^']*:') of line (\S+), so YAML ends the list item there: indent it to column (\S+), under ('[^']*')$"#,
            "$1 与第 $3 行的 $2 没有对齐，YAML 在那里就结束了这个列表项：请缩进到第 $4 列，与 $5 对齐"
        ),
        (
            #"^('[^']*:') is an option of the field, but this line puts it in the list under ('[^']*:') \(line (\S+)\): move it to column (\S+), in line with '[^']*:'$"#,
            "$1 是字段的选项，但这一行把它放进了 $2（第 $3 行）下的列表：请移到第 $4 列，与 $2 对齐"
        ),
        (
            #"^this line is out of line with the list that starts at line (\S+): each item starts with '- ' at column (\S+), and the keys of an item at column (\S+)$"#,
            "这一行与从第 $1 行开始的列表没有对齐：每一项在第 $2 列以 '- ' 开头，项中的键从第 $3 列开始"
        ),
        (
            #"^('[^']*:') is indented under 'fields:', so it reads as a field called ('[^']*') and its keys as checks: move it to column (\S+), in line with 'fields:'$"#,
            "$1 缩进在 'fields:' 下面，于是被读成名为 $2 的字段，它的键被读成检查：请移到第 $3 列，与 'fields:' 对齐"
        ),
    ]

    static let lintPhrases: [(String, String)] = [
        (#"must be one of: ([^）)]*)"#, "必须是以下之一：$1")
    ]
}
