import SiftCore
import SiftMessages
import SiftRegex
import SiftConfig

/// Compiles a JSON Schema (read as `ConfigNode`s, so every keyword has its line and column) into
/// a `SchemaProgram`. Every problem is reported, located, before anything runs: a keyword whose
/// value is not what the draft says, a `$ref` that leads nowhere or outside the file, a keyword
/// Sift does not evaluate (`$dynamicRef`): refused, never weakened.
struct SchemaCompiler {
    var registry: SchemaRegistry
    let options: SchemaOptions
    var diagnostics = DiagnosticList()
    private(set) var nodes: [SchemaNode] = []
    private var byPointer: [String: Int] = [:]
    /// JSON texts of `const` and `enum` values, parsed into one document once compiled.
    private(set) var constants: [String] = []
    private(set) var constantUses: [(node: Int, isEnum: Bool, range: Range<Int>)] = []
    /// The did-you-mean of each unknown keyword met so far (nil inside: none).
    private var closeKeywords: [String: String?] = [:]
    /// The nodes with `unevaluatedProperties` or `unevaluatedItems`, resolved once every node is compiled (`SchemaUnevaluated`).
    private(set) var unevaluated: [Int] = []
    /// The texts of the other files read for `$ref`s, by their names in messages.
    var sources: [String: String] = [:]
    /// Applicators that stay on the same value (`$ref`, `allOf`, ...): a cycle of them never ends.
    private(set) var inPlace: [(from: Int, to: Int, mark: Mark)] = []

    init(registry: SchemaRegistry, options: SchemaOptions) {
        self.registry = registry
        self.options = options
    }

    var draft: SchemaDraft { registry.draft }

    /// The node of the subschema at `pointer`, compiled once (a recursive reference finds it).
    mutating func compile(_ pointer: String) -> Int {
        if let known = byPointer[pointer] { return known }
        let config = registry.node(at: pointer)!
        let node = SchemaNode(pointer: pointer, mark: config.mark)
        let index = nodes.count
        nodes.append(node)
        byPointer[pointer] = index
        fill(node, index, config)
        return index
    }

    private mutating func fill(_ node: SchemaNode, _ index: Int, _ config: ConfigNode) {
        if case .scalar = config.kind {
            if case .bool(let b)? = config.resolved {
                node.never = !b
            } else {
                self.error(
                    JSONSchemaMessages.schemaObjectTrueFalse(messages: ["config_kind": config.kindMessage]), at: config.mark, node.pointer)
            }
            return
        }
        guard let pairs = config.pairs else {
            self.error(JSONSchemaMessages.schemaObjectTrueFalseList(), at: config.mark, node.pointer)
            return
        }
        // draft-07: `$ref` overrides every keyword beside it.
        if draft == .draft7, let ref = pairs.first(where: { $0.key.scalarText == "$ref" }) {
            keyword("$ref", ref.value, ref.key.mark, node, index)
            return
        }
        for pair in pairs {
            guard let key = pair.key.scalarText else { continue }
            node.marks[key] = pair.key.mark
            keyword(key, pair.value, pair.key.mark, node, index)
        }
        if draft == .draft7, let extra = config["additionalItems"], config["items"]?.items != nil {
            node.items = sub(extra, "additionalItems", node, index, descends: true)
            node.marks["items"] = node.marks["additionalItems"]
        }
    }

