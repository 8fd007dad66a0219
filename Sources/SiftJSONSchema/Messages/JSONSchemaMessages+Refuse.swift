import SiftMessages

/// What the importer says when a schema has no pack wording (it runs as it is with `schema:`).
extension JSONSchemaMessages {
    static let refuseIfNotObject = MessageTemplate(
        "schema.refuse_if_not_object",
        en: "'if' on a value not declared \"type\": \"object\"",
        zh: "用在未声明 \"type\": \"object\" 的值上的 'if'")
    static let refuseIfShape = MessageTemplate(
        "schema.refuse_if_shape",
        en: "an 'if' other than one field's value, {\"required\": [\"k\"], \"properties\": {\"k\": {...}}} (Sift's 'when' reads one field)",
        zh: "不是关于单个字段的值的 'if'，即 {\"required\": [\"k\"], \"properties\": {\"k\": {...}}} 以外的形式（Sift 的 'when' 只读取一个字段）")
    static let refuseElseOptional = MessageTemplate(
        "schema.refuse_else_optional",
        en: "'else' about a field the record may leave out (a condition does not hold on a missing field)",
        zh: "关于记录可以省略的字段的 'else'（条件在缺失的字段上不成立）")
    static let refuseBranchShape = MessageTemplate(
        "schema.refuse_branch_shape",
        en: "a '{keyword}' other than required names and checks of their values",
        zh: "除必填名称及其值的检查之外的 '{keyword}'")
    static let refuseSecondCondition = MessageTemplate(
        "schema.refuse_second_condition",
        en: "a second condition on whether '{name}' is required",
        zh: "关于 '{name}' 是否必填的第二个条件")
    static let refuseFalse = MessageTemplate(
        "schema.refuse_false",
        en: "the schema 'false' (nothing is allowed)",
        zh: "模式 'false'（什么都不允许）")
    static let refuseKeyword = MessageTemplate(
        "schema.refuse_keyword",
        en: "'{keyword}'",
        zh: "关键字 '{keyword}'")
    static let refuseRecordType = MessageTemplate(
        "schema.refuse_record_type",
        en: "a 'type' without object for the whole record (records are objects)",
        zh: "整条记录的 'type' 不含 'object'（记录都是对象）")
    static let refuseRecordValue = MessageTemplate(
        "schema.refuse_record_value",
        en: "checks of the whole record's own value (enum, const, or a string's, number's or list's keywords)",
        zh: "针对整条记录本身的值的检查（'enum'、'const'，或字符串、数字、列表的关键字）")
    static let refuseRecursive = MessageTemplate(
        "schema.refuse_recursive",
        en: "it refers back to itself (a recursive schema): a pack names each field once",
        zh: "引用绕回自身（递归模式）：规则包中每个字段只能写一次")
    static let refuseOneOfEverything = MessageTemplate(
        "schema.refuse_one_of_everything",
        en: "'oneOf' with an alternative that allows every value",
        zh: "有一个备选允许任何值的 'oneOf'")
    static let refuseNotObject = MessageTemplate(
        "schema.refuse_not_object",
        en: "'{keyword}' on a value not declared \"type\": \"object\"",
        zh: "'{keyword}' 用在未声明 \"type\": \"object\" 的值上")
    static let refuseDependenciesInside = MessageTemplate(
        "schema.refuse_dependencies_inside",
        en: "'{keyword}' inside the record (a pack's 'requires' is about the record's own fields)",
        zh: "记录内部的 '{keyword}'（规则包的 'requires' 只针对记录本身的字段）")
    static let refuseAdditionalSchema = MessageTemplate(
        "schema.refuse_additional_schema",
        en: "'additionalProperties' that is a schema for the other keys (only false is said, as a closed record)",
        zh: "作为其他键的模式的 'additionalProperties'（只能表达 false，即封闭的记录）")
    static let refuseAdditionalInside = MessageTemplate(
        "schema.refuse_additional_inside",
        en: "'additionalProperties: false' inside the record (a closed record is the whole record)",
        zh: "记录内部的 'additionalProperties: false'（封闭的是整条记录）")
    static let refuseAdditionalBeside = MessageTemplate(
        "schema.refuse_additional_beside",
        en: "'additionalProperties: false' beside allOf, $ref, or required names its properties do not list",
        zh: "与 'allOf'、'$ref' 或其 'properties' 未列出的必填名称并存的 'additionalProperties: false'")
    static let refuseAdditionalNested = MessageTemplate(
        "schema.refuse_additional_nested",
        en: "'additionalProperties: false' with a property that may be an object or a list (a closed record closes those too)",
        zh: "'additionalProperties: false'，而某个属性可能是对象或列表（封闭的记录也会封闭它们）")
    static let refuseItemsNotArray = MessageTemplate(
        "schema.refuse_items_not_array",
        en: "'items' on a value not declared \"type\": \"array\"",
        zh: "'items' 用在未声明 \"type\": \"array\" 的值上")
    static let refuseMixedEnum = MessageTemplate(
        "schema.refuse_mixed_enum",
        en: "'{keyword}' of texts with numbers or booleans (texts are compared by code points)",
        zh: "文本与数字或布尔值混在一起的 '{keyword}'（文本按码位比较）")
    static let refuseFormat = MessageTemplate(
        "schema.refuse_format",
        en: "format '{format}' as an assertion (no Sift check says it exactly)",
        zh: "作为断言的格式 '{format}'（没有 Sift 检查能确切表达它）")
    static let refuseWholeRecord = MessageTemplate(
        "schema.refuse_whole_record",
        en: "'{keyword}' for the whole record",
        zh: "整条记录上的 '{keyword}'")
    static let refuseAlternative = MessageTemplate(
        "schema.refuse_alternative",
        en: "'{keyword}' with an alternative that is not about the value itself (object or list keywords, or other applicators)",
        zh: "有一个备选不是关于值本身的 '{keyword}'（对象或列表的关键字，或其他组合关键字）")
    static let refuseEnumValue = MessageTemplate(
        "schema.refuse_enum_value",
        en: "'{keyword}' with a value that is not text, a number or a boolean",
        zh: "'{keyword}' 中有不是文本、数字或布尔值的值")
    static let packCannotSay = MessageTemplate(
        "schema.pack_cannot_say",
        en: "a pack cannot say {what}; run the schema as it is with 'schema: FILE'",
        zh: "规则包无法表达：{what}；请在规则包中用 'schema: FILE' 按原样运行该模式")

    static let refuseTemplates: [MessageTemplate] = [
        refuseIfNotObject, refuseIfShape, refuseElseOptional, refuseBranchShape, refuseSecondCondition, refuseFalse, refuseKeyword,
        refuseRecordType, refuseRecordValue, refuseRecursive, refuseOneOfEverything, refuseNotObject, refuseDependenciesInside,
        refuseAdditionalSchema, refuseAdditionalInside, refuseAdditionalBeside, refuseAdditionalNested, refuseItemsNotArray,
        refuseMixedEnum, refuseFormat, refuseWholeRecord, refuseAlternative, refuseEnumValue, packCannotSay,
    ]
}
