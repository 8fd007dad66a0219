import SiftJSON
import SiftMessages

/// The `fields:` section of a pack, compiled: every check runs on every field, and each
/// failure becomes one violation (only the first per field with `report: first`).
struct FieldsStage: Stage {
    /// The rules, in the order they run (the plan holds them).
    var rules: [FieldRule] { plan.rules }
    private let plan: Plan

    /// What the rule loop reads for each record, as plain memory: the rules unretained, and the
    /// distinct first keys of their paths, found in one pass over the record.
    private final class Plan: @unchecked Sendable {  // immutable; its memory is freed in deinit
        /// Keeps the rules alive for as long as `refs` is used.
        let rules: [FieldRule]
        let refs: UnsafeMutableBufferPointer<Unmanaged<FieldRule>>
        let roots: RootKeys
        /// Per rule, its first key's slot in `roots`, or -1 (a path with `[*]` or starting with a position).
        let slots: UnsafeMutableBufferPointer<Int>

        init(_ rules: [FieldRule]) {
            self.rules = rules
            refs = .allocate(capacity: max(1, rules.count))
            _ = refs.initialize(from: rules.map { Unmanaged.passUnretained($0) })
            var keys: [[UInt8]] = []
            slots = .allocate(capacity: max(1, rules.count))
            for (n, rule) in rules.enumerated() {
                guard let first = rule.probe?.firstKey.map(Array.init) else {
                    slots[n] = -1
                    continue
                }
                if let k = keys.firstIndex(of: first) {
                    slots[n] = k
                } else {
                    slots[n] = keys.count
                    keys.append(first)
                }
            }
            roots = RootKeys(keys)
        }

        deinit {
            refs.deallocate()
            slots.deallocate()
        }
    }

