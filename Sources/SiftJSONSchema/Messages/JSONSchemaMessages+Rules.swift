import SiftMessages

/// What SiftJSONSchema says in rule files, in English and Chinese side by side (`MessageTemplate`): Rules.
extension JSONSchemaMessages {
    static let schemaObjectTrueFalse = MessageTemplate(
        "schema.schema_object_true_false",
        en: "a schema is an object or true or false, not {config_kind}",
        zh: "模式应为对象、true 或 false，而不是 {config_kind}")
    static let schemaObjectTrueFalseList = MessageTemplate(
        "schema.schema_object_true_false_list",
        en: "a schema is an object or true or false, not a list",
        zh: "模式应为对象、true 或 false，而不是 列表")
    static let enumListValues = MessageTemplate(
        "schema.enum_list_values",
        en: "'enum' is a list of values",
        zh: "'enum' 应为值的列表")
    static let multipleofMustGreaterThan = MessageTemplate(
        "schema.multipleof_must_greater_than",
        en: "'multipleOf' must be greater than 0",
        zh: "'multipleOf' 必须大于 0")
    static let draftItemsOneSchemaList = MessageTemplate(
        "schema.draft_items_one_schema_list",
        en: "in draft 2020-12 'items' is one schema; a list of schemas is 'prefixItems'",
        zh: "在 2020-12 版中 'items' 是一个模式；模式的列表应写作 'prefixItems'")
    static let supportedSiftSchemaCannotRun = MessageTemplate(
        "schema.supported_sift_schema_cannot_run",
        en: "'{key}' is not supported by Sift; the schema cannot be run as it is written",
        zh: "Sift 不支持 '{key}'；此模式无法按原样运行")
    static let keywordDraftIgnoredDidYou = MessageTemplate(
        "schema.keyword_draft_ignored_did_you",
        en: "'{key}' is no keyword of draft {draft} and is ignored; did you mean '{close}'? (at {at})",
        zh: "'{key}' 不是 {draft} 版的关键字，已忽略；是否想写 '{close}'？（位置 {at}）")
    static let nonEmptyListSchemas = MessageTemplate(
        "schema.non_empty_list_schemas",
        en: "'{key}' is a non-empty list of schemas",
        zh: "'{key}' 应为非空的模式列表")
    static let refUriReferenceText = MessageTemplate(
        "schema.ref_uri_reference_text",
        en: "'$ref' is a URI reference (text)",
        zh: "'$ref' 应为 'URI' 引用（文本）")
    static let refersOutsideSchemaFileSift = MessageTemplate(
        "schema.refers_outside_schema_file_sift",
        en: "'{ref}' refers to {other}, outside this schema file; Sift fetches nothing: give a local copy with schema_map",
        zh: "'{ref}' 指向本模式文件之外的 {other}；Sift 不会下载任何内容：请用 'schema_map' 给出本地副本")
    static let refersWhichSchema = MessageTemplate(
        "schema.refers_which_schema",
        en: "'{ref}' refers to '{pointer}', which is not in the schema",
        zh: "'{ref}' 指向的 '{pointer}' 不在模式中")
    static let namesAnchorWhichSubschemaDeclares = MessageTemplate(
        "schema.names_anchor_which_subschema_declares",
        en: "'{ref}' names the anchor '{name}', which no subschema declares",
        zh: "'{ref}' 指向锚点 '{name}'，但没有子模式声明它")
    static let uriReference = MessageTemplate(
        "schema.uri_reference",
        en: "'{ref}' is not a URI reference",
        zh: "'{ref}' 不是 'URI' 引用")
    static let unknownType = MessageTemplate(
        "schema.unknown_type",
        en: "unknown type '{word}'{hint}",
        zh: "未知的类型 '{word}'{hint}")
    static let typeTypeNameListThem = MessageTemplate(
        "schema.type_type_name_list_them",
        en: "'type' is a type name or a list of them",
        zh: "'type' 应为类型名或类型名的列表")
    static let mustNumber = MessageTemplate(
        "schema.must_number",
        en: "must be a number, not {value_kind}",
        zh: "应为数字，而不是 {value_kind}")
    static let mustWholeNumberAtLeast = MessageTemplate(
        "schema.must_whole_number_at_least",
        en: "must be a whole number of at least 0, not {value_kind}",
        zh: "应为不小于 0 的整数，而不是 {value_kind}")
    static let mustTrueFalse = MessageTemplate(
        "schema.must_true_false",
        en: "must be true or false, not {value_kind}",
        zh: "应为 true 或 false，而不是 {value_kind}")
    static let mustListPropertyNames = MessageTemplate(
        "schema.must_list_property_names",
        en: "must be a list of property names",
        zh: "应为属性名的列表")
    static let propertyNameText = MessageTemplate(
        "schema.property_name_text",
        en: "a property name is text, not {item_kind}",
        zh: "属性名应为文本，而不是 {item_kind}")
    static let mustObjectNamesSchemas = MessageTemplate(
        "schema.must_object_names_schemas",
        en: "must be an object of names to schemas",
        zh: "应为从名称到模式的对象")
    static let patternText = MessageTemplate(
        "schema.pattern_text",
        en: "a pattern is text, not {value_kind}",
        zh: "模式（'pattern'）应为文本，而不是 {value_kind}")
    static let patternDoesCompileAtByte = MessageTemplate(
        "schema.pattern_does_compile_at_byte",
        en: "the pattern '{value}' does not compile: {message} (at byte {offset})",
        zh: "模式 '{value}' 无法编译：{message}（在第 {offset} 字节）")
    static let formatFormatName = MessageTemplate(
        "schema.format_format_name",
        en: "'format' is a format name, not {value_kind}",
        zh: "'format' 应为格式名，而不是 {value_kind}")
    static let formatCheckedSiftChecksAt = MessageTemplate(
        "schema.format_checked_sift_checks_at",
        en: "format '{name}' is not checked by Sift; it checks {all_cases} (at {at})",
        zh: "Sift 不检查格式 '{name}'；它检查的格式为：{all_cases}（位置 {at}）")
    static let refersOutsideRulesFolderKeep = MessageTemplate(
        "schema.refers_outside_rules_folder_keep",
        en: "'{ref}' refers to '{path}', outside the rules folder; keep it beside the rules",
        zh: "'{ref}' 指向规则文件夹之外的 '{path}'；请把它放在规则旁边")
    static let refersFileWhichDoesExist = MessageTemplate(
        "schema.refers_file_which_does_exist",
        en: "'{ref}' refers to the file '{value}', which does not exist",
        zh: "'{ref}' 指向的文件 '{value}' 不存在")
    static let refersFileWhichCannotRead = MessageTemplate(
        "schema.refers_file_which_cannot_read",
        en: "'{ref}' refers to the file '{value}', which cannot be read as UTF-8 text",
        zh: "'{ref}' 指向的文件 '{value}' 不是 'UTF-8' 文本")
    static let cannotReadSchemaFile = MessageTemplate(
        "schema.cannot_read_schema_file",
        en: "cannot read the schema file '{display}'",
        zh: "无法读取模式文件 '{display}'")
    static let schemaFileUtfText = MessageTemplate(
        "schema.schema_file_utf_text",
        en: "the schema file '{display}' is not UTF-8 text",
        zh: "模式文件 '{display}' 不是 UTF-8 文本")
    static let schemaFileHasNothingAt = MessageTemplate(
        "schema.schema_file_has_nothing_at",
        en: "the schema file '{file}' has nothing at the JSON Pointer '{pointer}'",
        zh: "模式文件 '{file}' 中 JSON 指针 '{pointer}' 处没有内容")
    static let schemaNamesWhichSiftDoes = MessageTemplate(
        "schema.schema_names_which_sift_does",
        en:
            "'$schema' names '{declared}', which Sift does not read; it reads draft 2020-12 and draft-07: give 'draft:' to read the schema as one of them",
        zh: "'$schema' 指定的 '{declared}' 是 Sift 不读取的版本；Sift 读取 '2020-12' 版和 'draft-07'：请用 'draft:' 指定按其中哪一版读取")
    static let constEnumValuesCannotRead = MessageTemplate(
        "schema.const_enum_values_cannot_read",
        en: "the 'const' and 'enum' values of '{file}' cannot be read as JSON",
        zh: "'{file}' 中 'const' 和 'enum' 的值无法作为 JSON 读取")
    static let referenceLeadsBackItselfWithout = MessageTemplate(
        "schema.reference_leads_back_itself_without",
        en: "this reference leads back to itself without going into the value, so checking would never end (at {pointer})",
        zh: "此引用绕回自身，却没有进入值的内部，检查将永远不会结束（位置 {pointer}）")
    static let fieldSchemaNamesOneField = MessageTemplate(
        "schema.field_schema_names_one_field",
        en: "'field' of 'schema' names one field; '[*]' is not allowed (a schema's 'items' checks every element)",
        zh: "'schema' 的 'field' 只能指定一个字段；不允许使用 '[*]'（模式的 'items' 会检查每个元素）")
    static let pointerJsonPointerStartsComponents = MessageTemplate(
        "schema.pointer_json_pointer_starts_components",
        en: "'pointer' is a JSON Pointer: it starts with '/', as in /components/schemas/Order",
        zh: "'pointer' 是 JSON 指针：以 '/' 开头，例如 '/components/schemas/Order'")

    static let rulesTemplates: [MessageTemplate] = [
        schemaObjectTrueFalse, schemaObjectTrueFalseList, enumListValues, multipleofMustGreaterThan, draftItemsOneSchemaList,
        supportedSiftSchemaCannotRun, keywordDraftIgnoredDidYou, nonEmptyListSchemas, refUriReferenceText,
        refersOutsideSchemaFileSift, refersWhichSchema, namesAnchorWhichSubschemaDeclares, uriReference, unknownType,
        typeTypeNameListThem, mustNumber, mustWholeNumberAtLeast, mustTrueFalse, mustListPropertyNames, propertyNameText,
        mustObjectNamesSchemas, patternText, patternDoesCompileAtByte, formatFormatName, formatCheckedSiftChecksAt,
        refersOutsideRulesFolderKeep, refersFileWhichDoesExist, refersFileWhichCannotRead, cannotReadSchemaFile,
        schemaFileUtfText, schemaFileHasNothingAt, schemaNamesWhichSiftDoes, constEnumValuesCannotRead,
        referenceLeadsBackItselfWithout, fieldSchemaNamesOneField, pointerJsonPointerStartsComponents,
    ]
}
