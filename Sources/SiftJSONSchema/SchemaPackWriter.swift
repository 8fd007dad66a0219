import Foundation
import SiftCore
import SiftJSON
import SiftMessages
import SiftConfig

/// Walks a compiled schema and collects the pack's fields and record rules, refusing each
/// keyword a pack cannot say exactly (`SchemaImport`).
struct SchemaPackWriter {
    let program: SchemaProgram
    let assertFormats: Bool
    var diagnostics = DiagnosticList()
    var fields: [Field] = []
    /// A plain value for each field, and one of another type (`SchemaImportSamples`).
    var samples: [String: [String]] = [:]
    var wrongTypes: [String: String] = [:]
    private var requires: [(String, [String])] = []
    private var closed = false
    private var visiting: [Int] = []
    private var usesSearch = false

    init(program: SchemaProgram, assertFormats: Bool) {
        self.program = program
        self.assertFormats = assertFormats
    }

    /// One field of the pack: its path, whether it must be there, its checks (YAML flow text)
    /// and the comments from the schema's `title` and `description`.
    struct Field {
        let path: String
        var required: Presence
        var checks: [String] = []
        var comments: [String] = []
    }

    /// The keywords a pack cannot say, in the words of the refusal.
    static let refused: [(String, @Sendable (SchemaNode) -> Bool)] = [
        ("not", { $0.not != nil }),
        ("patternProperties", { !$0.patternProperties.isEmpty }),
        ("propertyNames", { $0.propertyNames != nil }), ("dependentSchemas", { !$0.dependentSchemas.isEmpty }),
        ("prefixItems", { !$0.prefixItems.isEmpty }), ("contains", { $0.contains != nil }),
        ("minProperties", { $0.minProperties != nil }), ("maxProperties", { $0.maxProperties != nil }),
        ("unevaluatedProperties", { $0.unevaluatedProperties != nil }), ("unevaluatedItems", { $0.unevaluatedItems != nil }),
    ]

    /// Writes the node at `path` (its value's path in the record): checks of its own, then its
    /// properties and items as fields of their own.
    mutating func visit(_ n: Int, _ path: [FieldPath.Component], required: Presence) {
        let node = program.nodes[n]
        visiting.append(n)
        defer { visiting.removeLast() }
        if node.never { return refuse(node, "false", JSONSchemaMessages.refuseFalse()) }
        for (keyword, present) in Self.refused where present(node) {
            refuse(node, keyword, JSONSchemaMessages.refuseKeyword(["keyword": keyword]))
        }
        let at = path.isEmpty ? nil : FieldPath(path).description
        if let at { note(at, node, required: required) }
        let checks = ownChecks(node)
        if let at {
            add(at, checks)
        } else if let types = node.types, !types.contains(.object) {
            refuse(node, "type", JSONSchemaMessages.refuseRecordType())
        } else if checks.contains(where: { $0 != "type: object" && !$0.hasPrefix("type: [") }) {
            refuse(node, "type", JSONSchemaMessages.refuseRecordValue())
        }
        objectPart(node, path, at)
        arrayPart(node, path, at)
        if let ref = node.ref {
            if visiting.contains(ref) {
                refuse(node, "$ref", JSONSchemaMessages.refuseRecursive())
            } else {
                visit(ref, path, required: required)
            }
        }
        for sub in node.allOf { visit(sub, path, required: required) }
        if !node.anyOf.isEmpty { alternatives(node, "anyOf", node.anyOf, at) }
        if !node.oneOf.isEmpty { alternatives(node, "oneOf", node.oneOf, at) }
        conditional(node, path)
    }