    /// One keyword of a schema object.
    private mutating func keyword(_ key: String, _ value: ConfigNode, _ mark: Mark, _ node: SchemaNode, _ index: Int) {
        let at = node.pointer + "/" + SchemaRegistry.escape(key)
        switch key {
        case "type": node.types = types(value, at)
        case "enum":
            guard let items = value.items else { return self.error(JSONSchemaMessages.enumListValues(), at: value.mark, at) }
            constant(items, node: index, isEnum: true)
        case "const": constant([value], node: index, isEnum: false)
        case "minimum": node.minimum = number(value, at)
        case "maximum": node.maximum = number(value, at)
        case "exclusiveMinimum": node.exclusiveMinimum = number(value, at)
        case "exclusiveMaximum": node.exclusiveMaximum = number(value, at)
        case "multipleOf":
            node.multipleOf = number(value, at)
            if let m = node.multipleOf, m.double <= 0 { self.error(JSONSchemaMessages.multipleofMustGreaterThan(), at: value.mark, at) }
        case "minLength": node.minLength = count(value, at)
        case "maxLength": node.maxLength = count(value, at)
        case "minItems": node.minItems = count(value, at)
        case "maxItems": node.maxItems = count(value, at)
        case "minProperties": node.minProperties = count(value, at)
        case "maxProperties": node.maxProperties = count(value, at)
        case "minContains": if draft != .draft7 { node.minContains = count(value, at) }
        case "maxContains": if draft != .draft7 { node.maxContains = count(value, at) }
        case "uniqueItems": node.uniqueItems = flag(value, at)
        case "pattern": node.pattern = pattern(value, at)
        case "format": node.format = format(value, at)
        case "required": node.required = names(value, at)
        case "properties":
            for (name, sub) in members(value, at) {
                node.properties.append((SchemaName(name), compile(at + "/" + SchemaRegistry.escape(name), descends: true, sub, index)))
            }
        case "patternProperties":
            for (name, sub) in members(value, at) {
                guard let p = pattern(ConfigNode(.scalar(.init(name, isPlain: false)), mark: sub.mark), at) else { continue }
                node.patternProperties.append((p, compile(at + "/" + SchemaRegistry.escape(name), descends: true, sub, index)))
            }
        case "additionalProperties": node.additionalProperties = sub(value, key, node, index, descends: true)
        case "unevaluatedProperties" where draft == .draft2020_12:
            node.unevaluatedProperties = sub(value, key, node, index, descends: true)
            if unevaluated.last != index { unevaluated.append(index) }
        case "unevaluatedItems" where draft == .draft2020_12:
            node.unevaluatedItems = sub(value, key, node, index, descends: true)
            if unevaluated.last != index { unevaluated.append(index) }
        case "propertyNames": node.propertyNames = sub(value, key, node, index, descends: true)
        case "dependentRequired" where draft != .draft7:
            for (name, list) in members(value, at) {
                node.dependentRequired.append((SchemaName(name), names(list, at + "/" + SchemaRegistry.escape(name))))
            }
        case "dependentSchemas" where draft != .draft7:
            for (name, sub) in members(value, at) {
                node.dependentSchemas.append(
                    (SchemaName(name), compile(at + "/" + SchemaRegistry.escape(name), descends: false, sub, index)))
            }
        case "dependencies" where draft == .draft7:
            for (name, member) in members(value, at) {
                let there = at + "/" + SchemaRegistry.escape(name)
                if member.items != nil {
                    node.dependentRequired.append((SchemaName(name), names(member, there)))
                } else {
                    node.dependentSchemas.append((SchemaName(name), compile(there, descends: false, member, index)))
                }
            }
        case "prefixItems" where draft != .draft7: node.prefixItems = list(value, key, node, index, descends: true)
        case "items":
            if value.items != nil {
                if draft == .draft7 {
                    node.prefixItems = list(value, key, node, index, descends: true)
                } else {
                    self.error(JSONSchemaMessages.draftItemsOneSchemaList(), at: value.mark, at)
                }
            } else {
                node.items = sub(value, key, node, index, descends: true)
            }
        case "contains": node.contains = sub(value, key, node, index, descends: true)
        case "allOf": node.allOf = list(value, key, node, index, descends: false)
        case "anyOf": node.anyOf = list(value, key, node, index, descends: false)
        case "oneOf": node.oneOf = list(value, key, node, index, descends: false)
        case "not": node.not = sub(value, key, node, index, descends: false)
        case "if":
            let condition = sub(value, key, node, index, descends: false)
            let config = registry.node(at: node.pointer)
            let then = config?["then"].map { sub($0, "then", node, index, descends: false) } ?? nil
            let otherwise = config?["else"].map { sub($0, "else", node, index, descends: false) } ?? nil
            if let condition { node.ifThenElse = (condition, then, otherwise) }
        case "$ref": reference(value, at, node, index)
        case "title": node.title = value.scalarText
        case "description": node.about = value.scalarText
        default: other(key, value, mark, at)
        }
    }

