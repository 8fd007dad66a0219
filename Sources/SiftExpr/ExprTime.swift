import SiftMessages
import Foundation
import SiftJSON

/// Dates and durations in formulas: `date(shipped_at) - date(created_at) <= 7d`, `today`, `now`
/// (the run's `--as-of`), and `matches(x, 'pattern')`. An instant is milliseconds since 1970
/// (UTC); a duration is milliseconds. A field's text is read as a date where a date is needed
/// (`shipped_at - created_at`: two texts subtracted are two dates).
extension Expr {
    /// The units of a duration written in a formula (`7d`, `36h`, `90m`, `30s`, `500ms`, `2w`).
    static let durationUnits: [(String, Int64)] = [
        ("ms", 1), ("w", 604_800_000), ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000),
    ]

    /// What `a op b` gives when dates or durations are involved; a number otherwise. A field's
    /// value (`.any`) may be either, so two fields subtracted may give a number or a duration.
    static func timeType(_ op: Arithmetic, _ a: Expr, _ b: Expr, at: Int) throws(Problem) -> ValueType {
        func refuse() throws(Problem) -> ValueType {
            throw Problem(
                message: ExprMessages.exprCannotComputeTwo(
                    ["a": quoted(a.text), "b": quoted(b.text)],
                    messages: ["a_noun": a.type.nounMessage, "b_noun": b.type.nounMessage, "verb": op.verbMessage]),
                offset: at)
        }
        switch (a.type, op, b.type) {
        case (.date, .subtract, .date): return .duration
        case (.date, .add, .duration), (.date, .subtract, .duration), (.duration, .add, .date): return .date
        case (.duration, .add, .duration), (.duration, .subtract, .duration): return .duration
        case (.duration, .divide, .duration): return .number
        case (.duration, .multiply, .number), (.number, .multiply, .duration), (.duration, .divide, .number): return .duration
        case (.date, .subtract, .any): return .any
        case (.date, .add, .any), (.any, .add, .date): return .date
        case (.duration, .multiply, .any), (.any, .multiply, .duration), (.duration, .divide, .any): return .duration
        case (.duration, _, .any), (.any, _, .duration), (.any, .subtract, .date): return .any
        case (.any, .subtract, .any): return .any
        case (.date, _, _), (_, _, .date), (.duration, _, _), (_, _, .duration): return try refuse()
        default: return .number
        }
    }

    /// `date(x)`: a text read as an instant.
    static func dateOf(_ args: [Expr], at: Int, text: String) throws(Problem) -> Expr {
        guard args.count == 1 else {
            throw Problem(message: ExprMessages.exprTakesOne(["name": "date", "count": "\(args.count)"]), offset: at)
        }
        let a = args[0]
        guard [.text, .any, .date].contains(a.type) else {
            throw Problem(message: ExprMessages.exprDateTakesText(["text": a.text], messages: ["noun": a.type.nounMessage]), offset: at)
        }
        return Expr(.date(a), type: .date, many: a.many, text: text)
    }

    /// `matches(x, 'pattern')`, with the pattern compiled by `compile` (the regex engine the
    /// field checks register).
    static func matches(_ args: [Expr], at: Int, text: String, compile: TextMatcher.Compiler?) throws(Problem) -> Expr {
        guard args.count == 2, case .literal(.text(let pattern)) = args[1].node else {
            throw Problem(message: ExprMessages.exprMatchesTakes(), offset: at)
        }
        let a = args[0]
        guard [.text, .any].contains(a.type) else {
            throw Problem(message: ExprMessages.exprMatchesReadsText(["text": a.text], messages: ["noun": a.type.nounMessage]), offset: at)
        }
        guard let compile else {
            throw Problem(message: ExprMessages.exprMatchesNoEngine(), offset: at)
        }
        switch compile(pattern) {
        case .success(let matcher): return Expr(.matches(a, matcher), type: .bool, many: a.many, text: text)
        case .failure(let problem):
            throw Problem(
                message: ExprMessages.exprInvalidPattern(["pattern": args[1].text], messages: ["problem": problem.message]), offset: at)
        }
    }
}

/// A compiled pattern for `matches(...)`: true when the whole text matches; nil when the match
/// gave up (its limit reached), which stops the formula rather than guessing.
package struct TextMatcher: Sendable {
    package struct Problem: Error, Sendable {
        package let message: Message
        package init(_ message: Message) { self.message = message }
        /// A pattern engine's problem at `offset` (a byte of the pattern).
        package init(_ problem: Message, offset: Int) {
            message = ExprMessages.exprPatternAtOffset(["offset": "\(offset)"], messages: ["problem": problem])
        }
    }
    package typealias Compiler = @Sendable (String) -> Result<TextMatcher, Problem>

    package let matches: @Sendable (String) -> Bool?
    package init(matches: @escaping @Sendable (String) -> Bool?) { self.matches = matches }
}

