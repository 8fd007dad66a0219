import Foundation

/// What is left of translating English by pattern, for the rule-file messages not yet in a
/// module's catalog (`MessageTemplate`; docs/CONTRIBUTING.md, "Messages"): the YAML layout
/// advice, the never-acts lint, route patterns, the importer's refusals, regex advice and a few
/// messages built from parts. Each is a pattern over the English message and its Chinese
/// wording, then shared phrases. It shrinks as those messages move to catalogs; a message
/// given as a `Message` never comes here.
enum ChineseDiagnostics {
    /// The message in Chinese.
    static func translate(_ message: String) -> String {
        if let said = YAMLProblems.chinese[message] { return said }
        var text = message
        for (pattern, template) in lintWhole + layoutWhole + whole {
            let replaced = replace(pattern, template, in: text)
            if replaced != text { text = replaced; break }
        }
        for (pattern, template) in phrases { text = replace(pattern, template, in: text) }
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

    /// The never-acts lint (`NeverActsLint`).
    static let lintWhole: [(String, String)] = [
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
    ]

    /// The YAML layout advice (`YAMLListLayout`).
    static let layoutWhole: [(String, String)] = [
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
    ]

    /// Whole messages, first match wins; `$n` are the quoted parts, kept as written.
    static let whole: [(String, String)] = [
        (#"^unknown check or validator ('[^']*')"#, "未知的检查或校验器 $1"),
        (
            #"^line (\S+) is out of line with the keys around it, so line (\S+) \(('[^']*')\) is read as the rest of its value: indent line \S+ like the keys above it(.*)$"#,
            "第 $1 行没有和周围的键对齐，所以第 $2 行（$3）被当作它的值的后半部分：请让第 $1 行和上面的键对齐$4"
        ),
        (#"^the quote that starts here is never closed: end the text with the same quote(.*)$"#, "从这里开始的引号没有闭合：请用同样的引号结束这段文本$1"),
        (
            #"^this line is not in line with the keys above it: keys of one mapping start in the same column \(the mapping starts at line (\d+), column (\d+)\)(.*)$"#,
            "这一行没有和上面的键对齐：同一个映射的键必须从同一列开始（该映射从第 $1 行第 $2 列开始）$3"
        ),
        (
            #"^inside \[\.\.\.\], a path or reason code with \[\*\] must be quoted \('\*' starts a YAML alias\): write ('[^']*')(.*)$"#,
            "在 [...] 里，含 [*] 的路径或原因代码必须加引号（'*' 在 YAML 中表示别名）：请写成 $1$2"
        ),
        (#"^(.+) should be (.+), not (.+?)(;.*)?$"#, "$1 应为$2，而不是$3$4"),
        (
            #"^a full-width space \(U\+3000\) indents this line; YAML indents with ordinary spaces only"#,
            "这一行用全角空格（U+3000）缩进；YAML 只能用普通空格缩进"
        ),
        (#"^the pack ('[^']*') has no rules: add 'fields:'(?: or one of these sections: (.*))?$"#, "规则包 $1 没有规则：请添加 'fields:' 或以下部分之一：$2"),
        (
            #"^the pack ('[^']*') has no 'applies_to', so it checks every record.*; add one such as (applies_to: \{kind: [^}]*\})$"#,
            "规则包 $1 没有 'applies_to'，所以它会检查每一条记录，包括给其他规则包的记录；请添加一个，例如 $2"
        ),
        (
            #"^patterns match the whole value, so ('[^']*') is not a prefix test: .*, write ('[^']*') or add mode: search$"#,
            "模式要完整匹配整个值，所以 $1 不是前缀检查：只有整个值都匹配它才通过；要允许后面有任意文本，请写成 $2 或加上 mode: search"
        ),
        (
            #"^patterns match the whole value, so ('[^']*') is not a suffix test: .*, write ('[^']*') or add mode: search$"#,
            "模式要完整匹配整个值，所以 $1 不是后缀检查：只有整个值都匹配它才通过；要允许前面有任意文本，请写成 $2 或加上 mode: search"
        ),
        (
            #"^'\.' in ('[^']*') matches any character, so ('[^']*') passes too; for a literal dot write ('[^']*')$"#,
            "$1 中的 '.' 匹配任意字符，所以 $2 也能通过；要匹配句点本身，请写成 $3"
        ),
        (#"^no rule packs in ('[^']*')(: its files only define validators)?$"#, "$1 中没有规则包"),
        (
            #"^unknown date format ('[^']*'); did you mean ('[^']*')\? \(MM is the month, mm the minute\)$"#,
            "未知的日期格式 $1；是否想写 $2？（MM 是月，mm 是分钟）"
        ),
        (
            #"^unknown date format ('[^']*'); did you mean ('[^']*')\? \(yyyy is the year and dd the day of the month\)$"#,
            "未知的日期格式 $1；是否想写 $2？（yyyy 是年，dd 是月中的日）"
        ),
        (#"^unknown date format ('[^']*'); did you mean ('[^']*')\?$"#, "未知的日期格式 $1；是否想写 $2？"),
        (#"^cannot read the AASA file ('[^']*')$"#, "无法读取 AASA 文件 $1"),
        (#"^no key store ('[^']*') is registered$"#, "没有注册名为 $1 的密钥存储"),
        (#"^('[^']*') is ('[^']*'(?: or '[^']*')*), not (.*)$"#, "$1 应为 $2，而不是$3"),
        (#"^empty segment in ('[^']*')$"#, "$1 中有空的路径段"),
        (#"^'\*\*' must be the last segment of ('[^']*')$"#, "'**' 必须是 $1 的最后一段"),
        (#"^('[^']*') opens '\(' without closing it$"#, "$1 有 '(' 但没有闭合"),
        (#"^invalid regex in ('[^']*'): (.*)$"#, "$1 中的正则无效：$2"),
        (#"^a parameter name is letters, digits and '_': ('[^']*')$"#, "参数名只能包含字母、数字和 '_'：$1"),
        (#"^parameter (':[^']*') appears twice in ('[^']*')$"#, "参数 $1 在 $2 中出现了两次"),
        (#"^('[^']*'): '\*' and ':' stand for whole segments only$"#, "$1：'*' 和 ':' 只能代表整个路径段"),
        (#"^('[^']*') cannot be a custom scheme$"#, "$1 不能用作自定义 URL 协议"),
        (#"^a pack cannot say (.*); run the schema as it is with ('[^']*')"#, "规则包无法表达：$1；请在规则包中用 $2 按原样运行该模式"),
    ]

    /// Phrases inside messages, applied after the whole-message patterns.
    static let phrases: [(String, String)] = [
        (#"('[^']*') of ('[^']*') of ('[^']*')"#, "$3 的 $2 的 $1"),
        (#"('[^']*') in ('[^']*') of ('[^']*')"#, "$3 的 $2 中的 $1"),
        (#"('[^']*') of ('[^']*')"#, "$2 的 $1"),
        (#"('[^']*') in ('[^']*') of ('[^']*')"#, "$3 的 $2 中的 $1"),
        (#"; did you mean ('[^']*')\?"#, "；是否想写 $1？"),
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
        (
            #"the pattern is not in quotes, so YAML reads its brackets, braces or colons itself; put it in single quotes: "#,
            "模式没有加引号，所以 YAML 会自己解释其中的方括号、花括号或冒号；请放在单引号里："
        ),
        (#"inside \{\.\.\.\}, a path with \[\*\] must be quoted: write ('[^']*')"#, "在 {...} 中，带 [*] 的路径必须加引号：请写成 $1"),
        (#"; ('[^']*') is an option of the field, not a check: write the field as (\{[^}]*\})"#, "；$1 是字段的选项，不是检查：请把字段写成 $2"),
        (#"; the validator ('[^']*') is defined in (\S+): add include: (\S+) to this file"#, "；校验器 $1 定义在 $2 中：请在本文件中加上 include: $3"),
        (#"('[^']*') or ('[^']*')"#, "$1 或 $2"),
    ]
}