    /// Keywords that are not assertions: annotations and identifiers are read elsewhere or not at
    /// all; those Sift cannot evaluate are refused; an unknown one that looks like a typo is warned.
    private mutating func other(_ key: String, _ value: ConfigNode, _ mark: Mark, _ at: String) {
        if Self.refused.contains(key) || (draft == .draft7 && key == "$recursiveRef") {
            return self.error(JSONSchemaMessages.supportedSiftSchemaCannotRun(["key": "\(key)"]), at: mark, at)
        }
        if Self.annotations.contains(key) || Self.vendorAnnotations.contains(key) || key.hasPrefix("x-") { return }
        if draft == .draft7, ["$defs", "prefixItems", "minContains", "maxContains", "dependentRequired"].contains(key) { return }
        // A vendor keyword comes back thousands of times in a large schema (`markdownDescription`):
        // its did-you-mean is looked for once.
        if closeKeywords[key] == nil { closeKeywords[key] = .some(Suggestion.closest(to: key, in: Self.keywords(draft))) }
        if let close = closeKeywords[key] ?? nil, close != key {
            diagnostics.warning(
                JSONSchemaMessages.keywordDraftIgnoredDidYou([
                    "key": "\(key)", "draft": "\(draft.rawValue)", "close": "\(close)", "at": "\(at)",
                ]), at: mark)
        }
    }

    static let refused: Set<String> = [
        "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor", "unevaluatedProperties", "unevaluatedItems",
    ]
    static let annotations: Set<String> = [
        "$schema", "$id", "$anchor", "$comment", "$defs", "definitions", "$vocabulary", "title", "description", "default",
        "examples", "deprecated", "readOnly", "writeOnly", "contentMediaType", "contentEncoding", "contentSchema",
        "then", "else", "additionalItems",
    ]

    /// Keywords of other vocabularies that real schemas carry (OpenAPI's `example`, the editors'
    /// `enumDescriptions` and `markdownDescription`, Ajv's `errorMessage`): annotations, with no
    /// did-you-mean (`example` is not a misspelt `examples`).
    static let vendorAnnotations: Set<String> = [
        "example", "nullable", "discriminator", "xml", "externalDocs", "enumDescriptions", "markdownEnumDescriptions",
        "markdownDescription", "deprecationMessage", "errorMessage", "patternErrorMessage", "defaultSnippets",
        "doNotSuggest", "suggestSortText", "allowComments", "allowTrailingCommas", "tsType",
    ]

    static func keywords(_ draft: SchemaDraft) -> [String] {
        var words = [
            "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength",
            "maxLength", "pattern", "format", "required", "properties", "patternProperties", "additionalProperties",
            "propertyNames", "minProperties", "maxProperties", "items", "contains", "minItems", "maxItems", "uniqueItems",
            "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref", "$id", "$schema", "$comment", "title",
            "description", "default", "examples",
        ]
        words +=
            draft == .draft7
            ? ["definitions", "dependencies", "additionalItems"]
            : ["$defs", "$anchor", "prefixItems", "dependentRequired", "dependentSchemas", "minContains", "maxContains"]
        return words
    }

    // MARK: - Values of keywords

    private mutating func sub(_ value: ConfigNode, _ key: String, _ node: SchemaNode, _ index: Int, descends: Bool) -> Int? {
        compile(node.pointer + "/" + SchemaRegistry.escape(key), descends: descends, value, index)
    }

    private mutating func list(_ value: ConfigNode, _ key: String, _ node: SchemaNode, _ index: Int, descends: Bool) -> [Int] {
        let at = node.pointer + "/" + SchemaRegistry.escape(key)
        guard let items = value.items, !items.isEmpty else {
            self.error(JSONSchemaMessages.nonEmptyListSchemas(["key": "\(key)"]), at: value.mark, at)
            return []
        }
        return items.indices.map { compile(at + "/\($0)", descends: descends, items[$0], index) }
    }

