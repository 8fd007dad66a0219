import SiftMessages

/// What SiftCore says in rule files, in English and Chinese side by side (`MessageTemplate`): Rules.
extension CoreMessages {
    static let belongsWhenCheck = MessageTemplate(
        "core.belongs_when_check",
        en: "'{k}' belongs to a 'when' check",
        zh: "'{k}' 属于 'when' 检查")
    static let toleranceBelongsExprCheckHere = MessageTemplate(
        "core.tolerance_belongs_expr_check_here",
        en: "'tolerance' belongs to an 'expr' check here ('sum_of' takes it inside its mapping)",
        zh: "这里的 'tolerance' 属于 'expr' 检查（'sum_of' 的写在它自己的映射里）")
    static let optionPutInside = MessageTemplate(
        "core.option_put_inside",
        en: "'{k}' is an option of '{kind}': put it inside, as {kind}: {{name}: ..., {k}: ...}",
        zh: "'{k}' 是 '{kind}' 的选项：请放到它里面，写成 {kind}: {{name}: ..., {k}: ...}")
    static let optionFieldCheckWriteBeside = MessageTemplate(
        "core.option_field_check_write_beside",
        en: "'{k}' is an option of the field, not a check: write it beside 'checks:', as {{k}: ..., checks: [...]}",
        zh: "'{k}' 是字段的选项，不是检查：请把它写在 'checks:' 旁边，例如 `{{k}: ..., checks: [...]}`")
    static let unknownCheck = MessageTemplate(
        "core.unknown_check",
        en: "unknown check '{k}'{hint}",
        zh: "未知的检查 '{k}'{hint}")
    static let checkNeedsOne = MessageTemplate(
        "core.check_needs_one",
        en: "a check needs one of: {known}",
        zh: "检查需要以下之一：{known}")
    static let oneCheckPerListItem = MessageTemplate(
        "core.one_check_per_list_item",
        en: "one check per list item: found '{kind}' and '{kinds}'; put each in its own '- ' item",
        zh: "每个列表项只能有一个检查：发现了 '{kind}' 和 '{kinds}'；请各放在一个 '- ' 项里")
    static let useTakesNameValidator = MessageTemplate(
        "core.use_takes_name_validator",
        en: "'use' takes the name of a validator, not {value_kind}",
        zh: "'use' 需要一个校验器的名称，而不是{value_kind}")
    static let allTakesListChecks = MessageTemplate(
        "core.all_takes_list_checks",
        en: "'all' takes a list of checks, not {value_kind}",
        zh: "'all' 需要一个检查列表，而不是{value_kind}")
    static let allNeedsAtLeastOne = MessageTemplate(
        "core.all_needs_at_least_one",
        en: "'all' needs at least one check",
        zh: "'all' 至少需要一个检查")
    static let takesListChecks = MessageTemplate(
        "core.takes_list_checks",
        en: "'{kind}' takes a list of checks, not {value_kind}",
        zh: "'{kind}' 需要一个检查列表，而不是{value_kind}")
    static let needsAtLeastOneCheck = MessageTemplate(
        "core.needs_at_least_one_check",
        en: "'{kind}' needs at least one check",
        zh: "'{kind}' 至少需要一个检查")
    static let whenNeedsThenCheckBeside = MessageTemplate(
        "core.when_needs_then_check_beside",
        en: "'when' needs a 'then' check beside it",
        zh: "'when' 旁边需要一个 'then' 检查")
    static let branchAnotherBranchSameAny = MessageTemplate(
        "core.branch_another_branch_same_any",
        en: "this branch is the 'not' of another branch of the same 'any': between them they accept every value, so the 'any' never fails",
        zh: "这个分支是同一个 'any' 中另一个分支的 'not'：两者合起来接受任何值，所以这个 'any' 永远不会失败")
    static let namesFieldBesideOneBeing = MessageTemplate(
        "core.names_field_beside_one_being",
        en: "'{value}' names a field beside the one being checked, and there is none here; write the full path",
        zh: "'{value}' 指的是与被检查字段同级的字段，但这里没有；请写完整路径")
    static let conditionReadsOneValueWould = MessageTemplate(
        "core.condition_reads_one_value_would",
        en:
            "a condition reads one value, and '[*]' in '{value}' would mean element 0 only; for the field beside '{f}' in the same element, write '.{path}'",
        zh: "条件只读取一个值，'{value}' 中的 '[*]' 只会表示第 0 个元素；要读取同一元素中 '{f}' 旁边的字段，请写 '.{path}'")
    static let comparisonReadsOneValueWould = MessageTemplate(
        "core.comparison_reads_one_value_would",
        en:
            "a comparison reads one value, and '[*]' in '{value}' would mean element 0 only; for the field beside '{f}' in the same element, write '.{path}'",
        zh: "比较只读取一个值，'{value}' 中的 '[*]' 只会表示第 0 个元素；要读取同一元素中 '{f}' 旁边的字段，请写 '.{path}'")
    static let conditionReadsOneValueWould2 = MessageTemplate(
        "core.condition_reads_one_value_would2",
        en: "a condition reads one value, and '[*]' in '{value}' would mean element 0 only",
        zh: "条件只读取一个值，'{value}' 中的 '[*]' 只会表示第 0 个元素")
    static let comparisonReadsOneValueWould2 = MessageTemplate(
        "core.comparison_reads_one_value_would2",
        en: "a comparison reads one value, and '[*]' in '{value}' would mean element 0 only",
        zh: "比较只读取一个值，'{value}' 中的 '[*]' 只会表示第 0 个元素")
    static let unknownValidator = MessageTemplate(
        "core.unknown_validator",
        en: "unknown validator '{name}'{hint}",
        zh: "未知的校验器 '{name}'{hint}")
    static let validatorUsesItself = MessageTemplate(
        "core.validator_uses_itself",
        en: "validator '{name}' uses itself ({name2})",
        zh: "校验器 '{name}' 引用了自己（{name2}）")
    static let reasonCodeWordLikePhone = MessageTemplate(
        "core.reason_code_word_like_phone",
        en: "a reason code is a word like 'phone.format' (letters, digits, '.', '_', '-')",
        zh: "原因码是一个词，例如 'phone.format'（字母、数字、'.'、'_'、'-'）")
    static let readNumberHereButMessage = MessageTemplate(
        "core.read_number_here_but_message",
        en: "{sc} is read as a number here, but a message is text: quote it: '{sc}'",
        zh: "{sc} 在这里被读作数字，但消息是文本：请加上引号：'{sc}'")
    static let messageTextMappingLanguagesEn = MessageTemplate(
        "core.message_text_mapping_languages_en",
        en: "'message' is text, or a mapping of languages (en, zh)",
        zh: "'message' 应为文本，或按语言写的映射（'en'、'zh'）")
    static let unknownLanguageLanguagesEnZh = MessageTemplate(
        "core.unknown_language_languages_en_zh",
        en: "unknown language '{k}'{hint} (languages: en, zh)",
        zh: "未知的语言 '{k}'{hint}（可用的语言：en, zh）")
    static let messageShouldText = MessageTemplate(
        "core.message_should_text",
        en: "the '{k}' message should be text, not {value_kind}",
        zh: "'{k}' 消息应为文本，而不是{value_kind}")
    static let whenOtherMissingPassFail = MessageTemplate(
        "core.when_other_missing_pass_fail",
        en: "'when_other_missing' is 'pass' or 'fail'",
        zh: "'when_other_missing' 应为 'pass' 或 'fail'")
    static let unknownKeyKeysFieldWhen = MessageTemplate(
        "core.unknown_key_keys_field_when",
        en: "unknown key '{k}' in '{kind}'{hint} (keys: field, when_other_missing)",
        zh: "'{kind}' 中有未知的键 '{k}'{hint}（可用的键：field, when_other_missing）")
    static let namesFieldCompareSuchStart = MessageTemplate(
        "core.names_field_compare_such_start",
        en:
            "'{kind}' names the field to compare with, such as '{kind}: start_date' (or '{kind}: {field: .start_date}' for the one beside this field)",
        zh: "'{kind}' 需要写明要比较的字段，例如 '{kind}: start_date'（同级的字段写成 '{kind}: {field: .start_date}'）")
    static let comparesTwoFieldsRecordUse = MessageTemplate(
        "core.compares_two_fields_record_use",
        en: "'{kind}' compares two fields of a record: use it on a field, under fields:",
        zh: "'{kind}' 比较记录中的两个字段：请在 fields: 下的某个字段上使用它")
    static let comparesItself = MessageTemplate(
        "core.compares_itself",
        en: "'{kind}' compares '{field}' with itself",
        zh: "'{kind}' 在拿 '{field}' 和它自己比较")
    static let comparesWhichFieldPackDeclare = MessageTemplate(
        "core.compares_which_field_pack_declare",
        en: "'{kind}' compares with '{field}', which is not a field of this pack (declare it under fields:){hint}",
        zh: "'{kind}' 要比较的 '{field}' 不是本规则包的字段（请在 fields: 下声明它）{hint}")
    static let comparesDatesNumbersNeitherNor = MessageTemplate(
        "core.compares_dates_numbers_neither_nor",
        en:
            "'{kind}' compares dates or numbers, and neither '{path}' nor '{path2}' has a check that says which: give one of them a 'date:' check (dates) or 'type: number' (numbers)",
        zh: "'{kind}' 比较的是日期或数字，但 '{path}' 和 '{path2}' 都没有说明是哪一种的检查：请给其中一个加上 'date:' 检查（日期）或 'type: number'（数字）")
    static let comparesDateNumber = MessageTemplate(
        "core.compares_date_number",
        en: "'{kind}' compares a date ('{path}') with a number ('{path2}')",
        zh: "'{kind}' 在比较日期（'{path}'）和数字（'{path2}'）")
    static let comparesNumberDate = MessageTemplate(
        "core.compares_number_date",
        en: "'{kind}' compares a number ('{path}') with a date ('{path2}')",
        zh: "'{kind}' 在比较数字（'{path}'）和日期（'{path2}'）")
    static let comparesNumbersTheseAreDates = MessageTemplate(
        "core.compares_numbers_these_are_dates",
        en: "'{relation}' compares numbers, and these are dates: write '{counterpart}'",
        zh: "'{relation}' 比较的是数字，而这两个值是日期：请改用 '{counterpart}'")
    static let comparesDatesTheseAreNumbers = MessageTemplate(
        "core.compares_dates_these_are_numbers",
        en: "'{relation}' compares dates, and these are numbers: write '{counterpart}'",
        zh: "'{relation}' 比较的是日期，而这两个值是数字：请改用 '{counterpart}'")
    static let presentTrueFalseStandsAlone = MessageTemplate(
        "core.present_true_false_stands_alone",
        en: "'present' is true or false, and stands alone with 'field': {field: wallet_id, present: false}",
        zh: "'present' 应为 true 或 false，并且只能和 'field' 一起写：{field: wallet_id, present: false}")
    static let hasNamesOneFieldSuch = MessageTemplate(
        "core.has_names_one_field_such",
        en: "'has' names one field, such as has: wallet_id",
        zh: "'has' 只能写一个字段，例如 'has: wallet_id'")
    static let conditionDoesHoldWhenMissing = MessageTemplate(
        "core.condition_does_hold_when_missing",
        en:
            "this condition does not hold when '{field}' is missing (a missing field passes no check, even under not:); for \"when {field} is missing\", write {field: {field}, present: false}",
        zh: "当 '{field}' 缺失时这个条件不成立（缺失的字段不满足任何检查，即使在 not: 之下）；要表达“'{field}' 缺失时”，请写 {field: {field}, present: false}")
    static let exprFormulaQuotesSuchExpr = MessageTemplate(
        "core.expr_formula_quotes_such_expr",
        en: "'expr' is a formula in quotes, such as expr: \"total == sum(items[*].price * items[*].qty)\", not {node_kind}",
        zh: "'expr' 应为加引号的公式，例如 'expr: \"total == sum(items[*].price * items[*].qty)\"'，而不是{node_kind}")
    static let toleranceNumberMoreSuch = MessageTemplate(
        "core.tolerance_number_more_such",
        en: "'tolerance' is a number of 0 or more, such as 0.005",
        zh: "'tolerance' 应为 0 或更大的数，例如 0.005")
    static let givesListTrueFalseHas = MessageTemplate(
        "core.gives_list_true_false_has",
        en: "'{formula}' gives a list of true and false (it has [*]): say any(...) or all(...) of it",
        zh: "'{formula}' 给出的是一列 true 或 false（含 [*]）：请写 'any(...)' 或 'all(...)'")
    static let countNumberMinMax = MessageTemplate(
        "core.count_number_min_max",
        en: "'count' is a number, or {min: ..., max: ...}, not {node_kind}",
        zh: "'count' 应为数字或 {min: ..., max: ...}，而不是{node_kind}")
    static let unknownKeyCountKeysMin = MessageTemplate(
        "core.unknown_key_count_keys_min",
        en: "unknown key '{k}' in 'count'{hint} (keys: min, max)",
        zh: "'count' 中有未知的键 '{k}'{hint}（可用的键：min, max）")
    static let countWholeNumberMore = MessageTemplate(
        "core.count_whole_number_more",
        en: "'{k}' of 'count' is a whole number of 0 or more",
        zh: "'count' 的 '{k}' 应为 0 或更大的整数")
    static let countHasMinGreaterThan = MessageTemplate(
        "core.count_has_min_greater_than",
        en: "'count' has min {lo} greater than max {hi}",
        zh: "'count' 的 'min'（{lo}）大于 'max'（{hi}）")
    static let countNeedsMinMax = MessageTemplate(
        "core.count_needs_min_max",
        en: "'count' needs 'min' or 'max'",
        zh: "'count' 需要 'min' 或 'max'")
    static let falseTurnsNothingOffLeave2 = MessageTemplate(
        "core.false_turns_nothing_off_leave2",
        en: "'{key}': false turns nothing off; leave it out instead",
        zh: "'{key}'：false 不会关闭任何检查；不需要时请直接删掉它")
    static let listsFieldsRecordSuchStore = MessageTemplate(
        "core.lists_fields_record_such_store",
        en: "'with' of '{key}' lists fields of the record, such as [store_id], without '[*]'",
        zh: "'{key}' 的 'with' 应列出记录的字段，例如 [store_id]，不含 '[*]'")
    static let trueFieldsKeySeveralFields = MessageTemplate(
        "core.true_fields_key_several_fields",
        en: "'{key}' is true, or {with: [fields]} for a key of several fields",
        zh: "'{key}' 应为 true，或者用 {with: [fields]} 表示由多个字段组成的键")
    static let comparesOneValuePerRecord = MessageTemplate(
        "core.compares_one_value_per_record",
        en: "'{key}' compares one value per record, and '{path}' has '[*]'; for values unique within one record, put unique_by on the list",
        zh: "'{key}' 每条记录只比较一个值，而 '{path}' 含有 '[*]'；要求同一条记录内不重复，请在列表上使用 'unique_by'")
    static let uniqueAcrossRunsKeepsKeys = MessageTemplate(
        "core.unique_across_runs_keeps_keys",
        en: "'unique_across_runs' keeps its keys in the receipts' ledger, which this build of Sift does not have",
        zh: "'unique_across_runs' 把键记在收据的账本中，而这个 Sift 版本没有账本")
    static let exampleReachesPackThroughAlternative = MessageTemplate(
        "core.example_reaches_pack_through_alternative",
        en:
            "no example reaches the pack through this alternative of applies_to ({alternative}): add one whose record it selects, so that 'sift test' checks it",
        zh: "没有示例经由 applies_to 的这个备选条件（`{alternative}`）进入本规则包：请添加一个被它选中的示例记录，这样 'sift test' 才会检查它")
    static let optionFieldButHereField = MessageTemplate(
        "core.option_field_but_here_field",
        en:
            "'{name}' is an option of a field, but here it is a field of its own, so '{field}' above does not get it: indent it under '{field}'; for a record field really called '{name}', write {name}: {checks: [...]}",
        zh: "'{name}' 是字段的选项，但这里它成了一个单独的字段，所以上面的 '{field}' 没有得到它：请把它缩进到 '{field}' 下面；如果记录里真有名为 '{name}' 的字段，请写成 `{name}: {checks: [...]}`")
    static let optionFieldButHereField2 = MessageTemplate(
        "core.option_field_but_here_field2",
        en:
            "'{name}' is an option of a field, but here it is a field of its own: indent it under the field it belongs to; for a record field really called '{name}', write {name}: {checks: [...]}",
        zh: "'{name}' 是字段的选项，但这里它成了一个单独的字段：请把它缩进到所属字段的下面；如果记录里真有名为 '{name}' 的字段，请写成 `{name}: {checks: [...]}`")
    static let indentedUnderFieldsSoReads = MessageTemplate(
        "core.indented_under_fields_so_reads",
        en:
            "'{name}:' is indented under 'fields:', so it reads as a field called '{name}' and its keys as checks: move it to column {fields_column}, in line with 'fields:'",
        zh: "'{name}:' 缩进在 'fields:' 下面，于是被读成名为 '{name}' 的字段，它的键被读成检查：请移到第 {fields_column} 列，与 'fields:' 对齐")
    static let conditionNeverHolds = MessageTemplate(
        "core.condition_never_holds",
        en: "the condition asks for {path} {value}, which the field's own check refuses ({explain}), so it never holds{hint}",
        zh: "条件要求 {path} 为 {value}，而该字段自己的检查不接受这个值（{explain}），所以这个条件永远不成立{hint}")
    static let unknownKeyRulePackKeys = MessageTemplate(
        "core.unknown_key_rule_pack_keys",
        en: "unknown key '{k}' in a rule pack{hint} (keys: {section_keys})",
        zh: "规则包中有未知的键 '{k}'{hint}（可用的键：{section_keys}）")
    static let siftReadsRulesVersionFound = MessageTemplate(
        "core.sift_reads_rules_version_found",
        en: "this Sift reads rules version 1; found {v_kind}",
        zh: "此版本的 Sift 只读第 1 版规则；发现的是 {v_kind}")
    static let descriptionTextEnZh = MessageTemplate(
        "core.description_text_en_zh",
        en: "'description' is text, or {en: ..., zh: ...}",
        zh: "'description' 应为文本，或 {en: ..., zh: ...}")
    static let fieldsMappingFromFieldPaths = MessageTemplate(
        "core.fields_mapping_from_field_paths",
        en: "'fields' is a mapping from field paths to their checks, not {node_kind}",
        zh: "'fields' 应为从字段路径到检查的映射，而不是 {node_kind}")
    static let hasSpaceAfterSoYaml = MessageTemplate(
        "core.has_space_after_so_yaml",
        en: "'{value}' has ':' with no space after it, so YAML reads it as one key: write {fixed} (a colon and a space)",
        zh: "'{value}' 中的 ':' 后面没有空格，所以 YAML 把它当作一个键：请写成 `{fixed}`（冒号加一个空格）")
    static let unknownKeyFieldKeys = MessageTemplate(
        "core.unknown_key_field_keys",
        en: "unknown key '{k}' for field '{value}'{hint} (keys: {field_keys})",
        zh: "字段 '{value}' 中有未知的键 '{k}'{hint}（可用的键：{field_keys}）")
    static let requiredTrueFalseWhenField = MessageTemplate(
        "core.required_true_false_when_field",
        en: "'required' is true, false, or {when: {field: ..., <check>}}, not {node_kind}",
        zh: "'required' 应为 true、false 或 {when: {field: ..., <check>}}，而不是{node_kind}")
    static let requiredWhenAboutAnotherField = MessageTemplate(
        "core.required_when_about_another_field",
        en:
            "'required: {when: ...}' is about another field: add 'field:', as in {when: {field: category, enum: [ecommerce]}}, or write a formula, as {when: {expr: \"total > 1000\"}}",
        zh:
            "'required: {when: ...}' 说的是另一个字段：请加上 'field:'，例如 {when: {field: category, enum: [ecommerce]}}，或写一个公式，例如 {when: {expr: \"total > 1000\"}}"
    )
    static let limitsWhichRulePackReports = MessageTemplate(
        "core.limits_which_rule_pack_reports",
        en: "'{level}' limits '{code}', which no rule of this pack reports, so the limit never trips{hint}",
        zh: "'{level}' 限制了 '{code}'，但本规则包中没有规则会报告它，所以这个上限永远不会触发{hint}")
    static let packHasExamplesAddValid = MessageTemplate(
        "core.pack_has_examples_add_valid",
        en:
            "the pack '{name}' has no examples: add a valid and an invalid record under 'examples:', so that 'sift test' catches a misspelt applies_to or a wrong pattern",
        zh: "规则包 '{name}' 没有示例：请在 'examples:' 下各加一条有效和无效的记录，这样 sift test 能发现拼错的 applies_to 或写错的模式")
    static let exampleExpectsWhichRulePack = MessageTemplate(
        "core.example_expects_which_rule_pack",
        en: "the example expects '{r}', which no rule of this pack reports{hint}",
        zh: "示例预期 '{r}'，但本规则包中没有规则会报告它{hint}")
    static let readNumberHereButChecks = MessageTemplate(
        "core.read_number_here_but_checks",
        en: "{sc} is read as a number here, but the checks of '{path}' expect text; quote it: '{sc}'",
        zh: "{sc} 在这里被读作数字，但 '{path}' 的检查需要文本；请加上引号：'{sc}'")
    static let examplesListRecordValidTrue = MessageTemplate(
        "core.examples_list_record_valid_true",
        en: "'examples' is a list of {record: ..., valid: true} or {record: ..., reasons: [...]}",
        zh: "'examples' 是一个列表，每项形如 {record: ..., valid: true} 或 {record: ..., reasons: [...]}")
    static let exampleMappingRecordValidReasons = MessageTemplate(
        "core.example_mapping_record_valid_reasons",
        en: "an example is a mapping with 'record' and 'valid' or 'reasons', not {item_kind}",
        zh: "示例应为包含 'record' 以及 'valid' 或 'reasons' 的映射，而不是{item_kind}")
    static let unknownKeyExampleKeys = MessageTemplate(
        "core.unknown_key_example_keys",
        en: "unknown key '{k}' in an example{hint} (keys: {keys})",
        zh: "示例中有未知的键 '{k}'{hint}（可用的键：{keys}）")
    static let packsExampleAllCheckRecord = MessageTemplate(
        "core.packs_example_all_check_record",
        en: "'packs' of an example is 'all' (check the record with every pack of the rules)",
        zh: "示例的 'packs' 只能是 'all'（用规则中的每个规则包检查这条记录）")
    static let recordMappingRecordSFields = MessageTemplate(
        "core.record_mapping_record_s_fields",
        en: "'record' is a mapping (the record's fields), not {r_kind}",
        zh: "'record' 应为映射（记录的各个字段），而不是{r_kind}")
    static let exampleNeedsRecordYamlJson = MessageTemplate(
        "core.example_needs_record_yaml_json",
        en: "an example needs 'record' (YAML) or 'json' (JSON text)",
        zh: "示例需要 'record'（YAML）或 'json'（JSON 文本）")
    static let validTrueFalse = MessageTemplate(
        "core.valid_true_false",
        en: "'valid' is true or false, not {v_kind}",
        zh: "'valid' 应为 true 或 false，而不是{v_kind}")
    static let sayWhatExampleExpectsValid = MessageTemplate(
        "core.say_what_example_expects_valid",
        en: "say what the example expects: 'valid: true', or 'reasons: [...]'",
        zh: "请写明示例的预期：'valid: true' 或 'reasons: [...]'")
    static let exampleCannotValidTrueList = MessageTemplate(
        "core.example_cannot_valid_true_list",
        en: "an example cannot be 'valid: true' and list reasons",
        zh: "示例不能既写 'valid: true' 又列出原因")
    static let takesMappingInvalidRatioReasons = MessageTemplate(
        "core.takes_mapping_invalid_ratio_reasons",
        en: "'{key}' takes a mapping: invalid_ratio: 0.05, reasons: {CODE: N}",
        zh: "'{key}' 需要一个映射：invalid_ratio: 0.05, reasons: {CODE: N}")
    static let invalidRatioShareRecordsFrom = MessageTemplate(
        "core.invalid_ratio_share_records_from",
        en: "'invalid_ratio' is a share of records from 0 to 1, such as 0.05; not {value_kind}",
        zh: "'invalid_ratio' 是 0 到 1 之间的记录比例，例如 0.05；而不是{value_kind}")
    static let eachReasonLimitCodeN = MessageTemplate(
        "core.each_reason_limit_code_n",
        en: "each reason limit is CODE: N with N a whole number from 0",
        zh: "每个原因的上限写成 CODE: N，N 为从 0 起的整数")
    static let reasonsTakesMappingCodeN = MessageTemplate(
        "core.reasons_takes_mapping_code_n",
        en: "'reasons' takes a mapping of CODE: N",
        zh: "'reasons' 应为 CODE: N 形式的映射")
    static let unknownKeyKeys = MessageTemplate(
        "core.unknown_key_keys",
        en: "unknown key '{k}' in '{key}'{hint} (keys: {threshold_keys})",
        zh: "'{key}' 中有未知的键 '{k}'{hint}（可用的键：{threshold_keys}）")
    static let recordMappingConstraintsWholeRecord = MessageTemplate(
        "core.record_mapping_constraints_whole_record",
        en: "'record' is a mapping of constraints on the whole record (keys: {keys}), not {node_kind}",
        zh: "'record' 应为关于整条记录的约束的映射（键：{keys}），而不是 {node_kind}")
    static let fieldsRecordOpenClosed = MessageTemplate(
        "core.fields_record_open_closed",
        en: "'fields' of 'record' is 'open' or 'closed', not {got}",
        zh: "'record' 的 'fields' 应为 'open' 或 'closed'，而不是 {got}")
    static let unknownKeyRecordKeys = MessageTemplate(
        "core.unknown_key_record_keys",
        en: "unknown key '{key}' in 'record'{hint} (keys: {keys})",
        zh: "'record' 中有未知的键 '{key}'{hint}（可用的键：{keys}）")
    static let allowedNamesKeysClosedRecord = MessageTemplate(
        "core.allowed_names_keys_closed_record",
        en: "'allowed' names the keys a closed record may have besides its fields: add 'fields: closed'",
        zh: "'allowed' 列出封闭记录在字段之外还允许的键：请添加 'fields: closed'")
    static let listFieldsSuchEmailPhone = MessageTemplate(
        "core.list_fields_such_email_phone",
        en: "'{value}' is a list of fields, such as [email, phone], not {node_kind}",
        zh: "'{value}' 应为字段列表，例如 [email, phone]，而不是 {node_kind}")
    static let needsTwoFieldsMoreOne = MessageTemplate(
        "core.needs_two_fields_more_one",
        en: "'{value}' needs two fields or more; one field is 'required'",
        zh: "'{value}' 需要两个或更多字段；只有一个字段时请用 'required'")
    static let namesTwice = MessageTemplate(
        "core.names_twice",
        en: "'{value}' names '{twice}' twice",
        zh: "'{value}' 两次列出了 '{twice}'")
    static let requiresMapsFieldFieldsMakes = MessageTemplate(
        "core.requires_maps_field_fields_makes",
        en: "'requires' maps a field to the fields it makes required, such as {coupon: [coupon_source]}, not {node_kind}",
        zh: "'requires' 应为从一个字段到它使之必填的字段的映射，例如 {coupon: [coupon_source]}，而不是 {node_kind}")
    static let listFields = MessageTemplate(
        "core.list_fields",
        en: "'{key}' is a list of fields, not {node_kind}",
        zh: "'{key}' 应为字段列表，而不是 {node_kind}")
    static let listsFieldPathsSuchEmail = MessageTemplate(
        "core.lists_field_paths_such_email",
        en: "'{key}' lists field paths, such as email or shipping.city, not {item_kind}",
        zh: "'{key}' 应列出字段路径，例如 'email' 或 'shipping.city'，而不是 {item_kind}")
    static let namesFieldsRecordEachElement = MessageTemplate(
        "core.names_fields_record_each_element",
        en: "'{key}' names fields of the record, not of each element: '{value}' has '[*]'",
        zh: "'{key}' 指的是记录的字段，而不是每个元素的字段：'{value}' 含有 '[*]'")
    static let cannotReadRuleFile = MessageTemplate(
        "core.cannot_read_rule_file",
        en: "cannot read rule file '{value}'",
        zh: "无法读取规则文件 '{value}'")
    static let ruleFileUtfTextDecoding = MessageTemplate(
        "core.rule_file_utf_text_decoding",
        en: "rule file '{value}' is not UTF-8 text (decoding stops here); save the file as UTF-8",
        zh: "规则文件 '{value}' 不是 UTF-8 文本（解码在此处停止）；请把文件另存为 UTF-8")
    static let includeLeavesRulesFolderIncluded = MessageTemplate(
        "core.include_leaves_rules_folder_included",
        en:
            "include '{path}' leaves the rules folder '{display_root}'; included files must be inside it (shared files: give their folder with --include-root)",
        zh: "include '{path}' 超出了规则文件夹 '{display_root}'；被包含的文件必须在规则文件夹内（共享的规则文件：请用 --include-root 给出它们所在的文件夹）")
    static let includeLeavesRulesFolderInclude = MessageTemplate(
        "core.include_leaves_rules_folder_include",
        en: "include '{path}' leaves the rules folder '{display_root}' and is not in an include root ({include_roots})",
        zh: "include '{path}' 超出了规则文件夹 '{display_root}'，也不在任何 include 根目录中（{include_roots}）")
    static let includedFileDoesExistLooked = MessageTemplate(
        "core.included_file_does_exist_looked",
        en: "included file '{path}' does not exist (looked for '{abs}'){hint}",
        zh: "被包含的文件 '{path}' 不存在（查找的是 '{abs}'）{hint}")
    static let rulesAt = MessageTemplate(
        "core.rules_at",
        en: "no rules at '{path}'",
        zh: "'{path}' 处没有规则")
    static let ruleFileLinkFileOutside = MessageTemplate(
        "core.rule_file_link_file_outside",
        en: "rule file '{link}' is a link to a file outside the rules folder; it is not read",
        zh: "规则文件 '{link}' 是指向规则文件夹之外的链接；不会读取它")
    static let ruleFilesYamlYml = MessageTemplate(
        "core.rule_files_yaml_yml",
        en: "no rule files (.yaml or .yml) in '{path}'",
        zh: "'{path}' 中没有规则文件（.yaml 或 .yml）")
    static let ruleFileMappingKeysFields = MessageTemplate(
        "core.rule_file_mapping_keys_fields",
        en: "a rule file is a mapping of keys (fields, validators, ...), not {node_kind}",
        zh: "规则文件应为键的映射（'fields'、'validators' 等），而不是{node_kind}")
    static let twoPacksAreNamedOther = MessageTemplate(
        "core.two_packs_are_named_other",
        en: "two packs are named '{name}' (the other is in {file}); set 'pack:' to tell them apart",
        zh: "有两个规则包都叫 '{name}'（另一个在 {file}）；请用 'pack:' 给它们起不同的名字")
    static let validatorDefinedTwiceAlsoAt = MessageTemplate(
        "core.validator_defined_twice_also_at",
        en: "validator '{name}' is defined twice (also at {name_mark})",
        zh: "校验器 '{name}' 定义了两次（另一处在 {name_mark}）")
    static let includeTakesFilePathList = MessageTemplate(
        "core.include_takes_file_path_list",
        en: "'include' takes a file path or a list of them, not {item_kind}",
        zh: "'include' 需要一个文件路径或路径列表，而不是{item_kind}")
    static let includeCycleIncludesFileAgain = MessageTemplate(
        "core.include_cycle_includes_file_again",
        en: "include cycle: '{path}' includes this file again",
        zh: "循环包含：'{path}' 又包含了这个文件")
    static let includedFileDeclaresExecChecks = MessageTemplate(
        "core.included_file_declares_exec_checks",
        en: "included file '{path}' declares exec_checks; declare them in a file of the rules folder itself",
        zh: "被包含的文件 '{path}' 声明了 exec_checks；请在规则文件夹本身的文件中声明")
    static let includedFileMayOnlyDefine = MessageTemplate(
        "core.included_file_may_only_define",
        en: "included file '{path}' may only define validators and includes; it has '{bad}'",
        zh: "被包含的文件 '{path}' 只能定义 validators 和 include；它有 '{bad}'")
    static let validatorsMappingFromNamesChecks = MessageTemplate(
        "core.validators_mapping_from_names_checks",
        en: "'validators' is a mapping from names to checks, not {vs_kind}",
        zh: "'validators' 应为从名称到检查的映射，而不是{vs_kind}")
    static let validatorNameTakenBuiltCheck = MessageTemplate(
        "core.validator_name_taken_built_check",
        en: "validator name '{name}' is taken by a built-in check; choose another",
        zh: "校验器名 '{name}' 已被内置检查占用；请换一个")
    static let appliesAllMappingSuchKind = MessageTemplate(
        "core.applies_all_mapping_such_kind",
        en: "'applies_to' is 'all' or a mapping such as {kind: signup} or {has: receipt}, not {node_kind}",
        zh: "'applies_to' 应为 'all' 或映射，例如 {kind: signup} 或 {has: receipt}，而不是{node_kind}")
    static let appliesComparesFieldValueList = MessageTemplate(
        "core.applies_compares_field_value_list",
        en: "'applies_to' compares a field with a value or a list of values, not {item_kind}",
        zh: "'applies_to' 把字段与一个值或一组值比较，而不是{item_kind}")
    static let fieldPathText = MessageTemplate(
        "core.field_path_text",
        en: "a field path is text, not {node_kind}",
        zh: "字段路径应为文本，而不是{node_kind}")
    static let sumMappingSuchItemsItems = MessageTemplate(
        "core.sum_mapping_such_items_items",
        en: "'sum_of' is a mapping such as {items: 'items[*]', value: [price, qty]}, not {node_kind}",
        zh: "'sum_of' 应为映射，例如 {items: 'items[*]', value: [price, qty]}，而不是{node_kind}")
    static let unknownKeySumKeysItems = MessageTemplate(
        "core.unknown_key_sum_keys_items",
        en: "unknown key '{k}' in 'sum_of'{hint} (keys: items, value, tolerance)",
        zh: "'sum_of' 中有未知的键 '{k}'{hint}（可用的键：items, value, tolerance）")
    static let sumNeedsItemsListWhose = MessageTemplate(
        "core.sum_needs_items_list_whose",
        en: "'sum_of' needs 'items': the list whose elements are added up, such as 'items[*]'",
        zh: "'sum_of' 需要 'items'：要相加的列表，例如 'items[*]'")
    static let itemsSumOneListSuch = MessageTemplate(
        "core.items_sum_one_list_such",
        en: "'items' of 'sum_of' is one list, such as 'items[*]', not '{value}'",
        zh: "'sum_of' 的 'items' 应为一个列表，例如 'items[*]'，而不是 '{value}'")
    static let valueSumPathInsideEach = MessageTemplate(
        "core.value_sum_path_inside_each",
        en: "'value' of 'sum_of' is a path inside each element, or a list of them to multiply",
        zh: "'sum_of' 的 'value' 应为每个元素中的路径，或要相乘的路径列表")
    static let valueSumReadsOneNumber = MessageTemplate(
        "core.value_sum_reads_one_number",
        en: "'value' of 'sum_of' reads one number in each element: '{t}' has '[*]'",
        zh: "'sum_of' 的 'value' 在每个元素中只读取一个数：'{t}' 含有 '[*]'")
    static let toleranceSumNumberMoreSuch = MessageTemplate(
        "core.tolerance_sum_number_more_such",
        en: "'tolerance' of 'sum_of' is a number of 0 or more, such as 0.005",
        zh: "'sum_of' 的 'tolerance' 应为 0 或更大的数，例如 0.005")

