import SiftMessages

/// What a failing keyword says of a value in a result line, in English and Chinese side by side
/// (`SchemaMessages` picks and fills them).
extension JSONSchemaMessages {
    static let type = MessageTemplate("schema.violation.type", en: "must be of type {want}, not {got}", zh: "类型须为 {want}，实为 {got}")
    static let oneOfValues = MessageTemplate("schema.violation.enum", en: "must be one of: {values}", zh: "须为以下之一：{values}")
    static let constant = MessageTemplate("schema.violation.const", en: "must be exactly {value}", zh: "须恰为 {value}")
    static let minimum = MessageTemplate("schema.violation.minimum", en: "must be at least {bound}", zh: "须不小于 {bound}")
    static let maximum = MessageTemplate("schema.violation.maximum", en: "must be at most {bound}", zh: "须不大于 {bound}")
    static let exclusiveMinimum = MessageTemplate(
        "schema.violation.exclusive_minimum", en: "must be greater than {bound}", zh: "须大于 {bound}")
    static let exclusiveMaximum = MessageTemplate("schema.violation.exclusive_maximum", en: "must be less than {bound}", zh: "须小于 {bound}")
    static let multipleOf = MessageTemplate("schema.violation.multiple_of", en: "must be a multiple of {bound}", zh: "须为 {bound} 的整数倍")
    // `{n}` is the value's length, put in per value (`Rejection.Counted`).
    static let minLength = MessageTemplate(
        "schema.violation.min_length", en: "must be at least {count} long (it has {n})", zh: "长度须至少 {count} 个字符（实为 {n} 个）")
    static let maxLength = MessageTemplate(
        "schema.violation.max_length", en: "must be at most {count} long (it has {n})", zh: "长度须至多 {count} 个字符（实为 {n} 个）")
    static let patternLimit = MessageTemplate(
        "schema.violation.pattern_limit", en: "could not be checked against the schema's pattern within the match limit",
        zh: "在匹配上限内未能完成模式检查")
    static let patternMismatch = MessageTemplate(
        "schema.violation.pattern", en: "does not match the format the schema's pattern requires", zh: "不符合模式规定的格式")
    static let format = MessageTemplate("schema.violation.format", en: "is not a valid {format}", zh: "不是有效的 {format}")
    static let required = MessageTemplate("schema.violation.required", en: "is required but missing", zh: "必填字段缺失")
    static let dependent = MessageTemplate(
        "schema.violation.dependent_required", en: "is required when '{name}' is present", zh: "当 '{name}' 存在时为必填项")
    static let additional = MessageTemplate(
        "schema.violation.additional", en: "is not allowed: the schema does not list this property", zh: "不允许：模式未列出此属性")
    static let propertyName = MessageTemplate(
        "schema.violation.property_name", en: "the property name '{name}' is not allowed (propertyNames)",
        zh: "属性名 '{name}' 不被允许（propertyNames）")
    static let minProperties = MessageTemplate(
        "schema.violation.min_properties", en: "must have at least {count} (it has {actual})", zh: "须至少有 {count} 个属性（实有 {actual} 个）")
    static let maxProperties = MessageTemplate(
        "schema.violation.max_properties", en: "must have at most {count} (it has {actual})", zh: "须至多有 {count} 个属性（实有 {actual} 个）")
    static let minItems = MessageTemplate(
        "schema.violation.min_items", en: "must have at least {count} (it has {actual})", zh: "须至少有 {count} 个元素（实有 {actual} 个）")
    static let maxItems = MessageTemplate(
        "schema.violation.max_items", en: "must have at most {count} (it has {actual})", zh: "须至多有 {count} 个元素（实有 {actual} 个）")
    static let unique = MessageTemplate(
        "schema.violation.unique", en: "element {later} is the same as element {earlier}", zh: "第 {later} 个元素与第 {earlier} 个元素相同")
    static let maxContains = MessageTemplate(
        "schema.violation.max_contains", en: "must contain at most {count} that match 'contains' (it has {actual})",
        zh: "符合 contains 的元素须至多 {count} 个（实有 {actual} 个）")
    static let minContains = MessageTemplate(
        "schema.violation.min_contains", en: "must contain at least {count} that match 'contains' (it has {actual})",
        zh: "符合 contains 的元素须至少 {count} 个（实有 {actual} 个）")
    static let contains = MessageTemplate(
        "schema.violation.contains", en: "must contain an element that matches 'contains'", zh: "须含有一个符合 contains 的元素")
    static let anyOf = MessageTemplate(
        "schema.violation.any_of", en: "must match at least one of the {n} schemas of anyOf (it matches none)",
        zh: "须符合 anyOf 的 {n} 个模式中的至少一个（一个都不符合）")
    static let oneOf = MessageTemplate(
        "schema.violation.one_of", en: "must match exactly one of the {n} schemas of oneOf (it matches {matched})",
        zh: "须恰好符合 oneOf 的 {n} 个模式中的一个（符合 {matched} 个）")
    static let undecided = MessageTemplate(
        "schema.violation.undecided", en: "could not be checked: a pattern of the schema hit its match limit on this value",
        zh: "无法检查：模式中的正则表达式在此值上达到了匹配上限")
    static let not = MessageTemplate("schema.violation.not", en: "must not match the schema of 'not'", zh: "不得符合 not 的模式")
    static let never = MessageTemplate("schema.violation.false", en: "is not allowed here (the schema is false)", zh: "此处不允许（模式为 false）")
    static let extraItem = MessageTemplate(
        "schema.violation.extra_item", en: "is one element too many: the schema allows no more", zh: "多出的元素：模式不允许更多元素")

    // How many, in each language: English says the noun, one or many; Chinese says the number,
    // and the sentence its measure word (须至少有 3 个元素).
    static let oneElement = MessageTemplate("schema.count.element.one", en: "{n} element", zh: "{n}")
    static let manyElements = MessageTemplate("schema.count.element.other", en: "{n} elements", zh: "{n}")
    static let oneCharacter = MessageTemplate("schema.count.character.one", en: "{n} character", zh: "{n}")
    static let manyCharacters = MessageTemplate("schema.count.character.other", en: "{n} characters", zh: "{n}")
    static let oneProperty = MessageTemplate("schema.count.property.one", en: "{n} property", zh: "{n}")
    static let manyProperties = MessageTemplate("schema.count.property.other", en: "{n} properties", zh: "{n}")

    static let violationTemplates: [MessageTemplate] = [
        type, oneOfValues, constant, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minLength, maxLength,
        patternLimit, patternMismatch, format, required, dependent, additional, propertyName, minProperties, maxProperties, minItems,
        maxItems, unique, maxContains, minContains, contains, anyOf, oneOf, undecided, not, never, extraItem, oneElement, manyElements,
        oneCharacter, manyCharacters, oneProperty, manyProperties,
    ]
}
