import SiftMessages

/// What SiftCore says in rule files, in English and Chinese side by side (`MessageTemplate`): Plugin.
extension CoreMessages {
    static let optionNamesAreText = MessageTemplate(
        "core.option_names_are_text",
        en: "option names are text, not {key_kind}",
        zh: "选项名应为文本，而不是{key_kind}")
    static let unknownOptionOptions = MessageTemplate(
        "core.unknown_option_options",
        en: "unknown option '{key}' for {name}{hint} (options: {names})",
        zh: "{name} 没有选项 '{key}'{hint}（可用的选项：{names}）")
    static let falseTurnsNothingOffLeave = MessageTemplate(
        "core.false_turns_nothing_off_leave",
        en: "{name}: false turns nothing off; leave the check out instead",
        zh: "{name}：false 不会关闭任何检查；不需要这个检查时请直接删掉它")
    static let takesMappingOptions = MessageTemplate(
        "core.takes_mapping_options",
        en: "{name} takes a mapping of options ({names}), not {node_kind}",
        zh: "{name} 需要一个选项映射（{names}），而不是{node_kind}")
    static let shouldBe = MessageTemplate(
        "core.should_be",
        en: "{what} should be {phrase}, not {node_kind}{hint}",
        zh: "{what} 应为{phrase}，而不是{node_kind}{hint}")
    static let needsOption = MessageTemplate(
        "core.needs_option", en: "{name} needs the option '{option}' ({doc})", zh: "{name} 需要选项 '{option}'（{doc}）")
    /// How messages name an option inside another: `'min' of 'length'`, `'x' in 'products' of 'receipt'`.
    static let optionOf = MessageTemplate("core.option_of", en: "'{key}' of {name}", zh: "{name} 的 '{key}'")
    static let optionIn = MessageTemplate("core.option_in", en: "'{key}' in {name}", zh: "{name} 中的 '{key}'")
    // What an option takes (`PluginSpec.OptionType.phrase`).
    static let typeText = MessageTemplate("core.type.text", en: "text", zh: "文本")
    static let typeWholeNumber = MessageTemplate("core.type.whole_number", en: "a whole number", zh: "整数")
    static let typeNumber = MessageTemplate("core.type.number", en: "a number", zh: "数字")
    static let typeBoolean = MessageTemplate("core.type.boolean", en: "true or false", zh: "true 或 false")
    static let typeChoice = MessageTemplate("core.type.choice", en: "one of {words}", zh: "以下之一：{words}")
    static let typeList = MessageTemplate("core.type.list", en: "a list of {plural}", zh: "由{plural}组成的列表")
    static let typeMapping = MessageTemplate("core.type.mapping", en: "a mapping", zh: "映射")
    static let typeEither = MessageTemplate("core.type.either", en: "{first} or {second}", zh: "{first}或{second}")
    static let typeAny = MessageTemplate("core.type.any", en: "a value", zh: "任意值")
    static let pluralTexts = MessageTemplate("core.type.texts", en: "texts", zh: "文本")
    static let pluralWholeNumbers = MessageTemplate("core.type.whole_numbers", en: "whole numbers", zh: "整数")
    static let pluralNumbers = MessageTemplate("core.type.numbers", en: "numbers", zh: "数字")
    static let pluralBooleans = MessageTemplate("core.type.booleans", en: "booleans", zh: "布尔值")
    static let pluralMappings = MessageTemplate("core.type.mappings", en: "mappings", zh: "映射")
    static let pluralValues = MessageTemplate("core.type.values", en: "values ({phrase})", zh: "值（{phrase}）")
    static let readNumberHereButText = MessageTemplate(
        "core.read_number_here_but_text",
        en: "{sc} is read as a number here, but {what} is text: quote it: '{sc}'",
        zh: "{sc} 在这里被读作数字，但 {what} 是文本：请加上引号：'{sc}'")

    static let pluginTemplates: [MessageTemplate] = [
        optionNamesAreText, unknownOptionOptions, falseTurnsNothingOffLeave, takesMappingOptions, shouldBe, readNumberHereButText,
        needsOption, optionOf, optionIn, typeText, typeWholeNumber, typeNumber, typeBoolean, typeChoice, typeList, typeMapping,
        typeEither, typeAny, pluralTexts, pluralWholeNumbers, pluralNumbers, pluralBooleans, pluralMappings, pluralValues,
    ]
}
