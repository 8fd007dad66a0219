import Foundation
import SiftJSON
import SiftMessages

/// Reads an `expr:` formula into a typed tree (`Expr`), once, when the rules load: every
/// mistake is found there, with its place in the formula, never while records are checked.
///
///     formula    = "if" formula "then" formula "else" formula | or
///     or         = and { "or" and }
///     and        = not { "and" not }
///     not        = "not" not | comparison
///     comparison = sum [ ("==" | "!=" | "<" | "<=" | ">" | ">=") sum ]
///     sum        = product { ("+" | "-") product }
///     product    = unary { ("*" | "/") unary }
///     unary      = "-" unary | primary
///     primary    = number | duration | 'text' | "text" | true | false | null | now | today | path
///                | name "(" [ formula { "," formula } ] ")" | "(" formula ")"
///     duration   = digits ( "ms" | "w" | "d" | "h" | "m" | "s" )
///     path       = [ "." ] key { "." key | "[" digits "]" | "[*]" }
package struct ExprParser {
    /// A mistake at a character of the formula (0-based, in Unicode scalars).
    package struct Problem: Error {
        package let message: Message
        package let offset: Int
    }

    private let scalars: [Unicode.Scalar]
    private var at = 0
    /// The field the formula is written on: a path that starts with `.` is beside it.
    private let field: FieldPath?
    /// Compiles `matches(...)`'s pattern: the regex engine the field checks register.
    private let patterns: TextMatcher.Compiler?

    /// What the pack's fields say they hold (`DeclaredTypes`): their paths are typed so.
    private let types: [FieldPath: Expr.ValueType]

    package init(_ text: String, field: FieldPath?, patterns: TextMatcher.Compiler? = nil, types: [FieldPath: Expr.ValueType] = [:]) {
        scalars = Array(text.unicodeScalars)
        self.field = field
        self.patterns = patterns
        self.types = types
    }

    /// The whole formula, which must end where the text ends.
    package mutating func parse() throws(Problem) -> Expr {
        let e = try formula()
        skipSpace()
        guard at == scalars.count else { throw Problem(message: ExprMessages.exprAfterFormula(["rest": rest(8)]), offset: at) }
        return e
    }

    private static let words: Set<String> = ["if", "then", "else", "and", "or", "not", "true", "false", "null"]

    private mutating func formula() throws(Problem) -> Expr {
        let start = offsetAfterSpace()
        guard keyword("if") else { return try or() }
        let c = try formula()
        guard keyword("then") else { throw Problem(message: ExprMessages.exprIfThen(), offset: offsetAfterSpace()) }
        let a = try formula()
        guard keyword("else") else {
            throw Problem(message: ExprMessages.exprIfElse(), offset: offsetAfterSpace())
        }
        let b = try formula()
        return try Expr.choice(c, a, b, at: start)
    }

    private mutating func or() throws(Problem) -> Expr { try chain(.or) { p throws(Problem) in try p.and() } }

    private mutating func and() throws(Problem) -> Expr { try chain(.and) { p throws(Problem) in try p.not() } }

    /// `next { op next }`, grouped from the left.
    private mutating func chain(_ op: Expr.Logic, _ next: (inout ExprParser) throws(Problem) -> Expr) throws(Problem) -> Expr {
        var e = try next(&self)
        while true {
            let at = offsetAfterSpace()
            guard keyword(op.rawValue) else { return e }
            e = try Expr.logic(op, e, try next(&self), at: at)
        }
    }

    private mutating func not() throws(Problem) -> Expr {
        let at = offsetAfterSpace()
        guard keyword("not") else { return try comparison() }
        return try Expr.negation(try not(), at: at)
    }

    private mutating func comparison() throws(Problem) -> Expr {
        let lhs = try sum()
        let at = offsetAfterSpace()
        for op in Expr.Comparison.allCases where symbol(op.rawValue) {
            return try Expr.compare(op, lhs, try sum(), at: at)
        }
        if symbol("=") { throw Problem(message: ExprMessages.exprSingleEquals(), offset: at) }
        return lhs
    }

    private mutating func sum() throws(Problem) -> Expr {
        var e = try product()
        while true {
            let at = offsetAfterSpace()
            if symbol("+") {
                e = try Expr.arithmetic(.add, e, try product(), at: at)
            } else if peek() == "-" {
                _ = symbol("-")
                e = try Expr.arithmetic(.subtract, e, try product(), at: at)
            } else {
                return e
            }
        }
    }

    private mutating func product() throws(Problem) -> Expr {
        var e = try unary()
        while true {
            let at = offsetAfterSpace()
            if symbol("*") {
                e = try Expr.arithmetic(.multiply, e, try unary(), at: at)
            } else if symbol("/") {
                e = try Expr.arithmetic(.divide, e, try unary(), at: at)
            } else {
                return e
            }
        }
    }

    private mutating func unary() throws(Problem) -> Expr {
        let at = offsetAfterSpace()
        guard symbol("-") else { return try primary() }
        return try Expr.arithmetic(.subtract, Expr(.literal(.number(0)), type: .number, text: "0"), try unary(), at: at, text: "-")
    }

    private mutating func primary() throws(Problem) -> Expr {
        skipSpace()
        let start = at
        guard let c = peek() else { throw Problem(message: ExprMessages.exprEnds(), offset: at) }
        if symbol("(") {
            let e = try formula()
            guard symbol(")") else { throw Problem(message: ExprMessages.exprParenOpen(), offset: start) }
            return Expr(e.node, type: e.type, many: e.many, text: "(\(e.text))")
        }
        if c == "'" || c == "\"" { return try textLiteral(quote: c) }
        if ("0"..."9").contains(c) { return try number() }
        guard c == "." || c == "_" || c.properties.isAlphabetic else {
            throw Problem(message: ExprMessages.exprUnexpected(["char": String(Character(c))]), offset: at)
        }
        let word = name()
        switch word {
        case "true", "false": return Expr(.literal(.bool(word == "true")), type: .bool, text: word)
        case "null": return Expr(.literal(.null), type: .null, text: word)
        case "now" where peek() != "(" && peek() != ".": return Expr(.now, type: .date, text: word)
        case "today" where peek() != "(" && peek() != ".": return Expr(.today, type: .date, text: word)
        case "": return try path(start: start)
        default:
            if Self.words.contains(word) { throw Problem(message: ExprMessages.exprWordNotValue(["word": word]), offset: start) }
            if symbol("(") { return try call(word, start: start) }
            at = start
            return try path(start: start)
        }
    }

    private mutating func call(_ function: String, start: Int) throws(Problem) -> Expr {
        var args: [Expr] = []
        if !symbol(")") {
            repeat { args.append(try formula()) } while symbol(",")
            guard symbol(")") else {
                throw Problem(message: ExprMessages.exprCallOpen(["function": function]), offset: offsetAfterSpace())
            }
        }
        if function == "matches" {
            return try Expr.matches(args, at: start, text: "matches(\(args.map(\.text).joined(separator: ", ")))", compile: patterns)
        }
        return try Expr.call(function, args, at: start)
    }

    private mutating func number() throws(Problem) -> Expr {
        let start = at
        while let c = peek(), ("0"..."9").contains(c) || c == "." { at += 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<at]))
        guard let d = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), text.filter({ $0 == "." }).count <= 1 else {
            throw Problem(message: ExprMessages.exprNotNumber(["text": text]), offset: start)
        }
        // `7d`, `36h`, `500ms`: a duration.
        let unit = name()
        if unit.isEmpty { return Expr(.literal(.number(d)), type: .number, text: text) }
        guard let size = Expr.durationUnits.first(where: { $0.0 == unit })?.1, !text.contains(".") else {
            throw Problem(message: ExprMessages.exprNotDuration(["text": text + unit]), offset: start)
        }
        let ms = d * Decimal(size)
        return Expr(.literal(.duration((ms as NSDecimalNumber).int64Value)), type: .duration, text: text + unit)
    }

    private mutating func textLiteral(quote: Unicode.Scalar) throws(Problem) -> Expr {
        let start = at
        at += 1
        var out = String.UnicodeScalarView()
        while let c = peek(), c != quote {
            out.append(c)
            at += 1
        }
        guard peek() == quote else { throw Problem(message: ExprMessages.exprTextOpen(), offset: start) }
        at += 1
        let text = String(out)
        return Expr(.literal(.text(text)), type: .text, text: String(Character(quote)) + text + String(Character(quote)))
    }

    /// A field path: keys, `[n]` and `[*]`; a leading `.` is beside the field the formula is on.
    private mutating func path(start: Int) throws(Problem) -> Expr {
        while let c = peek(),
            c == "." || c == "_" || c == "[" || c == "]" || c == "*" || c.properties.isAlphabetic || ("0"..."9").contains(c)
        {
            at += 1
        }
        let text = String(String.UnicodeScalarView(scalars[start..<at]))
        var components: [FieldPath.Component] = []
        var written = text
        if text.hasPrefix(".") {
            guard let field, !field.components.isEmpty else {
                throw Problem(message: ExprMessages.exprNoFieldBeside(["path": text]), offset: start)
            }
            components = Array(field.components.dropLast())
            written = String(text.dropFirst())
        }
        do { components += try FieldPath(parsing: written).components } catch {
            throw Problem(message: error.problem, offset: start)
        }
        let path = FieldPath(components)
        let declared = types[path.general] ?? .any
        return Expr.path(path, text: text, inherited: text.hasPrefix(".") ? (field?.components.count ?? 1) - 1 : 0, type: declared)
    }

    // MARK: Characters

    private func peek() -> Unicode.Scalar? { at < scalars.count ? scalars[at] : nil }

    private mutating func skipSpace() {
        while let c = peek(), c.properties.isWhitespace { at += 1 }
    }

    private mutating func offsetAfterSpace() -> Int {
        skipSpace()
        return at
    }

    /// Takes `s` (after spaces) when it comes next; `<` is not taken when `<=` comes.
    private mutating func symbol(_ s: String) -> Bool {
        skipSpace()
        let u = Array(s.unicodeScalars)
        guard at + u.count <= scalars.count, Array(scalars[at..<at + u.count]) == u else { return false }
        if u.count == 1, ["<", ">", "=", "!"].contains(s), at + 1 < scalars.count, scalars[at + 1] == "=" { return false }
        at += u.count
        return true
    }

    /// Takes the word `w` when it comes next as a whole word.
    private mutating func keyword(_ w: String) -> Bool {
        skipSpace()
        let start = at
        guard name() == w else {
            at = start
            return false
        }
        return true
    }

    /// Letters, digits and `_` from here (nothing when a letter does not come first).
    private mutating func name() -> String {
        let start = at
        guard let c = peek(), c == "_" || c.properties.isAlphabetic else { return "" }
        while let c = peek(), c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c) { at += 1 }
        return String(String.UnicodeScalarView(scalars[start..<at]))
    }

    private func rest(_ n: Int) -> String { String(String.UnicodeScalarView(scalars[at..<min(scalars.count, at + n)])) }
}
