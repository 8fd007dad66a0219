import Foundation
import SiftJSON
import SiftMessages
import SiftConfig

/// A compiled `expr:` formula: a typed tree, built and checked once by `ExprParser` (every
/// combination that cannot work is refused there), then evaluated per record (`ExprEval`).
/// Numbers are exact decimals, read from their JSON text, as `sum_of` reads them.
package struct Expr: Sendable {
    package enum Arithmetic: String, Sendable {
        case add = "+", subtract = "-", multiply = "*", divide = "/"

        /// What an operand of the wrong type "cannot be": "'discount' is a text, it cannot be subtracted".
        /// The arithmetic, in every language.
        var verbMessage: Message {
            switch self {
            case .add: return ExprMessages.verbAdded()
            case .subtract: return ExprMessages.verbSubtracted()
            case .multiply: return ExprMessages.verbMultiplied()
            case .divide: return ExprMessages.verbDivided()
            }
        }

        /// What an evaluation says when a date or a duration is on one side of this operation.
        var cannotTemplate: MessageTemplate {
            switch self {
            case .add: return ExprMessages.stopCannotAdd
            case .subtract: return ExprMessages.stopCannotSubtract
            case .multiply: return ExprMessages.stopCannotMultiply
            case .divide: return ExprMessages.stopCannotDivide
            }
        }
    }

    package enum Comparison: String, Sendable, CaseIterable {
        case equal = "==", notEqual = "!=", atMost = "<=", atLeast = ">=", less = "<", greater = ">"
    }

    package enum Logic: String, Sendable { case and, or }

    /// What a list of values (a path with `[*]`) is reduced to.
    package enum Aggregate: String, Sendable, CaseIterable { case sum, count, min, max, any, all }

    /// The static type: what the formula gives, when the parser can tell.
    package enum ValueType: String, Sendable {
        case number, text, bool, null, date, duration
        /// A field's value: its type is known only when the record is read.
        case any

        /// What a value of this type is, in every language (`a number`, `数字`).
        package var nounMessage: Message {
            switch self {
            case .number: return ExprMessages.nounNumber()
            case .text: return ExprMessages.nounText()
            case .bool: return ExprMessages.nounBoolean()
            case .null: return ExprMessages.nounNull()
            case .date: return ExprMessages.nounDate()
            case .duration: return ExprMessages.nounDuration()
            case .any: return ExprMessages.nounAny()
            }
        }

        /// What a function takes many of: numbers, or true or false.
        var pluralNounMessage: Message { self == .bool ? ExprMessages.nounsBooleans() : ExprMessages.nounsNumbers() }

    }

    package indirect enum Node: Sendable {
        case literal(ExprValue)
        /// A field; `inherited` leading `[*]` are those of the checked field (`.price` beside it),
        /// bound to the checked element's positions; any other `[*]` gives a list.
        case path(FieldPath, inherited: Int)
        case arithmetic(Arithmetic, Expr, Expr)
        case compare(Comparison, Expr, Expr)
        case logic(Logic, Expr, Expr)
        case negation(Expr)
        case choice(Expr, Expr, Expr)
        case aggregate(Aggregate, Expr)
        /// `missing(x)`: the field is not there, or null.
        case missing(Expr)
        /// `coalesce(a, b, ...)`: the first that is there and not null.
        case coalesce([Expr])
        /// `len(x)`: the characters of a text, the elements of a list.
        case length(Expr)
        /// `now`: the run's as-of instant; `today`: the start of its day (UTC).
        case now, today
        /// `date(x)`: a text (RFC 3339, or `yyyy-MM-dd`) as an instant.
        case date(Expr)
        /// `matches(x, 'pattern')`: the whole text matches the pattern.
        case matches(Expr, TextMatcher)
    }

    package let node: Node
    package let type: ValueType
    /// True when it gives a list (a `[*]` path not reduced by an aggregate).
    package let many: Bool
    /// The formula as written, for messages and explanations.
    package let text: String

    init(_ node: Node, type: ValueType, many: Bool = false, text: String) {
        self.node = node
        self.type = type
        self.many = many
        self.text = text
    }

    typealias Problem = ExprParser.Problem

    /// The fields the formula reads, each with its text as written.
    package var paths: [(FieldPath, String)] {
        switch node {
        case .literal: return []
        case .path(let p, _): return [(p, text)]
        case .arithmetic(_, let a, let b), .compare(_, let a, let b), .logic(_, let a, let b): return a.paths + b.paths
        case .negation(let a), .aggregate(_, let a), .missing(let a), .length(let a), .date(let a), .matches(let a, _): return a.paths
        case .now, .today: return []
        case .choice(let c, let a, let b): return c.paths + a.paths + b.paths
        case .coalesce(let list): return list.flatMap(\.paths)
        }
    }

    /// A part of the formula in a message: a text literal as written ('x'), anything else in quotes.
    /// A message about two values and what each is (`'a' is a date and 'b' a text`).
    static func twoNouns(_ template: MessageTemplate, _ a: Expr, _ b: Expr) -> Message {
        template(["a": a.text, "b": b.text], messages: ["a_noun": a.type.nounMessage, "b_noun": b.type.nounMessage])
    }

    static func quoted(_ text: String) -> String {
        text.hasPrefix("'") || text.hasPrefix("\"") ? text : "'\(text)'"
    }

    static func path(_ path: FieldPath, text: String, inherited: Int, type: ValueType = .any) -> Expr {
        let free = path.components.filter { $0 == .wildcard }.count - wildcards(in: path, first: inherited)
        return Expr(.path(path, inherited: inherited), type: type, many: free > 0, text: text)
    }

    /// How many of the first `count` components are `[*]`.
    private static func wildcards(in path: FieldPath, first count: Int) -> Int {
        path.components.prefix(count).filter { $0 == .wildcard }.count
    }

    static func arithmetic(_ op: Arithmetic, _ a: Expr, _ b: Expr, at: Int, text: String? = nil) throws(Problem) -> Expr {
        for e in [a, b] where ![.number, .any, .date, .duration].contains(e.type) {
            throw Problem(
                message: ExprMessages.exprCannotCompute(
                    ["value": quoted(e.text)], messages: ["noun": e.type.nounMessage, "verb": op.verbMessage]),
                offset: at)
        }
        let shown = text.map { "\($0)\(b.text)" } ?? "\(a.text) \(op.rawValue) \(b.text)"
        let type = try timeType(op, a, b, at: at)
        return Expr(.arithmetic(op, a, b), type: type, many: a.many || b.many, text: shown)
    }

    static func compare(_ op: Comparison, _ a: Expr, _ b: Expr, at: Int) throws(Problem) -> Expr {
        let known = [a.type, b.type].filter { $0 != .any && $0 != .null }
        if known.count == 2, Set(known) == [.date, .text] {
            throw Problem(message: twoNouns(ExprMessages.exprDateAndText, a, b), offset: at)
        }
        if known.count == 2, known[0] != known[1] {
            throw Problem(message: twoNouns(ExprMessages.exprCannotCompare, a, b), offset: at)
        }
        if ![.equal, .notEqual].contains(op), let t = known.first, t == .bool {
            throw Problem(message: ExprMessages.exprBooleansUnordered(["op": op.rawValue]), offset: at)
        }
        return Expr(.compare(op, a, b), type: .bool, many: a.many || b.many, text: "\(a.text) \(op.rawValue) \(b.text)")
    }

    static func logic(_ op: Logic, _ a: Expr, _ b: Expr, at: Int) throws(Problem) -> Expr {
        try condition(a, at: at, word: op.rawValue)
        try condition(b, at: at, word: op.rawValue)
        return Expr(.logic(op, a, b), type: .bool, text: "\(a.text) \(op.rawValue) \(b.text)")
    }

    static func negation(_ a: Expr, at: Int) throws(Problem) -> Expr {
        try condition(a, at: at, word: "not")
        return Expr(.negation(a), type: .bool, text: "not \(a.text)")
    }

    static func choice(_ c: Expr, _ a: Expr, _ b: Expr, at: Int) throws(Problem) -> Expr {
        try condition(c, at: at, word: "if")
        for e in [a, b] where e.many {
            throw Problem(message: ExprMessages.exprGivesList(["text": e.text]), offset: at)
        }
        let known = [a.type, b.type].filter { $0 != .any && $0 != .null }
        if known.count == 2, known[0] != known[1] {
            throw Problem(
                message: ExprMessages.exprThenElse(messages: ["a_noun": a.type.nounMessage, "b_noun": b.type.nounMessage]), offset: at)
        }
        let type = a.type == b.type ? a.type : (known.count == 1 ? known[0] : .any)
        return Expr(.choice(c, a, b), type: type, text: "if \(c.text) then \(a.text) else \(b.text)")
    }

    /// `a` can be a condition: true or false (or a field's value, read then), one value.
    private static func condition(_ a: Expr, at: Int, word: String) throws(Problem) {
        if a.type != .bool, a.type != .any {
            throw Problem(
                message: ExprMessages.exprTakesBoolean(["word": word, "value": quoted(a.text)], messages: ["noun": a.type.nounMessage]),
                offset: at)
        }
        if a.many {
            throw Problem(message: ExprMessages.exprListOfBooleans(["text": a.text]), offset: at)
        }
    }

    static let functions = Aggregate.allCases.map(\.rawValue) + ["missing", "coalesce", "len", "date", "matches"]

    static func call(_ name: String, _ args: [Expr], at: Int) throws(Problem) -> Expr {
        let text = "\(name)(\(args.map(\.text).joined(separator: ", ")))"
        func one() throws(Problem) -> Expr {
            guard args.count == 1 else {
                throw Problem(message: ExprMessages.exprTakesOne(["name": name, "count": "\(args.count)"]), offset: at)
            }
            return args[0]
        }
        if let kind = Aggregate(rawValue: name) {
            let a = try one()
            let wants: ValueType? = [.sum, .min, .max].contains(kind) ? .number : ([.any, .all].contains(kind) ? .bool : nil)
            if let wants, a.type != wants, a.type != .any {
                throw Problem(
                    message: ExprMessages.exprTakesKind(
                        ["name": name, "text": a.text], messages: ["wants": wants.pluralNounMessage, "noun": a.type.nounMessage]),
                    offset: at)
            }
            let type: ValueType = kind == .count || wants == .number ? .number : .bool
            return Expr(.aggregate(kind, a), type: type, text: text)
        }
        switch name {
        case "date": return try dateOf(args, at: at, text: text)
        case "missing":
            let a = try one()
            guard case .path = a.node else {
                throw Problem(message: ExprMessages.exprMissingTakesField(), offset: at)
            }
            return Expr(.missing(a), type: .bool, many: a.many, text: text)
        case "coalesce":
            guard args.count >= 2 else {
                throw Problem(message: ExprMessages.exprCoalesceTwo(), offset: at)
            }
            let known = Set(args.map(\.type).filter { $0 != .any && $0 != .null })
            if known.count > 1 { throw Problem(message: ExprMessages.exprCoalesceOneKind(), offset: at) }
            return Expr(.coalesce(args), type: known.first ?? .any, many: args.contains(where: \.many), text: text)
        case "len":
            let a = try one()
            if a.type == .number || a.type == .bool {
                throw Problem(message: ExprMessages.exprLenTakes(["text": a.text], messages: ["noun": a.type.nounMessage]), offset: at)
            }
            return Expr(.length(a), type: .number, many: a.many, text: text)
        default:
            throw Problem(
                message: ExprMessages.exprUnknownFunction(
                    ["name": name, "functions": functions.joined(separator: ", ")], messages: ["hint": Suggestion.hint(name, in: functions)]
                ),
                offset: at)
        }
    }
}

/// A value while a formula is evaluated.
package enum ExprValue: Sendable, Equatable {
    case number(Decimal)
    case text(String)
    case bool(Bool)
    case null
    /// The field is not in the record.
    case missing
    case list([ExprValue])
    /// A JSON object: no value a formula computes with.
    case object
    /// An instant, in milliseconds since 1970 (UTC).
    case instant(Int64)
    /// A length of time, in milliseconds.
    case duration(Int64)
}
