import SiftMessages

/// What exec checks say, in English and Chinese side by side (`MessageTemplate`).
enum ExecMessages: MessageCatalog {
    // Rule-file problems.
    static let notMapping = MessageTemplate(
        "exec.not_mapping", en: "'exec_checks' is a mapping from check names to their commands", zh: "'exec_checks' 应为从检查名到命令的映射")
    static let nameTaken = MessageTemplate(
        "exec.name_taken", en: "the check name '{kind}' is taken; choose another", zh: "检查名 '{kind}' 已被占用；请换一个")
    static let timeoutNotPositive = MessageTemplate(
        "exec.timeout_not_positive", en: "'timeout_ms' must be above 0", zh: "'timeout_ms' 必须大于 0")
    static let refused = MessageTemplate(
        "exec.refused",
        en: "exec check '{kind}' would start the program {command}; rules may start programs only when "
            + "the operator allows it (sift run/test --allow-exec; hosts: registry.allowExecChecks())",
        zh: "“exec” 检查 '{kind}' 会启动程序 {command}；规则只有在操作者允许时才能启动程序（sift 使用 --allow-exec；宿主程序调用 "
            + "“registry.allowExecChecks()”）")
    static let programOutside = MessageTemplate(
        "exec.program_outside",
        en: "the program '{program}' of exec check '{kind}' is outside the rules folder; keep it beside "
            + "the rules, or name a program on PATH",
        zh: "“exec” 检查 '{kind}' 的程序 '{program}' 在规则文件夹之外；请把它放在规则旁边，或使用 “PATH” 上的程序名")

    // What a failing command or answer gives in a result line (`<field>.<kind>.plugin_error`).
    static let pluginError = MessageTemplate(
        "exec.plugin_error", en: "the plugin '{kind}' {problem}", zh: "插件 '{kind}' 出错：{problem}")
    static let notAnAnswer = MessageTemplate(
        "exec.not_an_answer", en: "answered '{answer}', not {\"pass\": true|false, ...}",
        zh: "回答的不是 {\"pass\": true|false, ...}：'{answer}'")
    static let failsCheck = MessageTemplate("exec.fails_check", en: "fails the {kind} check", zh: "未通过 {kind} 检查")
    static let explainSuffix = MessageTemplate("exec.explain", en: "{summary} (exec plugin '{kind}')", zh: "{summary}（外部插件 {kind}）")
    static let twoLines = MessageTemplate(
        "exec.two_lines", en: "answered more than one line to one request", zh: "对一个请求回答了不止一行")
    static let notStarted = MessageTemplate(
        "exec.not_started", en: "exec checks are not started when rules are only read (lint, explain, schema)",
        zh: "只读取规则时（“lint”、“explain”、“schema”）不会启动 “exec” 检查")
    static let noPipes = MessageTemplate("exec.no_pipes", en: "cannot make pipes: {why}", zh: "无法创建管道：{why}")
    static let cannotStart = MessageTemplate("exec.cannot_start", en: "cannot start '{command}': {why}", zh: "无法启动 '{command}'：{why}")
    static let requestNotRead = MessageTemplate(
        "exec.request_not_read", en: "did not read its request within {ms} ms", zh: "没有在 {ms} 毫秒内读取请求")
    static let stoppedReading = MessageTemplate(
        "exec.stopped_reading", en: "stopped reading requests ({exit})", zh: "不再读取请求（{exit}）")
    static let lineTooLong = MessageTemplate(
        "exec.line_too_long", en: "answered a line longer than 16 MB", zh: "回答的一行超过 16 MB")
    static let noAnswer = MessageTemplate("exec.no_answer", en: "did not answer within {ms} ms", zh: "没有在 {ms} 毫秒内回答")
    static let exitedSilent = MessageTemplate(
        "exec.exited_silent", en: "exited without answering ({exit})", zh: "没有回答就退出了（{exit}）")
    static let exitStatus = MessageTemplate("exec.exit_status", en: "exit status {status}", zh: "退出状态 {status}")
    static let killedBySignal = MessageTemplate("exec.killed_by_signal", en: "killed by signal {signal}", zh: "被信号 {signal} 终止")
    static let stillRunning = MessageTemplate("exec.still_running", en: "still running", zh: "仍在运行")

    /// What `sift lint` and `explain` say of each program the rules would start.
    static let declared = MessageTemplate(
        "exec.declared", en: "exec check '{name}' starts {command} (only with --allow-exec)",
        zh: "exec 检查 '{name}' 会启动 {command}（仅在使用 --allow-exec 时）")

    static let templates: [MessageTemplate] = [
        declared,
        notMapping, nameTaken, timeoutNotPositive, refused, programOutside, pluginError, notAnAnswer, failsCheck, explainSuffix,
        twoLines, notStarted, noPipes, cannotStart, requestNotRead, stoppedReading, lineTooLong, noAnswer, exitedSilent, exitStatus,
        killedBySignal, stillRunning,
    ]
}
