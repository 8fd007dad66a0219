import SiftMessages

/// libyaml's problem sentences in an author's words, so that none reaches a person as libyaml
/// wrote it (`YAMLReader.syntaxError` says the common layout mistakes more precisely first).
enum YAMLProblems {
    /// The plain sentence for libyaml's `problem`.
    static func plain(_ problem: String) -> Message {
        if let said = sentences[problem] { return said() }
        if problem.hasPrefix("found duplicate anchor") { return anchorTwice() }
        return unreadable()
    }

    static let anchorTwice = MessageTemplate(
        "config.yaml.anchor_twice", en: "this anchor (&name) is defined twice: give each anchor its own name",
        zh: "这个锚点（“&name”）定义了两次：请给每个锚点起不同的名字")
    static let unreadable = MessageTemplate(
        "config.yaml.unreadable",
        en: "YAML cannot read the file from here: check the indentation, quotes and brackets on this line and the one above",
        zh: "YAML 从这里开始无法读取文件：请检查这一行和上一行的缩进、引号和括号")

    private static let sentences: [String: MessageTemplate] = [
        "block sequence entries are not allowed in this context": MessageTemplate(
            "config.yaml.block_sequence_entries_are_not_allowed",
            en: "a '- ' list item cannot start here: put the list on the lines under its key, or write it as [a, b]",
            zh: "这里不能开始 '- ' 列表项：请把列表写在它的键下面的行里，或写成 [a, b]"),
        "control characters are not allowed": MessageTemplate(
            "config.yaml.control_characters_are_not_allowed",
            en: "the file holds a control character YAML does not allow: remove it",
            zh: "文件中有 YAML 不允许的控制字符：请删除它"),
        "could not find expected ':'": MessageTemplate(
            "config.yaml.could_not_find_expected",
            en: "this line has a word without ':' after it: a key needs ': ' before its value (email: ...)",
            zh: "这一行有一个词后面没有 ':'：键和值之间需要 ': '（如 email: ...）"),
        "could not find expected directive name": MessageTemplate(
            "config.yaml.could_not_find_expected_directive_name",
            en: "a line that starts with '%' is a YAML directive: quote a value that starts with '%'",
            zh: "以 '%' 开头的行是 YAML 指令：以 '%' 开头的值请加引号"),
        "did not find URI escaped octet": MessageTemplate(
            "config.yaml.did_not_find_uri_escaped_octet",
            en: "a '%' in this tag is not followed by two hex digits",
            zh: "这个标签中的 '%' 后面没有两位十六进制数字"),
        "did not find expected '!'": MessageTemplate(
            "config.yaml.did_not_find_expected",
            en: "a tag (a word starting with '!') is not written right here: quote a value that starts with '!'",
            zh: "这里的标签（以 '!' 开头的词）写法不对：以 '!' 开头的值请加引号"),
        "did not find expected ',' or ']'": MessageTemplate(
            "config.yaml.did_not_find_expected_or",
            en: "the '[' that starts here is not closed (or a ',' is missing between its items): end the list with ']'",
            zh: "从这里开始的 '[' 没有闭合（或项之间缺少 ','）：请用 ']' 结束列表"),
        "did not find expected ',' or '}'": MessageTemplate(
            "config.yaml.did_not_find_expected_or_2",
            en: "the '{' that starts here is not closed (or a ',' is missing between its entries): end it with '}'",
            zh: "从这里开始的 '{' 没有闭合（或条目之间缺少 ','）：请用 '}' 结束"),
        "did not find expected '-' indicator": MessageTemplate(
            "config.yaml.did_not_find_expected_indicator",
            en: "this line is out of line with the list above it: the items of a list each start with '- ' in the same column",
            zh: "这一行与上面的列表没有对齐：列表的每一项都以 '- ' 开头，并在同一列"),
        "did not find expected <document start>": MessageTemplate(
            "config.yaml.did_not_find_expected_document_start",
            en: "this line continues after the end of the rules: remove it, or indent it under a key",
            zh: "这一行在规则结束之后还有内容：请删除它，或缩进到某个键下面"),
        "did not find expected <stream-start>": MessageTemplate(
            "config.yaml.did_not_find_expected_stream_start",
            en: "the file does not start as YAML",
            zh: "文件的开头不是 YAML"),
        "did not find expected alphabetic or numeric character": MessageTemplate(
            "config.yaml.did_not_find_expected_alphabetic_or",
            en: "an anchor or alias ('&' or '*') needs a name after it: quote a value that starts with '&' or '*'",
            zh: "锚点或别名（'&' 或 '*'）后面需要名字：以 '&' 或 '*' 开头的值请加引号"),
        "did not find expected comment or line break": MessageTemplate(
            "config.yaml.did_not_find_expected_comment_or",
            en: "a '|' or '>' text block takes nothing after it on its line",
            zh: "'|' 或 '>' 文本块所在的行后面不能再写内容"),
        "did not find expected digit or '.' character": MessageTemplate(
            "config.yaml.did_not_find_expected_digit_or",
            en: "the %YAML directive's version is not a number such as 1.2",
            zh: "%YAML 指令的版本不是 1.2 这样的数字"),
        "did not find expected hexdecimal number": MessageTemplate(
            "config.yaml.did_not_find_expected_hexdecimal_number",
            en: "an escape such as \\x, \\u or \\U in a double-quoted text needs hex digits after it",
            zh: "双引号文本中的 \\x、\\u 或 \\U 转义后面需要十六进制数字"),
        "did not find expected key": MessageTemplate(
            "config.yaml.did_not_find_expected_key",
            en: "this line is not in line with the keys above it: keys of one mapping start in the same column",
            zh: "这一行与上面的键没有对齐：同一个映射的键必须从同一列开始"),
        "did not find expected node content": MessageTemplate(
            "config.yaml.did_not_find_expected_node_content",
            en: "a value is missing here: write a value after the key, or quote the text",
            zh: "这里缺少一个值：请在键后面写上值，或给文本加引号"),
        "did not find expected tag URI": MessageTemplate(
            "config.yaml.did_not_find_expected_tag_uri",
            en: "a tag (a word starting with '!') is not complete: quote a value that starts with '!'",
            zh: "标签（以 '!' 开头的词）不完整：以 '!' 开头的值请加引号"),
        "did not find expected version number": MessageTemplate(
            "config.yaml.did_not_find_expected_version_number",
            en: "the %YAML directive needs a version such as 1.2",
            zh: "%YAML 指令需要版本号，如 1.2"),
        "did not find expected whitespace": MessageTemplate(
            "config.yaml.did_not_find_expected_whitespace",
            en: "a YAML directive needs a space after its name",
            zh: "YAML 指令的名字后面需要一个空格"),
        "did not find expected whitespace or line break": MessageTemplate(
            "config.yaml.did_not_find_expected_whitespace_or",
            en: "a tag or anchor must be followed by a space or the end of the line",
            zh: "标签或锚点后面必须是空格或行尾"),
        "did not find the expected '>'": MessageTemplate(
            "config.yaml.did_not_find_the_expected",
            en: "a tag written !<...> is not closed with '>'",
            zh: "写成 !<...> 的标签没有用 '>' 闭合"),
        "found a tab character that violates indentation": MessageTemplate(
            "config.yaml.found_a_tab_character_that_violates",
            en: "a tab indents this line: YAML indents with spaces only",
            zh: "这一行用制表符缩进：YAML 只能用空格缩进"),
        "found a tab character where an indentation space is expected": MessageTemplate(
            "config.yaml.found_a_tab_character_where_an",
            en: "a tab indents this text block: YAML indents with spaces only",
            zh: "这个文本块用制表符缩进：YAML 只能用空格缩进"),
        "found an incorrect leading UTF-8 octet": MessageTemplate(
            "config.yaml.found_an_incorrect_leading_utf_8",
            en: "the file is not valid UTF-8 here: save it as UTF-8",
            zh: "文件在这里不是有效的 UTF-8：请以 UTF-8 保存"),
        "found an incorrect trailing UTF-8 octet": MessageTemplate(
            "config.yaml.found_an_incorrect_trailing_utf_8",
            en: "the file is not valid UTF-8 here: save it as UTF-8",
            zh: "文件在这里不是有效的 UTF-8：请以 UTF-8 保存"),
        "found an indentation indicator equal to 0": MessageTemplate(
            "config.yaml.found_an_indentation_indicator_equal_to",
            en: "a text block's indentation number ('|2') must be 1 to 9",
            zh: "文本块的缩进数字（'|2'）必须是 1 到 9"),
        "found character that cannot start any token": MessageTemplate(
            "config.yaml.found_character_that_cannot_start_any",
            en: "this character cannot start a value ('@' and '`' are reserved, a tab cannot indent): quote the value",
            zh: "这个字符不能作为值的开头（'@' 和 '`' 是保留字符，制表符不能缩进）：请给值加引号"),
        "found duplicate %TAG directive": MessageTemplate(
            "config.yaml.found_duplicate_tag_directive",
            en: "the same %TAG directive is given twice",
            zh: "同一个 '%TAG' 指令写了两次"),
        "found duplicate %YAML directive": MessageTemplate(
            "config.yaml.found_duplicate_yaml_directive",
            en: "the %YAML directive is given twice",
            zh: "%YAML 指令写了两次"),
        "found extremely long version number": MessageTemplate(
            "config.yaml.found_extremely_long_version_number",
            en: "the %YAML directive's version is too long",
            zh: "%YAML 指令的版本号太长"),
        "found incompatible YAML document": MessageTemplate(
            "config.yaml.found_incompatible_yaml_document",
            en: "this file says it is a YAML version Sift does not read (1.1 and 1.2 are read)",
            zh: "这个文件声明的 YAML 版本 Sift 不能读取（可读 1.1 和 1.2）"),
        "found undefined tag handle": MessageTemplate(
            "config.yaml.found_undefined_tag_handle",
            en: "a tag (a word starting with '!') uses a prefix no %TAG directive defines: quote the value",
            zh: "标签（以 '!' 开头的词）用了没有 '%TAG' 指令定义的前缀：请给值加引号"),
        "found unexpected ':'": MessageTemplate(
            "config.yaml.found_unexpected",
            en: "a ':' inside [...] or {...} must be followed by a space, or the text quoted",
            zh: "[...] 或 {...} 中的 ':' 后面必须有空格，否则请给文本加引号"),
        "found unexpected document indicator": MessageTemplate(
            "config.yaml.found_unexpected_document_indicator",
            en: "a line starting with '---' or '...' cuts this quoted text: close the quote before it",
            zh: "以 '---' 或 '...' 开头的行截断了这段加引号的文本：请在它之前闭合引号"),
        "found unexpected end of stream": MessageTemplate(
            "config.yaml.found_unexpected_end_of_stream",
            en: "the file ends inside a text in quotes: close the quote",
            zh: "文件在一段加引号的文本中结束了：请闭合引号"),
        "found unexpected non-alphabetical character": MessageTemplate(
            "config.yaml.found_unexpected_non_alphabetical_character",
            en: "a YAML directive's name has a character other than a letter",
            zh: "YAML 指令的名字中有字母以外的字符"),
        "found unknown directive name": MessageTemplate(
            "config.yaml.found_unknown_directive_name",
            en: "a line that starts with '%' is a YAML directive: quote a value that starts with '%'",
            zh: "以 '%' 开头的行是 YAML 指令：以 '%' 开头的值请加引号"),
        "found unknown escape character": MessageTemplate(
            "config.yaml.found_unknown_escape_character",
            en: "a '\\' in a double-quoted text starts an escape YAML does not know: use single quotes for a pattern ('\\d')",
            zh: "双引号文本中的 '\\' 开始了一个 YAML 不认识的转义：正则表达式请用单引号（'\\d'）"),
        "found invalid Unicode character escape code": MessageTemplate(
            "config.yaml.found_invalid_unicode_character_escape_code",
            en: "an escape \\u or \\U in a double-quoted text names no Unicode character",
            zh: "双引号文本中的 '\\u' 或 '\\U' 转义不对应任何有效的字符"),
        "mapping keys are not allowed in this context": MessageTemplate(
            "config.yaml.mapping_keys_are_not_allowed_in",
            en: "a '? ' key cannot start here: quote a key that starts with '?'",
            zh: "这里不能开始 '? ' 键：以 '?' 开头的键请加引号"),
        "mapping values are not allowed in this context": MessageTemplate(
            "config.yaml.mapping_values_are_not_allowed_in",
            en: "a second ': ' on this line: quote a value that holds ': ' (key: 'a: b'), or start the next key on a line of its own",
            zh: "这一行有第二个 ': '：含有 ': ' 的值请加引号（key: 'a: b'），或把下一个键写在单独的一行"),
        "incomplete UTF-8 octet sequence": MessageTemplate(
            "config.yaml.incomplete_utf_8_octet_sequence",
            en: "the file is not valid UTF-8 here: save it as UTF-8",
            zh: "文件在这里不是有效的 UTF-8：请以 UTF-8 保存"),
        "invalid leading UTF-8 octet": MessageTemplate(
            "config.yaml.invalid_leading_utf_8_octet",
            en: "the file is not valid UTF-8 here: save it as UTF-8",
            zh: "文件在这里不是有效的 UTF-8：请以 UTF-8 保存"),
        "invalid trailing UTF-8 octet": MessageTemplate(
            "config.yaml.invalid_trailing_utf_8_octet",
            en: "the file is not valid UTF-8 here: save it as UTF-8",
            zh: "文件在这里不是有效的 UTF-8：请以 UTF-8 保存"),
        "invalid length of a UTF-8 sequence": MessageTemplate(
            "config.yaml.invalid_length_of_a_utf_8",
            en: "the file is not valid UTF-8 here: save it as UTF-8",
            zh: "文件在这里不是有效的 UTF-8：请以 UTF-8 保存"),
        "invalid Unicode character": MessageTemplate(
            "config.yaml.invalid_unicode_character",
            en: "the file holds a character YAML does not allow here",
            zh: "文件在这里有 YAML 不允许的字符"),
        "incomplete UTF-16 character": MessageTemplate(
            "config.yaml.incomplete_utf_16_character",
            en: "the file is not valid UTF-16: save it as UTF-8",
            zh: "文件不是有效的 UTF-16：请以 UTF-8 保存"),
        "incomplete UTF-16 surrogate pair": MessageTemplate(
            "config.yaml.incomplete_utf_16_surrogate_pair",
            en: "the file is not valid UTF-16: save it as UTF-8",
            zh: "文件不是有效的 UTF-16：请以 UTF-8 保存"),
        "input is too long": MessageTemplate(
            "config.yaml.input_is_too_long",
            en: "the file is too long to read",
            zh: "文件太长，无法读取"),
    ]

    /// Every problem libyaml may give, for tests.
    static var known: [String] { Array(sentences.keys) }

    /// Every template, for the catalog: one per problem, the same words where two problems share them.
    static var templates: [MessageTemplate] {
        var seen = Set<String>()
        return ([anchorTwice, unreadable] + sentences.values.sorted { $0.id < $1.id }).filter { seen.insert($0.id).inserted }
    }
}
