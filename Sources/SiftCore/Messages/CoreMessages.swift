import SiftMessages

/// What the core says (rule files, results, the loader), in English and Chinese side by side
/// (`MessageTemplate`). Plugin families keep their own catalogs beside their code.
package enum CoreMessages: MessageCatalog {
    static let execUnavailable = MessageTemplate(
        "core.exec_unavailable",
        en: "'exec_checks' declares checks run as external programs; rules may start programs only when the operator "
            + "allows it (sift run/test --allow-exec; hosts: registry.allowExecChecks() from SiftExec)",
        zh: "'exec_checks' 声明了以外部程序运行的检查；规则只有在操作者允许时才能启动程序（sift 使用 --allow-exec；"
            + "宿主程序调用 “SiftExec” 的 “registry.allowExecChecks()”）")

    // What a rule-file value is, as messages say it ("not a list", "not the number 3").
    static let kindMapping = MessageTemplate("core.kind.mapping", en: "a mapping", zh: "映射")
    static let kindList = MessageTemplate("core.kind.list", en: "a list", zh: "列表")
    static let kindNull = MessageTemplate("core.kind.null", en: "null", zh: "null")
    static let kindBoolean = MessageTemplate("core.kind.boolean", en: "the boolean {value}", zh: "布尔值 {value}")
    static let kindNumber = MessageTemplate("core.kind.number", en: "the number {value}", zh: "数字 {value}")
    static let kindText = MessageTemplate("core.kind.text", en: "the text '{value}'", zh: "文本 '{value}'")
    /// A did-you-mean added to a message about an unknown name.
    static let didYouMean = MessageTemplate("core.did_you_mean", en: "; did you mean '{name}'?", zh: "；是否想写 '{name}'？")

    package static let templates: [MessageTemplate] =
        [execUnavailable, kindMapping, kindList, kindNull, kindBoolean, kindNumber, kindText, didYouMean] + configTemplates + exprTemplates
        + yamlTemplates
        + pluginTemplates + rulesTemplates + partsTemplates
}