    private mutating func compile(_ pointer: String, descends: Bool, _ config: ConfigNode, _ from: Int) -> Int {
        let to = compile(pointer)
        if !descends { inPlace.append((from, to, config.mark)) }
        return to
    }

    private mutating func reference(_ value: ConfigNode, _ at: String, _ node: SchemaNode, _ index: Int) {
        guard let ref = value.scalarText, !value.isPlainNonString else {
            return self.error(JSONSchemaMessages.refUriReferenceText(), at: value.mark, at)
        }
        var found = registry.target(of: ref, base: registry.base(at: node.pointer))
        if case .failure(.outside(let resource)) = found, read(resource, for: ref, at: value.mark, at) {
            found = registry.target(of: ref, base: registry.base(at: node.pointer))
        }
        switch found {
        case .success(let pointer):
            let to = compile(pointer)
            node.ref = to
            inPlace.append((index, to, value.mark))
        case .failure(.outside(let resource)):
            if resource.hasPrefix("file:"), options.files != nil { return }  // said by `read`
            let other = resource.hasPrefix("sift:") ? "another file" : "'\(resource)'"
            self.error(
                JSONSchemaMessages.refersOutsideSchemaFileSift(["ref": "\(ref)", "other": "\(other)"]),
                at: value.mark, at)
        case .failure(.missing(let pointer)):
            self.error(JSONSchemaMessages.refersWhichSchema(["ref": "\(ref)", "pointer": "\(pointer)"]), at: value.mark, at)
        case .failure(.noAnchor(let name)):
            self.error(JSONSchemaMessages.namesAnchorWhichSubschemaDeclares(["ref": "\(ref)", "name": "\(name)"]), at: value.mark, at)
        case .failure(.malformed):
            self.error(JSONSchemaMessages.uriReference(["ref": "\(ref)"]), at: value.mark, at)
        }
    }

    private mutating func types(_ value: ConfigNode, _ at: String) -> TypeSet? {
        let words = value.items.map { $0.compactMap(\.scalarText) } ?? value.scalarText.map { [$0] } ?? []
        var set: TypeSet = []
        for word in words {
            guard let t = TypeSet.names.first(where: { $0.0 == word })?.1 else {
                self.error(
                    JSONSchemaMessages.unknownType(
                        ["word": "\(word)"], messages: ["hint": Suggestion.hint(word, in: TypeSet.names.map(\.0))]), at: value.mark, at)
                continue
            }
            set.insert(t)
        }
        if words.isEmpty { self.error(JSONSchemaMessages.typeTypeNameListThem(), at: value.mark, at) }
        return set
    }

    private mutating func number(_ value: ConfigNode, _ at: String) -> NumberBound? {
        guard let text = value.scalarText, value.isNumber, let bound = NumberBound(text) else {
            self.error(JSONSchemaMessages.mustNumber(messages: ["value_kind": value.kindMessage]), at: value.mark, at)
            return nil
        }
        return bound
    }

    /// A count: a non-negative integer (`2.0` is one, as the specification allows).
    private mutating func count(_ value: ConfigNode, _ at: String) -> Int? {
        if case .int(let n)? = value.resolved, n >= 0 { return n }
        if case .double(let d)? = value.resolved, d >= 0, d.rounded() == d, d < 1e15 { return Int(d) }
        self.error(JSONSchemaMessages.mustWholeNumberAtLeast(messages: ["value_kind": value.kindMessage]), at: value.mark, at)
        return nil
    }

    private mutating func flag(_ value: ConfigNode, _ at: String) -> Bool {
        if case .bool(let b)? = value.resolved { return b }
        self.error(JSONSchemaMessages.mustTrueFalse(messages: ["value_kind": value.kindMessage]), at: value.mark, at)
        return false
    }

    private mutating func names(_ value: ConfigNode, _ at: String) -> [SchemaName] {
        guard let items = value.items else {
            self.error(JSONSchemaMessages.mustListPropertyNames(), at: value.mark, at)
            return []
        }
        return items.compactMap { item in
            guard let s = item.scalarText, !item.isPlainNonString else {
                self.error(JSONSchemaMessages.propertyNameText(messages: ["item_kind": item.kindMessage]), at: item.mark, at)
                return nil
            }
            return SchemaName(s)
        }
    }