extension ExprEval {
    /// The instant a value names: an instant, or a text in RFC 3339 or `yyyy-MM-dd` (UTC midnight).
    static func instant(_ v: ExprValue) -> Int64? {
        switch v {
        case .instant(let ms): return ms
        case .text(let t):
            // Most texts compared (`status == 'shipped'`) are no dates: told from their first five
            // bytes, without copying them.
            var head = t.utf8.makeIterator()
            for i in 0..<5 {
                guard let b = head.next(), i == 4 ? b == 0x2D : (b >= 0x30 && b <= 0x39) else { return nil }
            }
            if let ms = CivilTime.rfc3339(t) { return ms }
            let d = Array(t.utf8)
            guard d.count == 10, d[7] == 0x2D, [5, 6, 8, 9].allSatisfy({ d[$0] >= 0x30 && d[$0] <= 0x39 }) else { return nil }
            func n(_ r: Range<Int>) -> Int { d[r].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
            let (y, m, day) = (n(0..<4), n(5..<7), n(8..<10))
            guard (1...12).contains(m), (1...CivilTime.daysIn(month: m, year: y)).contains(day) else { return nil }
            return Int64(CivilTime.days(year: y, month: m, day: day)) * 86_400_000
        default: return nil
        }
    }

    /// `a op b` when either is a date or a duration (or two texts subtracted); nil when neither is.
    func time(_ op: Expr.Arithmetic, _ x: ExprValue, _ y: ExprValue, _ a: Expr, _ b: Expr) throws(Stop) -> ExprValue? {
        switch (x, op, y) {
        case (.duration(let p), .add, .duration(let q)): return .duration(p + q)
        case (.duration(let p), .subtract, .duration(let q)): return .duration(p - q)
        case (.duration(let p), .divide, .duration(let q)):
            guard q != 0 else { throw Stop(ExprMessages.stopDivideByZero(["expr": b.text])) }
            return .number(Decimal(p) / Decimal(q))
        case (.duration(let p), .multiply, .number(let q)), (.number(let q), .multiply, .duration(let p)):
            return .duration(Self.millis(Decimal(p) * q))
        case (.duration(let p), .divide, .number(let q)):
            guard q != 0 else { throw Stop(ExprMessages.stopDivideByZero(["expr": b.text])) }
            return .duration(Self.millis(Decimal(p) / q))
        case (_, .add, .duration(let q)), (_, .subtract, .duration(let q)):
            let p = try date(x, a)
            return .instant(op == .add ? p + q : p - q)
        case (.duration(let p), .add, _): return .instant(try date(y, b) + p)
        case (.instant, .subtract, _), (_, .subtract, .instant), (.text, .subtract, .text):
            return .duration(try date(x, a) - date(y, b))
        case (.instant, _, _), (_, _, .instant), (.duration, _, _), (_, _, .duration):
            throw Stop(op.cannotTemplate(["a": a.text, "b": b.text], messages: ["x": Self.shown(x), "y": Self.shown(y)]))
        default: return nil
        }
    }

    func date(_ v: ExprValue, _ e: Expr) throws(Stop) -> Int64 {
        if let ms = Self.instant(v) { return ms }
        if v == .missing { throw Stop(ExprMessages.stopMissing(["expr": e.text])) }
        throw Stop(ExprMessages.stopNotDate(["expr": e.text], messages: ["value": Self.shown(v)]))
    }

    /// Two values compared as instants or durations (two texts that both name dates too); nil otherwise.
    func timeOrder(_ x: ExprValue, _ y: ExprValue, _ a: Expr, _ b: Expr) throws(Stop) -> (Int64, Int64)? {
        // Two texts that are both dates are compared as the instants they name, not as text:
        // `2026-04-18T05:07:07+08:00` is before `2026-04-17T22:07:07Z`, and `…52.000Z` is `…52Z`.
        if case .text = x, case .text = y, let p = Self.instant(x), let q = Self.instant(y) { return (p, q) }
        switch (x, y) {
        case (.duration(let p), .duration(let q)): return (p, q)
        case (.instant, _), (_, .instant): return (try date(x, a), try date(y, b))
        case (.duration, _), (_, .duration):
            throw Stop(
                ExprMessages.stopTimesCannotCompare(["a": a.text, "b": b.text], messages: ["x": Self.shown(x), "y": Self.shown(y)]))
        default: return nil
        }
    }

    private static func millis(_ d: Decimal) -> Int64 {
        var d = d, r = Decimal()
        NSDecimalRound(&r, &d, 0, .plain)
        return (r as NSDecimalNumber).int64Value
    }

    /// A duration as written in formulas: `7d`, `36h`, `1d 2h 30m`, `-2h`.
    static func durationText(_ ms: Int64) -> String {
        if ms == 0 { return "0s" }
        var rest = ms < 0 ? -ms : ms
        var parts: [String] = []
        for (unit, size) in Expr.durationUnits.dropFirst() where rest >= size && unit != "w" {
            parts.append("\(rest / size)\(unit)")
            rest %= size
        }
        if rest > 0 { parts.append("\(rest)ms") }
        return (ms < 0 ? "-" : "") + parts.joined(separator: " ")
    }
}
