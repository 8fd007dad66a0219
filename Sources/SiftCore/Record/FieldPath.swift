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
    let keyBytes: [[UInt8]]
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
    public init(parsing text: String) throws(Pipeline.FieldPathError) {
        var comps: [Component] = []
        let s = Array(text.unicodeScalars)
        var i = 0
        func bad(_ why: String) -> Pipeline.FieldPathError { Pipeline.FieldPathError(message: "invalid field path '\(text)': \(why)") }
        if s.isEmpty { throw bad("it is empty") }
        var expectKey = true
        while i < s.count {
            if s[i] == "[" {
                guard let close = s[i...].firstIndex(of: "]") else { throw bad("'[' without ']'") }
                let inner = String(String.UnicodeScalarView(s[(i + 1)..<close]))
                if inner == "*" {
                    comps.append(.wildcard)
                } else if let n = Int(inner), n >= 0 {
                    comps.append(.index(n))
                } else if inner.count >= 2, inner.hasPrefix("\""), inner.hasSuffix("\"") {
                    comps.append(.key(String(inner.dropFirst().dropLast())))
                } else {
                    throw bad("'[\(inner)]' is not an index, [*] or a quoted key")
                }
                i = close + 1
                expectKey = false
            } else if s[i] == "." {
                if expectKey { throw bad("empty name before '.'") }
                i += 1
                expectKey = true
                if i == s.count { throw bad("it ends with '.'") }
            } else {
                if !expectKey { throw bad("expected '.' or '[' after ']'") }
                var j = i
                while j < s.count, s[j] != ".", s[j] != "[" { j += 1 }
                let name = String(String.UnicodeScalarView(s[i..<j]))
                if name.contains("]") { throw bad("']' without '['") }
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
}

extension Pipeline {
    /// A field path that cannot be read, such as `a..b` or `items[x]`.
    public struct FieldPathError: Error, Sendable, Equatable {
        /// What is wrong with the path, in English.
        public var message: String
    }
}
