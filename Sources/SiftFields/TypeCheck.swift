import SiftCore

/// `type`: the JSON type must be one of the listed ones.
struct TypeCheck: ReadingCheck {
    static let names = ["string", "number", "integer", "boolean", "object", "array", "null"]
    let allowed: [String]
    /// The words of a failure for a value of each kind (by raw value), made once: failing
    /// values build no text.
    let mismatches: [Rejection]

    init(allowed: [String]) {
        self.allowed = allowed
        let list = allowed.joined(separator: " or ")
        var mismatches: [Rejection] = []
        while let kind = JSONValue.Kind(rawValue: UInt8(mismatches.count)) {
            mismatches.append(Rejection(LocalizedText(en: "is \(kind); must be \(list)", zh: "类型为\(kindZH(kind))，应为 \(list)")))
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

    func matches(_ value: JSONValue, _ name: String) -> Bool {
        switch name {
        case "string": return value.kind == .string
        case "number": return value.kind == .number
        case "integer": return value.isIntegral
        case "boolean": return value.kind == .bool
        case "object": return value.kind == .object
        case "array": return value.kind == .array
        default: return value.kind == .null
        }
    }

    func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool { allowed.contains { matches(value, $0) } }

    func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? {
        passes(value, in: context) ? nil : mismatches[Int(value.kind.rawValue)]
    }

    func explain(_ language: Language) -> String {
        language == .zh ? "类型必须为 \(allowed.joined(separator: " 或 "))" : "must be of type \(allowed.joined(separator: " or "))"
    }
}
