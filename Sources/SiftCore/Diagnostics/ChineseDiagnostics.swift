import Foundation

/// Rule-file problems in Chinese, for `--lang zh`: the messages authors meet most, each a
/// pattern over the English message and its Chinese wording, then shared phrases (the
/// did-you-mean, lists of keys and options, value kinds). Names, keys and values in quotes
/// are kept as written. A message without a pattern here stays in English.
enum ChineseDiagnostics {
    /// The message in Chinese.
    static func translate(_ message: String) -> String {
        if let said = YAMLProblems.chinese[message] { return said }
        var text = message
        for (pattern, template) in exprWhole + lintWhole + layoutWhole + whole {
            let replaced = replace(pattern, template, in: text)
            if replaced != text { text = replaced; break }
        }
        for (pattern, template) in exprPhrases + lintPhrases + phrases { text = replace(pattern, template, in: text) }
        return text
    }

    /// True when nothing English is left outside quotes and code: for tests.
    static func isChinese(_ text: String) -> Bool {
        let bare = replace(#"'[^']*'|\{[^}]*\}|\[[^\]]*\]|`[^`]*`|[A-Za-z_]+:[^ ，；）]*"#, "", in: text)
        let allowed: Set<String> = [
            "YAML", "JSON", "UTF", "Sift", "sift", "true", "false", "null", "fields", "examples",
            "applies_to", "test", "lint", "valid", "reasons", "mode", "search", "rfc3339", "epoch_ms", "epoch_s",
            "yyyy", "MM", "dd", "HH", "mm", "ss", "SSS", "regex", "U",
        ]
        let words = bare.split { !$0.isASCII || !$0.isLetter }.map(String.init).filter { $0.count >= 2 }
        return words.allSatisfy(allowed.contains)
    }

    private static func replace(_ pattern: String, _ template: String, in text: String) -> String {
        guard let re = try? NSRegularExpression(pattern: pattern) else { return text }
        return re.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }

    /// Whole messages, first match wins; `$n` are the quoted parts, kept as written.
    static let whole: [(String, String)] = [
        (#"^unknown key ('[^']*') in a rule pack"#, "规则包中有未知的键 $1"),
        (#"^unknown key ('[^']*') in an example"#, "示例中有未知的键 $1"),
        (#"^unknown key ('[^']*') for field ('[^']*')"#, "字段 $2 中有未知的键 $1"),
        (#"^unknown key ('[^']*') in ('[^']*')"#, "$2 中有未知的键 $1"),
        (#"^unknown check or validator ('[^']*')"#, "未知的检查或校验器 $1"),
        (#"^unknown check ('[^']*')"#, "未知的检查 $1"),
        (#"^unknown validator ('[^']*')"#, "未知的校验器 $1"),
        (#"^unknown type ('[^']*')"#, "未知的类型 $1"),
        (#"^unknown option ('[^']*') for ('[^']*'(?: (?:in|of) '[^']*')*)"#, "$2 没有选项 $1"),
        (
            #"^'fields' is a mapping from field paths to their checks, not (.*)$"#,
            "'fields' 应为从字段路径到检查的映射，而不是 $1"
        ),
        (
            #"^'record' is a mapping of constraints on the whole record \(keys: (.*)\), not (.*)$"#,
            "'record' 应为关于整条记录的约束的映射（键：$1），而不是 $2"
        ),
        (#"^'fields' of 'record' is 'open' or 'closed', not (.*)$"#, "'record' 的 'fields' 应为 'open' 或 'closed'，而不是 $1"),
        (
            #"^'allowed' names the keys a closed record may have besides its fields: add 'fields: closed'$"#,
            "'allowed' 列出封闭记录在字段之外还允许的键：请添加 'fields: closed'"
        ),
        (#"^('[^']*') is a list of fields, such as (\[[^\]]*\]), not (.*)$"#, "$1 应为字段列表，例如 $2，而不是 $3"),
        (#"^('[^']*') needs two fields or more; one field is 'required'$"#, "$1 需要两个或更多字段；只有一个字段时请用 'required'"),
        (#"^('[^']*') names ('[^']*') twice$"#, "$1 两次列出了 $2"),
        (
            #"^'requires' maps a field to the fields it makes required, such as (\{.*\}), not (.*)$"#,
            "'requires' 应为从一个字段到它使之必填的字段的映射，例如 $1，而不是 $2"
        ),
        (#"^('[^']*') is a list of fields, not (.*)$"#, "$1 应为字段列表，而不是 $2"),
        (
            #"^('[^']*') lists field paths, such as email or shipping\.city, not (.*)$"#,
            "$1 应列出字段路径，例如 'email' 或 'shipping.city'，而不是 $2"
        ),
        (
            #"^('[^']*') names fields of the record, not of each element: ('[^']*') has '\[\*\]'$"#,
            "$1 指的是记录的字段，而不是每个元素的字段：$2 含有 '[*]'"
        ),
        (#"^('[^']*'): false turns nothing off; leave the check out instead$"#, "$1：false 不会关闭任何检查；不需要这个检查时请直接删掉它"),
        (
            #"^'unique' compares one value of each element: ('[^']*') has '\[\*\]'$"#,
            "'unique' 比较每个元素中的一个值：$1 含有 '[*]'"
        ),
        (
            #"^('[^']*') compares with ('[^']*'), which is not a field of this pack \(declare it under fields:\)"#,
            "$1 要比较的 $2 不是本规则包的字段（请在 fields: 下声明它）"
        ),
        (#"^('[^']*') compares dates, and these are numbers: write ('[^']*')$"#, "$1 比较的是日期，而这两个值是数字：请改用 $2"),
        (#"^('[^']*') compares numbers, and these are dates: write ('[^']*')$"#, "$1 比较的是数字，而这两个值是日期：请改用 $2"),
        (
            #"^('[^']*') compares dates or numbers, and neither ('[^']*') nor ('[^']*') has a check that says which: .*$"#,
            "$1 比较的是日期或数字，但 $2 和 $3 都没有说明是哪一种的检查：请给其中一个加上 'date:' 检查（日期）或 'type: number'（数字）"
        ),
        (#"^('[^']*') compares a date \(('[^']*')\) with a number \(('[^']*')\)$"#, "$1 在比较日期（$2）和数字（$3）"),
        (#"^('[^']*') compares a number \(('[^']*')\) with a date \(('[^']*')\)$"#, "$1 在比较数字（$2）和日期（$3）"),
        (#"^('[^']*') compares ('[^']*') with itself$"#, "$1 在拿 $2 和它自己比较"),
        (
            #"^('[^']*') compares two fields of a record: use it on a field, under fields:$"#,
            "$1 比较记录中的两个字段：请在 fields: 下的某个字段上使用它"
        ),
        (
            #"^('[^']*') names the field to compare with, such as ('[^']*') \(or ('[^']*') for the one beside this field\)$"#,
            "$1 需要写明要比较的字段，例如 $2（同级的字段写成 $3）"
        ),
        (#"^'when_other_missing' is 'pass' or 'fail'$"#, "'when_other_missing' 应为 'pass' 或 'fail'"),
        (
            #"^line (\S+) is out of line with the keys around it, so line (\S+) \(('[^']*')\) is read as the rest of its value: indent line \S+ like the keys above it(.*)$"#,
            "第 $1 行没有和周围的键对齐，所以第 $2 行（$3）被当作它的值的后半部分：请让第 $1 行和上面的键对齐$4"
        ),
        (
            #"^include ('[^']*') leaves the rules folder ('[^']*') and is not in an include root \((.*)\)$"#,
            "include $1 超出了规则文件夹 $2，也不在任何 include 根目录中（$3）"
        ),
        (
            #"^('[^']*') has ':' with no space after it, so YAML reads it as one key: write (.*) \(a colon and a space\)$"#,
            "$1 中的 ':' 后面没有空格，所以 YAML 把它当作一个键：请写成 `$2`（冒号加一个空格）"
        ),
        (
            #"^a second ': ' on this line: quote a value that holds ': ' \(key: 'a: b'\), or start the next key on a line of its own(.*)$"#,
            "这一行有第二个 ': '：含有 ': ' 的值要加引号（key: 'a: b'），或者把下一个键另起一行$1"
        ),
        (
            #"^this line has a word without ':' after it: a key needs ': ' before its value \(email: \.\.\.\)(.*)$"#,
            "这一行有一个后面没有 ':' 的词：键和值之间需要 ': '（email: ...）$1"
        ),
        (#"^the quote that starts here is never closed: end the text with the same quote(.*)$"#, "从这里开始的引号没有闭合：请用同样的引号结束这段文本$1"),
        (
            #"^the '\[' that starts here is not closed \(or a ',' is missing between its items\): end the list with '\]'(.*)$"#,
            "从这里开始的 '[' 没有闭合（或者列表项之间缺少 ','）：请用 ']' 结束列表$1"
        ),
        (
            #"^the '\{' that starts here is not closed \(or a ',' is missing between its entries\): end it with '\}'(.*)$"#,
            "从这里开始的 '{' 没有闭合（或者各项之间缺少 ','）：请用 '}' 结束$1"
        ),
        (
            #"^this line is not in line with the keys above it: keys of one mapping start in the same column \(the mapping starts at line (\d+), column (\d+)\)(.*)$"#,
            "这一行没有和上面的键对齐：同一个映射的键必须从同一列开始（该映射从第 $1 行第 $2 列开始）$3"
        ),
        (
            #"^(\S+) is read as a number here, but a message is text: quote it: (.*)$"#, "$1 在这里被读作数字，但消息是文本：请加上引号：$2"
        ),
        (#"^(\S+) is read as a number here, but (.+) is text: quote it: (.*)$"#, "$1 在这里被读作数字，但 $2 是文本：请加上引号：$3"),
        (#"^'max' of 'decimals' is a whole number of 0 or more$"#, "'decimals' 的 'max' 应为 0 或更大的整数"),
        (#"^'step' of 'multiple_of' is a number above 0, of up to 19 digits$"#, "'multiple_of' 的 'step' 应为大于 0 的数，最多 19 位数字"),
        (
            #"^inside \[\.\.\.\], a path or reason code with \[\*\] must be quoted \('\*' starts a YAML alias\): write ('[^']*')(.*)$"#,
            "在 [...] 里，含 [*] 的路径或原因代码必须加引号（'*' 在 YAML 中表示别名）：请写成 $1$2"
        ),
        (
            #"^'present' is true or false, and stands alone with 'field': (\{.*\})$"#,
            "'present' 应为 true 或 false，并且只能和 'field' 一起写：$1"
        ),
        (#"^'has' names one field, such as has: wallet_id$"#, "'has' 只能写一个字段，例如 'has: wallet_id'"),
        (
            #"^this condition does not hold when ('[^']*') is missing \(.*\); for "when [^"]*", write (\{.*\})$"#,
            "当 $1 缺失时这个条件不成立（缺失的字段不满足任何检查，即使在 not: 之下）；要表达“$1 缺失时”，请写 $2"
        ),
        (
            #"^('[^']*') is an option of a field, but here it is a field of its own, so ('[^']*') above does not get it: "#
                + #"indent it under '[^']*'; for a record field really called '[^']*', write (.*)$"#,
            "$1 是字段的选项，但这里它成了一个单独的字段，所以上面的 $2 没有得到它：请把它缩进到 $2 下面；"
                + "如果记录里真有名为 $1 的字段，请写成 `$3`"
        ),
        (
            #"^('[^']*') is an option of a field, but here it is a field of its own: indent it under the field it belongs to; "#
                + #"for a record field really called '[^']*', write (.*)$"#,
            "$1 是字段的选项，但这里它成了一个单独的字段：请把它缩进到所属字段的下面；如果记录里真有名为 $1 的字段，请写成 `$2`"
        ),
        (
            #"^no example reaches the pack through this alternative of applies_to \((.*)\): add one whose record it selects, .*$"#,
            "没有示例经由 applies_to 的这个备选条件（`$1`）进入本规则包：请添加一个被它选中的示例记录，这样 'sift test' 才会检查它"
        ),
        (
            #"^'unique_across_runs' keeps its keys in the receipts' ledger, which this build of Sift does not have$"#,
            "'unique_across_runs' 把键记在收据的账本中，而这个 Sift 版本没有账本"
        ),
        (#"^('[^']*'): false turns nothing off; leave it out instead$"#, "$1：false 不会关闭任何检查；不需要时请直接删掉它"),
        (
            #"^'with' of ('[^']*') lists fields of the record, such as (\[[^\]]*\]), without '\[\*\]'$"#,
            "$1 的 'with' 应列出记录的字段，例如 $2，不含 '[*]'"
        ),
        (
            #"^('[^']*') is true, or (\{with: \[fields\]\}) for a key of several fields$"#,
            "$1 应为 true，或者用 $2 表示由多个字段组成的键"
        ),
        (
            #"^('[^']*') compares one value per record, and ('[^']*') has '\[\*\]'; .*$"#,
            "$1 每条记录只比较一个值，而 $2 含有 '[*]'；要求同一条记录内不重复，请在列表上使用 'unique_by'"
        ),
        (#"^'sum_of' is a mapping such as (\{.*\}), not (.*)$"#, "'sum_of' 应为映射，例如 $1，而不是$2"),
        (
            #"^'sum_of' needs 'items': the list whose elements are added up, such as ('[^']*')$"#,
            "'sum_of' 需要 'items'：要相加的列表，例如 $1"
        ),
        (#"^'items' of 'sum_of' is one list, such as ('[^']*'), not ('[^']*')$"#, "'sum_of' 的 'items' 应为一个列表，例如 $1，而不是 $2"),
        (
            #"^'value' of 'sum_of' is a path inside each element, or a list of them to multiply$"#,
            "'sum_of' 的 'value' 应为每个元素中的路径，或要相乘的路径列表"
        ),
        (
            #"^'value' of 'sum_of' reads one number in each element: ('[^']*') has '\[\*\]'$"#,
            "'sum_of' 的 'value' 在每个元素中只读取一个数：$1 含有 '[*]'"
        ),
        (#"^'tolerance' of 'sum_of' is a number of 0 or more, such as 0\.005$"#, "'sum_of' 的 'tolerance' 应为 0 或更大的数，例如 0.005"),
        (#"^unknown language ('[^']*')"#, "未知的语言 $1"),
        (#"^the ('[^']*') message should be (.+), not (.+)$"#, "$1 消息应为$2，而不是$3"),
        (#"^(.+) should be (.+), not (.+?)(;.*)?$"#, "$1 应为$2，而不是$3$4"),
        (#"^('[^']*') needs the option ('[^']*') \(.*\)$"#, "$1 需要选项 $2"),
        (#"^('[^']*') needs at least one check$"#, "$1 至少需要一个检查"),
        (#"^'when' needs a 'then' check beside it$"#, "'when' 旁边需要一个 'then' 检查"),
        (#"^('[^']*') is an option of ('[^']*'): put it inside, as (.*)$"#, "$1 是 $2 的选项：请放到它里面，写成 $3"),
        (#"^duplicate key ('[^']*') \(first defined at line (\d+)\)$"#, "重复的键 $1（第一次定义在第 $2 行）"),
        (
            #"^a full-width space \(U\+3000\) indents this line; YAML indents with ordinary spaces only"#,
            "这一行用全角空格（U+3000）缩进；YAML 只能用普通空格缩进"
        ),
        (
            #"^'：' is a full-width colon, which YAML does not read as ':'; type ':' followed by a space"#,
            "'：' 是全角冒号，YAML 不会把它当作 ':'；请输入半角 ':' 再加一个空格"
        ),
        (
            #"^(\S+) is a typographic quote, which YAML keeps as part of the text; "#
                + #"type (\S+) instead \(turn off smart quotes in your editor\)"#,
            "$1 是弯引号，YAML 会把它当作文本的一部分；请改用 $2（并在编辑器中关闭智能引号）"
        ),
        (
            #"^(\S+) is read as a number here, but the checks of ('[^']*') expect text; quote it: (.*)$"#,
            "$1 在这里被读作数字，但 $2 的检查需要文本；请加上引号：$3"
        ),
        (
            #"^the pack ('[^']*') has no rules: add 'fields:'(?: or one of these sections: (.*))?$"#,
            "规则包 $1 没有规则：请添加 'fields:' 或以下部分之一：$2"
        ),
        (
            #"^the pack ('[^']*') has no examples: .*$"#,
            "规则包 $1 没有示例：请在 'examples:' 下各加一条有效和无效的记录，"
                + "这样 sift test 能发现拼错的 applies_to 或写错的模式"
        ),
        (
            #"^the pack ('[^']*') has no 'applies_to', so it checks every record.*; add one such as (applies_to: \{kind: [^}]*\})$"#,
            "规则包 $1 没有 'applies_to'，所以它会检查每一条记录，包括给其他规则包的记录；请添加一个，"
                + "例如 $2"
        ),
        (
            #"^the example expects ('[^']*'), which no rule of this pack reports"#,
            "示例预期 $1，但本规则包中没有规则会报告它"
        ),
        (
            #"^('[^']*') limits ('[^']*'), which no rule of this pack reports, so the limit never trips"#,
            "$1 限制了 $2，但本规则包中没有规则会报告它，所以这个上限永远不会触发"
        ),
        (
            #"^say what the example expects: 'valid: true', or 'reasons: \[\.\.\.\]'$"#,
            "请写明示例的预期：'valid: true' 或 'reasons: [...]'"
        ),
        (
            #"^one check per list item: found ('[^']*') and ('[^']*'); put each in its own '- ' item$"#,
            "每个列表项只能有一个检查：发现了 $1 和 $2；请各放在一个 '- ' 项里"
        ),
        (#"^invalid regex ('.*'): (.*) at offset (\d+)$"#, "无效的正则 $1：$2（第 $3 个字符处）"),
        (
            #"^patterns match the whole value, so ('[^']*') is not a prefix test: .*, write ('[^']*') or add mode: search$"#,
            "模式要完整匹配整个值，所以 $1 不是前缀检查：只有整个值都匹配它才通过；"
                + "要允许后面有任意文本，请写成 $2 或加上 mode: search"
        ),
        (
            #"^patterns match the whole value, so ('[^']*') is not a suffix test: .*, write ('[^']*') or add mode: search$"#,
            "模式要完整匹配整个值，所以 $1 不是后缀检查：只有整个值都匹配它才通过；"
                + "要允许前面有任意文本，请写成 $2 或加上 mode: search"
        ),
        (
            #"^'\.' in ('[^']*') matches any character, so ('[^']*') passes too; for a literal dot write ('[^']*')$"#,
            "$1 中的 '.' 匹配任意字符，所以 $2 也能通过；要匹配句点本身，请写成 $3"
        ),
        (
            #"^the class (\S+) also admits '\|': inside \[\.\.\.\] '\|' is a literal character, not 'or'$"#,
            "字符类 $1 也接受 '|'：在 [...] 中 '|' 是普通字符，不表示“或”"
        ),
        (#"^this Sift reads rules version 1; found (.*)$"#, "此版本的 Sift 只读第 1 版规则；发现的是 $1"),
        (#"^validator ('[^']*') uses itself \((.*)\)$"#, "校验器 $1 引用了自己（$2）"),
        (#"^validator ('[^']*') is defined twice \(also at (.*)\)$"#, "校验器 $1 定义了两次（另一处在 $2）"),
        (#"^no rule files \(\.yaml or \.yml\) in ('.*')$"#, "$1 中没有规则文件（.yaml 或 .yml）"),
        (#"^no rule packs in ('[^']*')(: its files only define validators)?$"#, "$1 中没有规则包"),
        (#"^no rules at ('.*')$"#, "$1 处没有规则"),
        (#"^cannot read rule file ('.*')$"#, "无法读取规则文件 $1"),
        (
            #"^rule file ('[^']*') is not UTF-8 text \(decoding stops here\); save the file as UTF-8$"#,
            "规则文件 $1 不是 UTF-8 文本（解码在此处停止）；请把文件另存为 UTF-8"
        ),
        (#"^included file ('[^']*') does not exist \(looked for ('[^']*')\)"#, "被包含的文件 $1 不存在（查找的是 $2）"),
        (
            #"^unknown date format ('[^']*'); did you mean ('[^']*')\? \(MM is the month, mm the minute\)$"#,
            "未知的日期格式 $1；是否想写 $2？（MM 是月，mm 是分钟）"
        ),
        (
            #"^unknown date format ('[^']*'); did you mean ('[^']*')\? \(yyyy is the year and dd the day of the month\)$"#,
            "未知的日期格式 $1；是否想写 $2？（yyyy 是年，dd 是月中的日）"
        ),
        (#"^unknown date format ('[^']*'); did you mean ('[^']*')\?$"#, "未知的日期格式 $1；是否想写 $2？"),
        (
            #"^unknown date format ('[^']*'): .*$"#,
            "未知的日期格式 $1：请用 yyyy（年）、MM（月）、dd（日）、HH、mm（分）、ss、SSS 和分隔符，"
                + "或 rfc3339、epoch_ms、epoch_s"
        ),
        (#"^invalid field path ('[^']*'): empty name before '\.'$"#, "无效的字段路径 $1：'.' 之前的名称为空"),
        (#"^invalid field path ('[^']*'): it ends with '\.'$"#, "无效的字段路径 $1：以 '.' 结尾"),
        (#"^invalid field path ('[^']*'): (.*)$"#, "无效的字段路径 $1：$2"),
        (
            #"^route ('[^']*') can never match: route ('[^']*') \(line (\d+)\) comes first and matches every link it would$"#,
            "路由 $1 永远不会匹配：路由 $2（第 $3 行）在它前面，并且会匹配它能匹配的所有链接"
        ),
        (
            #"^a reason code is a word like 'phone\.format' \(letters, digits, '\.', '_', '-'\)$"#,
            "原因码是一个词，例如 'phone.format'（字母、数字、'.'、'_'、'-'）"
        ),
        (#"^'([^']*)' takes a list of checks, not (.*)$"#, "'$1' 需要一个检查列表，而不是$2"),
        (#"^'use' takes the name of a validator, not (.*)$"#, "'use' 需要一个校验器的名称，而不是$1"),
        (#"^'enum' needs at least one value$"#, "'enum' 至少需要一个值"),
        (#"^'enum' values are texts, numbers or booleans, not (.*)$"#, "'enum' 的值应为文本、数字或布尔值，而不是$1"),
        (
            #"^'examples' is a list of .*$"#,
            "'examples' 是一个列表，每项形如 {record: ..., valid: true} 或 {record: ..., reasons: [...]}"
        ),
        (#"^'description' is text, or \{en: \.\.\., zh: \.\.\.\}$"#, "'description' 应为文本，或 {en: ..., zh: ...}"),
        (
            #"^'message' is text, or a mapping of languages \(en, zh\)$"#,
            "'message' 应为文本，或按语言写的映射（'en'、'zh'）"
        ),
        (#"^('[^']*') cannot be negative$"#, "$1 不能为负数"),
        (#"^('[^']*') must be at least (-?\d+), not (.+)$"#, "$1 至少应为 $2，而不是 $3"),
        (#"^('[^']*') has min (\S+) greater than max (\S+)$"#, "$1 的 'min'（$2）大于 'max'（$3）"),
        (#"^'length' needs 'min', 'max' or 'exact'$"#, "'length' 需要 'min'、'max' 或 'exact'"),
        (#"^'length' takes 'exact' or 'min'/'max', not both$"#, "'length' 只能写 'exact' 或 'min'/'max'，不能同时写"),
        (#"^('range'|'count') needs 'min' or 'max'$"#, "$1 需要 'min' 或 'max'"),
        (#"^('[^']*') of 'count' is a whole number of 0 or more$"#, "'count' 的 $1 应为 0 或更大的整数"),
        (#"^'count' is a number, or \{min: \.\.\., max: \.\.\.\}, not (.*)$"#, "'count' 应为数字或 {min: ..., max: ...}，而不是$1"),
        (
            #"^'from' and 'to' of 'date' go together, with 1 ≤ from ≤ to$"#,
            "'date' 的 'from' 和 'to' 要一起写，且 1 ≤ from ≤ to"
        ),
        (#"^'record' is a mapping \(the record's fields\), not (.*)$"#, "'record' 应为映射（记录的各个字段），而不是$1"),
        (
            #"^'required' is true, false, or \{when: .*\}, not (.*)$"#,
            "'required' 应为 true、false 或 {when: {field: ..., <check>}}，而不是$1"
        ),
        (
            #"^'required: \{when: \.\.\.\}' is about another field: add 'field:', as in (.*)$"#,
            "'required: {when: ...}' 说的是另一个字段：请加上 'field:'，例如 $1"
        ),
        (#"^'valid' is true or false, not (.*)$"#, "'valid' 应为 true 或 false，而不是$1"),
        (#"^'validators' is a mapping from names to checks, not (.*)$"#, "'validators' 应为从名称到检查的映射，而不是$1"),
        (
            #"^'applies_to' is 'all' or a mapping such as (\{[^}]*\}) or (\{[^}]*\}), not (.*)$"#,
            "'applies_to' 应为 'all' 或映射，例如 $1 或 $2，而不是$3"
        ),
        (
            #"^'applies_to' compares a field with a value or a list of values, not (.*)$"#,
            "'applies_to' 把字段与一个值或一组值比较，而不是$1"
        ),
        (#"^'include' takes a file path or a list of them, not (.*)$"#, "'include' 需要一个文件路径或路径列表，而不是$1"),
        (
            #"^'not' takes a mapping of conditions, such as (not: \{[^}]*\}), or a list of them \(none may hold\), not (.*)$"#,
            "'not' 需要一个条件映射，例如 $1，或由它们组成的列表（都不能成立），而不是$2"
        ),
        (
            #"^('[^']*') takes a list of mappings of conditions, such as ((?:any|all): \[.*\]), not (.*)$"#,
            "$1 需要一个由条件映射组成的列表，例如 $2，而不是$3"
        ),
        (#"^'<<' merges a mapping or a list of mappings, not (.*)$"#, "'<<' 只能合并映射或映射列表，而不是$1"),
        (#"^a field path is text, not (.*)$"#, "字段路径应为文本，而不是$1"),
        (
            #"^a rule file holds one YAML document; found a second '---'$"#,
            "一个规则文件只能有一个 YAML 文档；发现了第二个 '---'"
        ),
        (
            #"^a rule file is a mapping of keys \(fields, validators, \.\.\.\), not (.*)$"#,
            "规则文件应为键的映射（'fields'、'validators' 等），而不是$1"
        ),
        (#"^an example cannot be 'valid: true' and list reasons$"#, "示例不能既写 'valid: true' 又列出原因"),
        (
            #"^an example is a mapping with 'record' and 'valid' or 'reasons', not (.*)$"#,
            "示例应为包含 'record' 以及 'valid' 或 'reasons' 的映射，而不是$1"
        ),
        (#"^an example needs 'record' \(YAML\) or 'json' \(JSON text\)$"#, "示例需要 'record'（YAML）或 'json'（JSON 文本）"),
        (
            #"^'packs' of an example is 'all' .*$"#,
            "示例的 'packs' 只能是 'all'（用规则中的每个规则包检查这条记录）"
        ),
        (#"^a check needs one of: (.*)$"#, "检查需要以下之一：$1"),
        (
            #"^('[^']*') names a field beside the one being checked, and there is none here; write the full path$"#,
            "$1 指的是与被检查字段同级的字段，但这里没有；请写完整路径"
        ),
        (
            #"^('[^']*') is not a time Sift knows; write (\S+): now .*$"#,
            "$1 不是 Sift 认识的时间；请写 $2: now（本次运行的基准时间，--as-of）"
        ),
        (#"^('[^']*') belongs to a 'when' check$"#, "$1 属于 'when' 检查"),
        (#"^include cycle: ('[^']*') includes this file again$"#, "循环包含：$1 又包含了这个文件"),
        (
            #"^include ('[^']*') leaves the rules folder ('[^']*'); included files must be inside it \(shared files: give their folder with (--include-root)\)$"#,
            "include $1 超出了规则文件夹 $2；被包含的文件必须在规则文件夹内（共享的规则文件：请用 $3 给出它们所在的文件夹）"
        ),
        (
            #"^included file ('[^']*') may only define validators and includes; it has ('[^']*')$"#,
            "被包含的文件 $1 只能定义 validators 和 include；它有 $2"
        ),
        (
            #"^included file ('[^']*') declares exec_checks; .*$"#,
            "被包含的文件 $1 声明了 exec_checks；请在规则文件夹本身的文件中声明"
        ),
        (
            #"^two packs are named ('[^']*') \(the other is in (.*)\); set 'pack:' to tell them apart$"#,
            "有两个规则包都叫 $1（另一个在 $2）；请用 'pack:' 给它们起不同的名字"
        ),
        (
            #"^validator name ('[^']*') is taken by a built-in check; choose another$"#,
            "校验器名 $1 已被内置检查占用；请换一个"
        ),
        (#"^unknown alias '\*([^']*)'; define it first with '&[^']*'$"#, "未知的别名 '*$1'；请先用 '&$1' 定义它"),
        (#"^nesting deeper than (\d+) levels$"#, "嵌套超过 $1 层"),
        (#"^option names are text, not (.*)$"#, "选项名应为文本，而不是$1"),
        (#"^'reasons' takes a mapping of CODE: N$"#, "'reasons' 应为 CODE: N 形式的映射"),
        (#"^each reason limit is CODE: N with N a whole number from 0$"#, "每个原因的上限写成 CODE: N，N 为从 0 起的整数"),
        (
            #"^'invalid_ratio' is a share of records from 0 to 1, such as 0\.05; not (.*)$"#,
            "'invalid_ratio' 是 0 到 1 之间的记录比例，例如 0.05；而不是$1"
        ),
        (#"^('[^']*') takes a mapping: (.*)$"#, "$1 需要一个映射：$2"),
        (
            #"^'routes' needs 'schemes' or 'hosts': which links does the app open\?$"#,
            "'routes' 需要 'schemes' 或 'hosts'：应用会打开哪些链接？"
        ),
        (#"^('[^']*') is not a parameter of ('[^']*')$"#, "$1 不是 $2 的参数"),
        (#"^cannot read the AASA file ('[^']*')$"#, "无法读取 AASA 文件 $1"),
        (#"^cannot read key set ('[^']*')$"#, "无法读取密钥集 $1"),
        (#"^cannot read the root certificate ('[^']*')$"#, "无法读取根证书 $1"),
        (#"^cannot read the root certificate ('[^']*') \((.+)\)$"#, "无法读取根证书 $1（$2）"),
        (#"^'roots' names no certificate file: .*$"#, "'roots' 没有列出证书文件：请给出受信任的根证书，例如 [keys/AppleRootCA-G3.cer]"),
        (#"^'quantity_max' \((-?\d+)\) is below 'quantity_min' \((-?\d+)\)$"#, "'quantity_max'（$1）小于 'quantity_min'（$2）"),
        (#"^('[^']*') holds no certificate \(PEM or DER\) that can be read$"#, "$1 中没有可读取的证书"),
        (
            #"^'paid_before_version' is a version of numbers and dots, like "2.0" or "145", not (.*)$"#,
            "'paid_before_version' 应为以点分隔的数字版本，例如 \"2.0\" 或 \"145\"，而不是 $1"
        ),
        (
            #"^('[^']*') is in 'refund_types' and is ('[^']*') in 'actions': give it one action$"#,
            "$1 在 'refund_types' 中，在 'actions' 中又是 $2：请只给它一个动作"
        ),
        (#"^('[^']*') is not a notification type Apple documents(.*)$"#, "$1 不是 Apple 文档中的通知类型$2"),
        (#"^('[^']*') is not a notification subtype Apple documents(.*)$"#, "$1 不是 Apple 文档中的通知子类型$2"),
        (
            #"^a rule file names only a SQLite ledger file beside the rules; give a database with --ledger or SIFT_LEDGER$"#,
            "规则文件只能指定规则旁边的 'SQLite' 台账文件；数据库请用 '--ledger' 或 'SIFT_LEDGER' 指定"
        ),
        (#"^'expiry_grace_seconds' is at most 315360000 \(ten years\), not (.+)$"#, "'expiry_grace_seconds' 最多为 315360000（十年），而不是 $1"),
        (#"^give 'jwks' or 'key_store', not both$"#, "'jwks' 和 'key_store' 只能写一个"),
        (#"^no key store ('[^']*') is registered$"#, "没有注册名为 $1 的密钥存储"),
        (
            #"^key set ('[^']*') is outside the rules folder; keep it beside the rules$"#,
            "密钥集 $1 在规则文件夹之外；请把它放在规则旁边"
        ),
        (
            #"^ledger ('[^']*') is outside the rules folder; keep it beside the rules, or give it with (--[a-z]+)$"#,
            "账本文件 $1 在规则文件夹之外；请把它放在规则旁边，或用 $2 指定"
        ),
        (
            #"^the AASA file ('[^']*') is outside the rules folder; keep it beside the rules, or give it with (--[a-z]+)$"#,
            "AASA 文件 $1 在规则文件夹之外；请把它放在规则旁边，或用 $2 指定"
        ),
        (
            #"^(ledger|key set|the AASA file) ('[^']*') is a link to a missing file; name the file itself.*$"#,
            "$2 是指向不存在的文件的链接；请写出文件本身"
        ),
        (
            #"^rule file ('[^']*') is a link to a file outside the rules folder; it is not read$"#,
            "规则文件 $1 是指向规则文件夹之外的链接；不会读取它"
        ),
        (
            #"^'apple_id_token' needs its keys: .*$"#,
            "'apple_id_token' 需要密钥：'jwks: FILE'（规则旁边的 Apple JWKS 文件）或 'key_store: NAME'"
        ),
        (
            #"^'as_of' of 'apple_id_token' is now, an RFC 3339 time or epoch seconds, not (.*)$"#,
            "'apple_id_token' 的 'as_of' 应为 now、RFC 3339 时间或 epoch 秒数，而不是$1"
        ),
        (
            #"^'as_of' of 'app_store' is now, an RFC 3339 time or epoch milliseconds, not (.*)$"#,
            "'app_store' 的 'as_of' 应为 now、RFC 3339 时间或 epoch 毫秒数，而不是$1"
        ),
        (
            #"^'as_of' of 'receipt' is now, request_date, an RFC 3339 time or epoch milliseconds, not (.*)$"#,
            "'receipt' 的 'as_of' 应为 now、request_date、RFC 3339 时间或 epoch 毫秒数，而不是$1"
        ),
        (#"^key set ('[^']*') is not valid JSON: (.*)$"#, "密钥集 $1 不是有效的 JSON：$2"),
        (
            #"^key set ('[^']*') has no "keys" array \(expected Apple's JWKS format\)$"#,
            "密钥集 $1 没有 'keys' 数组（应为 Apple 的 JWKS 格式）"
        ),
        (#"^key ('[^']*') of ('[^']*') has no kid; it is skipped$"#, "$2 中的密钥 $1 没有 kid，已跳过"),
        (#"^key ('[^']*') of ('[^']*') is not an RS256 RSA key; it is skipped$"#, "$2 中的密钥 $1 不是 RS256 RSA 密钥，已跳过"),
        (#"^key ('[^']*') of ('[^']*') is not a usable RSA key: (.*)$"#, "$2 中的密钥 $1 不是可用的 RSA 密钥：$3"),
        (#"^key set ('[^']*') has no usable RS256 keys$"#, "密钥集 $1 没有可用的 RS256 密钥"),
        (
            #"^aliases expand to more than (\d+) nodes \(an alias bomb\?\); ('[^']*') passed the limit$"#,
            "别名展开后超过 $1 个节点（别名炸弹？）；$2 超出了上限"
        ),
        (#"^could not start the YAML parser$"#, "无法启动 YAML 解析器"),
        (
            #"^('[^']*'(?: (?:in|of) '[^']*')*) takes a mapping of options \(([^)]*)\), not (.*)$"#,
            "$1 需要一个选项映射（$2），而不是$3"
        ),
        (
            #"^a condition reads one value, and '\[\*\]' in ('[^']*') would mean element 0 only(.*)$"#,
            "条件只读取一个值，$1 中的 '[*]' 只会表示第 0 个元素$2"
        ),
        (
            #"^a comparison reads one value, and '\[\*\]' in ('[^']*') would mean element 0 only(.*)$"#,
            "比较只读取一个值，$1 中的 '[*]' 只会表示第 0 个元素$2"
        ),
        (#"^('[^']*') is ('[^']*'(?: or '[^']*')*), not (.*)$"#, "$1 应为 $2，而不是$3"),
        (#"^empty segment in ('[^']*')$"#, "$1 中有空的路径段"),
        (#"^'\*\*' must be the last segment of ('[^']*')$"#, "'**' 必须是 $1 的最后一段"),
        (#"^('[^']*') opens '\(' without closing it$"#, "$1 有 '(' 但没有闭合"),
        (#"^unknown parameter type ('[^']*') in ('[^']*')"#, "$2 中有未知的参数类型 $1"),
        (#"^invalid regex in type ('[^']*'): (.*)$"#, "类型 $1 中的正则无效：$2"),
        (#"^invalid regex in ('[^']*'): (.*)$"#, "$1 中的正则无效：$2"),
        (#"^a parameter name is letters, digits and '_': ('[^']*')$"#, "参数名只能包含字母、数字和 '_'：$1"),
        (#"^parameter (':[^']*') appears twice in ('[^']*')$"#, "参数 $1 在 $2 中出现了两次"),
        (#"^('[^']*'): '\*' and ':' stand for whole segments only$"#, "$1：'*' 和 ':' 只能代表整个路径段"),
        (#"^the default ('[^']*') of ('[^']*') is not a valid ('[^']*')$"#, "$2 的默认值 $1 不是有效的 $3"),
        (#"^('[^']*') cannot be a custom scheme$"#, "$1 不能用作自定义 URL 协议"),
        (#"^('[^']*') is not a host name$"#, "$1 不是主机名"),
        // JSON Schema files (a pack's `schema:`); the JSON Pointer at the end is kept.
        (#"^a schema is an object or true or false, not (.*?)( \(at \S+\))?$"#, "模式应为对象、true 或 false，而不是 $1$2"),
        (#"^'enum' is a list of values"#, "'enum' 应为值的列表"),
        (#"^'multipleOf' must be greater than 0"#, "'multipleOf' 必须大于 0"),
        (
            #"^in draft 2020-12 'items' is one schema; a list of schemas is 'prefixItems'"#,
            "在 2020-12 版中 'items' 是一个模式；模式的列表应写作 'prefixItems'"
        ),
        (#"^('[^']*') is not supported by Sift; the schema cannot be run as it is written"#, "Sift 不支持 $1；此模式无法按原样运行"),
        (#"^('[^']*') is no keyword of draft ('?[^' ]*'?) and is ignored"#, "$1 不是 $2 版的关键字，已忽略"),
        (#"^('[^']*') is a non-empty list of schemas"#, "$1 应为非空的模式列表"),
        (#"^'\$ref' is a URI reference \(text\)"#, "'$ref' 应为 'URI' 引用（文本）"),
        (
            #"^('[^']*') refers to another file, outside this schema file; Sift fetches nothing: give a local copy with schema_map"#,
            "$1 指向另一个文件（本模式文件之外）；Sift 不会下载任何内容：请用 'schema_map' 给出本地副本"
        ),
        (
            #"^('[^']*') refers to ('[^']*'), outside this schema file; Sift fetches nothing: give a local copy with schema_map"#,
            "$1 指向本模式文件之外的 $2；Sift 不会下载任何内容：请用 'schema_map' 给出本地副本"
        ),
        (#"^('[^']*') refers to the file ('[^']*'), which does not exist"#, "$1 指向的文件 $2 不存在"),
        (#"^('[^']*') refers to the file ('[^']*'), which cannot be read as UTF-8 text"#, "$1 指向的文件 $2 不是 'UTF-8' 文本"),
        (#"^('[^']*') refers to ('[^']*'), outside the rules folder; keep it beside the rules"#, "$1 指向规则文件夹之外的 $2；请把它放在规则旁边"),
        (#"^('[^']*') refers to ('[^']*'), which is not in the schema"#, "$1 指向的 $2 不在模式中"),
        (#"^('[^']*') names the anchor ('[^']*'), which no subschema declares"#, "$1 指向锚点 $2，但没有子模式声明它"),
        (#"^('[^']*') is not a URI reference"#, "$1 不是 'URI' 引用"),
        (#"^'type' is a type name or a list of them"#, "'type' 应为类型名或类型名的列表"),
        (#"^must be a number, not (.*?)( \(at \S+\))?$"#, "应为数字，而不是 $1$2"),
        (#"^must be a whole number of at least 0, not (.*?)( \(at \S+\))?$"#, "应为不小于 0 的整数，而不是 $1$2"),
        (#"^must be true or false, not (.*?)( \(at \S+\))?$"#, "应为 true 或 false，而不是 $1$2"),
        (#"^must be a list of property names"#, "应为属性名的列表"),
        (#"^a property name is text, not (.*?)( \(at \S+\))?$"#, "属性名应为文本，而不是 $1$2"),
        (#"^must be an object of names to schemas"#, "应为从名称到模式的对象"),
        (#"^a pattern is text, not (.*?)( \(at \S+\))?$"#, "模式（'pattern'）应为文本，而不是 $1$2"),
        (#"^the pattern ('[^']*') does not compile: (.*) \(at byte (\d+)\)"#, "模式 $1 无法编译：$2（在第 $3 字节）"),
        (#"^'format' is a format name, not (.*?)( \(at \S+\))?$"#, "'format' 应为格式名，而不是 $1$2"),
        (#"^format ('[^']*') is not checked by Sift; it checks ([^(]*?)( \(at \S+\))?$"#, "Sift 不检查格式 $1；它检查的格式为：$2$3"),
        (#"^cannot read the schema file ('[^']*')"#, "无法读取模式文件 $1"),
        (#"^the schema file ('[^']*') is not UTF-8 text"#, "模式文件 $1 不是 UTF-8 文本"),
        (#"^the schema file ('[^']*') has nothing at the JSON Pointer ('[^']*')"#, "模式文件 $1 中 JSON 指针 $2 处没有内容"),
        (
            #"^'\$schema' names ('[^']*'), which Sift does not read; it reads draft 2020-12 and draft-07: give 'draft:' to read the schema as one of them"#,
            "'$schema' 指定的 $1 是 Sift 不读取的版本；Sift 读取 '2020-12' 版和 'draft-07'：请用 'draft:' 指定按其中哪一版读取"
        ),
        (#"^the 'const' and 'enum' values of ('[^']*') cannot be read as JSON"#, "$1 中 'const' 和 'enum' 的值无法作为 JSON 读取"),
        (
            #"^this reference leads back to itself without going into the value, so checking would never end"#,
            "此引用绕回自身，却没有进入值的内部，检查将永远不会结束"
        ),
        (
            #"^('[^']*'(?: of '[^']*')?) names one field; '\[\*\]' is not allowed \(a schema's 'items' checks every element\)"#,
            "$1 只能指定一个字段；不允许使用 '[*]'（模式的 'items' 会检查每个元素）"
        ),
        (#"^'pointer' is a JSON Pointer: it starts with '/', as in (\S+)"#, "'pointer' 是 JSON 指针：以 '/' 开头，例如 '$1'"),
        // `sift import jsonschema`: what a pack cannot say.
        (
            #"^a pack cannot say (.*); run the schema as it is with ('[^']*')"#,
            "规则包无法表达：$1；请在规则包中用 $2 按原样运行该模式"
        ),
    ]

    /// Phrases inside messages, applied after the whole-message patterns.
    static let phrases: [(String, String)] = [
        // "'min' of 'length'" is "'length' 的 'min'"; "'y' in 'products' of 'receipt'", "'receipt' 的 'products' 中的 'y'".
        (#"('[^']*') of ('[^']*') of ('[^']*')"#, "$3 的 $2 的 $1"),
        (#"('[^']*') in ('[^']*') of ('[^']*')"#, "$3 的 $2 中的 $1"),
        (#"('[^']*') of ('[^']*')"#, "$2 的 $1"),
        (#"('[^']*') in ('[^']*') of ('[^']*')"#, "$3 的 $2 中的 $1"),
        (#" while scanning for the next token"#, "（在读取下一个记号时）"),
        (#"; did you mean ('[^']*')\?"#, "；是否想写 $1？"),
        (#"('[^']*') on a value not declared "type": "(object|array)""#, "$1 用在未声明 \"type\": \"$2\" 的值上"),
        (#"it refers back to itself \(a recursive schema\): a pack names each field once"#, "引用绕回自身（递归模式）：规则包中每个字段只能写一次"),
        (#"the schema 'false' \(nothing is allowed\)"#, "模式 'false'（什么都不允许）"),
        (#"('[^']*') with a value that is not text, a number or a boolean"#, "$1 中有不是文本、数字或布尔值的值"),
        (#"('[^']*') other than false for the whole record"#, "整条记录上不为 false 的 $1"),
        (
            #"('[^']*') with a property that may be an object or a list \(a closed record closes those too\)"#,
            "$1，而某个属性可能是对象或列表（封闭的记录也会封闭它们）"
        ),
        (#"('[^']*') inside the record \(a pack's 'requires' is about the record's own fields\)"#, "记录内部的 $1（规则包的 'requires' 只针对记录本身的字段）"),
        (#"format ('[^']*') as an assertion \(no Sift check says it exactly\)"#, "作为断言的格式 $1（没有 Sift 检查能确切表达它）"),
        (#"a 'type' without object for the whole record \(records are objects\)"#, "整条记录的 'type' 不含 object（记录都是对象）"),
        (
            #"checks of the whole record's own value \(enum, const, or a string's, number's or list's keywords\)"#,
            "针对整条记录本身的值的检查（enum、const，或字符串、数字、列表的关键字）"
        ),
        (#" \(at (/\S*|'x')\)$"#, "（位置 $1）"),
        (#" \(keys: ([^)]*)\)$"#, "（可用的键：$1）"),
        (#" \(options: ([^)]*)\)$"#, "（可用的选项：$1）"),
        (#" \(types: ([^)]*)\)$"#, "（可用的类型：$1）"),
        (#" \(languages: ([^)]*)\)$"#, "（可用的语言：$1）"),
        (#"one of ([^，]*)"#, "以下之一：$1"),
        (#"a whole number"#, "整数"),
        (#"the text ('[^']*')"#, "文本 $1"),
        (#"the number (\S+)"#, "数字 $1"),
        (#"true or false"#, "true 或 false"),
        (#"(?<![A-Za-z])a mapping\b"#, "映射"),
        (#"(?<![A-Za-z])a list\b"#, "列表"),
        (#"(?<![A-Za-z])a number\b"#, "数字"),
        (#"(?<![A-Za-z])text\b"#, "文本"),
        (#"(?<![A-Za-z])the boolean (true|false)\b"#, "布尔值 $1"),
        (#"did not find expected ('[^']*') or ('[^']*')"#, "没有找到预期的 $1 或 $2"),
        (#"did not find expected key"#, "没有找到预期的键"),
        (#"(?:could|did) not find expected ('[^']*')"#, "没有找到预期的 $1"),
        (#" while scanning a simple key"#, "（在读取键时）"),
        (#" while scanning a quoted scalar"#, "（在读取带引号的文本时）"),
        (#"found unexpected end of stream"#, "文件意外结束"),
        (#"block sequence entries are not allowed in this context"#, "此处不允许列表项（'- '）"),
        (#"mapping values are not allowed in this context"#, "此处不允许出现映射的值"),
        (#"found character that cannot start any token"#, "发现不能作为开头的字符"),
        (#"found unexpected ('[^']*') while scanning a plain scalar"#, "读取不带引号的文本时遇到意外的 $1"),
        (#"while parsing a (block|flow) (mapping|sequence|collection)"#, "（在读取映射或列表时）"),
        (#"missing closing parenthesis"#, "缺少右括号"),
        (
            #"the pattern is not in quotes, so YAML reads its brackets, braces or colons itself; put it in single quotes: "#,
            "模式没有加引号，所以 YAML 会自己解释其中的方括号、花括号或冒号；请放在单引号里："
        ),
        (
            #"inside \{\.\.\.\}, a path with \[\*\] must be quoted: write ('[^']*')"#,
            "在 {...} 中，带 [*] 的路径必须加引号：请写成 $1"
        ),
        (#"^(无效的字段路径 '[^']*'：)it is empty$"#, "$1路径为空"),
        (#"^(无效的字段路径 '[^']*'：)'\[' without '\]'$"#, "$1'[' 没有对应的 ']'"),
        (#"^(无效的字段路径 '[^']*'：)'\]' without '\['$"#, "$1']' 没有对应的 '['"),
        (
            #"^(无效的字段路径 '[^']*'：)('\[[^']*\]') is not an index, \[\*\] or a quoted key$"#,
            "$1$2 不是下标、[*] 或带引号的键"
        ),
        (#"^(无效的字段路径 '[^']*'：)expected '\.' or '\[' after '\]'$"#, "$1']' 后面应为 '.' 或 '['"),
        (
            #"; for the field beside ('[^']*') in the same element, write ('[^']*')"#,
            "；要读取同一元素中 $1 旁边的字段，请写 $2"
        ),
        (
            #"; ('[^']*') is an option of the field, not a check: write the field as (\{[^}]*\})"#,
            "；$1 是字段的选项，不是检查：请把字段写成 $2"
        ),
        (#"(\}) or (\{null: value)"#, "$1 或 $2"),
        (
            #"; the validator ('[^']*') is defined in (\S+): add include: (\S+) to this file"#,
            "；校验器 $1 定义在 $2 中：请在本文件中加上 include: $3"
        ),
        (#"('[^']*') or ('[^']*')"#, "$1 或 $2"),
        (#"(?<![A-Za-z])a date like (\S+)"#, "形如 $1 的日期"),
    ]
}
