import SiftMessages

/// What the YAML reader says about layout mistakes, in English and Chinese side by side
/// (libyaml's own problems: `YAMLProblems`).
extension ConfigMessages {
    static let yamlValueContinued = MessageTemplate(
        "config.yaml.value_continued",
        en: "line {line} is out of line with the keys around it, so line {next} ('{text}') is read as the rest of its value: "
            + "indent line {line} like the keys above it",
        zh: "第 {line} 行没有和周围的键对齐，所以第 {next} 行（'{text}'）被当作它的值的后半部分：请让第 {line} 行和上面的键对齐")
    static let yamlSecondColon = MessageTemplate(
        "config.yaml.second_colon",
        en: "a second ': ' on this line: quote a value that holds ': ' (key: 'a: b'), or start the next key on a line of its own",
        zh: "这一行有第二个 ': '：含有 ': ' 的值请加引号（key: 'a: b'），或把下一个键写在单独的一行")
    static let yamlWordWithoutColon = MessageTemplate(
        "config.yaml.word_without_colon", en: "this line has a word without ':' after it: a key needs ': ' before its value (email: ...)",
        zh: "这一行有一个词后面没有 ':'：键和值之间需要 ': '（如 email: ...）")
    static let yamlQuoteOpen = MessageTemplate(
        "config.yaml.quote_open", en: "the quote that starts here is never closed: end the text with the same quote",
        zh: "从这里开始的引号没有闭合：请用同样的引号结束这段文本")
    static let yamlBracketOpen = MessageTemplate(
        "config.yaml.bracket_open",
        en: "the '[' that starts here is not closed (or a ',' is missing between its items): end the list with ']'",
        zh: "从这里开始的 '[' 没有闭合（或项之间缺少 ','）：请用 ']' 结束列表")
    static let yamlBraceOpen = MessageTemplate(
        "config.yaml.brace_open", en: "the '{' that starts here is not closed (or a ',' is missing between its entries): end it with '}'",
        zh: "从这里开始的 '{' 没有闭合（或条目之间缺少 ','）：请用 '}' 结束")
    static let yamlKeyOutOfLine = MessageTemplate(
        "config.yaml.key_out_of_line",
        en: "this line is not in line with the keys above it: keys of one mapping start in the same column "
            + "(the mapping starts at line {line}, column {column})",
        zh: "这一行没有和上面的键对齐：同一个映射的键必须从同一列开始（该映射从第 {line} 行第 {column} 列开始）")
    static let yamlFullWidthSpace = MessageTemplate(
        "config.yaml.full_width_space", en: "a full-width space (U+3000) indents this line; YAML indents with ordinary spaces only",
        zh: "这一行用全角空格（U+3000）缩进；YAML 只能用普通空格缩进")
    static let yamlPatternUnquoted = MessageTemplate(
        "config.yaml.pattern_unquoted",
        en: "the pattern is not in quotes, so YAML reads its brackets, braces or colons itself; put it in single quotes: {key} '{pattern}'",
        zh: "模式没有加引号，所以 YAML 会自己解释其中的方括号、花括号或冒号；请放在单引号里：{key} '{pattern}'")
    static let yamlWildcardInBraces = MessageTemplate(
        "config.yaml.wildcard_in_braces", en: "inside {...}, a path with [*] must be quoted: write '{path}'",
        zh: "在 {...} 中，带 [*] 的路径必须加引号：请写成 '{path}'")
    static let yamlWildcardInBrackets = MessageTemplate(
        "config.yaml.wildcard_in_brackets",
        en: "inside [...], a path or reason code with [*] must be quoted ('*' starts a YAML alias): write '{path}'",
        zh: "在 [...] 里，含 [*] 的路径或原因代码必须加引号（'*' 在 YAML 中表示别名）：请写成 '{path}'")
    static let yamlItemKeyOutOfLine = MessageTemplate(
        "config.yaml.item_key_out_of_line",
        en: "'{key}:' is out of line with the '{item_key}:' of line {line}, so YAML ends the list item there: "
            + "indent it to column {column}, under '{item_key}'",
        zh: "'{key}:' 与第 {line} 行的 '{item_key}:' 没有对齐，YAML 在那里就结束了这个列表项：请缩进到第 {column} 列，与 '{item_key}' 对齐")
    static let yamlFieldOptionInList = MessageTemplate(
        "config.yaml.field_option_in_list",
        en: "'{key}:' is an option of the field, but this line puts it in the list under '{owner}:' (line {line}): "
            + "move it to column {column}, in line with '{owner}:'",
        zh: "'{key}:' 是字段的选项，但这一行把它放进了 '{owner}:'（第 {line} 行）下的列表：请移到第 {column} 列，与 '{owner}:' 对齐")
    static let yamlListOutOfLine = MessageTemplate(
        "config.yaml.list_out_of_line",
        en: "this line is out of line with the list that starts at line {line}: each item starts with '- ' "
            + "at column {dash}, and the keys of an item at column {keys}",
        zh: "这一行与从第 {line} 行开始的列表没有对齐：每一项在第 {dash} 列以 '- ' 开头，项中的键从第 {keys} 列开始")

    package static let yamlTemplates: [MessageTemplate] =
        [
            yamlValueContinued, yamlSecondColon, yamlWordWithoutColon, yamlQuoteOpen, yamlBracketOpen, yamlBraceOpen, yamlKeyOutOfLine,
            yamlFullWidthSpace, yamlPatternUnquoted, yamlWildcardInBraces, yamlWildcardInBrackets, yamlItemKeyOutOfLine,
            yamlFieldOptionInList, yamlListOutOfLine,
        ] + YAMLProblems.templates
}
