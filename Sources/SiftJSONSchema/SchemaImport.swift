import Foundation
import SiftCore
import SiftJSON
import SiftMessages
import SiftConfig

/// `sift import jsonschema`: a JSON Schema written as a pack of Sift's own checks, to read, own
/// and extend. Only what a pack says exactly is written; every keyword it cannot say is refused,
/// located in the schema file (the schema then runs as it is, with `schema: FILE`). Never weaker,
/// never stricter: a keyword that JSON Schema applies to one type only is written under
/// `when: {type: ...}` unless the schema says the value is of that type.
public enum SchemaImport: Sendable {
    /// What an import gives: the pack's text, or the problems that refuse it (and the schema's
    /// text, for located messages).
    public struct Result: Sendable {
        public let yaml: String?
        /// What records for the pack's examples are made from (nil with `--field`).
        public var examples: ExampleSource?
        package let diagnostics: DiagnosticList
        public let sources: [String: String]
        /// The problems, located, with the schema file's lines and carets.
        public func rendered(_ language: Language = .en) -> String {
            DiagnosticRenderer(sources: sources, language: language).render(diagnostics.sorted)
        }
    }

    /// The pack for the schema at `pointer` of the file at `path` (shown as `display`).
    public static func pack(
        path: String, display: String, pointer: String = "", draft: SchemaDraft? = nil, assertFormats: Bool = false,
        name: String, field: String? = nil
    ) -> Result {
        var diagnostics = DiagnosticList()
        var options = SchemaOptions()
        options.assertFormats = assertFormats
        // Files beside the schema (and below its folder) may be named by its `$ref`s.
        options.files = SchemaFiles(root: (path as NSString).deletingLastPathComponent)
        var others: [String: String] = [:]
        let at = Mark(file: display, line: 1, column: 1)
        guard
            let loaded = SchemaLoader.load(
                path: path, display: display, pointer: pointer, draft: draft, options: options, at: at, diagnostics: &diagnostics,
                sources: &others)
        else { return Result(yaml: nil, diagnostics: diagnostics, sources: sourceText(path, display).merging(others) { a, _ in a }) }
        var writer = SchemaPackWriter(program: loaded.program, assertFormats: assertFormats)
        let prefix: [FieldPath.Component]
        if let field {
            do { prefix = try FieldPath(parsing: field).components } catch {
                diagnostics.error(error.problem, at: nil)
                return Result(yaml: nil, diagnostics: diagnostics, sources: [display: loaded.text])
            }
        } else {
            prefix = []
        }
        // Like `schema: {field: ...}`: a record without the field is not checked by the schema.
        writer.visit(loaded.program.root, prefix, required: field == nil ? .yes : .no)
        diagnostics.append(contentsOf: writer.diagnostics.items)
        guard !diagnostics.hasErrors else { return Result(yaml: nil, diagnostics: diagnostics, sources: [display: loaded.text]) }
        let yaml = writer.yaml(name: name, file: display, draft: loaded.program.draft)
        return Result(
            yaml: yaml, examples: field == nil ? writer.exampleSource : nil, diagnostics: diagnostics, sources: [display: loaded.text])
    }

    private static func sourceText(_ path: String, _ display: String) -> [String: String] {
        (try? String(contentsOfFile: path, encoding: .utf8)).map { [display: $0] } ?? [:]
    }
}
