import ArgumentParser
import Foundation
import Sift
import SiftJSONSchema

/// `sift import jsonschema`: a JSON Schema written as a pack of Sift's own checks (docs/JSON-SCHEMA.md).
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Write rules from another format: a JSON Schema as a pack.", subcommands: [JSONSchemaImport.self])
}

struct JSONSchemaImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonschema",
        abstract: "Write a JSON Schema (draft 2020-12 or draft-07, or one in an OpenAPI document) as a pack, on standard output.",
        discussion: """
            Only what a pack says exactly is written; each keyword it cannot say (anyOf, patternProperties, \
            a recursive $ref, ...) is reported at its line in the schema, and nothing is written (exit code 2). \
            Such a schema runs as it is with `schema: FILE` in a pack.
            """)

    @Argument(help: "The schema file (JSON, or YAML).")
    var schema: String

    @Option(name: .long, help: "The JSON Pointer of the schema in the file, e.g. /components/schemas/Order of an OpenAPI document.")
    var pointer: String = ""

    @Option(name: .long, help: "Read the schema as this draft: 2020-12 or 7 (default: the one its $schema names, else 2020-12).")
    var draft: String?

    @Option(name: .long, help: "The pack's name (default: the file's name without its extensions).")
    var pack: String?

    @Option(name: .long, help: "The field the schema is about (default: the whole record).")
    var field: String?

    @Flag(
        name: .customLong("assert-formats"),
        help: "Formats must be checked: a schema with 'format' is refused (no Sift check says one exactly); by default an annotation.")
    var assertFormats = false

    @Option(name: .long, help: "Message language: en or zh.")
    var lang: String = "en"

    func run() throws {
        guard let language = Language(rawValue: lang) else { throw ValidationError("unknown language '\(lang)'; use en or zh") }
        var chosen: SchemaDraft?
        if let draft {
            guard let d = SchemaDraft(rawValue: draft) else { throw ValidationError("unknown draft '\(draft)'; use 2020-12 or 7") }
            chosen = d
        }
        let name = pack ?? String(URL(fileURLWithPath: schema).lastPathComponent.split(separator: ".").first ?? "imported")
        let result = SchemaImport.pack(
            path: schema, display: schema, pointer: pointer, draft: chosen, assertFormats: assertFormats, name: name, field: field)
        let problems = result.rendered(language)
        if !problems.isEmpty { FileHandle.standardError.write(Data((problems.hasSuffix("\n") ? problems : problems + "\n").utf8)) }
        guard let yaml = result.yaml else {
            eprint("sift import: nothing written; the schema runs as it is with 'schema: \(schema)' in a pack")
            throw Failed.rules
        }
        var options = pointer.isEmpty ? [] : ["pointer: '\(pointer)'"]
        if let draft { options.append("draft: '\(draft)'") }
        if assertFormats { options.append("formats: assert") }
        print(yaml + ImportExamples.block(yaml: yaml, source: result.examples, schema: schema, options: options), terminator: "")
    }
}
