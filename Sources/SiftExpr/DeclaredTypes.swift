import SiftJSON
import SiftConfig

/// What a pack's own checks say each field holds, read from its `fields:` before they compile:
/// a formula then knows that `discount` is a text (`type: string`) and refuses `total - discount`
/// when the rules load, not when a record comes. Only what a field says of itself directly counts:
/// `type:` of one type, `date:`, `range`/`decimals`/`multiple_of` (numbers), an `enum` of texts
/// or of numbers. A field it cannot tell stays a field's value, typed when the record is read.
package enum DeclaredTypes {
    package static func scan(_ fields: ConfigNode?) -> [FieldPath: Expr.ValueType] {
        var out: [FieldPath: Expr.ValueType] = [:]
        for pair in fields?.pairs ?? [] {
            guard let text = pair.key.scalarText, let path = try? FieldPath(parsing: text) else { continue }
            let checks = pair.value["checks"].map { $0.items ?? [$0] } ?? pair.value.items ?? []
            let types = Set(checks.compactMap(type(of:)))
            if types.count == 1, let t = types.first { out[path.general] = t }
        }
        return out
    }

    /// The type one check (`{type: string}`, `{date: rfc3339}`, `{range: {...}}`) says the value has.
    private static func type(of check: ConfigNode) -> Expr.ValueType? {
        guard let pairs = check.pairs, let kind = pairs.first?.key.scalarText else { return nil }
        let value = pairs[0].value
        switch kind {
        case "type":
            switch value.scalarText ?? value["type"]?.scalarText {
            case "string": return .text
            case "number", "integer": return .number
            case "boolean": return .bool
            default: return nil
            }
        case "date": return .date
        case "range", "decimals", "multiple_of": return .number
        case "enum":
            let items = value.items ?? value["values"]?.items ?? []
            if !items.isEmpty, items.allSatisfy({ $0.resolved.map { if case .string = $0 { true } else { false } } ?? false }) {
                return .text
            }
            if !items.isEmpty, items.allSatisfy({ $0.resolved?.isNumber == true }) { return .number }
            return nil
        default: return nil
        }
    }
}
