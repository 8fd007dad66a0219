import SiftMessages

/// What the rule-file reader says, in English and Chinese side by side (`MessageTemplate`): reading YAML.
extension ConfigMessages {
    static let couldStartYamlParser = MessageTemplate(
        "config.could_start_yaml_parser",
        en: "could not start the YAML parser",
        zh: "无法启动 YAML 解析器")
    static let tabIndentsLineYamlIndents = MessageTemplate(
        "config.tab_indents_line_yaml_indents",
        en: "a tab indents this line: YAML indents with spaces only",
        zh: "这一行用制表符缩进：YAML 只能用空格缩进")
    static let ruleFileHoldsOneYaml = MessageTemplate(
        "config.rule_file_holds_one_yaml",
        en: "a rule file holds one YAML document; found a second '---'",
        zh: "一个规则文件只能有一个 YAML 文档；发现了第二个 '---'")
    static let unknownAliasDefineFirst = MessageTemplate(
        "config.unknown_alias_define_first",
        en: "unknown alias '*{name}'; define it first with '&{name}'",
        zh: "未知的别名 '*{name}'；请先用 '&{name}' 定义它")
    static let aliasesExpandMoreThanNodes = MessageTemplate(
        "config.aliases_expand_more_than_nodes",
        en: "aliases expand to more than {alias_expansion_budget} nodes (an alias bomb?); '*{name}' passed the limit",
        zh: "别名展开后超过 {alias_expansion_budget} 个节点（别名炸弹？）；'*{name}' 超出了上限")
    static let nestingDeeperThanLevels = MessageTemplate(
        "config.nesting_deeper_than_levels",
        en: "nesting deeper than {max_depth} levels",
        zh: "嵌套超过 {max_depth} 层")
    static let mergesMappingListMappings = MessageTemplate(
        "config.merges_mapping_list_mappings",
        en: "'<<' merges a mapping or a list of mappings, not {source_kind}",
        zh: "'<<' 只能合并映射或映射列表，而不是{source_kind}")
    static let duplicateKeyFirstDefinedAt = MessageTemplate(
        "config.duplicate_key_first_defined_at",
        en: "duplicate key '{k}' (first defined at line {line})",
        zh: "重复的键 '{k}'（第一次定义在第 {line} 行）")
    static let typographicQuote = MessageTemplate(
        "config.typographic_quote",
        en: "{c} is a typographic quote, which YAML keeps as part of the text; type {plain} instead (turn off smart quotes in your editor)",
        zh: "{c} 是弯引号，YAML 会把它当作文本的一部分；请改用 {plain}（并在编辑器中关闭智能引号）")
    static let fullWidthColon = MessageTemplate(
        "config.full_width_colon",
        en: "'：' is a full-width colon, which YAML does not read as ':'; type ':' followed by a space",
        zh: "'：' 是全角冒号，YAML 不会把它当作 ':'；请输入半角 ':' 再加一个空格")

    package static let readerTemplates: [MessageTemplate] = [
        couldStartYamlParser, tabIndentsLineYamlIndents, ruleFileHoldsOneYaml, unknownAliasDefineFirst,
        aliasesExpandMoreThanNodes, nestingDeeperThanLevels, mergesMappingListMappings, duplicateKeyFirstDefinedAt,
        typographicQuote, fullWidthColon,
    ]
}