    /// `anyOf` and `oneOf` whose alternatives each say things of the value itself (its type,
    /// texts, numbers, length): the field's `any:` or `one_of:` of their checks, reason
    /// `<field>.any` or `<field>.one_of`. An `anyOf` alternative with no checks allows every
    /// value, and so does the `anyOf`; a `oneOf` one is refused. Any other shape is refused.
    private mutating func alternatives(_ node: SchemaNode, _ keyword: String, _ subs: [Int], _ at: String?) {
        var branches: [String] = []
        for sub in subs {
            var b = program.nodes[sub]
            while b.isPlainReference, let next = b.ref, !visiting.contains(next) { b = program.nodes[next] }
            guard let at, !b.never, !b.hasObjectKeywords, !b.hasArrayKeywords, !b.hasApplicators else {
                return refuse(
                    node, keyword,
                    (at == nil ? JSONSchemaMessages.refuseWholeRecord : JSONSchemaMessages.refuseAlternative)(["keyword": keyword]))
            }
            let checks = ownChecks(b)
            if checks.isEmpty, keyword == "anyOf" { return }
            if checks.isEmpty { return refuse(node, keyword, JSONSchemaMessages.refuseOneOfEverything()) }
            let wrapped = checks.map { $0.hasPrefix("{") ? $0 : "{\($0)}" }
            branches.append(wrapped.count == 1 ? wrapped[0] : "{all: [\(wrapped.joined(separator: ", "))]}")
        }
        if let at { add(at, ["\(keyword == "anyOf" ? "any" : "one_of"): [\(branches.joined(separator: ", "))]"]) }
    }

    private mutating func objectPart(_ node: SchemaNode, _ path: [FieldPath.Component], _ at: String?) {
        let hasObject =
            !node.properties.isEmpty || !node.required.isEmpty || !node.dependentRequired.isEmpty
            || node.additionalProperties != nil
        guard hasObject else { return }
        // A pack's fields inside a value are checked as an object's; JSON Schema's object keywords
        // say nothing of other values, so the schema must say the value is an object.
        let dependencies = node.marks["dependentRequired"] != nil ? "dependentRequired" : "dependencies"
        // JSON Schema's object keywords say nothing of other values. When the schema does not say
        // the value is an object, a required property is required only when it is one
        // (`required: {when: {field: PARENT, type: object}}`); inside a list's elements a
        // condition cannot name the element, so there the schema must say "type": "object".
        var whenObject: Presence = .yes
        if let at, node.types != [.object] {
            let present = [
                ("properties", !node.properties.isEmpty && path.contains(.wildcard)),
                ("required", !node.required.isEmpty && path.contains(.wildcard)),
                (dependencies, !node.dependentRequired.isEmpty), ("additionalProperties", node.additionalProperties != nil),
            ]
            for (keyword, here) in present where here {
                refuse(node, keyword, JSONSchemaMessages.refuseNotObject(["keyword": keyword]))
            }
            if present.contains(where: \.1) { return }
            whenObject = .when(at, "object")
        }
        for (name, sub) in node.properties {
            visit(sub, path + [.key(name.text)], required: node.required.contains { $0.text == name.text } ? whenObject : .no)
        }
        for name in node.required where !node.properties.contains(where: { $0.name.text == name.text }) {
            let p = FieldPath(path + [.key(name.text)]).description
            if let i = fields.firstIndex(where: { $0.path == p }) {
                fields[i].required = fields[i].required.or(whenObject)
            } else {
                fields.append(Field(path: p, required: whenObject))
            }
        }
        if !node.dependentRequired.isEmpty {
            if at != nil {
                refuse(node, dependencies, JSONSchemaMessages.refuseDependenciesInside(["keyword": dependencies]))
            } else {
                for (name, others) in node.dependentRequired {
                    requires.append((FieldPath([.key(name.text)]).description, others.map { FieldPath([.key($0.text)]).description }))
                }
            }
        }
        if let extra = node.additionalProperties { additional(node, extra, at) }
    }