    static let rulesTemplates: [MessageTemplate] = [
        belongsWhenCheck, toleranceBelongsExprCheckHere, optionPutInside, optionFieldCheckWriteBeside, unknownCheck,
        checkNeedsOne, oneCheckPerListItem, useTakesNameValidator, allTakesListChecks, allNeedsAtLeastOne, takesListChecks,
        needsAtLeastOneCheck, whenNeedsThenCheckBeside, branchAnotherBranchSameAny, namesFieldBesideOneBeing,
        conditionReadsOneValueWould, comparisonReadsOneValueWould, conditionReadsOneValueWould2, comparisonReadsOneValueWould2,
        unknownValidator, validatorUsesItself, reasonCodeWordLikePhone, readNumberHereButMessage, messageTextMappingLanguagesEn,
        unknownLanguageLanguagesEnZh, messageShouldText, whenOtherMissingPassFail, unknownKeyKeysFieldWhen,
        namesFieldCompareSuchStart, comparesTwoFieldsRecordUse, comparesItself, comparesWhichFieldPackDeclare,
        comparesDatesNumbersNeitherNor, comparesDateNumber, comparesNumberDate, comparesNumbersTheseAreDates,
        comparesDatesTheseAreNumbers, presentTrueFalseStandsAlone, hasNamesOneFieldSuch, conditionDoesHoldWhenMissing,
        exprFormulaQuotesSuchExpr, toleranceNumberMoreSuch, givesListTrueFalseHas,
        countNumberMinMax, unknownKeyCountKeysMin, countWholeNumberMore, countHasMinGreaterThan, countNeedsMinMax,
        falseTurnsNothingOffLeave2, listsFieldsRecordSuchStore, trueFieldsKeySeveralFields, comparesOneValuePerRecord,
        uniqueAcrossRunsKeepsKeys, exampleReachesPackThroughAlternative, optionFieldButHereField, optionFieldButHereField2,
        indentedUnderFieldsSoReads, conditionNeverHolds, unknownKeyRulePackKeys, siftReadsRulesVersionFound,
        descriptionTextEnZh, fieldsMappingFromFieldPaths, hasSpaceAfterSoYaml, unknownKeyFieldKeys, requiredTrueFalseWhenField,
        requiredWhenAboutAnotherField, limitsWhichRulePackReports, packHasExamplesAddValid, exampleExpectsWhichRulePack,
        readNumberHereButChecks, examplesListRecordValidTrue, exampleMappingRecordValidReasons, unknownKeyExampleKeys,
        packsExampleAllCheckRecord, recordMappingRecordSFields, exampleNeedsRecordYamlJson, validTrueFalse,
        sayWhatExampleExpectsValid, exampleCannotValidTrueList, takesMappingInvalidRatioReasons, invalidRatioShareRecordsFrom,
        eachReasonLimitCodeN, reasonsTakesMappingCodeN, unknownKeyKeys, recordMappingConstraintsWholeRecord,
        fieldsRecordOpenClosed, unknownKeyRecordKeys, allowedNamesKeysClosedRecord, listFieldsSuchEmailPhone,
        needsTwoFieldsMoreOne, namesTwice, requiresMapsFieldFieldsMakes, listFields, listsFieldPathsSuchEmail,
        namesFieldsRecordEachElement, cannotReadRuleFile, ruleFileUtfTextDecoding, includeLeavesRulesFolderIncluded,
        includeLeavesRulesFolderInclude, includedFileDoesExistLooked, rulesAt, ruleFileLinkFileOutside, ruleFilesYamlYml,
        ruleFileMappingKeysFields,
        twoPacksAreNamedOther, validatorDefinedTwiceAlsoAt, includeTakesFilePathList, includeCycleIncludesFileAgain,
        includedFileDeclaresExecChecks, includedFileMayOnlyDefine, validatorsMappingFromNamesChecks, validatorNameTakenBuiltCheck,
        appliesAllMappingSuchKind, appliesComparesFieldValueList, fieldPathText, sumMappingSuchItemsItems, unknownKeySumKeysItems,
        sumNeedsItemsListWhose, itemsSumOneListSuch, valueSumPathInsideEach, valueSumReadsOneNumber, toleranceSumNumberMoreSuch,
    ]
}

