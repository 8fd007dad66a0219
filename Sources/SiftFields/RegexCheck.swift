import SiftCore
import SiftRegex
import SiftJSON
import SiftMessages

/// `regex`: the value must match a PCRE2 pattern, as a whole by default.
struct RegexCheck: ValueCheck {
    let regex: CompiledRegex

    static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "regex",
            summary: "The text must match a regular expression (the whole text unless mode is search).",
            options: [
                PluginSpec.Option("pattern", .string, required: true, doc: "The regular expression (PCRE2; ICU \\uXXXX escapes work)."),
                PluginSpec.Option(
                    "mode", .choice(["full", "search"]), default: .string("full"),
                    doc: "full: the whole value must match, as NSPredicate MATCHES does; search: a match anywhere."),
                PluginSpec.Option("ignore_case", .boolean, default: .bool(false), doc: "Match letters regardless of case."),
                PluginSpec.Option(
                    "match_limit", .integer, default: .int(1_000_000),
                    doc: "Backtracking budget per value; past it the result is <reason>.limit."),
                PluginSpec.Option("depth_limit", .integer, default: .int(10_000), doc: "Nesting budget per value (interpreter only)."),
            ],
            shorthand: "pattern",
            examples: ["regex: '^1[3-9][0-9]{9}$'", "regex: {pattern: 'iPhone', mode: search, ignore_case: true}"]),
        make: { options, context in
            let pattern = options.string("pattern")!
            let mode = RegexOptions.Mode(rawValue: options.string("mode") ?? "full") ?? .full
            let opts = RegexOptions(
                mode: mode, ignoreCase: options.bool("ignore_case") ?? false,
                matchLimit: UInt32(clamping: options.int("match_limit") ?? 1_000_000),
                depthLimit: UInt32(clamping: options.int("depth_limit") ?? 10_000))
            for cls in ICUPattern.classesWithPipe(pattern) {
                context.warning(
                    FieldsMessages.classAlsoAdmitsInsideLiteral(["cls": "\(cls)"]), at: options.mark("pattern"))
            }
            if mode == .full, let advice = RegexLint.oneSidedAnchor(pattern) {
                context.warning(advice, at: options.mark("pattern"))
            }
            for advice in RegexLint.literalDots(pattern) { context.warning(advice, at: options.mark("pattern")) }
            if RegexLint.acceptsEverything(pattern, full: mode == .full) {
                context.warning(
                    FieldsMessages.patternAcceptsEveryTextSo(["pattern": "\(pattern)"]), at: options.mark("pattern"))
            }
            do throws(RegexError) {
                return RegexCheck(regex: try CompiledRegex.shared(pattern, options: opts))
            } catch {
                context.error(
                    FieldsMessages.invalidRegexAtOffset(
                        ["pattern": pattern, "offset": "\(error.offset)"], messages: ["message": error.problem]),
                    at: options.mark("pattern"))
                return nil
            }
        })

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        var outcome = RegexOutcome.noMatch
        if let raw = value.plainStringBytes {
            outcome = regex.match(raw)
        } else if !value.withStringBytes({ outcome = regex.match($0) }) {
            return WrongType.aString[value.kind]
        }
        switch outcome {
        case .match: return nil
        case .noMatch: return Self.mismatch
        case .limitExceeded: return Self.limitReached
        case .error(let m):
            return Rejection(FieldsMessages.patternError(["error": m]).localized, detail: "error")
        }
    }

    private static let mismatch = Rejection.fixed(FieldsMessages.noMatch().localized)
    private static let limitReached = Rejection.fixed(FieldsMessages.matchLimit().localized, detail: "limit")

    func explain(_ language: Language) -> String {
        let how =
            regex.options.mode == .full
            ? (language == .zh ? "必须完整匹配" : "must fully match")
            : (language == .zh ? "必须包含匹配" : "must contain a match of")
        let ci = regex.options.ignoreCase ? (language == .zh ? "（忽略大小写）" : " (ignoring case)") : ""
        return "\(how) /\(regex.pattern)/\(ci)"
    }
}
