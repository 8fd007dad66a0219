import SiftCore
import SiftJSON
import SiftMessages

/// `type`: the JSON type must be one of the listed ones.
struct TypeCheck: ReadingCheck {
    static let names = ["string", "number", "integer", "boolean", "object", "array", "null"]
    let allowed: [String]
    /// The words of a failure for a value of each kind (by raw value), made once: failing
    /// values build no text.
    let mismatches: [Rejection]
    /// The kinds allowed outright, a bit per `JSONValue.Kind` raw value; and whether integral
    /// numbers are (`integer`): the check reads no name when it runs.
    private let kinds: UInt8
    private let integers: Bool

    init(allowed: [String]) {
        self.allowed = allowed
        let kind: [String: JSONValue.Kind] = [
            "string": .string, "number": .number, "boolean": .bool, "object": .object, "array": .array, "null": .null,
        ]
        kinds = allowed.reduce(0) { bits, name in bits | (kind[name].map { 1 << $0.rawValue } ?? 0) }
        integers = allowed.contains("integer")
        let list = allowed.joined(separator: " or ")
        var mismatches: [Rejection] = []
        while let kind = JSONValue.Kind(rawValue: UInt8(mismatches.count)) {
            mismatches.append(Rejection(FieldsMessages.typeMismatch(["types": list], messages: ["kind": kind.kindMessage]).localized))
        }
        self.mismatches = mismatches
    }

    static let plugin = CheckPlugin(
        spec: PluginSpec(
            kind: "type",
            summary: "The value must be of a JSON type (integer: a number with no fraction).",
            options: [
                PluginSpec.Option(
                    "is", .oneOf([.choice(names), .list(.choice(names))]), required: true,
                    doc: "string, number, integer, boolean, object, array or null, or a list of them.")
            ],
            shorthand: "is",
            examples: ["type: string", "type: [integer, null]"]),
        make: { options, _ in TypeCheck(allowed: options.strings("is") ?? []) })

    /// Numbers when every allowed type is a number (`type: number`, `type: [integer, null]`).
    var reading: ValueReading? {
        let kinds = allowed.filter { $0 != "null" }
        return !kinds.isEmpty && kinds.allSatisfy { $0 == "number" || $0 == "integer" } ? .number : nil
    }

    @inline(__always)
    func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool {
        let k = value.kind
        return kinds & (1 << k.rawValue) != 0 || (integers && k == .number && value.isIntegral)
    }

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        passes(value, in: context) ? nil : mismatches[Int(value.kind.rawValue)]
    }

    func explain(_ language: Language) -> String {
        language == .zh ? "类型必须为 \(allowed.joined(separator: " 或 "))" : "must be of type \(allowed.joined(separator: " or "))"
    }
}