/// Messages built from parts: a check name nobody registered, a pack without rules, a choice.
extension CoreMessages {
    static let unknownCheckOrValidator = MessageTemplate(
        "core.unknown_check_or_validator", en: "unknown check or validator '{name}'{hint}", zh: "未知的检查或校验器 '{name}'{hint}")
    static let hintFieldOption = MessageTemplate(
        "core.hint.field_option",
        en: "; '{name}' is an option of the field, not a check: write the field as {required: false, checks: [...]}",
        zh: "；'{name}' 是字段的选项，不是检查：请把字段写成 {required: false, checks: [...]}")
    static let hintNullOption = MessageTemplate(
        "core.hint.null_option",
        en:
            "; '{name}' is an option of the field, not a check: write the field as {required: false, checks: [...]} or {null: value, checks: [...]}",
        zh: "；'{name}' 是字段的选项，不是检查：请把字段写成 {required: false, checks: [...]} 或 {null: value, checks: [...]}")
    static let hintOptionValue = MessageTemplate(
        "core.hint.option_value", en: "; did you mean '{kind}: {name}'?", zh: "；是否想写 '{kind}: {name}'？")
    static let hintInclude = MessageTemplate(
        "core.hint.include", en: "; the validator '{name}' is defined in {file}: add include: {file} to this file",
        zh: "；校验器 '{name}' 定义在 {file} 中：请在本文件中加上 include: {file}")
    static let packHasNoRules = MessageTemplate(
        "core.pack_has_no_rules", en: "the pack '{name}' has no rules: add 'fields:'", zh: "规则包 '{name}' 没有规则：请添加 'fields:'")
    static let packHasNoRulesSections = MessageTemplate(
        "core.pack_has_no_rules_sections", en: "the pack '{name}' has no rules: add 'fields:' or one of these sections: {sections}",
        zh: "规则包 '{name}' 没有规则：请添加 'fields:' 或以下部分之一：{sections}")
    static let choiceOf = MessageTemplate(
        "core.choice_of", en: "'{key}' is {values}, not {got}{hint}", zh: "'{key}' 应为 {values}，而不是{got}{hint}")
    static let noRulePacks = MessageTemplate("core.no_rule_packs", en: "no rule packs in '{origin}'", zh: "'{origin}' 中没有规则包")
    static let noRulePacksOnlyValidators = MessageTemplate(
        "core.no_rule_packs_only_validators", en: "no rule packs in '{origin}': its files only define validators",
        zh: "'{origin}' 中没有规则包：其中的文件只定义了校验器")
    static let packForEveryRecord = MessageTemplate(
        "core.pack_for_every_record",
        en:
            "the pack '{name}' has no 'applies_to', so it checks every record, also those meant for the {others}; add one such as applies_to: {kind: {name}}",
        zh: "规则包 '{name}' 没有 'applies_to'，所以它会检查每一条记录，包括给{others}的记录；请添加一个，例如 applies_to: {kind: {name}}")
    static let orValue = MessageTemplate("core.or_value", en: "{first} or {second}", zh: "{first} 或 {second}")
    static let otherPack = MessageTemplate("core.other_pack", en: "other pack", zh: "另一个规则包")
    static let otherPacks = MessageTemplate("core.other_packs", en: "other {count} packs", zh: "其他 {count} 个规则包")