    /// `additionalProperties: false` of the record is a closed record, when no property may hold
    /// an object or a list (a closed record also closes those, which JSON Schema does not).
    private mutating func additional(_ node: SchemaNode, _ extra: Int, _ at: String?) {
        guard program.nodes[extra].never else {
            return refuse(node, "additionalProperties", JSONSchemaMessages.refuseAdditionalSchema())
        }
        guard at == nil else {
            return refuse(node, "additionalProperties", JSONSchemaMessages.refuseAdditionalInside())
        }
        // JSON Schema's `additionalProperties` sees only the `properties` beside it; a closed
        // record allows every field the pack names (from allOf, $ref, required, requires too).
        let listed = Set(node.properties.map(\.name.text))
        let elsewhere =
            !node.allOf.isEmpty || node.ref != nil || node.required.contains { !listed.contains($0.text) }
            || !node.dependentRequired.isEmpty
        guard !elsewhere else {
            return refuse(node, "additionalProperties", JSONSchemaMessages.refuseAdditionalBeside())
        }
        let scalar = node.properties.allSatisfy {
            program.nodes[$0.node].types.map { !$0.contains(.object) && !$0.contains(.array) } ?? false
        }
        guard scalar else {
            return refuse(node, "additionalProperties", JSONSchemaMessages.refuseAdditionalNested())
        }
        closed = true
    }

    private mutating func arrayPart(_ node: SchemaNode, _ path: [FieldPath.Component], _ at: String?) {
        guard let items = node.items else { return }
        guard let at, node.types == [.array] || !path.contains(.wildcard) else {
            return refuse(node, "items", JSONSchemaMessages.refuseItemsNotArray())
        }
        visit(items, path + [.wildcard], required: node.types == [.array] ? .yes : .when(at, "array"))
    }

    /// The checks of the value itself, each group of type-bound keywords under `when: {type: ...}`
    /// unless the schema's `type` already says the value is of that type.
    mutating func ownChecks(_ node: SchemaNode) -> [String] {
        var out: [String] = []
        if let types = node.types {
            let words = types.words
            out.append(words.count == 1 ? "type: \(words[0])" : "type: [\(words.map(Self.quoted).joined(separator: ", "))]")
        }
        if let values = node.enumValues ?? node.constValue.map({ [$0] }) {
            if !values.isEmpty, values.allSatisfy({ $0.kind == .string }), let list = Self.exactEnum(values) {
                out.append("enum: [\(list)]")
            } else if !values.isEmpty, values.allSatisfy({ $0.kind == .string }) {
                // Texts as a whole-text regex of the literals: compared code point by code point, as
                // JSON Schema does (Sift's `enum` takes a KELVIN SIGN for a K, by Unicode's rules).
                let literals = values.map { Self.literal($0.string ?? "") }.joined(separator: "|")
                out.append("regex: \(Self.quoted("(?:" + literals + ")"))")
            } else if values.contains(where: { $0.kind == .string }) {
                let keyword = node.enumValues != nil ? "enum" : "const"
                refuse(node, keyword, JSONSchemaMessages.refuseMixedEnum(["keyword": keyword]))
            } else if let list = Self.enumeration(values) {
                out.append("enum: [\(list)]")
            } else {
                refuse(
                    node, node.enumValues != nil ? "enum" : "const",
                    JSONSchemaMessages.refuseEnumValue(["keyword": node.enumValues != nil ? "enum" : "const"]))
            }
        }
        out += bound(node, [.string], "string", stringChecks(node))
        out += bound(node, [.number, .integer], "number", numberChecks(node))
        out += bound(node, [.array], "array", arrayChecks(node))
        return out
    }

    private func bound(_ node: SchemaNode, _ own: TypeSet, _ word: String, _ checks: [String]) -> [String] {
        guard !checks.isEmpty else { return [] }
        if let types = node.types, types.isSubset(of: own) { return checks }
        return ["{when: {type: \(word)}, then: [\(checks.map { "{\($0)}" }.joined(separator: ", "))]}"]
    }

    private mutating func stringChecks(_ node: SchemaNode) -> [String] {
        var out: [String] = []
        if let length = Self.length(node.minLength, node.maxLength) { out.append(length) }
        if let p = node.pattern {
            usesSearch = true
            out.append("regex: {pattern: \(Self.quoted(ECMAPattern.translate(p.source))), mode: search}")
        }
        if let f = node.format {
            // Sift's `date` checks differ from RFC 3339 at the edges (year 0000, leap seconds).
            refuse(node, "format", JSONSchemaMessages.refuseFormat(["format": f.kind.rawValue]))
        }
        return out
    }

