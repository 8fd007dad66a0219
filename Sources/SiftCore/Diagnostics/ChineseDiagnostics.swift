import Foundation

/// Rule-file problems in Chinese, for `--lang zh`: the messages authors meet most, each a
/// pattern over the English message and its Chinese wording, then shared phrases (the
/// did-you-mean, lists of keys and options, value kinds). Names, keys and values in quotes
/// are kept as written. A message without a pattern here stays in English.
enum ChineseDiagnostics {
    /// The message in Chinese.
    static func translate(_ message: String) -> String {
        var text = message
        for (pattern, template) in whole {
            let replaced = replace(pattern, template, in: text)
            if replaced != text { text = replaced; break }
        }
        for (pattern, template) in phrases { text = replace(pattern, template, in: text) }
        return text
    }

    /// True when nothing English is left outside quotes and code: for tests.
    static func isChinese(_ text: String) -> Bool {
        let bare = replace(#"'[^']*'|\{[^}]*\}|\[[^\]]*\]|`[^`]*`|[A-Za-z_]+:[^ ，；）]*"#, "", in: text)
        let allowed: Set<String> = ["YAML", "JSON", "UTF", "Sift", "sift", "true", "false", "null", "fields", "examples",
                                    "applies_to", "test", "lint", "valid", "reasons", "mode", "search", "rfc3339", "epoch_ms", "epoch_s",
                                    "yyyy", "MM", "dd", "HH", "mm", "ss", "SSS", "regex", "U"]
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
        (#"^'fields' is a mapping from field paths to their checks, not (.*)$"#, "'fields' 应为从字段路径到检查的映射，而不是 $1"),
        (#"^unknown language ('[^']*')"#, "未知的语言 $1"),
        (#"^(.+) should be (.+), not (.+?)(;.*)?$"#, "$1 应为$2，而不是$3$4"),
        (#"^('[^']*') needs the option ('[^']*') \(.*\)$"#, "$1 需要选项 $2"),
        (#"^('[^']*') needs at least one check$"#, "$1 至少需要一个检查"),
        (#"^'when' needs a 'then' check beside it$"#, "'when' 旁边需要一个 'then' 检查"),
        (#"^('[^']*') is an option of ('[^']*'): put it inside, as (.*)$"#, "$1 是 $2 的选项：请放到它里面，写成 $3"),
        (#"^duplicate key ('[^']*') \(first defined at line (\d+)\)$"#, "重复的键 $1（第一次定义在第 $2 行）"),
        (#"^a full-width space \(U\+3000\) indents this line; YAML indents with ordinary spaces only"#,
         "这一行用全角空格（U+3000）缩进；YAML 只能用普通空格缩进"),
        (#"^'：' is a full-width colon, which YAML does not read as ':'; type ':' followed by a space"#,
         "'：' 是全角冒号，YAML 不会把它当作 ':'；请输入半角 ':' 再加一个空格"),
        (#"^(.) is a typographic quote, which YAML keeps as part of the text; type (.) instead \(turn off smart quotes in your editor\)"#,
         "$1 是弯引号，YAML 会把它当作文本的一部分；请改用 $2（并在编辑器中关闭智能引号）"),
        (#"^(\S+) is read as a number here, but the checks of ('[^']*') expect text; quote it: (.*)$"#,
         "$1 在这里被读作数字，但 $2 的检查需要文本；请加上引号：$3"),
        (#"^the pack ('[^']*') has no rules: add 'fields:'(?: or one of these sections: (.*))?$"#,
         "规则包 $1 没有规则：请添加 'fields:' 或以下部分之一：$2"),
        (#"^the pack ('[^']*') has no examples: .*$"#,
         "规则包 $1 没有示例：请在 'examples:' 下各加一条有效和无效的记录，这样 sift test 能发现拼错的 applies_to 或写错的模式"),
        (#"^the pack ('[^']*') has no 'applies_to', so it checks every record.*; add one such as (applies_to: \{kind: [^}]*\})$"#,
         "规则包 $1 没有 'applies_to'，所以它会检查每一条记录，包括给其他规则包的记录；请添加一个，例如 $2"),
        (#"^the example expects ('[^']*'), which no rule of this pack reports"#, "示例预期 $1，但本规则包中没有规则会报告它"),
        (#"^say what the example expects: 'valid: true', or 'reasons: \[\.\.\.\]'$"#, "请写明示例的预期：'valid: true' 或 'reasons: [...]'"),
        (#"^one check per list item: found ('[^']*') and ('[^']*'); put each in its own '- ' item$"#,
         "每个列表项只能有一个检查：发现了 $1 和 $2；请各放在一个 '- ' 项里"),
        (#"^invalid regex ('.*'): (.*) at offset (\d+)$"#, "无效的正则 $1：$2（第 $3 个字符处）"),
        (#"^patterns match the whole value, so ('[^']*') is not a prefix test: .*, write ('[^']*') or add mode: search$"#,
         "模式要完整匹配整个值，所以 $1 不是前缀检查：只有整个值都匹配它才通过；要允许后面有任意文本，请写成 $2 或加上 mode: search"),
        (#"^patterns match the whole value, so ('[^']*') is not a suffix test: .*, write ('[^']*') or add mode: search$"#,
         "模式要完整匹配整个值，所以 $1 不是后缀检查：只有整个值都匹配它才通过；要允许前面有任意文本，请写成 $2 或加上 mode: search"),
        (#"^'\.' in ('[^']*') matches any character, so ('[^']*') passes too; for a literal dot write ('[^']*')$"#,
         "$1 中的 '.' 匹配任意字符，所以 $2 也能通过；要匹配句点本身，请写成 $3"),
        (#"^the class (\S+) also admits '\|': inside \[\.\.\.\] '\|' is a literal character, not 'or'$"#,
         "字符类 $1 也接受 '|'：在 [...] 中 '|' 是普通字符，不表示“或”"),
        (#"^this Sift reads rules version 1; found (.*)$"#, "此版本的 Sift 只读第 1 版规则；发现的是 $1"),
        (#"^validator ('[^']*') uses itself \((.*)\)$"#, "校验器 $1 引用了自己（$2）"),
        (#"^validator ('[^']*') is defined twice \(also at (.*)\)$"#, "校验器 $1 定义了两次（另一处在 $2）"),
        (#"^no rule files \(\.yaml or \.yml\) in ('.*')$"#, "$1 中没有规则文件（.yaml 或 .yml）"),
        (#"^no rule packs in ('[^']*')(: its files only define validators)?$"#, "$1 中没有规则包"),
        (#"^no rules at ('.*')$"#, "$1 处没有规则"),
        (#"^cannot read rule file ('.*')$"#, "无法读取规则文件 $1"),
        (#"^rule file ('[^']*') is not UTF-8 text \(decoding stops here\); save the file as UTF-8$"#,
         "规则文件 $1 不是 UTF-8 文本（解码在此处停止）；请把文件另存为 UTF-8"),
        (#"^included file ('[^']*') does not exist \(looked for ('[^']*')\)"#, "被包含的文件 $1 不存在（查找的是 $2）"),
        (#"^unknown date format ('[^']*'): .*$"#,
         "未知的日期格式 $1：请用 yyyy（年）、MM（月）、dd（日）、HH、mm（分）、ss、SSS 和分隔符，或 rfc3339、epoch_ms、epoch_s"),
        (#"^invalid field path ('[^']*'): empty name before '\.'$"#, "无效的字段路径 $1：'.' 之前的名称为空"),
        (#"^invalid field path ('[^']*'): it ends with '\.'$"#, "无效的字段路径 $1：以 '.' 结尾"),
        (#"^route ('[^']*') can never match: route ('[^']*') \(line (\d+)\) comes first and matches every link it would$"#,
         "路由 $1 永远不会匹配：路由 $2（第 $3 行）在它前面，并且会匹配它能匹配的所有链接"),
        (#"^a reason code is a word like 'phone\.format' \(letters, digits, '\.', '_', '-'\)$"#,
         "原因码是一个词，例如 'phone.format'（字母、数字、'.'、'_'、'-'）"),
        (#"^YAML syntax: (.*)$"#, "YAML 语法错误：$1"),
        (#"^(.*) \(YAML syntax: (.*)\)$"#, "$1（YAML 语法错误：$2）"),
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
        (#" \(keys: ([^)]*)\)$"#, "（可用的键：$1）"),
        (#" \(options: ([^)]*)\)$"#, "（可用的选项：$1）"),
        (#" \(types: ([^)]*)\)$"#, "（可用的类型：$1）"),
        (#" \(languages: ([^)]*)\)$"#, "（可用的语言：$1）"),
        (#"one of ([^，]*)"#, "以下之一：$1"),
        (#"a whole number"#, "整数"),
        (#"the text ('[^']*')"#, "文本 $1"),
        (#"the number (\S+)"#, "数字 $1"),
        (#"true or false"#, "true 或 false"),
        (#"\ba mapping\b"#, "映射"),
        (#"\ba list\b"#, "列表"),
        (#"\ba number\b"#, "数字"),
        (#"\btext\b"#, "文本"),
        (#"did not find expected ('[^']*') or ('[^']*')"#, "没有找到预期的 $1 或 $2"),
        (#"did not find expected key"#, "没有找到预期的键"),
        (#"(?:could|did) not find expected ('[^']*')"#, "没有找到预期的 $1"),
        (#" while scanning a simple key"#, "（在读取键时）"),
        (#" while scanning a quoted scalar"#, "（在读取带引号的文本时）"),
        (#"found unexpected end of stream"#, "文件意外结束"),
        (#"block sequence entries are not allowed in this context"#, "此处不允许列表项（'- '）"),
        (#"mapping values are not allowed in this context"#, "此处不允许出现映射的值（多余的冒号？）"),
        (#"found character that cannot start any token"#, "发现不能作为开头的字符"),
        (#"found unexpected ('[^']*') while scanning a plain scalar"#, "读取不带引号的文本时遇到意外的 $1"),
        (#"while parsing a (block|flow) (mapping|sequence|collection)"#, "（在读取映射或列表时）"),
        (#"; tabs cannot indent YAML, use spaces"#, "；YAML 不能用制表符缩进，请用空格"),
        (#"missing closing parenthesis"#, "缺少右括号"),
    ]
}
