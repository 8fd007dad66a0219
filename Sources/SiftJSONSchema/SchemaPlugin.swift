import Foundation
import SiftCore

extension PluginRegistry {
    /// Registers the `schema` section: records (or one field of them) checked against a JSON
    /// Schema file (draft 2020-12 or draft-07) kept beside the rules (docs/JSON-SCHEMA.md).
    public mutating func registerJSONSchema() {
        register(SchemaPlugin.plugin)
    }
}

enum SchemaPlugin {
    static let plugin = SectionPlugin(
        spec: PluginSpec(
            kind: "schema",
            summary:
                "Records checked against a JSON Schema file (draft 2020-12 or draft-07; also a schema inside an OpenAPI document).",
            options: [
                PluginSpec.Option(
                    "file", .string, required: true,
                    doc: "The schema file (JSON, or YAML), relative to this rule file and inside the rules folder."),
                PluginSpec.Option(
                    "pointer", .string,
                    doc: "The JSON Pointer of the schema inside the file, e.g. /components/schemas/Order of an OpenAPI document."),
                PluginSpec.Option("field", .string, doc: "The field the schema applies to; the whole record when not given."),
                PluginSpec.Option(
                    "draft", .choice(SchemaDraft.allCases.map(\.rawValue)),
                    doc: "The draft to read the schema as; by default the one its $schema names, else 2020-12."),
                PluginSpec.Option(
                    "schema_map", .dictionary(.string),
                    doc:
                        "Local copies of the schemas other URLs name in `$ref`: {URL: file}. Files beside the schema are read without it; nothing is fetched."
                ),
                PluginSpec.Option(
                    "formats", .choice(["annotate", "assert"]), default: .string("annotate"),
                    doc: "format: an annotation that checks nothing (as the drafts say), or checked (date, email, uuid, ...)."),
            ],
            shorthand: "file",
            examples: ["schema: order.schema.json", "schema: {file: openapi.yaml, pointer: /components/schemas/Order, formats: assert}"]),
        make: { options, context in make(options, &context) })

    static func make(_ options: PluginOptions, _ context: inout BuildContext) -> (any Stage)? {
        guard let name = options.string("file"),
            let path = context.pathInsideRules(name, option: .schema, flag: nil, at: options.mark("file"))
        else { return nil }
        let ruleFile = options.mark("file").file
        let folder = (ruleFile as NSString).deletingLastPathComponent
        let display = name.hasPrefix("/") || folder.isEmpty ? name : folder + "/" + name
        let field = options.string("field") == nil ? nil : options.fieldPath("field", &context)
        if options.string("field") != nil, field == nil { return nil }
        if let field, field.hasWildcard {
            context.error(
                JSONSchemaMessages.fieldSchemaNamesOneField(),
                at: options.mark("field"))
            return nil
        }
        let pointer = options.string("pointer") ?? ""
        if !pointer.isEmpty, !pointer.hasPrefix("/") {
            context.error(JSONSchemaMessages.pointerJsonPointerStartsComponents(), at: options.mark("pointer"))
            return nil
        }
        var schemaOptions = SchemaOptions()
        schemaOptions.assertFormats = options.string("formats") == "assert"
        var files = SchemaFiles(root: context.root)
        for (url, file) in options.node("schema_map")?.pairs?.compactMap({ p in p.key.scalarText.map { ($0, p.value) } }) ?? [] {
            guard let name = file.scalarText, let local = context.pathInsideRules(name, option: .schemaMap, flag: nil, at: file.mark)
            else { return nil }
            files.map[SchemaRegistry.strip(url)] = local
        }
        schemaOptions.files = files
        let draft = options.string("draft").flatMap(SchemaDraft.init(rawValue:))
        var others: [String: String] = [:]
        let loaded = SchemaLoader.load(
            path: path, display: display, pointer: pointer, draft: draft, options: schemaOptions, at: options.mark("file"),
            diagnostics: &context.diagnostics, sources: &others)
        context.sources.merge(others) { a, _ in a }
        guard let loaded else {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) { context.sources[display] = text }
            return nil
        }
        context.sources[display] = loaded.text
        let (walk, fields) = SchemaLift.lift(loaded.program, prefix: field?.components ?? [])
        context.sectionFields += fields
        return SchemaStage(program: loaded.program, walk: walk, field: field, file: display)
    }
}
