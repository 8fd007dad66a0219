/// The rules for one field path: whether it is required, and its checks.
final class FieldRule: Sendable {
    let path: FieldPath
    let required: Bool
    /// The start of this field's reason codes: `profile.phone` or the author's `reason:`.
    let reasonPrefix: String
    let checks: [any CheckNode]
    let rule: Mark

    init(path: FieldPath, required: Bool, reasonPrefix: String, checks: [any CheckNode], rule: Mark) {
        self.path = path
        self.required = required
        self.reasonPrefix = reasonPrefix
        self.checks = checks
        self.rule = rule
    }
}

/// The `fields:` section of a pack, compiled: every check runs on every field, and each
/// failure becomes one violation.
struct FieldsStage: Stage {
    let rules: [FieldRule]

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        var result = StageResult()
        for rule in rules {
            // One place, no array of matches: the common case on the hot path.
            if !rule.path.hasWildcard, let value = rule.path.first(in: record), !value.isNull {
                check(rule, value, [], context, &result)
                continue
            }
            for match in rule.path.resolve(in: record) {
                guard let value = match.value, !value.isNull else {
                    if rule.required {
                        result.violations.append(Self.missing(rule, match))
                    }
                    continue
                }
                check(rule, value, match.indices, context, &result)
            }
        }
        return result
    }

    private func check(_ rule: FieldRule, _ value: JSONValue, _ indices: [Int], _ context: EvaluationContext, _ result: inout StageResult) {
        for check in rule.checks {
            guard let f = check.evaluate(value, context) else { continue }
            result.violations.append(Violation(
                field: rule.path.concrete(indices), reason: f.reason, message: f.message,
                valueOf: value, rule: f.rule))
        }
    }

    static func missing(_ rule: FieldRule, _ match: FieldMatch) -> Violation {
        var text = LocalizedText(en: "is required but missing", zh: "必填字段缺失")
        if match.value?.isNull == true { text = LocalizedText(en: "is required but null", zh: "必填字段为 null") }
        if let why = match.obstacle {
            text.en += " (\(why))"
            text.zh += "（\(why)）"
        }
        return Violation(field: rule.path.concrete(match.indices), reason: rule.reasonPrefix + ".required",
                         message: text, valueOf: match.value, rule: rule.rule)
    }

    func explain(_ language: Language) -> String {
        rules.map { rule in
            let req = rule.required ? (language == .zh ? "必填" : "required") : (language == .zh ? "可选" : "optional")
            var lines = ["field \(rule.path) (\(req)) [\(rule.reasonPrefix).required when missing]"]
            if language == .zh { lines = ["字段 \(rule.path)（\(req)）[缺失时 \(rule.reasonPrefix).required]"] }
            for c in rule.checks {
                for (i, line) in c.explain(language).enumerated() { lines.append((i == 0 ? "  - " : "    ") + line) }
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
