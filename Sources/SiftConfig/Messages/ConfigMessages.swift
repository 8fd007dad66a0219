import SiftMessages

/// What the rule-file reader says (YAML, value kinds, did-you-mean), in English and Chinese side by
/// side (`MessageTemplate`). The core and the plugin families keep their own catalogs.
package enum ConfigMessages: MessageCatalog {
    // What a rule-file value is, as messages say it ("not a list", "not the number 3").
    package static let kindMapping = MessageTemplate("config.kind.mapping", en: "a mapping", zh: "映射")
    package static let kindList = MessageTemplate("config.kind.list", en: "a list", zh: "列表")
    package static let kindNull = MessageTemplate("config.kind.null", en: "null", zh: "null")
    package static let kindBoolean = MessageTemplate("config.kind.boolean", en: "the boolean {value}", zh: "布尔值 {value}")
    package static let kindNumber = MessageTemplate("config.kind.number", en: "the number {value}", zh: "数字 {value}")
    package static let kindText = MessageTemplate("config.kind.text", en: "the text '{value}'", zh: "文本 '{value}'")
    /// A did-you-mean added to a message about an unknown name.
    package static let didYouMean = MessageTemplate("config.did_you_mean", en: "; did you mean '{name}'?", zh: "；是否想写 '{name}'？")

    package static let templates: [MessageTemplate] =
        [kindMapping, kindList, kindNull, kindBoolean, kindNumber, kindText, didYouMean] + readerTemplates + yamlTemplates
}
