import SiftCore
import SiftJSON
import SiftMessages

/// `if`/`then`/`else` written as Sift's conditions (`sift import jsonschema`), where the `if` is
/// about one field's value, as schemas usually say "when country is US, zip is required":
///
///     "if": {"required": ["country"], "properties": {"country": {"const": "US"}}},
///     "then": {"required": ["zip"], "properties": {"zip": {"pattern": "^[0-9]{5}$"}}}
///
/// becomes `zip: {required: {when: {field: country, enum: ['US']}}, checks: [{when: ..., then: [...]}]}`.
/// Any other shape is refused, located, as before: never weaker, never stricter.
extension SchemaPackWriter {
    mutating func conditional(_ node: SchemaNode, _ path: [FieldPath.Component]) {
        guard let (ifNode, thenNode, elseNode) = node.ifThenElse else { return }
        guard path.isEmpty || node.types == [.object] else {
            return refuse(node, "if", JSONSchemaMessages.refuseIfNotObject())
        }
        guard let condition = condition(program.nodes[ifNode], parent: node, path) else {
            return refuse(node, "if", JSONSchemaMessages.refuseIfShape())
        }
        if let t = thenNode { branch(program.nodes[t], when: condition.holds, path, node, keyword: "then") }
        if let e = elseNode {
            // JSON Schema's `else` applies when the field is missing too; Sift's `not:` does not
            // hold on a missing field, so `else` is said only of a field the record must have.
            guard condition.fieldRequired else {
                return refuse(node, "else", JSONSchemaMessages.refuseElseOptional())
            }
            branch(program.nodes[e], when: "{not: \(condition.holds)}", path, node, keyword: "else")
        }
    }

    /// The `when` condition for an `if` of one required property with checks of its value only.
    private mutating func condition(_ cond: SchemaNode, parent: SchemaNode, _ path: [FieldPath.Component]) -> (
        holds: String, fieldRequired: Bool
    )? {
        guard cond.properties.count == 1, !cond.hasValueKeywords, !cond.hasApplicators, !cond.hasArrayKeywords,
            cond.patternProperties.isEmpty, cond.additionalProperties == nil, cond.dependentRequired.isEmpty
        else { return nil }
        let (name, sub) = cond.properties[0]
        // An `if` whose property is not required holds when the field is missing: Sift's cannot.
        guard cond.required.map(\.text) == [name.text], Self.isValueOnly(program.nodes[sub]) else { return nil }
        let checks = ownChecks(program.nodes[sub])
        guard !checks.isEmpty else { return nil }
        let check = checks.count == 1 ? checks[0] : "all: [\(checks.map(Self.braced).joined(separator: ", "))]"
        let field = path.isEmpty ? name.text : "." + name.text
        let fieldRequired = parent.required.contains { $0.text == name.text }
        return ("{field: \(Self.quoted(field)), \(check.hasPrefix("{") ? String(check.dropFirst().dropLast()) : check)}", fieldRequired)
    }

    /// A `then` or `else` of required names and properties with checks of their values.
    private mutating func branch(_ b: SchemaNode, when holds: String, _ path: [FieldPath.Component], _ node: SchemaNode, keyword: String) {
        guard !b.hasValueKeywords, !b.hasApplicators, !b.hasArrayKeywords, b.patternProperties.isEmpty, b.additionalProperties == nil,
            b.dependentRequired.isEmpty, b.properties.allSatisfy({ Self.isValueOnly(program.nodes[$0.node]) })
        else {
            return refuse(node, keyword, JSONSchemaMessages.refuseBranchShape(["keyword": keyword]))
        }
        for name in b.required {
            let p = FieldPath(path + [.key(name.text)]).description
            if let i = fields.firstIndex(where: { $0.path == p }) {
                if case .no = fields[i].required {
                    fields[i].required = .condition(holds)
                } else if case .yes = fields[i].required {
                } else {
                    refuse(node, keyword, JSONSchemaMessages.refuseSecondCondition(["name": name.text]))
                }
            } else {
                fields.append(Field(path: p, required: .condition(holds)))
            }
        }
        for (name, sub) in b.properties {
            let p = FieldPath(path + [.key(name.text)]).description
            note(p, program.nodes[sub], required: .no)
            let checks = ownChecks(program.nodes[sub])
            if !checks.isEmpty { add(p, ["{when: \(holds), then: [\(checks.map(Self.braced).joined(separator: ", "))]}"]) }
        }
    }

    /// A check as a flow mapping: `{type: string}`; one written as a mapping already stays so.
    static func braced(_ check: String) -> String { check.hasPrefix("{") ? check : "{\(check)}" }

    /// A schema about a value only: no fields, items or other schemas inside it.
    static func isValueOnly(_ n: SchemaNode) -> Bool {
        !n.never && !n.hasObjectKeywords && !n.hasArrayKeywords && !n.hasApplicators
    }
}
