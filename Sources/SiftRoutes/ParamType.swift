import SiftCore
import SiftRegex
import SiftJSON

/// The type of a route parameter. A value that does not fit never reaches the result.
enum ParamType: Sendable, CustomStringConvertible {
    /// Any non-empty segment.
    case string
    /// A signed 64-bit decimal integer, without sign '+' or leading zeros.
    case int
    /// An `int` within bounds (`int:1..`, `int:1..100`, `int:..0`), both inclusive.
    case intRange(Int64?, Int64?)
    /// An unsigned 64-bit decimal integer, without sign or leading zeros.
    case uint
    /// 8-4-4-4-12 hexadecimal digits.
    case uuid
    /// Lowercase letters and digits in words joined by single hyphens: `summer-sale-2026`.
    case slug
    case oneOf([String])
    case pattern(CompiledRegex)
    /// true/false or 1/0, given as a JSON boolean (for query flags).
    case bool

    /// Parses `int`, `enum:a|b`, `regex:[A-Z]{3}`; nil if unknown; throws for a bad regex.
    static func parse(_ text: String) throws(RegexError) -> ParamType? {
        switch text {
        case "string": return .string
        case "int": return .int
        case "uint": return .uint
        case "uuid": return .uuid
        case "slug": return .slug
        case "bool": return .bool
        default:
            if text.hasPrefix("enum:") {
                let values = text.dropFirst(5).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                return values.contains("") ? nil : .oneOf(values)
            }
            if text.hasPrefix("regex:") { return .pattern(try CompiledRegex.shared(String(text.dropFirst(6)))) }
            if text.hasPrefix("int:") { return intRange(text.dropFirst(4)) }
            return nil
        }
    }

    static let names = ["string", "int", "int:1..", "uint", "uuid", "slug", "bool", "enum:a|b", "regex:..."]

    /// `1..`, `1..100`, `..0`: bounds as canonical integers, at least one, low ≤ high.
    private static func intRange(_ text: Substring) -> ParamType? {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, !(parts[0].isEmpty && parts[1].isEmpty) else { return nil }
        func bound(_ s: String) -> Int64?? { s.isEmpty ? .some(nil) : Int64(s).map { .some($0) } }
        guard let lo = bound(parts[0]), let hi = bound(parts[1]) else { return nil }
        if let lo, let hi, lo > hi { return nil }
        return .intRange(lo, hi)
    }

    var description: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .intRange(let lo, let hi): return "int:\(lo.map(String.init) ?? "")..\(hi.map(String.init) ?? "")"
        case .uint: return "uint"
        case .uuid: return "uuid"
        case .slug: return "slug"
        case .bool: return "bool"
        case .oneOf(let v): return "enum:" + v.joined(separator: "|")
        case .pattern(let r): return "regex:" + r.pattern
        }
    }

    /// The value as JSON (numbers for int and uint), or nil if it does not fit the type.
    func accept(_ s: String) -> JSONLiteral? {
        switch self {
        case .string:
            return s.isEmpty ? nil : .string(s)
        case .int:
            guard Self.canonicalDigits(s.hasPrefix("-") ? String(s.dropFirst()) : s), s != "-0", let v = Int64(s) else { return nil }
            return .number(String(v))
        case .intRange(let lo, let hi):
            guard Self.canonicalDigits(s.hasPrefix("-") ? String(s.dropFirst()) : s), s != "-0", let v = Int64(s),
                v >= (lo ?? .min), v <= (hi ?? .max)
            else { return nil }
            return .number(String(v))
        case .uint:
            guard Self.canonicalDigits(s), let v = UInt64(s) else { return nil }
            return .number(String(v))
        case .uuid:
            let b = Array(s.utf8)
            guard b.count == 36 else { return nil }
            for (i, c) in b.enumerated() {
                if [8, 13, 18, 23].contains(i) { guard c == UInt8(ascii: "-") else { return nil }; continue }
                guard (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46) else { return nil }
            }
            return .string(s.lowercased())
        case .slug:
            let words = s.split(separator: "-", omittingEmptySubsequences: false)
            guard !s.isEmpty,
                words.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) } })
            else { return nil }
            return .string(s)
        case .oneOf(let values):
            return values.contains(s) ? .string(s) : nil
        case .pattern(let r):
            return r.match(s) == .match ? .string(s) : nil
        case .bool:
            switch s {
            case "true", "1": return .bool(true)
            case "false", "0": return .bool(false)
            default: return nil
            }
        }
    }

    /// Digits only, no leading zero unless the number is 0.
    static func canonicalDigits(_ s: String) -> Bool {
        guard let f = s.utf8.first, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        return f != 0x30 || s.utf8.count == 1
    }

    /// True when every value this type accepts, `other` accepts too (used to find shadowed routes;
    /// false when it cannot tell).
    func isSubset(of other: ParamType) -> Bool {
        switch (self, other) {
        case (_, .string): return true
        case (.int, .int), (.uint, .uint), (.uuid, .uuid), (.slug, .slug), (.bool, .bool), (.intRange, .int): return true
        case (.intRange(let a, let b), .intRange(let c, let d)): return (a ?? .min) >= (c ?? .min) && (b ?? .max) <= (d ?? .max)
        case (.uint, .slug): return true
        case (.oneOf(let a), _): return a.allSatisfy { other.accept($0) != nil }
        case (.pattern(let a), .pattern(let b)): return a.pattern == b.pattern
        default: return false
        }
    }

    /// A value of this type, for AASA checks; nil when none can be made.
    var sample: String? {
        switch self {
        case .string, .slug: return "a"
        case .int, .uint: return "1"
        case .intRange(let lo, let hi): return String(lo ?? min(hi ?? 1, 1))
        case .uuid: return "00000000-0000-0000-0000-000000000000"
        case .oneOf(let v): return v.first
        case .bool: return "true"
        case .pattern(let r):
            return ["a", "1", "A", "ab", "abc", "ABC", "123"].first { r.match($0) == .match }
        }
    }
}

/// A JSON value for results: text or a number (written as is).
enum JSONLiteral: Sendable, Equatable {
    case string(String)
    case number(String)
    case bool(Bool)

    func write(_ w: inout JSONWriter) {
        switch self {
        case .string(let s): w.string(s)
        case .number(let n): w.raw(n.utf8)
        case .bool(let b): w.bool(b)
        }
    }
}