    init(rules: [FieldRule]) { plan = Plan(rules) }

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        var result = StageResult()
        evaluate(record, in: context, appendingTo: &result.violations)
        return result
    }

    /// Appends the record's violations straight to `violations` (the batch path: no array per stage).
    func evaluate(_ record: JSONValue, in context: EvaluationContext, appendingTo violations: inout [Violation]) {
        let plan = plan
        withUnsafeTemporaryAllocation(of: Int.self, capacity: plan.roots.count) { found in
            plan.roots.fill(record, into: found)
            for n in 0..<plan.rules.count {
                let slot = plan.slots[n]
                plan.refs[n]._withUnsafeGuaranteedRef { evaluate($0, slot < 0 ? nil : found[slot], record, context, &violations) }
            }
        }
    }

    /// Checks `rule` on `record`; `first` is the tape index of its path's first key in the record
    /// (-1: absent), when the path has no `[*]` and starts with a key.
    private func evaluate(
        _ rule: FieldRule, _ first: Int?, _ record: JSONValue, _ context: EvaluationContext, _ violations: inout [Violation]
    ) {
        // One place, no array of matches: the common case on the hot path. The value is made
        // where it is passed on, so that it borrows the record's document (no reference count).
        var at = -1
        if let probe = rule.probe {
            at = probe.index(in: record, first: first)
            if at >= 0, rule.nullIsValue || record.document.tape[at].kind != .null {
                return check(rule, JSONValue(document: record.document, index: at), [], in: context, &violations)
            }
        }
        evaluateUnfound(rule, first, at, record, context, &violations)
    }

    /// The rest of `evaluate`: the path has `[*]`, or its value is absent or null (at `at`).
    @inline(never)
    private func evaluateUnfound(
        _ rule: FieldRule, _ first: Int?, _ at: Int, _ record: JSONValue, _ context: EvaluationContext,
        _ violations: inout [Violation]
    ) {
        // An optional field without `[*]` that is absent (whatever stands in its way) or null:
        // nothing to report, and no walk to say where it is missing.
        if rule.probe != nil, case .never = rule.required { return }
        let found = at < 0 ? nil : JSONValue(document: record.document, index: at)
        if first != nil, rule.path.components.count == 1, record.kind == .object {
            // A one-key path in an object: one match, what was found (nil or null), no array built.
            let match = FieldMatch(value: found, indices: [], obstacle: nil)
            if isRequired(rule, match, context), !containerIsMissing(rule, match, record) {
                violations.append(Self.missing(rule, match, context))
            }
            return
        }
        if let wildcard = rule.wildcard, checkEach(rule, wildcard, record, context, &violations) { return }
        for match in rule.path.resolve(in: record) {
            guard let value = match.value, rule.isPresent(value) else {
                if isRequired(rule, match, context), !containerIsMissing(rule, match, record) {
                    violations.append(Self.missing(rule, match, context))
                }
                continue
            }
            check(rule, value, match.indices, context, &violations)
        }
    }

    /// `items[*].sku` when the array is there and every element has the field: each element's
    /// value is checked with its position, with no list of matches built. False, having done nothing, otherwise: the general walk then says what is
    /// missing where, in the same order.
    private func checkEach(
        _ rule: FieldRule, _ wildcard: WildcardProbe, _ record: JSONValue, _ context: EvaluationContext,
        _ violations: inout [Violation]
    ) -> Bool {
        let document = record.document
        let array = wildcard.array.index(in: record, from: record.index)
        guard array >= 0, document.tape[array].kind == .array else { return false }
        let count = document.tape[array].count
        var element = array + 1
        for _ in 0..<count {
            let at = wildcard.element.index(in: record, from: element)
            guard at >= 0, rule.nullIsValue || document.tape[at].kind != .null else { return false }
            element = document.tape[element].next
        }
        guard count > 0 else { return true }
        var here = context
        element = array + 1
        for n in 0..<count {
            here.indices = context.position(n)
            let at = wildcard.element.index(in: record, from: element)
            check(rule, JSONValue(document: document, index: at), here.indices, in: here, &violations)
            element = document.tape[element].next
        }
        return true
    }

    /// True when a field of the pack that contains this one (`items` or `items[*]` for
    /// `items[*].sku`) is itself missing or null here, or not a container while its own `type:`
    /// says so: its own reason stands alone, and this field's "missing" is not reported again.
    private func containerIsMissing(_ rule: FieldRule, _ match: FieldMatch, _ record: JSONValue) -> Bool {
        for container in rule.containers {
            guard let v = container.path.first(in: record, binding: match.indices), !v.isNull else { return true }
            if container.typed, v.kind != .object, v.kind != .array { return true }
        }
        return false
    }

    private func isRequired(_ rule: FieldRule, _ match: FieldMatch, _ context: EvaluationContext) -> Bool {
        switch rule.required {
        case .always: return true
        case .never: return false
        case .when(let condition):
            var here = context
            here.indices = match.indices
            return condition.holds(nil, here)
        }
    }

    private func check(
        _ rule: FieldRule, _ value: JSONValue, _ indices: [Int], _ context: EvaluationContext,
        _ violations: inout [Violation]
    ) {
        if indices.isEmpty { return check(rule, value, indices, in: context, &violations) }
        var here = context
        here.indices = indices
        check(rule, value, indices, in: here, &violations)
    }

    private func check(
        _ rule: FieldRule, _ value: JSONValue, _ indices: [Int], in context: EvaluationContext,
        _ violations: inout [Violation]
    ) {
        if let steps = rule.steps {
            var k = 0
            while k < steps.count {
                let step = steps[k]
                guard let r = step.check._withUnsafeGuaranteedRef({ $0.check.check(value, in: context) }) else {
                    k += 1
                    continue
                }
                let make = { step.check.takeUnretainedValue().failure(r) }
                if report(r, step.owner, site: rule.stepSite(k), rule, value, indices, context, &violations, make) { return }
                k = step.end  // an `all:` reports its first failure only
            }
            return
        }
        guard let program = rule.program else { return }
        for n in 0..<rule.checks.count {
            switch program.outcome(check: n, value, context) {
            case .passed: continue
            case .failed(let f): if report(f, n, rule, value, indices, context, &violations) { return }
            case .rejected(let r, let at):
                if report(r, n, site: rule.programSite(at), rule, value, indices, context, &violations, { program.failure(r, at: at) }) {
                    return
                }
            }
        }
    }

    /// Adds the violation for rejection `r` of a plugin's check at `site`, under check `n` of the
    /// field, whose failure `make` builds; true when the field reports no more. Where the field
    /// path has no positions, the words kept for the same rejection at the site are used: no
    /// text is built.
    @inline(__always)
    private func report(
        _ r: Rejection, _ n: Int, site: Int, _ rule: FieldRule, _ value: JSONValue, _ indices: [Int], _ context: EvaluationContext,
        _ violations: inout [Violation], _ make: () -> Failure
    ) -> Bool {
        if r.isTypeMismatch, let t = rule.typeCheck, t != n, !rule.checks[t].passes(value, context) { return false }
        let text: ViolationText
        if indices.isEmpty, let key = r.fixedKey, let texts = context.texts {
            text =
                r.isCounted
                ? texts.text(site: site, key: key, count: r.count, field: { rule.path.concrete([]) }, make)
                : texts.text(site: site, key: key, field: { rule.path.concrete([]) }, make)
        } else {
            text = Self.text(site, rule.path.concrete(indices), make(), context)
        }
        violations.append(Violation(text: consume text, valueOf: value))
        return rule.firstOnly
    }

    /// Adds the violation for failure `f` of check `n`; true when the field reports no more.
    @inline(__always)
    private func report(
        _ f: Failure, _ n: Int, _ rule: FieldRule, _ value: JSONValue, _ indices: [Int], _ context: EvaluationContext,
        _ violations: inout [Violation]
    ) -> Bool {
        if f.isTypeMismatch, let t = rule.typeCheck, t != n, !rule.checks[t].passes(value, context) { return false }
        violations.append(Violation(text: Self.text(rule.site + n, rule.path.concrete(indices), f, context), valueOf: value))
        return rule.firstOnly
    }

    /// The words of a failure at `site`: the worker's cached ones when they say the same.
    @inline(__always)
    private static func text(_ site: Int, _ field: String, _ f: Failure, _ context: EvaluationContext) -> ViolationText {
        if let texts = context.texts { return texts.text(site: site, field: field, f) }
        return ViolationText(field: field, f)
    }

    static func missing(_ rule: FieldRule, _ match: FieldMatch, _ context: EvaluationContext) -> Violation {
        let isNull = match.value?.isNull == true
        if match.obstacle == nil, match.indices.isEmpty, let texts = context.texts {
            // Always the same words for this field: kept by the site, built once.
            let key = (isNull ? Self.isNullKey : Self.isMissingKey).fixedKey!
            let text = texts.text(site: rule.site + rule.checks.count, key: key, field: { rule.path.concrete([]) }) {
                missingFailure(rule, match, isNull)
            }
            return Violation(text: text, valueOf: match.value)
        }
        let failure = missingFailure(rule, match, isNull)
        return Violation(
            text: Self.text(rule.site + rule.checks.count, rule.path.concrete(match.indices), failure, context),
            valueOf: match.value)
    }

    private static func missingFailure(_ rule: FieldRule, _ match: FieldMatch, _ isNull: Bool) -> Failure {
        var text = isNull ? Self.isNullText : Self.isMissingText
        if case .when(let condition) = rule.required {
            text.en += " (required when: \(condition.summary(.en)))"
            text.zh += "（必填条件：\(condition.summary(.zh))）"
        }
        if let why = match.obstacle {
            text.en += " (\(why))"
            text.zh += "（\(why)）"
        }
        return Failure(reason: rule.requiredReason, message: text, rule: rule.rule)
    }

    // Made once, so that a missing field builds no text (the worker's cached words say the same).
    private static let isMissingText = CoreMessages.isMissing().localized
    private static let isNullText = CoreMessages.isNull().localized
    /// Keys for the kept words of "missing" and "null" (their rejections are never returned).
    private static let isMissingKey = Rejection.fixed(isMissingText, detail: "required")
    private static let isNullKey = Rejection.fixed(isNullText, detail: "required")

    func explain(_ language: Language) -> String {
        rules.filter(\.explained).map { rule in
            var lines = [Self.heading(rule, language)]
            for c in rule.checks {
                for (i, line) in c.explain(language).enumerated() { lines.append((i == 0 ? "  - " : "    ") + line) }
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `field phone (required) [phone.required when missing]`, saying exactly what is enforced.
    private static func heading(_ rule: FieldRule, _ language: Language) -> String {
        let zh = language == .zh
        var notes: [String] = []
        if rule.nullIsValue { notes.append(zh ? "null 视为值" : "null is a value") }
        if rule.firstOnly { notes.append(zh ? "只报告第一个失败" : "first failure only") }
        let extra = notes.isEmpty ? "" : (zh ? "，" : ", ") + notes.joined(separator: zh ? "，" : ", ")
        let code = rule.requiredReason.text
        switch rule.required {
        case .always:
            return zh
                ? "字段 \(rule.path)（必填\(extra)）[缺失时 \(code)]"
                : "field \(rule.path) (required\(extra)) [\(code) when missing]"
        case .never:
            return zh
                ? "字段 \(rule.path)（可选，缺失时不检查\(extra)）"
                : "field \(rule.path) (optional: not checked when missing\(extra))"
        case .when(let c):
            return zh
                ? "字段 \(rule.path)（必填条件：\(c.summary(.zh))\(extra)）[缺失时 \(code)]"
                : "field \(rule.path) (required when: \(c.summary(.en))\(extra)) [\(code) when missing]"
        }
    }
}

extension Pipeline {
    /// The violation sites of every fields rule (`FieldRule.site`), for a worker's
    /// `ViolationTexts`; empty when they are too spread out to keep a table for.
    package var siteRange: Range<Int> {
        var low = Int.max, high = Int.min
        for pack in packs {
            if let stage = pack.fields {
                for rule in stage.rules {
                    low = min(low, rule.site)
                    high = max(high, rule.site + rule.siteCount)
                }
            }
        }
        return low < high && high - low <= 1 << 16 ? low..<high : 0..<0
    }
}
