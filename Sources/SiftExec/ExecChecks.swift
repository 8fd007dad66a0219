import SiftCore
import SiftJSON
import SiftMessages
import SiftConfig

/// Checks written in any language, declared in a rule file and run as external commands:
///
///     exec_checks:
///       isin:
///         command: [python3, plugins/isin.py]   # run in this file's folder
///         summary: The text must be a valid ISIN.
///         options:
///           countries: {type: list, doc: Allowed two-letter prefixes.}
///         timeout_ms: 2000
///
/// Rules then use `isin:` like a built-in check; `sift lint`, `test`, `explain` and `schema`
/// know it. The command is started on first use and kept running; for each value checked it
/// reads one JSON line on standard input and writes one JSON line on standard output:
///
///     {"check":"isin","options":{"countries":["US"]},"value":"US0378331005"}
///     {"pass":true}   or   {"pass":false,"message":"is not a valid ISIN"}   (message may be {"en":..,"zh":..})
///
/// A command that cannot start, crashes, hangs past the timeout, or answers anything else
/// gives `<field>.<kind>.plugin_error` for that value, and is started again for the next.
/// Requests take turns: the command sees one at a time.
///
/// The loader reads `exec_checks:` only through a registry this module has set up
/// (`allowExecChecks()`, or the command line's `registerExecChecks(_:)`); without it, such a
/// section is an error.
enum ExecChecks {
    static let typeNames = ["string", "integer", "number", "boolean", "list", "any"]

    /// The spec that `exec_checks:` entries are validated against.
    static let declaration = PluginSpec(
        kind: "exec_checks",
        summary: "A check run as an external command speaking JSON lines.",
        options: [
            PluginSpec.Option("command", .list(.string), required: true, doc: "The program and its arguments, run in this file's folder."),
            PluginSpec.Option(
                "summary", .string, required: true, doc: "What the check requires, in plain words (explain, plugins, schema)."),
            PluginSpec.Option(
                "options",
                .dictionary(
                    .object([
                        PluginSpec.Option("type", .choice(typeNames), default: .string("string"), doc: "The option's type."),
                        PluginSpec.Option("doc", .string, required: true, doc: "What the option means."),
                        PluginSpec.Option("required", .boolean, default: .bool(false), doc: "Whether every use must give it."),
                    ])), doc: "The options a use of the check may give."),
            PluginSpec.Option("timeout_ms", .integer, default: .int(5000), doc: "How long one answer may take."),
        ])

    /// Registers the checks declared under `node` (an `exec_checks:` mapping) into `registry`,
    /// as its `execChecks` permission allows, and lists their commands in `commands`.
    static func register(
        _ node: ConfigNode, directory: String, root: String, into registry: inout PluginRegistry, commands: inout [DeclaredCommand],
        _ diagnostics: inout DiagnosticList
    ) {
        guard let pairs = node.pairs else {
            diagnostics.error(ExecMessages.notMapping(), at: node.mark)
            return
        }
        for p in pairs {
            guard let kind = p.key.scalarText else { continue }
            if registry.checks[kind] != nil || CheckCompiler.compositionKeys.contains(kind) {
                diagnostics.error(ExecMessages.nameTaken(["kind": kind]), at: p.key.mark)
                continue
            }
            guard let d = OptionValidator().validate(p.value, against: declaration, diagnostics: &diagnostics),
                let command = d.strings("command"), !command.isEmpty
            else { continue }
            commands.append(DeclaredCommand(name: kind, command: command, mark: d.mark("command")))
            checkPermission(kind, command, registry.execChecks, at: d.mark("command"), &diagnostics)
            checkProgram(kind, command[0], directory: directory, root: root, at: d.mark("command"), &diagnostics)
            let timeout = d.int("timeout_ms") ?? 5000
            guard timeout > 0 else {
                diagnostics.error(ExecMessages.timeoutNotPositive(), at: d.mark("timeout_ms"))
                continue
            }
            let options = (d.node("options")?.pairs ?? []).map { o in
                PluginSpec.Option(
                    o.key.scalarText ?? "", type(o.value["type"]?.scalarText), required: o.value["required"]?.resolved == .bool(true),
                    doc: o.value["doc"]?.scalarText ?? "")
            }
            let process = ExecProcess(
                command: command, directory: directory, timeoutMillis: timeout, mayStart: registry.execChecks == .allowed)
            let summary = d.string("summary") ?? ""
            let spec = PluginSpec(kind: kind, summary: summary + " (exec: \(command.joined(separator: " ")))", options: options)
            registry.register(
                CheckPlugin(
                    spec: spec,
                    make: { options, _ in
                        ExecCheck(kind: kind, summary: summary, process: process, options: NodeJSON.json(options.node))
                    }))
        }
    }

