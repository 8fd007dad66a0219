import Foundation
import SiftJSON
import SiftMessages
import SiftConfig
import SiftExpr

extension CheckCompiler {
    /// `expr: "total == sum(items[*].price * items[*].qty) - discount + shipping"`, with
    /// `tolerance: 0.005` beside it: read and type-checked now; a mistake is located at its
    /// character in the formula.
    mutating func compileExpr(
        _ node: ConfigNode, tolerance: ConfigNode?, at mark: Mark, prefix: String, reason: ReasonCode?, message: LocalizedText?
    ) -> (any CheckNode)? {
        guard case .scalar(let scalar) = node.kind, !scalar.text.isEmpty else {
            context.error(
                CoreMessages.exprFormulaQuotesSuchExpr(messages: ["node_kind": node.kindMessage]),
                at: node.mark)
            return nil
        }
        var slack = Decimal(0)
        if let tolerance {
            guard let text = tolerance.scalarText, let d = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), d >= 0,
                ExactDecimal.isNumberText(Array(text.utf8))
            else {
                context.error(CoreMessages.toleranceNumberMoreSuch(), at: tolerance.mark)
                return nil
            }
            slack = d
        }
        var parser = ExprParser(scalar.text, field: field, patterns: registry.textPatterns, types: declaredTypes)
        let formula: Expr
        do { formula = try parser.parse() } catch {
            // A quoted scalar's text starts one column after its quote (on its first line).
            let column = node.mark.column + (scalar.isPlain ? 0 : 1) + error.offset
            context.error(
                ExprMessages.inExpr(messages: ["problem": error.message]),
                at: Mark(file: node.mark.file, line: node.mark.line, column: column))
            return nil
        }
        for (path, text) in formula.paths {
            // Said at the path in the formula, where a misspelling is.
            let offset = scalar.text.range(of: text).map { scalar.text.distance(from: scalar.text.startIndex, to: $0.lowerBound) } ?? 0
            let at = Mark(file: node.mark.file, line: node.mark.line, column: node.mark.column + (scalar.isPlain ? 0 : 1) + offset)
            context.references.append(FieldReference(path: path, text: text, mark: at, reader: .formula))
        }
        if formula.type != .bool, formula.type != .any {
            context.error(
                ExprMessages.exprMustBeBoolean(["formula": formula.text], messages: ["noun": formula.type.nounMessage]),
                at: node.mark)
            return nil
        }
        if formula.many {
            context.error(
                CoreMessages.givesListTrueFalseHas(["formula": "\(formula.text)"]), at: node.mark)
            return nil
        }
        return ExprNode(formula: formula, tolerance: slack, reason: reason ?? ReasonCode("\(prefix).expr"), message: message, rule: mark)
    }
}