    private func numberChecks(_ node: SchemaNode) -> [String] {
        var out: [String] = []
        var range: [String] = []
        if let b = node.minimum { range.append("min: \(b.text)") }
        if let b = node.maximum { range.append("max: \(b.text)") }
        if !range.isEmpty { out.append("range: {\(range.joined(separator: ", "))}") }
        if let b = node.exclusiveMinimum { out.append("range: {min: \(b.text), min_exclusive: true}") }
        if let b = node.exclusiveMaximum { out.append("range: {max: \(b.text), max_exclusive: true}") }
        if let b = node.multipleOf { out.append("multiple_of: \(b.text)") }
        return out
    }

    /// `length: {min: 1, max: 5}` for the bounds given, or nil for none.
    static func length(_ min: Int?, _ max: Int?) -> String? {
        let bounds = [min.map { "min: \($0)" }, max.map { "max: \($0)" }].compactMap { $0 }
        return bounds.isEmpty ? nil : "length: {" + bounds.joined(separator: ", ") + "}"
    }

    private func arrayChecks(_ node: SchemaNode) -> [String] {
        var out: [String] = []
        if let length = Self.length(node.minItems, node.maxItems) { out.append(length) }
        if node.uniqueItems { out.append("unique: true") }
        return out
    }

    // MARK: - Fields

    mutating func note(_ path: String, _ node: SchemaNode, required: Presence) {
        if let i = fields.firstIndex(where: { $0.path == path }) {
            fields[i].required = fields[i].required.or(required)
        } else {
            fields.append(Field(path: path, required: required))
        }
        let i = fields.firstIndex { $0.path == path }!
        if samples[path] == nil || node.constValue != nil || node.enumValues != nil, case let s = Self.samples(node), !s.isEmpty {
            samples[path] = s
        }
        if wrongTypes[path] == nil, let w = Self.wrongType(node) { wrongTypes[path] = w }
        for text in [node.title, node.about].compactMap({ $0 }) where !fields[i].comments.contains(text) { fields[i].comments.append(text) }
    }

    mutating func add(_ path: String, _ checks: [String]) {
        guard let i = fields.firstIndex(where: { $0.path == path }) else { return }
        for c in checks where !fields[i].checks.contains(c) { fields[i].checks.append(c) }
    }

    mutating func refuse(_ node: SchemaNode, _ keyword: String, _ what: Message) {
        let pointer = node.pointer.isEmpty ? "/" : node.pointer
        let problem = JSONSchemaMessages.packCannotSay(messages: ["what": what])
        diagnostics.error(JSONSchemaMessages.atPointer(["pointer": pointer], messages: ["problem": problem]), at: node.mark(keyword))
    }

    // MARK: - YAML

