import SiftMessages

/// A node of a rule file, as read from YAML, with the position it came from.
///
/// Rule files are read into this tree rather than through `Codable`, so that every
/// value, key and error keeps its file, line and column.
package struct ConfigNode: Sendable {
    public enum Kind: Sendable {
        case scalar(Scalar)
        case mapping([Pair])
        case sequence([ConfigNode])
    }

    /// A scalar's text and whether it was quoted (a quoted `"12"` is a string; a plain `12` is a number).
    public struct Scalar: Sendable, Hashable {
        public var text: String
        public var isPlain: Bool
        public init(_ text: String, isPlain: Bool = true) {
            self.text = text
            self.isPlain = isPlain
        }
    }

    /// A mapping entry; the key keeps its own mark for "unknown key" errors.
    public struct Pair: Sendable {
        public var key: ConfigNode
        public var value: ConfigNode
        public init(key: ConfigNode, value: ConfigNode) {
            self.key = key
            self.value = value
        }
    }

    public var kind: Kind
    public var mark: Mark

    public init(_ kind: Kind, mark: Mark) {
        self.kind = kind
        self.mark = mark
    }
}

extension ConfigNode {
    /// The scalar's text whatever its style, or nil for a mapping or sequence.
    public var scalarText: String? {
        if case .scalar(let s) = kind { return s.text }
        return nil
    }

    /// A mapping's entries, or nil.
    public var pairs: [Pair]? {
        if case .mapping(let p) = kind { return p }
        return nil
    }

    /// A sequence's items, or nil.
    public var items: [ConfigNode]? {
        if case .sequence(let i) = kind { return i }
        return nil
    }

    /// The value for a key of a mapping (the last one, if the key repeats).
    public subscript(key: String) -> ConfigNode? {
        pairs?.last(where: { $0.key.scalarText == key })?.value
    }

    /// YAML 1.2 core-schema resolution of a plain scalar: null, bool, int or float.
    public var resolved: ResolvedScalar? {
        guard case .scalar(let s) = kind else { return nil }
        return ResolvedScalar(s)
    }

    /// What the node is, in words, for error messages: "a list", "a mapping", "the number 3".
    /// What the node is, in every language (`kindDescription` in English).
    package var kindMessage: Message {
        switch kind {
        case .mapping: return ConfigMessages.kindMapping()
        case .sequence: return ConfigMessages.kindList()
        case .scalar:
            switch resolved! {
            case .null: return ConfigMessages.kindNull()
            case .bool(let b): return ConfigMessages.kindBoolean(["value": "\(b)"])
            case .int(let i): return ConfigMessages.kindNumber(["value": "\(i)"])
            case .double(let d): return ConfigMessages.kindNumber(["value": "\(d)"])
            case .string(let s): return ConfigMessages.kindText(["value": s])
            }
        }
    }

    public var kindDescription: String {
        switch kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar:
            switch resolved! {
            case .null: return "null"
            case .bool(let b): return "the boolean \(b)"
            case .int(let i): return "the number \(i)"
            case .double(let d): return "the number \(d)"
            case .string(let s): return "the text '\(s)'"
            }
        }
    }
}

/// The value of a scalar under YAML 1.2's core schema.
package enum ResolvedScalar: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)

    /// True for a whole or decimal number.
    package var isNumber: Bool {
        switch self {
        case .int, .double: true
        default: false
        }
    }

    public init(_ scalar: ConfigNode.Scalar) {
        let t = scalar.text
        guard scalar.isPlain else { self = .string(t); return }
        switch t {
        case "", "~", "null", "Null", "NULL": self = .null
        case "true", "True", "TRUE": self = .bool(true)
        case "false", "False", "FALSE": self = .bool(false)
        default:
            if let i = Int(t) {
                self = .int(i)
            } else if t.hasPrefix("0x"), let i = Int(t.dropFirst(2), radix: 16) {
                self = .int(i)
            } else if Self.looksNumeric(t), let d = Double(t) {
                self = .double(d)
            } else {
                self = .string(t)
            }
        }
    }

    private static func looksNumeric(_ t: String) -> Bool {
        guard let f = t.unicodeScalars.first else { return false }
        return f == "-" || f == "+" || f == "." || ("0"..."9").contains(f)
    }
}
