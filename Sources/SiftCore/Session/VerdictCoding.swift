import SiftJSON
import SiftMessages
import SiftConfig

/// `Codable` verdicts, in the JSON of result lines (docs/OUTPUT.md) without `source` and `line`:
/// `{"valid":false,"packs":[...],"violations":[{"field","reason","message","value","rule"}],"route":{...}}`,
/// or `{"valid":false,"error":{"reason","message"}}`.
///
/// Messages are written in one language: `en` unless the encoder's `userInfo[.siftLanguage]` is
/// `Language.zh`. A decoded violation has that text in both languages, and a decoded stage
/// output is a `JSONStageOutput` holding its JSON.
extension CodingUserInfoKey {
    /// The `Language` of messages when verdicts are encoded (default `.en`).
    public static let siftLanguage = CodingUserInfoKey(rawValue: "sift.language")!
}

/// A coding key for any name: the fixed fields and the stage outputs beside them.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private func language(_ encoder: any Encoder) -> Language { encoder.userInfo[.siftLanguage] as? Language ?? .en }

extension Violation: Codable {
    private enum Keys: String, CodingKey { case field, reason, message, value, rule }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(field, forKey: .field)
        try c.encode(reason, forKey: .reason)
        try c.encode(message.text(language(encoder)), forKey: .message)
        try c.encodeIfPresent(value, forKey: .value)
        try c.encodeIfPresent(rule?.description, forKey: .rule)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let rule = try c.decodeIfPresent(String.self, forKey: .rule).map { text -> Mark in
            // `file:line:col`; the file may itself hold colons.
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let col = Int(parts[parts.count - 1]) else {
                return Mark(file: text, line: 0, column: 0)
            }
            return Mark(file: parts.dropLast(2).joined(separator: ":"), line: line, column: col)
        }
        self.init(
            field: try c.decode(String.self, forKey: .field), reason: try c.decode(ReasonCode.self, forKey: .reason),
            message: LocalizedText(try c.decode(String.self, forKey: .message)),
            value: try c.decodeIfPresent(String.self, forKey: .value), rule: rule)
    }
}

extension RecordVerdict.InputError: Codable {
    private enum Keys: String, CodingKey { case reason, message }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(reason, forKey: .reason)
        try c.encode(localized.text(language(encoder)), forKey: .message)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(reason: try c.decode(ReasonCode.self, forKey: .reason), message: try c.decode(String.self, forKey: .message))
    }
}

extension RecordVerdict: Codable {
    /// Fields of a result line that are neither the verdict's own nor stage outputs.
    private static let lineFields: Set<String> = ["source", "line", "index", "key"]
    private static let ownFields: Set<String> = ["valid", "packs", "violations", "error"]

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(isValid, forKey: AnyKey("valid"))
        if let inputError {
            try c.encode(inputError, forKey: AnyKey("error"))
            return
        }
        try c.encode(packs, forKey: AnyKey("packs"))
        try c.encode(violations, forKey: AnyKey("violations"))
        for (i, o) in output.enumerated() where !output[..<i].contains(where: { $0.key == o.key }) {
            let tree = try JSONDocument(bytes: o.json)
            try c.encode(JSONTree(tree.root), forKey: AnyKey(o.key))
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        self.init()
        inputError = try c.decodeIfPresent(RecordVerdict.InputError.self, forKey: AnyKey("error"))
        packs = try c.decodeIfPresent([String].self, forKey: AnyKey("packs")) ?? []
        violations = try c.decodeIfPresent([Violation].self, forKey: AnyKey("violations")) ?? []
        for key in c.allKeys where !Self.ownFields.contains(key.stringValue) && !Self.lineFields.contains(key.stringValue) {
            var w = JSONWriter()
            try c.decode(JSONTree.self, forKey: key).write(into: &w)
            output.append(JSONStageOutput(key: key.stringValue, json: w.bytes))
        }
    }
}

/// Any JSON value, for stage outputs inside `Codable` verdicts. Object members keep their order
/// when encoded; decoded objects follow the decoder's order.
private enum JSONTree: Codable {
    case null, bool(Bool), int(Int64), double(Double), string(String)
    case array([JSONTree])
    case object([(String, JSONTree)])

    init(_ v: JSONValue) {
        switch v.kind {
        case .null: self = .null
        case .bool: self = .bool(v.bool ?? false)
        case .number: self = Int64(v.rawText).map(JSONTree.int) ?? .double(v.double ?? 0)
        case .string: self = .string(v.string ?? "")
        case .array: self = .array(v.elements.map(JSONTree.init))
        case .object: self = .object(v.members.map { ($0.key, JSONTree($0.value)) })
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var c = encoder.container(keyedBy: AnyKey.self)
            for (k, v) in members { try c.encode(v, forKey: AnyKey(k)) }
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for v in items { try c.encode(v) }
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .int(let i): var c = encoder.singleValueContainer(); try c.encode(i)
        case .double(let d): var c = encoder.singleValueContainer(); try c.encode(d)
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        }
    }

    init(from decoder: any Decoder) throws {
        if let c = try? decoder.container(keyedBy: AnyKey.self) {
            self = .object(try c.allKeys.map { ($0.stringValue, try c.decode(JSONTree.self, forKey: $0)) })
        } else if var c = try? decoder.unkeyedContainer() {
            var items: [JSONTree] = []
            while !c.isAtEnd { items.append(try c.decode(JSONTree.self)) }
            self = .array(items)
        } else {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                self = .null
            } else if let b = try? c.decode(Bool.self) {
                self = .bool(b)
            } else if let i = try? c.decode(Int64.self) {
                self = .int(i)
            } else if let d = try? c.decode(Double.self) {
                self = .double(d)
            } else {
                self = .string(try c.decode(String.self))
            }
        }
    }

    func write(into w: inout JSONWriter) {
        switch self {
        case .null: w.null()
        case .bool(let b): w.bool(b)
        case .int(let i): w.int(Int(i))
        case .double(let d): w.double(d)
        case .string(let s): w.string(s)
        case .array(let items):
            w.beginArray()
            for v in items { v.write(into: &w) }
            w.endArray()
        case .object(let members):
            w.beginObject()
            for (k, v) in members { w.key(k); v.write(into: &w) }
            w.endObject()
        }
    }
}