    func yaml(name: String, file: String, draft: SchemaDraft) -> String {
        var lines = [
            "# Written by `sift import jsonschema` from \(file) (draft \(draft.rawValue)).",
            "# Reason codes are Sift's (phone.regex); `schema: \(file)` would give JSON Schema's (phone.pattern).",
        ]
        let root = program.nodes[program.root]
        for text in [root.title, root.about].compactMap({ $0 }) { lines += Self.commentLines(text).map { "# " + $0 } }
        if usesSearch {
            lines.append("# JSON Schema's `pattern` is a search (ECMA-262), not a full match: hence `mode: search`.")
        }
        lines += [
            "version: 1", "pack: \(Self.quoted(name))", "null: value   # as in JSON Schema, null is a value that `type` checks", "fields:",
        ]
        for f in fields {
            for c in f.comments { lines += Self.commentLines(c).map { "  # " + $0 } }
            lines.append("  \(Self.key(f.path)):")
            lines.append("    required: \(f.required.yaml)")
            if !f.checks.isEmpty {
                lines.append("    checks:")
                lines += f.checks.map { "      - " + ($0.hasPrefix("{") ? $0 : "{\($0)}") }
            }
        }
        if fields.isEmpty { lines[lines.count - 1] = "fields: {}" }
        if closed || !requires.isEmpty {
            lines.append("record:")
            if closed { lines.append("  fields: closed") }
            if !requires.isEmpty {
                lines.append("  requires:")
                lines += requires.map { "    \(Self.key($0.0)): [\($0.1.map(Self.quoted).joined(separator: ", "))]" }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A YAML scalar that is read back as exactly `s`: single-quoted (nothing in it is read as
    /// YAML), or double-quoted with escapes when it holds a control character, which a
    /// single-quoted scalar would fold (a line break becomes a space).
    /// Characters a single-quoted YAML scalar cannot keep as they are.
    static func isControl(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u == "\u{2028}" || u == "\u{2029}"
    }

    static func quoted(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: Self.isControl) else { return "'" + s.replacingOccurrences(of: "'", with: "''") + "'" }
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if Self.isControl(u) {
                    out += String(format: "\\u%04X", u.value)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    static func key(_ path: String) -> String {
        path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-".contains($0)) } && !path.isEmpty ? path : quoted(path)
    }

    /// A title or description as comment lines: broken at every line break YAML knows (CR, LF,
    /// NEL, U+2028, U+2029), other control characters dropped, so nothing of it is read as YAML.
    static func commentLines(_ text: String) -> [String] {
        let breaks: Set<UInt32> = [0x0A, 0x0D, 0x85, 0x2028, 0x2029]
        var lines: [String] = [], line = String.UnicodeScalarView()
        for u in text.unicodeScalars {
            if breaks.contains(u.value) {
                if !line.isEmpty { lines.append(String(line)) }
                line = String.UnicodeScalarView()
            } else if u.value >= 0x20, !(0x7F...0x9F).contains(u.value), u.value != 0xFEFF {
                line.append(u)
            }
        }
        if !line.isEmpty { lines.append(String(line)) }
        return lines
    }

    /// A regex matching exactly `text`: punctuation escaped, control characters as `\x{..}`.
    static func literal(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            if u.value < 0x20 || u.value == 0x7F {
                out += "\\x{" + String(u.value, radix: 16) + "}"
            } else if u.isASCII, !(u.properties.isAlphabetic || ("0"..."9").contains(u)) {
                out += "\\" + String(u)
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Texts a pack's `enum` compares exactly as JSON Schema does (code point by code point): ASCII
    /// texts without the three characters another one is canonically equivalent to (KELVIN SIGN
    /// is a K, GREEK QUESTION MARK a ';', GREEK VARIA a '`'). Nil for other texts: a whole-text
    /// regex of the literals says them exactly.
    static func exactEnum(_ values: [JSONValue]) -> String? {
        let texts = values.compactMap(\.string)
        guard texts.count == values.count, texts.allSatisfy({ $0.allSatisfy { $0.isASCII && !"K;`".contains($0) } }) else { return nil }
        return texts.map(quoted).joined(separator: ", ")
    }

    /// `enum` values a pack's `enum` takes: texts, numbers, booleans.
    static func enumeration(_ values: [JSONValue]) -> String? {
        guard !values.isEmpty else { return nil }
        var out: [String] = []
        for v in values {
            switch v.kind {
            case .string: out.append(quoted(v.string ?? ""))
            case .number: out.append(v.rawText)
            case .bool: out.append(v.bool == true ? "true" : "false")
            default: return nil
            }
        }
        return out.joined(separator: ", ")
    }
}

/// Whether a field must be there: always, never, or when its container is an object (a list).
enum Presence: Equatable {
    case yes, no
    case when(String, String)
    /// Required when a condition of another field holds (`if`/`then`): `{field: country, enum: ['US']}`.
    case condition(String)

    /// Required when either says so.
    func or(_ other: Presence) -> Presence {
        switch (self, other) {
        case (.yes, _), (_, .yes): return .yes
        case (.no, let x), (let x, .no): return x
        default: return self
        }
    }

    var yaml: String {
        switch self {
        case .yes: return "true"
        case .no: return "false"
        case .when(let field, let type): return "{when: {field: \(SchemaPackWriter.quoted(field)), type: \(type)}}"
        case .condition(let holds): return "{when: \(holds)}"
        }
    }
}
