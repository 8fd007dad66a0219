import Foundation
import SiftCore
import SiftConfig

/// Reads a JSON Schema file (JSON, or YAML as OpenAPI documents often are) and compiles the
/// schema at a JSON Pointer in it. Every problem goes to `diagnostics`, located in the file.
enum SchemaLoader {
    /// What a loaded schema is made of: its program, and the file's text for located messages.
    struct Loaded {
        let program: SchemaProgram
        let text: String
        /// The other files read for `$ref`s: their texts by their names in messages.
        var others: [String: String] = [:]
    }

    /// The schema at `pointer` (empty: the whole file) of the file at `path`, shown as `display`.
    /// A schema file's text read as a document (JSON, or YAML), its problems located in `file`.
    static func document(_ text: String, file: String, _ diagnostics: inout DiagnosticList) -> ConfigNode? {
        var found = DiagnosticList()
        let document: ConfigNode?
        do {
            document = try YAMLReader(limits: YAMLLimits(maxDepth: 512)).read(
                SurrogateEscapes.combined(text), file: file, diagnostics: &found)
        } catch {
            diagnostics.append(error)
            return nil
        }
        diagnostics.append(contentsOf: found.items)
        return found.hasErrors ? nil : document
    }

    /// `sources` gets the texts of the other files read for `$ref`s (for located messages), whether
    /// or not the schema compiles.
    static func load(
        path: String, display: String, pointer: String, draft: SchemaDraft?, options: SchemaOptions, at mark: Mark,
        diagnostics: inout DiagnosticList, sources: inout [String: String]
    ) -> Loaded? {
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.error(JSONSchemaMessages.cannotReadSchemaFile(["display": "\(display)"]), at: mark)
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            diagnostics.error(JSONSchemaMessages.schemaFileUtfText(["display": "\(display)"]), at: mark)
            return nil
        }
        guard let document = document(text, file: display, &diagnostics) else { return nil }
        var options = options
        options.mainFile = path
        options.mainDisplay = display
        var others: [String: String] = [:]
        guard
            let program = compile(
                document, pointer: pointer, draft: draft, options: options, file: display, at: mark, &diagnostics,
                base: options.files == nil ? "sift:schema" : SchemaFiles.base(of: path), others: &others)
        else {
            sources.merge(others) { a, _ in a }
            return nil
        }
        sources.merge(others) { a, _ in a }
        return Loaded(program: program, text: text, others: others)
    }

    static func compile(
        _ document: ConfigNode, pointer: String, draft: SchemaDraft?, options: SchemaOptions, file: String, at mark: Mark,
        _ diagnostics: inout DiagnosticList, base: String = "sift:schema", others: inout [String: String]
    ) -> SchemaProgram? {
        let everything = SchemaRegistry(root: document, base: "", draft: .draft2020_12)
        guard pointer.isEmpty || pointer.hasPrefix("/"), let root = everything.node(at: pointer) else {
            diagnostics.error(JSONSchemaMessages.schemaFileHasNothingAt(["file": "\(file)", "pointer": "\(pointer)"]), at: mark)
            return nil
        }
        let declared = (root["$schema"] ?? document["$schema"])?.scalarText
        let chosen = draft ?? declared.flatMap(SchemaDraft.named) ?? .draft2020_12
        if draft == nil, let declared, SchemaDraft.named(by: declared) == nil {
            // Another draft, or a meta-schema of one's own whose vocabularies Sift cannot read.
            diagnostics.error(
                JSONSchemaMessages.schemaNamesWhichSiftDoes(["declared": "\(declared)"]), at: (root["$schema"] ?? document["$schema"])!.mark
            )
            return nil
        }
        // The schema's own document is the resource: `#/...` pointers start at it.
        let registry = SchemaRegistry(root: document, base: base, draft: chosen, entry: pointer)
        var compiler = SchemaCompiler(registry: registry, options: options)
        let start = compiler.compile(pointer)
        SchemaUnevaluated.resolve(&compiler)
        loops(compiler, &compiler.diagnostics)
        diagnostics.append(contentsOf: compiler.diagnostics.items)
        others = compiler.sources
        guard !compiler.diagnostics.hasErrors else { return nil }
        guard let constants = SchemaJSON.document(compiler.constants) else {
            diagnostics.error(JSONSchemaMessages.constEnumValuesCannotRead(["file": "\(file)"]), at: mark)
            return nil
        }
        let values = constants.root.elements
        for use in compiler.constantUses {
            let node = compiler.nodes[use.node]
            // `enum: []` admits nothing.
            if use.isEnum { node.enumValues = Array(values[use.range]) } else { node.constValue = values[use.range.lowerBound] }
        }
        return SchemaProgram(nodes: compiler.nodes, root: start, constants: constants, draft: chosen)
    }

    /// A cycle of `$ref`s (or `allOf`, `not`, ...) that never goes into the value would never end.
    private static func loops(_ compiler: SchemaCompiler, _ diagnostics: inout DiagnosticList) {
        var edges: [Int: [(to: Int, mark: Mark)]] = [:]
        for e in compiler.inPlace { edges[e.from, default: []].append((e.to, e.mark)) }
        var state = [UInt8](repeating: 0, count: compiler.nodes.count)  // 0 new, 1 on the path, 2 done
        var reported = false
        func visit(_ n: Int) {
            state[n] = 1
            for e in edges[n] ?? [] {
                if state[e.to] == 1, !reported {
                    reported = true
                    let pointer = compiler.nodes[e.to].pointer
                    diagnostics.error(
                        JSONSchemaMessages.referenceLeadsBackItselfWithout(["pointer": "\(pointer.isEmpty ? "/" : pointer)"]),
                        at: e.mark)
                } else if state[e.to] == 0 {
                    visit(e.to)
                }
            }
            state[n] = 2
        }
        for n in compiler.nodes.indices where state[n] == 0 { visit(n) }
    }
}
