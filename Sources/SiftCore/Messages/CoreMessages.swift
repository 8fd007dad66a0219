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

    package static let templates: [MessageTemplate] =
        [execUnavailable] + pluginTemplates + violationTemplates + rulesTemplates + partsTemplates
}