    private mutating func members(_ value: ConfigNode, _ at: String) -> [(String, ConfigNode)] {
        guard let pairs = value.pairs else {
            self.error(JSONSchemaMessages.mustObjectNamesSchemas(), at: value.mark, at)
            return []
        }
        return pairs.compactMap { p in p.key.scalarText.map { ($0, p.value) } }
    }

    private mutating func pattern(_ value: ConfigNode, _ at: String) -> SchemaPattern? {
        guard let text = value.scalarText else {
            self.error(JSONSchemaMessages.patternText(messages: ["value_kind": value.kindMessage]), at: value.mark, at)
            return nil
        }
        do {
            // `^X$` (no `|` outside brackets and parentheses) finds what a whole-text match of X
            // finds, and a whole-text match runs as a byte automaton when X allows.
            let translated = ECMAPattern.translate(text)
            let regex: CompiledRegex
            var ecma = RegexOptions(mode: .search)
            ecma.unsetBackreferenceMatchesEmpty = true
            if let whole = ECMAPattern.wholeText(translated) {
                ecma.mode = .full
                regex = try CompiledRegex.shared("(?:" + whole + ")", options: ecma)
            } else {
                regex = try CompiledRegex.shared(translated, options: ecma)
            }
            return SchemaPattern(source: text, regex: regex)
        } catch {
            self.error(
                JSONSchemaMessages.patternDoesCompileAtByte(
                    ["value": text, "offset": "\(error.offset)"], messages: ["message": error.problem]),
                at: value.mark, at)
            return nil
        }
    }

    private mutating func format(_ value: ConfigNode, _ at: String) -> SchemaFormat? {
        guard let name = value.scalarText else {
            self.error(JSONSchemaMessages.formatFormatName(messages: ["value_kind": value.kindMessage]), at: value.mark, at)
            return nil
        }
        guard options.assertFormats else { return nil }
        guard let kind = SchemaFormat.Kind(rawValue: name) else {
            diagnostics.warning(
                JSONSchemaMessages.formatCheckedSiftChecksAt([
                    "name": "\(name)", "all_cases": "\(SchemaFormat.Kind.allCases.map(\.rawValue).joined(separator: ", "))", "at": "\(at)",
                ]),
                at: value.mark)
            return nil
        }
        return SchemaFormat(kind: kind)
    }

    private mutating func constant(_ values: [ConfigNode], node: Int, isEnum: Bool) {
        let start = constants.count
        constants += values.map(SchemaJSON.text)
        constantUses.append((node, isEnum, start..<constants.count))
    }

    /// A problem with the schema at `pointer`, from the catalog, located at `mark` in its file.
    mutating func error(_ message: Message, at mark: Mark, _ pointer: String) {
        diagnostics.error(
            JSONSchemaMessages.atPointer(["pointer": pointer.isEmpty ? "/" : pointer], messages: ["problem": message]), at: mark)
    }
}

extension ConfigNode {
    /// A plain scalar YAML reads as a number: `12`, `-0.5`, `1e3`.
    var isNumber: Bool {
        guard case .scalar(let s) = kind, s.isPlain else { return false }
        switch resolved {
        case .int?, .double?: return true
        default: return false
        }
    }

    /// A plain (unquoted) scalar that YAML reads as something other than text: `12`, `true`.
    var isPlainNonString: Bool {
        guard case .scalar(let s) = kind, s.isPlain, let r = resolved else { return false }
        if case .string = r { return false }
        return true
    }
}

/// Options of a schema's compilation.
struct SchemaOptions: Sendable {
    /// `format` as an assertion (date, email, ...) rather than an annotation (the default of 2020-12).
    var assertFormats = false
    /// The other files `$ref`s may name; nil: one file only, nothing else is read.
    var files: SchemaFiles?
    /// The main schema file's path and its name in messages, for the names of the others.
    var mainFile = ""
    var mainDisplay = ""
}