    static let neverActs = MessageTemplate(
        "core.never_acts", en: "{reader} reads {shown}, which no rule or example of this pack names, so it never acts on a record{hint}",
        zh: "{reader}读取的 {shown} 不是本规则包任何规则或示例中的字段，所以它对任何记录都不起作用{hint}")
    static let readerCondition = MessageTemplate("core.reader.condition", en: "a condition", zh: "条件")
    static let readerComparison = MessageTemplate("core.reader.comparison", en: "a comparison", zh: "比较")
    static let readerFormula = MessageTemplate("core.reader.formula", en: "the formula", zh: "公式")
    static let readerNamed = MessageTemplate("core.reader.named", en: "'{key}'", zh: "'{key}' ")

    static let fileOutside = MessageTemplate(
        "core.file_outside", en: "{option} '{path}' is outside the rules folder; keep it beside the rules",
        zh: "{option} '{path}' 在规则文件夹之外；请把它放在规则旁边")
    static let fileOutsideFlag = MessageTemplate(
        "core.file_outside_flag", en: "{option} '{path}' is outside the rules folder; keep it beside the rules, or give it with {flag}",
        zh: "{option} '{path}' 在规则文件夹之外；请把它放在规则旁边，或用 {flag} 指定")
    static let fileMissingLink = MessageTemplate(
        "core.file_missing_link", en: "{option} '{path}' is a link to a missing file; name the file itself",
        zh: "{option} '{path}' 是指向不存在的文件的链接；请写出文件本身")
    static let fileMissingLinkFlag = MessageTemplate(
        "core.file_missing_link_flag", en: "{option} '{path}' is a link to a missing file; name the file itself, or give it with {flag}",
        zh: "{option} '{path}' 是指向不存在的文件的链接；请写出文件本身，或用 {flag} 指定")
    static let optionLedger = MessageTemplate("core.option.ledger", en: "ledger", zh: "账本文件")
    static let optionKeySet = MessageTemplate("core.option.key_set", en: "key set", zh: "密钥集")
    static let optionAASA = MessageTemplate("core.option.aasa", en: "the AASA file", zh: "AASA 文件")
    static let optionRootCertificate = MessageTemplate("core.option.root_certificate", en: "root certificate", zh: "根证书")
    static let optionSchema = MessageTemplate("core.option.schema", en: "schema file", zh: "模式文件")
    static let optionSchemaMap = MessageTemplate("core.option.schema_map", en: "schema_map file", zh: "'schema_map' 中的文件")