    /// Refused by default: an error naming the command and how the operator allows it.
    static func checkPermission(
        _ kind: String, _ command: [String], _ permission: ExecChecksPermission, at mark: Mark, _ diagnostics: inout DiagnosticList
    ) {
        guard permission == .refused else { return }
        diagnostics.error(ExecMessages.refused(["kind": kind, "command": DeclaredCommand.shown(command)]), at: mark)
    }

    /// A program named by a path (not found on PATH) must be inside the rules folder, links resolved.
    static func checkProgram(
        _ kind: String, _ program: String, directory: String, root: String, at mark: Mark, _ diagnostics: inout DiagnosticList
    ) {
        guard program.contains("/") else { return }
        let abs = RuleFileReader.absolute(program, relativeTo: directory)
        guard !abs.hasPrefix(root + "/") else { return }
        diagnostics.error(ExecMessages.programOutside(["program": Diagnostic.clamped(program), "kind": kind]), at: mark)
    }

    static func type(_ name: String?) -> PluginSpec.OptionType {
        switch name {
        case "integer": return .integer
        case "number": return .number
        case "boolean": return .boolean
        case "list": return .list(.any)
        case "any": return .any
        default: return .string
        }
    }
}

/// One use of an exec check: its options, sent with every value.
struct ExecCheck: ValueCheck {
    let kind: String
    let summary: String
    let process: ExecProcess
    /// The use's options as a JSON object (`{}` when none).
    let options: String

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        var w = JSONWriter()
        w.beginObject()
        w.field("check", kind)
        w.key("options"); w.raw((options.hasPrefix("{") ? options : "{}").utf8)
        // One request per line: a value written over several lines (pretty JSON) is sent on one.
        // Raw line breaks can only be whitespace between tokens (JSON strings escape them).
        w.key("value"); w.raw(value.rawBytes.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 })
        w.endObject()
        let answer: [UInt8]
        do { answer = try process.ask(w.bytes) } catch { return failure(error.message) }
        guard let doc = try? JSONDocument(bytes: answer), let pass = doc.root["pass"]?.bool else {
            let shown = String(decoding: answer.prefix(80), as: UTF8.self)
            return failure(ExecMessages.notAnAnswer(["answer": shown]))
        }
        if pass { return nil }
        let message = doc.root["message"]
        if let m = message?.string { return Rejection(LocalizedText(m)) }
        if let en = message?["en"]?.string { return Rejection(LocalizedText(en: en, zh: message?["zh"]?.string ?? en)) }
        return Rejection(ExecMessages.failsCheck(["kind": kind]).localized)
    }

    private func failure(_ problem: Message) -> Rejection {
        Rejection(ExecMessages.pluginError(["kind": kind], messages: ["problem": problem]).localized, detail: "plugin_error")
    }

    func explain(_ language: Language) -> String {
        ExecMessages.explainSuffix(["summary": summary, "kind": kind]).text(language)
    }
}

extension PluginRegistry {
    /// Lets rule files declare `exec_checks:`: their commands are started when a rule uses them.
    /// Only for rules you trust as you trust code: a rule file's author then runs programs as
    /// the user who applies the rules.
    public mutating func allowExecChecks() { registerExecChecks(.allowed) }

    /// Reads rule files' `exec_checks:` as `permission` says: refused (an error at each command),
    /// declared only (compiled, never started: lint, explain, schema), or allowed.
    package mutating func registerExecChecks(_ permission: ExecChecksPermission) {
        execChecks = permission
        execSection = ExecChecks.register
    }
}

extension DeclaredCommand {
    /// What `sift lint` and `explain` say of the program: `exec check 'w' starts 'python3 w.py' (only with --allow-exec)`.
    package var note: Message { ExecMessages.declared(["name": name, "command": Self.shown(command)]) }
}
