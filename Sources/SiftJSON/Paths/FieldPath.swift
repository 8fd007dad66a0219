import SiftMessages

/// A path to a field of a record: `profile.phone`, `in_app[*].product_id`, `items[0]`,
/// `["key.with.dots"].x`. Parses and prints back to the same text.
package struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
        /// `[*]`: every element of an array.
        case wildcard
    }

    public let components: [Component]
    /// UTF-8 of each key component, precomputed for byte comparison on the hot path.
    package let keyBytes: [[UInt8]]
    /// True when the path has a `[*]`.
    public let hasWildcard: Bool
    /// The printed form, computed once: violations name their field with it.
    public let description: String

    public init(_ components: [Component]) {
        self.components = components
        self.keyBytes = components.map { if case .key(let k) = $0 { return Array(k.utf8) } else { return [] } }
        self.hasWildcard = components.contains(.wildcard)
        self.description = Self.printed(components)
        ReadRecorder.add(self)
    }

    public static func == (a: FieldPath, b: FieldPath) -> Bool { a.components == b.components }
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }

    /// Parses the path syntax; the error says what is wrong in words.
    public init(parsing text: String) throws(FieldPathError) {
        var comps: [Component] = []
        let s = Array(text.unicodeScalars)
        var i = 0
        func bad(_ why: Message) -> FieldPathError { FieldPathError(JSONMessages.invalidPath(["path": text], messages: ["why": why]), why) }
        if s.isEmpty { throw bad(FieldPathMessages.empty()) }
        var expectKey = true
        while i < s.count {
            if s[i] == "[" {
                guard let close = s[i...].firstIndex(of: "]") else { throw bad(FieldPathMessages.unclosedBracket()) }
                let inner = String(String.UnicodeScalarView(s[(i + 1)..<close]))
                if inner == "*" {
                    comps.append(.wildcard)
                } else if let n = Int(inner), n >= 0 {
                    comps.append(.index(n))
                } else if inner.count >= 2, inner.hasPrefix("\""), inner.hasSuffix("\"") {
                    comps.append(.key(String(inner.dropFirst().dropLast())))
                } else {
                    throw bad(FieldPathMessages.badSubscript(["inner": inner]))
                }
                i = close + 1
                expectKey = false
            } else if s[i] == "." {
                if expectKey { throw bad(FieldPathMessages.emptyName()) }
                i += 1
                expectKey = true
                if i == s.count { throw bad(FieldPathMessages.endsWithDot()) }
            } else {
                if !expectKey { throw bad(FieldPathMessages.afterBracket()) }
                var j = i
                while j < s.count, s[j] != ".", s[j] != "[" { j += 1 }
                let name = String(String.UnicodeScalarView(s[i..<j]))
                if name.contains("]") { throw bad(FieldPathMessages.unopenedBracket()) }
                comps.append(.key(name))
                i = j
                expectKey = false
            }
        }
        self.init(comps)
    }

    private static func printed(_ components: [Component]) -> String {
        var out = ""
        for c in components {
            switch c {
            case .key(let k):
                if k.isEmpty || k.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) {
                    out += "[\"\(k)\"]"
                } else {
                    if !out.isEmpty { out += "." }
                    out += k
                }
            case .index(let n): out += "[\(n)]"
            case .wildcard: out += "[*]"
            }
        }
        return out
    }

    /// The path with each `[*]` replaced by the given indices, in order: `in_app[1].product_id`.
    public func concrete(_ indices: [Int]) -> String {
        guard !indices.isEmpty else { return description }
        var k = 0
        return FieldPath(
            components.map {
                if case .wildcard = $0, k < indices.count { k += 1; return .index(indices[k - 1]) }
                return $0
            }
        ).description
    }

    /// The path as a rule means it for every element: each `[0]` read as `[*]`.
    package var general: FieldPath {
        FieldPath(components.map { if case .index = $0 { return .wildcard } else { return $0 } })
    }
}

/// A field path that cannot be read, such as `a..b` or `items[x]`.
public struct FieldPathError: Error, Sendable, Equatable {
    /// What is wrong, with the path (`JSONMessages.invalidPath`).
    public let problem: Message
    /// What is wrong with the path alone, without it (`FieldPathMessages`).
    public let reason: Message
    init(_ problem: Message, _ reason: Message) {
        self.problem = problem
        self.reason = reason
    }
    /// What is wrong with the path, in English.
    public var message: String { problem.text(.en) }
}

/// Why a field path cannot be read.
enum FieldPathMessages {
    static let empty = MessageTemplate("json.path.empty", en: "it is empty", zh: "路径为空")
    static let unclosedBracket = MessageTemplate("json.path.unclosed_bracket", en: "'[' without ']'", zh: "'[' 没有对应的 ']'")
    static let unopenedBracket = MessageTemplate("json.path.unopened_bracket", en: "']' without '['", zh: "']' 没有对应的 '['")
    static let badSubscript = MessageTemplate(
        "json.path.bad_subscript", en: "'[{inner}]' is not an index, [*] or a quoted key", zh: "'[{inner}]' 不是下标、[*] 或带引号的键")
    static let emptyName = MessageTemplate("json.path.empty_name", en: "empty name before '.'", zh: "'.' 之前的名称为空")
    static let endsWithDot = MessageTemplate("json.path.ends_with_dot", en: "it ends with '.'", zh: "以 '.' 结尾")
    static let afterBracket = MessageTemplate(
        "json.path.after_bracket", en: "expected '.' or '[' after ']'", zh: "']' 后面应为 '.' 或 '['")
    static let templates = [empty, unclosedBracket, unopenedBracket, badSubscript, emptyName, endsWithDot, afterBracket]
}
