import SiftJSON
import SiftMessages

/// Which records a pack applies to: `applies_to: {kind: signup}`, `{has: receipt}`, or all.
package struct Selector: Sendable, CustomStringConvertible {
    enum Condition: Sendable {
        /// The field equals one of these JSON texts (`"signup"`, `true`) or, when it is a
        /// number, one of these numbers by value (`1` matches `1.0`, `1e0`; `0` matches `-0`).
        case equals(FieldPath, [String], numbers: [Double])
        /// The field is present and not null.
        case has(FieldPath)
        /// `not: {...}`: the inner conditions do not all hold.
        case not(Selector)
        /// `any: [...]`: at least one of the selectors holds.
        case any([Selector])
        /// `all: [...]`: every one of the selectors holds.
        case all([Selector])
    }

    let conditions: [Condition]

    static let all = Selector(conditions: [])

    public func matches(_ record: JSONValue) -> Bool {
        for c in conditions {
            switch c {
            case .has(let path):
                guard let v = path.first(in: record), !v.isNull else { return false }
            case .not(let inner):
                guard !inner.matches(record) else { return false }
            case .any(let options):
                guard options.contains(where: { $0.matches(record) }) else { return false }
            case .all(let options):
                guard options.allSatisfy({ $0.matches(record) }) else { return false }
            case .equals(let path, let texts, let numbers):
                guard let v = path.first(in: record) else { return false }
                // Compare the value's JSON bytes as written; decode only strings with escapes.
                let matched: Bool
                if v.kind == .number {
                    matched = v.double.map { numbers.contains($0) } ?? false
                } else if v.entry.escaped {
                    let quoted = Array(JSONWriter.quoted(v.string ?? "").utf8)
                    matched = texts.contains { Array($0.utf8) == quoted }
                } else {
                    let raw = v.rawBytes
                    matched = texts.contains { $0.utf8.elementsEqual(raw) }
                }
                guard matched else { return false }
            }
        }
        return true
    }

    public var description: String { describe(.en) }

    /// The selector in words, in `language`.
    package func describe(_ language: Language) -> String {
        guard language == .zh else { return english }
        if conditions.isEmpty { return "所有记录" }
        return conditions.map {
            switch $0 {
            case .has(let p): return "\(p) 已填写"
            case .equals(let p, let v, _): return v.count == 1 ? "\(p) = \(v[0])" : "\(p) 为 [\(v.joined(separator: ", "))] 之一"
            case .not(let inner): return "不满足（\(inner.describe(.zh))）"
            case .any(let options): return "（" + options.map { $0.describe(.zh) }.joined(separator: " 或 ") + "）"
            case .all(let options): return "（" + options.map { $0.describe(.zh) }.joined(separator: " 且 ") + "）"
            }
        }.joined(separator: " 且 ")
    }

    private var english: String {
        if conditions.isEmpty { return "every record" }
        return conditions.map {
            switch $0 {
            case .has(let p): return "\(p) is present"
            case .equals(let p, let v, _): return v.count == 1 ? "\(p) = \(v[0])" : "\(p) in [\(v.joined(separator: ", "))]"
            case .not(let inner): return "not (\(inner))"
            case .any(let options): return "(" + options.map(\.description).joined(separator: " or ") + ")"
            case .all(let options): return "(" + options.map(\.description).joined(separator: " and ") + ")"
            }
        }.joined(separator: " and ")
    }
}
