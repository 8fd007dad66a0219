import SiftCore
import SiftRegex
import SiftJSON
import SiftMessages
import SiftConfig

/// The keywords of a plain property (`SchemaLift`) as field checks, one per keyword, in the
/// order the walk applies them: the same test, reason code, words and location as
/// `SchemaProgram.check`, through the rule loop of `fields:`. Each keyword tests only the
/// values it applies to (`pattern` only text), as JSON Schema has it; every failure's words
/// are made once, when the check is made.
enum SchemaKeywordChecks {
    /// The field checks of `node`'s keywords; empty when it asserts nothing.
    static func checks(of node: SchemaNode, reasonPath: String) -> [SectionField.Check] {
        var out: [SectionField.Check] = []
        func add(_ keyword: String, _ check: some ValueCheck) {
            out.append(
                .init(kind: "schema." + keyword, check: check, reason: ReasonCode(reasonPath + "." + keyword), rule: node.mark(keyword)))
        }
        // `type: string` with a `pattern` is one check (one of the two can fail, never both),
        // where the pattern is: its rejections name their keyword and place (`detail`, `at`).
        let typedPattern = node.types == .string && node.pattern != nil
        if let types = node.types, !typedPattern { add("type", TypeKeyword(types)) }
        if let values = node.enumValues { add("enum", EnumKeyword(values: values, failure: .fixed(SchemaMessages.enumeration(values)))) }
        if let value = node.constValue { add("const", EnumKeyword(values: [value], failure: .fixed(SchemaMessages.constant(value)))) }
        let bounds: [(String, NumberBound?, BoundKeyword.Passes)] = [
            ("minimum", node.minimum, .atLeast), ("maximum", node.maximum, .atMost),
            ("exclusiveMinimum", node.exclusiveMinimum, .above), ("exclusiveMaximum", node.exclusiveMaximum, .below),
            ("multipleOf", node.multipleOf, .divides),
        ]
        for case let (keyword, b?, passes) in bounds {
            add(keyword, BoundKeyword(bound: b, passes: passes, failure: .fixed(SchemaMessages.bound(keyword, b))))
        }
        for case let (keyword, n?, isMin) in [("minLength", node.minLength, true), ("maxLength", node.maxLength, false)] {
            add(keyword, LengthKeyword(bound: n, isMinimum: isMin, failure: Rejection.Counted(SchemaMessages.lengthMessage(keyword, n))))
        }
        if let p = node.pattern, typedPattern {
            let at = node.mark("pattern")
            let pattern = PatternKeyword(
                pattern: p, mismatch: .fixed(SchemaMessages.pattern(limit: false), detail: "pattern", at: at),
                limit: .fixed(SchemaMessages.pattern(limit: true), detail: "pattern", at: at))
            let check = TypedPattern(type: TypeKeyword(.string, detail: "type", at: node.mark("type")), pattern: pattern)
            out.append(.init(kind: "schema.type+pattern", check: check, reason: ReasonCode(reasonPath), rule: at))
        } else if let p = node.pattern {
            add(
                "pattern",
                PatternKeyword(
                    pattern: p, mismatch: .fixed(SchemaMessages.pattern(limit: false)),
                    limit: .fixed(SchemaMessages.pattern(limit: true))))
        }
        if let f = node.format { add("format", FormatKeyword(format: f, failure: .fixed(SchemaMessages.format(f)))) }
        return out
    }
}

/// `type`: its words name the type the value has (`not boolean`), one made for each.
struct TypeKeyword: ValueCheck {
    let types: TypeSet
    /// By `JSONValue.Kind`, then the number that is not an integer last.
    let failures: [Rejection]

    /// `detail` and `at` for a check that applies other keywords too (`TypedPattern`).
    init(_ types: TypeSet, detail: String? = nil, at: Mark? = nil) {
        self.types = types
        let kinds: [JSONValue.Kind] = [.object, .array, .string, .number, .bool, .null]
        let words = kinds.sorted { $0.rawValue < $1.rawValue }.map { SchemaMessages.typeName($0, integral: true) } + ["number"]
        failures = words.map { .fixed(SchemaMessages.type(types, words: $0), detail: detail, at: at) }
    }

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        guard !types.admits(value) else { return nil }
        return value.kind == .number && !value.isIntegral ? failures[failures.count - 1] : failures[Int(value.kind.rawValue)]
    }

    func explain(_ language: Language) -> String { "type " + types.words.joined(separator: " | ") }
}

/// `type: string` and `pattern` in one call: a string is matched, anything else is of the wrong type.
struct TypedPattern: ValueCheck {
    let type: TypeKeyword
    let pattern: PatternKeyword

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        value.kind == .string ? pattern.check(value, in: context) : type.check(value, in: context)
    }

    func explain(_ language: Language) -> String { type.explain(language) + "; " + pattern.explain(language) }
}

/// `enum` and `const`: equal, as JSON Schema compares (1 and 1.0 are equal).
struct EnumKeyword: ValueCheck {
    let values: [JSONValue]
    let failure: Rejection

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        values.contains { JSONCanonical.equal($0, value) } ? nil : failure
    }

    func explain(_ language: Language) -> String { failure.message.text(language) }
}

/// The numeric keywords; other values pass.
struct BoundKeyword: ValueCheck {
    enum Passes { case atLeast, atMost, above, below, divides }
    let bound: NumberBound
    let passes: Passes
    let failure: Rejection

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        guard value.kind == .number else { return nil }
        let ok: Bool
        switch passes {
        case .atLeast: ok = bound.compare(value) >= 0
        case .atMost: ok = bound.compare(value) <= 0
        case .above: ok = bound.compare(value) > 0
        case .below: ok = bound.compare(value) < 0
        case .divides: ok = bound.divides(value)
        }
        return ok ? nil : failure
    }

    func explain(_ language: Language) -> String { failure.message.text(language) }
}

/// `minLength`, `maxLength`: code points; other values pass.
struct LengthKeyword: ValueCheck {
    let bound: Int
    let isMinimum: Bool
    let failure: Rejection.Counted

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        var n = -1
        if let raw = value.plainStringBytes {
            // A code point is 1 to 4 bytes: most texts are decided by their byte count alone.
            if isMinimum ? raw.count / 4 >= bound : raw.count <= bound { return nil }
            n = SchemaProgram.codePoints(raw)
        } else {
            _ = value.withStringBytes { n = SchemaProgram.codePoints($0) }
        }
        guard n >= 0, isMinimum ? n < bound : n > bound else { return nil }
        return failure(n)
    }

    func explain(_ language: Language) -> String { (isMinimum ? "minLength " : "maxLength ") + String(bound) }
}

/// `pattern`, a search; a match limit hit fails the value with its own words.
struct PatternKeyword: ValueCheck {
    let pattern: SchemaPattern
    let mismatch: Rejection
    let limit: Rejection

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        var outcome = RegexOutcome.match
        if let raw = value.plainStringBytes {
            outcome = pattern.regex.match(raw)
        } else {
            _ = value.withStringBytes { outcome = pattern.regex.match($0) }
        }
        switch outcome {
        case .match: return nil
        case .limitExceeded: return limit
        default: return mismatch
        }
    }

    func explain(_ language: Language) -> String { "pattern " + pattern.source }
}

/// `format` as an assertion; other values pass.
struct FormatKeyword: ValueCheck {
    let format: SchemaFormat
    let failure: Rejection

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        var ok = true
        _ = value.withStringBytes { ok = format.accepts($0) }
        return ok ? nil : failure
    }

    func explain(_ language: Language) -> String { "format " + format.kind.rawValue }
}