    static let notTakesConditions = MessageTemplate(
        "core.not_takes_conditions",
        en: "'not' takes a mapping of conditions, such as not: {country: CN}, or a list of them (none may hold), not {node_kind}",
        zh: "'not' 需要一个条件映射，例如 not: {country: CN}，或由它们组成的列表（都不能成立），而不是{node_kind}")
    static let takesListOfConditions = MessageTemplate(
        "core.takes_list_of_conditions",
        en: "'{key}' takes a list of mappings of conditions, such as {key}: [{kind: order}, {has: refund}], not {node_kind}",
        zh: "'{key}' 需要一个由条件映射组成的列表，例如 {key}: [{kind: order}, {has: refund}]，而不是{node_kind}")

    static let partsTemplates: [MessageTemplate] = [
        notTakesConditions, takesListOfConditions,
        fileOutside, fileOutsideFlag, fileMissingLink, fileMissingLinkFlag, optionLedger, optionKeySet, optionAASA,
        optionRootCertificate, optionSchema, optionSchemaMap,
        neverActs, readerCondition, readerComparison, readerFormula, readerNamed,
        unknownCheckOrValidator, hintFieldOption, hintNullOption, hintOptionValue, hintInclude, packHasNoRules, packHasNoRulesSections,
        choiceOf, noRulePacks, noRulePacksOnlyValidators, packForEveryRecord, orValue, otherPack, otherPacks,
    ]
}
