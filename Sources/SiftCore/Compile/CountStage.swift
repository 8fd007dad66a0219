import SiftJSON
import SiftMessages
import SiftConfig

/// The `count:` of fields: how many times a `[*]` path is given across a record's elements
/// (`items[*].gift_note: {count: {max: 1}}`: at most one item has a gift note), or how many
/// elements the list at a path has (`items: {count: {min: 1, max: 50}}`). Reason `<field>.count`.
struct CountStage: Stage {
    struct Bounds: Sendable, Equatable {
        var min: Int?
        var max: Int?

        func allows(_ n: Int) -> Bool { n >= (min ?? 0) && n <= (max ?? Int.max) }
    }

    /// One field's count.
    final class Rule: @unchecked Sendable {  // immutable; the probe is freed in deinit
        let path: FieldPath
        let bounds: Bounds
        let reason: ReasonCode
        let nullIsValue: Bool
        let rule: Mark
        private let probe: WildcardProbe?

        init(path: FieldPath, bounds: Bounds, reason: ReasonCode, nullIsValue: Bool, rule: Mark) {
            self.path = path
            self.bounds = bounds
            self.reason = reason
            self.nullIsValue = nullIsValue
            self.rule = rule
            probe = WildcardProbe(path)
        }

        deinit { probe?.deallocate() }

        /// How many: matches given (a path with `[*]`), or the list's elements; with the kind
        /// found when the path without `[*]` leads to something that is not a list. Nil when there
        /// is nothing to count: the list (or, with `[*]`, the first list) is missing or null, which
        /// is `required`'s to report.
        func count(in record: JSONValue) -> (n: Int, notAList: JSONValue.Kind?)? {
            guard path.hasWildcard else {
                guard let v = path.first(in: record), nullIsValue || !v.isNull else { return nil }
                return v.kind == .array ? (v.count, nil) : (0, v.kind)
            }
            if let probe { return given(probe, record).map { ($0, nil) } }
            let first = FieldPath(Array(path.components.prefix { $0 != .wildcard }))
            guard let list = first.first(in: record), list.kind == .array else { return nil }
            return (path.resolve(in: record).filter { $0.value.map { nullIsValue || !$0.isNull } ?? false }.count, nil)
        }

        /// Matches of a one-`[*]` path, counted without a list of matches.
        private func given(_ probe: WildcardProbe, _ record: JSONValue) -> Int? {
            let doc = record.document
            let array = probe.array.index(in: record, from: record.index)
            guard array >= 0, doc.tape[array].kind == .array else { return nil }
            var n = 0, element = array + 1
            for _ in 0..<doc.tape[array].count {
                let at = probe.element.index(in: record, from: element)
                if at >= 0, nullIsValue || doc.tape[at].kind != .null { n += 1 }
                element = doc.tape[element].next
            }
            return n
        }
    }

    let rules: [Rule]

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        var violations: [Violation] = []
        for rule in rules {
            guard let (n, notAList) = rule.count(in: record) else { continue }
            if let kind = notAList {
                violations.append(
                    Violation(
                        field: rule.path.description, reason: rule.reason,
                        message: CoreMessages.notAListToCount(messages: ["kind": kind.kindMessage]).localized, rule: rule.rule)
                )
            } else if !rule.bounds.allows(n) {
                // The value shown is the number counted, as other checks show the value they read.
                violations.append(
                    Violation(
                        field: rule.path.description, reason: rule.reason, message: message(rule, n), value: String(n), rule: rule.rule))
            }
        }
        return StageResult(violations: violations)
    }

    private func message(_ rule: Rule, _ n: Int) -> LocalizedText {
        let template = rule.path.hasWildcard ? CoreMessages.givenInElements : CoreMessages.hasElements
        return template(["n": "\(n)"], messages: ["wanted": Self.wanted(rule.bounds)]).localized
    }

    static func wanted(_ b: Bounds) -> Message {
        switch (b.min, b.max) {
        case (let lo?, let hi?) where lo == hi: CoreMessages.countExactly(["n": "\(lo)"])
        case (let lo?, let hi?): CoreMessages.countBetween(["min": "\(lo)", "max": "\(hi)"])
        case (let lo?, nil): CoreMessages.countAtLeast(["n": "\(lo)"])
        case (nil, let hi?): CoreMessages.countAtMost(["n": "\(hi)"])
        case (nil, nil): CoreMessages.countAny()
        }
    }

    var reasonCodes: [ReasonCode] { rules.map(\.reason) }

    func explain(_ language: Language) -> String {
        rules.map { r in
            let w = Self.wanted(r.bounds).text(language)
            switch (language, r.path.hasWildcard) {
            case (.zh, true): return "字段 \(r.path)：填写它的元素个数\(w) [\(r.reason)] (\(r.rule))"
            case (.zh, false): return "字段 \(r.path)：元素个数\(w) [\(r.reason)] (\(r.rule))"
            case (_, true): return "field \(r.path): the number of elements that give it \(w) [\(r.reason)] (\(r.rule))"
            case (_, false): return "field \(r.path): the number of its elements \(w) [\(r.reason)] (\(r.rule))"
            }
        }.joined(separator: "\n")
    }
}
