import SiftCore
import SiftRegex
import SiftJSON
import SiftConfig

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
    /// The `required` names as a table that finds them all in one pass over an object (nil
    /// when a name is given twice); set when the program is made.
    var requiredKeys: RootKeys?
    var properties: [(name: SchemaName, node: Int)] = []
    /// The `properties` names as a table (set when the program is made, for a node with more
    /// than a few): a record's members are then found in one pass, and a member's property by
    /// a lookup, whatever the number of properties. Not copied by `copy()`: a copy may lose some.
    var propertyKeys: RootKeys?
    /// Properties whose checks run as field rules (`SchemaLift`): listed for
    /// `additionalProperties`, checked elsewhere.
    var liftedNames: [SchemaName] = []
    var patternProperties: [(pattern: SchemaPattern, node: Int)] = []
    var additionalProperties: Int?
    /// `unevaluatedProperties` (2020-12), as `SchemaUnevaluated` resolves it: the schema for the
    /// members that no `properties`, `patternProperties` or `additionalProperties` here or in the
    /// subschemas applied in place evaluates; nil when none, or when one of those evaluates every
    /// member.
    var unevaluatedProperties: Int?
    /// Those members' names and patterns, from every subschema applied in place, when the schema
    /// decides them (`allOf`, `$ref`).
    var evaluatedNames: [SchemaName] = []
    var evaluatedPatterns: [SchemaPattern] = []
    /// What is evaluated depends on the value (`anyOf`, `oneOf`, `if`, `dependentSchemas` below):
    /// found per value (`SchemaProgram.annotating`).
    var unevaluatedPerValue = false
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
    /// `unevaluatedItems` (2020-12): the schema for the elements no `prefixItems`, `items`,
    /// `contains` or `unevaluatedItems` of a subschema applied in place evaluates.
    var unevaluatedItems: Int?
    /// When the schema alone decides which elements are evaluated (no `contains`, no
    /// alternatives applied in place): those before this index (`SchemaUnevaluated`).
    var evaluatedItemPrefix: Int?

    var allOf: [Int] = []
    var anyOf: [Int] = []
    /// When every `anyOf` alternative only says `required: [name]` ("one of these members"):
    /// the names, so that one pass over the members answers it (set when the program is made).
    var anyOfNames: RootKeys?
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
            || unevaluatedProperties != nil
            || propertyNames != nil || !dependentRequired.isEmpty || !dependentSchemas.isEmpty || minProperties != nil
            || maxProperties != nil
    }

    var hasArrayKeywords: Bool {
        !prefixItems.isEmpty || items != nil || contains != nil || minItems != nil || maxItems != nil || uniqueItems
            || unevaluatedItems != nil
    }

    /// True when the node applies other schemas to its value (`$ref`, `allOf`, `if`, ...).
    var hasApplicators: Bool {
        ref != nil || !allOf.isEmpty || !anyOf.isEmpty || !oneOf.isEmpty || not != nil || ifThenElse != nil
    }

    /// True when the node asserts something of the value itself (type, enum, numbers, text).
    var hasValueKeywords: Bool {
        types != nil || enumValues != nil || constValue != nil || minimum != nil || maximum != nil || exclusiveMinimum != nil
            || exclusiveMaximum != nil || multipleOf != nil || minLength != nil || maxLength != nil || pattern != nil || format != nil
    }

    /// A node that only says `$ref`: the schema it names, where it is used, means the same.
    var isPlainReference: Bool {
        ref != nil && !never && !hasValueKeywords && !hasObjectKeywords && !hasArrayKeywords && allOf.isEmpty && anyOf.isEmpty
            && oneOf.isEmpty && not == nil && ifThenElse == nil
    }

    /// The one name of a node that says nothing but `required: [name]`.
    var onlyRequiredName: [UInt8]? {
        guard required.count == 1, !never, !hasValueKeywords, !hasArrayKeywords, !hasApplicators, properties.isEmpty,
            liftedNames.isEmpty, patternProperties.isEmpty, additionalProperties == nil, unevaluatedProperties == nil,
            propertyNames == nil, dependentRequired.isEmpty, dependentSchemas.isEmpty, minProperties == nil, maxProperties == nil
        else { return nil }
        return required[0].bytes
    }

    /// The same keywords in a new node (which can then lose some).
    func copy() -> SchemaNode {
        let c = SchemaNode(pointer: pointer, mark: mark)
        (c.never, c.title, c.about, c.types, c.enumValues, c.constValue) = (never, title, about, types, enumValues, constValue)
        (c.minimum, c.maximum, c.exclusiveMinimum, c.exclusiveMaximum, c.multipleOf) =
            (minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf)
        (c.minLength, c.maxLength, c.pattern, c.format) = (minLength, maxLength, pattern, format)
        (c.required, c.requiredKeys, c.properties, c.liftedNames) = (required, requiredKeys, properties, liftedNames)
        c.patternProperties = patternProperties
        (c.additionalProperties, c.propertyNames, c.dependentRequired, c.dependentSchemas) =
            (additionalProperties, propertyNames, dependentRequired, dependentSchemas)
        (c.minProperties, c.maxProperties) = (minProperties, maxProperties)
        (c.prefixItems, c.items, c.contains, c.minContains, c.maxContains) = (prefixItems, items, contains, minContains, maxContains)
        (c.minItems, c.maxItems, c.uniqueItems) = (minItems, maxItems, uniqueItems)
        (c.allOf, c.anyOf, c.oneOf, c.not, c.ifThenElse, c.ref) = (allOf, anyOf, oneOf, not, ifThenElse, ref)
        (c.unevaluatedProperties, c.evaluatedNames, c.evaluatedPatterns) = (unevaluatedProperties, evaluatedNames, evaluatedPatterns)
        (c.unevaluatedPerValue, c.unevaluatedItems, c.evaluatedItemPrefix) = (unevaluatedPerValue, unevaluatedItems, evaluatedItemPrefix)
        c.marks = marks
        return c
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
