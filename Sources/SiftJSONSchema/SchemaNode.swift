import SiftCore
import SiftRegex

/// One compiled (sub)schema: the keywords it asserts, each with where it was written. Nodes
/// refer to each other by index into their `SchemaProgram`, so recursive schemas (`$ref: '#'`)
/// are a cycle of indices, never of references. Immutable once the program is built.
final class SchemaNode: @unchecked Sendable {
    /// Where the subschema is: its JSON Pointer in the schema file and its line and column.
    let pointer: String
    let mark: Mark
    /// `true` or `{}` (nil); `false` (a schema nothing passes).
    var never = false
    /// The schema's `title` and `description`: comments of an imported pack.
    var title: String?
    var about: String?

    var types: TypeSet?
    var enumValues: [JSONValue]?
    var constValue: JSONValue?

    var minimum: NumberBound?
    var maximum: NumberBound?
    var exclusiveMinimum: NumberBound?
    var exclusiveMaximum: NumberBound?
    var multipleOf: NumberBound?

    var minLength: Int?
    var maxLength: Int?
    var pattern: SchemaPattern?
    var format: SchemaFormat?

    var required: [SchemaName] = []
    var properties: [(name: SchemaName, node: Int)] = []
    var patternProperties: [(pattern: SchemaPattern, node: Int)] = []
    var additionalProperties: Int?
    var propertyNames: Int?
    var dependentRequired: [(name: SchemaName, requires: [SchemaName])] = []
    var dependentSchemas: [(name: SchemaName, node: Int)] = []
    var minProperties: Int?
    var maxProperties: Int?

    var prefixItems: [Int] = []
    var items: Int?
    var contains: Int?
    var minContains: Int?
    var maxContains: Int?
    var minItems: Int?
    var maxItems: Int?
    var uniqueItems = false

    var allOf: [Int] = []
    var anyOf: [Int] = []
    var oneOf: [Int] = []
    var not: Int?
    var ifThenElse: (if: Int, then: Int?, else: Int?)?
    var ref: Int?

    /// Where each keyword was written, for the `rule` of a violation.
    var marks: [String: Mark] = [:]

    init(pointer: String, mark: Mark) {
        self.pointer = pointer
        self.mark = mark
    }

    func mark(_ keyword: String) -> Mark { marks[keyword] ?? mark }

    /// True when the node asserts anything about objects (so a non-object skips them all).
    var hasObjectKeywords: Bool {
        !required.isEmpty || !properties.isEmpty || !patternProperties.isEmpty || additionalProperties != nil
            || propertyNames != nil || !dependentRequired.isEmpty || !dependentSchemas.isEmpty || minProperties != nil
            || maxProperties != nil
    }

    var hasArrayKeywords: Bool {
        !prefixItems.isEmpty || items != nil || contains != nil || minItems != nil || maxItems != nil || uniqueItems
    }
}

/// A property name, kept as text for messages and as UTF-8 to compare with keys in place.
struct SchemaName: Sendable {
    let text: String
    let bytes: [UInt8]

    init(_ text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }
}

/// A `pattern` or a `patternProperties` key: ECMA-262 semantics, a search anywhere in the text.
struct SchemaPattern: @unchecked Sendable {
    let source: String
    let regex: CompiledRegex
}

/// The JSON types `type` may name; `integer` is a number with no fraction (`1.0` is one).
struct TypeSet: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = TypeSet(rawValue: 1)
    static let boolean = TypeSet(rawValue: 2)
    static let object = TypeSet(rawValue: 4)
    static let array = TypeSet(rawValue: 8)
    static let number = TypeSet(rawValue: 16)
    static let string = TypeSet(rawValue: 32)
    static let integer = TypeSet(rawValue: 64)

    static let names: [(String, TypeSet)] = [
        ("null", .null), ("boolean", .boolean), ("object", .object), ("array", .array), ("number", .number),
        ("string", .string), ("integer", .integer),
    ]

    /// The type names in the schema's words: `string or null`.
    var words: [String] { Self.names.filter { contains($0.1) }.map(\.0) }

    func admits(_ v: JSONValue) -> Bool {
        switch v.kind {
        case .null: return contains(.null)
        case .bool: return contains(.boolean)
        case .object: return contains(.object)
        case .array: return contains(.array)
        case .string: return contains(.string)
        case .number: return contains(.number) || (contains(.integer) && v.isIntegral)
        }
    }
}

/// A number of a numeric keyword, compared exactly when both numbers have up to 19 significant
/// digits (`0.1`, `1e-7`), otherwise as doubles.
struct NumberBound: Sendable {
    let text: String
    let exact: ExactDecimal?
    let double: Double

    init?(_ text: String) {
        guard let d = Double(text), d.isFinite else { return nil }
        self.text = text
        self.double = d
        self.exact = ExactDecimal(Array(text.utf8).withUnsafeBufferPointer { ExactDecimal($0) })
    }

    /// -1, 0 or 1: the value against this bound.
    func compare(_ v: JSONValue) -> Int {
        if let exact, let x = ExactDecimal(v) { return x < exact ? -1 : (exact < x ? 1 : 0) }
        let d = v.double ?? 0
        return d < double ? -1 : (d > double ? 1 : 0)
    }

    /// True when the value is a whole multiple of this (positive) number.
    func divides(_ v: JSONValue) -> Bool {
        if let exact, let x = ExactDecimal(v) { return x.isMultiple(of: exact) }
        guard let d = v.double else { return false }
        let q = d / double
        guard q.isFinite else { return false }
        return q.rounded() == q
    }
}

extension ExactDecimal {
    fileprivate init?(_ e: ExactDecimal?) {
        guard let e else { return nil }
        self = e
    }
}
