import Foundation
import SiftJSON
import SiftMessages

/// Evaluates a compiled formula against one record. A value that cannot be used (a missing field
/// added, a text multiplied, a division by zero) stops it with a `Stop`: the check then says what
/// could not be computed, rather than passing or failing on a guess.
package struct ExprEval {
    /// Why a formula could not be computed, in words.
    package struct Stop: Error {
        package let message: Message
        init(_ message: Message) { self.message = message }
    }

    /// The record the formula reads.
    let record: JSONValue
    /// The as-of time in milliseconds since 1970 (`now()`, `today()`).
    let asOfMillis: Int64
    /// The array positions of the value being checked, one per `[*]` of its field path: a
    /// relative path (`.qty`) reads the same element.
    let indices: [Int]
    /// Numbers within this are equal (`tolerance:`).
    let tolerance: Decimal

    package init(record: JSONValue, asOfMillis: Int64, indices: [Int], tolerance: Decimal) {
        self.record = record
        self.asOfMillis = asOfMillis
        self.indices = indices
        self.tolerance = tolerance
    }

    package func value(_ e: Expr) throws(Stop) -> ExprValue {
        switch e.node {
        case .literal(let v): return v
        case .path(let path, let inherited): return read(path, inherited: inherited)
        case .arithmetic(let op, let a, let b):
            return try zip(try value(a), try value(b), e) { x, y throws(Stop) in try arithmetic(op, x, y, a, b) }
        case .compare(let op, let a, let b):
            return try zip(try value(a), try value(b), e, missingIsFalse: true) { x, y throws(Stop) in .bool(try compare(op, x, y, a, b)) }
        case .logic(let op, let a, let b):
            let x = try truth(try value(a), a)
            if op == .and, !x { return .bool(false) }
            if op == .or, x { return .bool(true) }
            return .bool(try truth(try value(b), b))
        case .negation(let a): return .bool(!(try truth(try value(a), a)))
        case .choice(let c, let a, let b): return try truth(try value(c), c) ? try value(a) : try value(b)
        case .aggregate(let kind, let a): return try aggregate(kind, try value(a), a)
        case .missing(let a): return try map(try value(a)) { .bool($0 == .missing || $0 == .null) }
        case .coalesce(let list):
            for a in list {
                let v = try value(a)
                if v != .missing, v != .null { return v }
            }
            return .null
        case .length(let a): return try lengthOf(try value(a), a)
        case .now: return .instant(asOfMillis)
        case .today: return .instant(asOfMillis - ((asOfMillis % 86_400_000) + 86_400_000) % 86_400_000)
        case .date(let a):
            let v = try value(a)
            if case .list(let items) = v { return .list(try items.map { (item: ExprValue) throws(Stop) in .instant(try date(item, a)) }) }
            return .instant(try date(v, a))
        case .matches(let a, let matcher):
            return try map(try value(a)) { (v: ExprValue) throws(Stop) -> ExprValue in
                guard case .text(let t) = v else {
                    if v == .missing { throw Stop(ExprMessages.stopMissing(["expr": a.text])) }
                    throw Stop(ExprMessages.stopNotText(["expr": a.text], messages: ["value": Self.shown(v)]))
                }
                guard let found = matcher.matches(t) else {
                    throw Stop(ExprMessages.stopPatternGaveUp(["expr": a.text]))
                }
                return .bool(found)
            }
        }
    }

    /// True or false, or a stop when the value is neither.
    package func truth(_ v: ExprValue, _ e: Expr) throws(Stop) -> Bool {
        switch v {
        case .bool(let b): return b
        case .missing: throw Stop(ExprMessages.stopMissing(["expr": e.text]))
        default:
            throw Stop(ExprMessages.stopNotBoolean(["expr": e.text], messages: ["value": Self.shown(v)]))
        }
    }

    // MARK: Fields

    /// The field's value: one value, or the list a free `[*]` gives (`missing` when absent).
    private func read(_ path: FieldPath, inherited: Int) -> ExprValue {
        var bound = 0
        func walk(_ v: JSONValue, _ i: Int) -> ExprValue {
            guard i < path.components.count else { return Self.value(of: v) }
            switch path.components[i] {
            case .key(let k):
                guard v.kind == .object, let next = v[k] else { return .missing }
                return walk(next, i + 1)
            case .index(let n):
                guard v.kind == .array, let next = v[n] else { return .missing }
                return walk(next, i + 1)
            case .wildcard:
                guard v.kind == .array else { return .missing }
                if i < inherited, bound < indices.count {
                    let n = indices[bound]
                    bound += 1
                    guard let next = v[n] else { return .missing }
                    return walk(next, i + 1)
                }
                return .list(v.elements.map { walk($0, i + 1) })
            }
        }
        return walk(record, 0)
    }

    /// A JSON value as a formula sees it: numbers exactly (as decimals), text as text.
    static func value(of v: JSONValue) -> ExprValue {
        switch v.kind {
        case .number: return v.decimal.map(ExprValue.number) ?? .null
        case .string: return .text(v.string ?? "")
        case .bool: return .bool(v.bool ?? false)
        case .null: return .null
        case .array: return .list(v.elements.map(value(of:)))
        default: return .object  // no value a formula can use: it stops where it is used
        }
    }

    // MARK: Operators

    /// `f` over two values, element by element for lists (a single value goes with each element).
    private func zip(
        _ a: ExprValue, _ b: ExprValue, _ e: Expr, missingIsFalse: Bool = false, _ f: (ExprValue, ExprValue) throws(Stop) -> ExprValue
    ) throws(Stop) -> ExprValue {
        switch (a, b) {
        case (.list(let x), .list(let y)):
            guard x.count == y.count else {
                throw Stop(ExprMessages.stopListLengths(["expr": e.text, "a": "\(x.count)", "b": "\(y.count)"]))
            }
            var out: [ExprValue] = []
            for (p, q) in Swift.zip(x, y) { out.append(try element(p, q, missingIsFalse, f)) }
            return .list(out)
        case (.list(let x), _):
            var out: [ExprValue] = []
            for p in x { out.append(try element(p, b, missingIsFalse, f)) }
            return .list(out)
        case (_, .list(let y)):
            var out: [ExprValue] = []
            for q in y { out.append(try element(a, q, missingIsFalse, f)) }
            return .list(out)
        default: return try f(a, b)
        }
    }

    /// One element's `f`. In a comparison, an element without the field gives `missing` where it
    /// cannot be compared, so `any(items[*].qty >= 15)` counts it as false; arithmetic on it
    /// stops, saying which field is missing (`sum` needs a number from each element).
    private func element(
        _ p: ExprValue, _ q: ExprValue, _ missingIsFalse: Bool, _ f: (ExprValue, ExprValue) throws(Stop) -> ExprValue
    ) throws(Stop) -> ExprValue {
        do { return try f(p, q) } catch {
            if missingIsFalse, p == .missing || q == .missing { return .missing }
            throw error
        }
    }

    private func map(_ v: ExprValue, _ f: (ExprValue) throws(Stop) -> ExprValue) throws(Stop) -> ExprValue {
        if case .list(let x) = v {
            var out: [ExprValue] = []
            for item in x { out.append(try f(item)) }
            return .list(out)
        }
        return try f(v)
    }

    private func number(_ v: ExprValue, _ e: Expr) throws(Stop) -> Decimal {
        switch v {
        case .number(let d): return d
        case .missing: throw Stop(ExprMessages.stopMissing(["expr": e.text]))
        default: throw Stop(ExprMessages.stopNotNumber(["expr": e.text], messages: ["value": Self.shown(v)]))
        }
    }

    private func arithmetic(_ op: Expr.Arithmetic, _ x: ExprValue, _ y: ExprValue, _ a: Expr, _ b: Expr) throws(Stop) -> ExprValue {
        if let t = try time(op, x, y, a, b) { return t }
        let p = try number(x, a), q = try number(y, b)
        switch op {
        case .add: return .number(p + q)
        case .subtract: return .number(p - q)
        case .multiply: return .number(p * q)
        case .divide:
            guard q != 0 else { throw Stop(ExprMessages.stopDivideByZero(["expr": b.text])) }
            return .number(p / q)
        }
    }

    private func compare(_ op: Expr.Comparison, _ x: ExprValue, _ y: ExprValue, _ a: Expr, _ b: Expr) throws(Stop) -> Bool {
        if let (p, q) = try timeOrder(x, y, a, b) { return Self.holds(op, p, q) }
        switch (x, y) {
        case (.number(let p), .number(let q)):
            let gap = p - q, close = (gap < 0 ? -gap : gap) <= tolerance
            switch op {
            case .equal: return close
            case .notEqual: return !close
            case .less: return p < q && !close
            case .greater: return p > q && !close
            case .atMost: return p < q || close
            case .atLeast: return p > q || close
            }
        case (.text(let p), .text(let q)): return Self.holds(op, p, q)
        case (.bool(let p), .bool(let q)) where op == .equal || op == .notEqual: return (p == q) == (op == .equal)
        case (.null, _), (.missing, _), (_, .null), (_, .missing):
            // `x == null` holds for a field that is missing or null; anything else needs a value.
            let p = x == .null || x == .missing, q = y == .null || y == .missing
            if op == .equal || op == .notEqual, !(x == .missing && y != .null), !(y == .missing && x != .null) {
                return (p == q) == (op == .equal)
            }
            let gone = p ? (a, x) : (b, y)
            throw Stop((gone.1 == .null ? ExprMessages.stopNull : ExprMessages.stopMissing)(["expr": gone.0.text]))
        case (.number, _): _ = try number(y, b); return false  // throws: y is not a number
        case (_, .number): _ = try number(x, a); return false
        default:
            if case .literal = b.node {
                throw Stop(ExprMessages.stopCannotCompareWith(["expr": a.text, "other": b.text], messages: ["value": Self.shown(x)]))
            }
            throw Stop(ExprMessages.stopCannotCompare(["a": a.text, "b": b.text], messages: ["x": Self.shown(x), "y": Self.shown(y)]))
        }
    }

    /// `p op q` for values in one order (instants, durations, texts).
    private static func holds<T: Comparable>(_ op: Expr.Comparison, _ p: T, _ q: T) -> Bool {
        switch op {
        case .equal: return p == q
        case .notEqual: return p != q
        case .less: return p < q
        case .greater: return p > q
        case .atMost: return p <= q
        case .atLeast: return p >= q
        }
    }

    private func aggregate(_ kind: Expr.Aggregate, _ v: ExprValue, _ e: Expr) throws(Stop) -> ExprValue {
        let items: [ExprValue]
        switch v {
        case .list(let x): items = x
        case .missing, .null: items = []
        default: throw Stop(ExprMessages.stopNotList(["expr": e.text], messages: ["value": Self.shown(v)]))
        }
        switch kind {
        case .count: return .number(Decimal(items.count))
        case .sum:
            var total = Decimal(0)
            for item in items { total += try number(item, e) }
            return .number(total)
        case .min, .max:
            var best: Decimal?
            for item in items {
                let n = try number(item, e)
                if let b = best, kind == .min ? b <= n : b >= n { continue }
                best = n
            }
            guard let best else { throw Stop(ExprMessages.stopNoElements(["expr": e.text])) }
            return .number(best)
        case .any, .all:
            // An element without the field (or null) counts as false: any(items[*].gift) is any line marked a gift.
            for item in items where (item == .missing || item == .null ? false : try truth(item, e)) == (kind == .any) {
                return .bool(kind == .any)
            }
            return .bool(kind == .all)
        }
    }

    private func lengthOf(_ v: ExprValue, _ e: Expr) throws(Stop) -> ExprValue {
        switch v {
        case .text(let t): return .number(Decimal(t.count))
        case .list(let x) where !e.many: return .number(Decimal(x.count))
        case .list(let x): return .list(try x.map { (item: ExprValue) throws(Stop) -> ExprValue in try lengthOf(item, e) })
        case .missing: throw Stop(ExprMessages.stopMissing(["expr": e.text]))
        default: throw Stop(ExprMessages.stopNotTextOrList(["expr": e.text], messages: ["value": Self.shown(v)]))
        }
    }

    // MARK: Words

    package static func describe(_ v: ExprValue) -> String {
        switch v {
        case .number(let d): return "\(d)"
        case .text(let t): return "'\(t)'"
        case .bool(let b): return "\(b)"
        case .null: return "null"
        case .missing: return "missing"
        case .list(let x): return "a list of \(x.count)"
        case .object: return "an object"
        case .instant(let ms): return ms % 86_400_000 == 0 ? CivilTime.isoDay(ms) : CivilTime.isoTime(ms)
        case .duration(let ms): return durationText(ms)
        }
    }

    /// A value as a message says it: `12`, `'abc'`, `missing`, `a list of 3` (` 12`, `缺失`, `含 3 项的列表`).
    static func shown(_ v: ExprValue) -> Message { .localized(LocalizedText(en: describe(v), zh: describeZH(v))) }

    package static func describeZH(_ v: ExprValue) -> String {
        switch v {
        case .list(let x): return "含 \(x.count) 项的列表"
        case .missing: return "缺失"
        case .object: return "对象"
        default: return " \(describe(v))"
        }
    }
}
