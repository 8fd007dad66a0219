/// A parsed JSON text: the original bytes plus a flat tape of value positions.
///
/// Parsing validates the text (grammar, UTF-8, escapes, depth) and records where each
/// value lies; strings and numbers are decoded only when a check asks for them, and
/// plain strings are matched straight from the input bytes.
public final class JSONDocument: Sendable {
    /// The JSON text.
    public let bytes: [UInt8]
    let tape: [TapeEntry]

    /// Parses `bytes` as one JSON value (leading and trailing whitespace allowed).
    public init(bytes: [UInt8], maxDepth: Int = 512) throws(JSONParseError) {
        self.bytes = bytes
        var parser = JSONTapeParser(maxDepth: maxDepth)
        self.tape = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
            try parser.parseDocument(buffer)
        }
    }

    /// The top-level value.
    public var root: JSONValue { JSONValue(document: self, index: 0) }
}

/// Why a text is not valid JSON, and where (0-based byte offset).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
    public var description: String { "\(message) at byte \(offset + 1)" }
}

/// The JSON value kinds.
public enum JSONKind: UInt8, Sendable, CustomStringConvertible {
    case object, array, string, number, bool, null

    public var description: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// One value on the tape. Containers span `start..<end` (brackets included) and `next`
/// is the tape index after their last descendant; strings span their content only.
struct TapeEntry: Sendable {
    var kind: JSONKind
    var escaped: Bool
    var boolValue: Bool
    var start: Int
    var end: Int
    var next: Int
    var count: Int
}
