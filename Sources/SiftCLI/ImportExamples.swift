import Foundation
import Sift
import SiftCore
import SiftJSONSchema

/// The `examples:` of an imported pack: the importer's candidate records, each kept when the
/// pack and the schema itself give it the same verdict, with the reasons the pack reports. So
/// the pack passes `sift test` and `sift lint --strict` as it is written, and a later edit that
/// changes a verdict is caught.
enum ImportExamples {
    /// The block to append to the pack's YAML (empty when the plain record is not valid for both).
    static func block(yaml: String, source: SchemaImport.ExampleSource?, schema: String, options: [String]) -> String {
        guard let source else { return "" }
        let file = URL(fileURLWithPath: schema)
        let dir = file.deletingLastPathComponent().path
        let reference =
            "version: 1\npack: schema\nschema: {" + (["file: \(quoted(file.lastPathComponent))"] + options).joined(separator: ", ") + "}\n"
        let loader = RulesLoader(registry: .builtIn())
        guard let pack = loader.load(text: yaml, file: "imported.yaml", directory: dir).pipeline,
            let schemaPack = loader.load(text: reference, file: "schema.yaml", directory: dir).pipeline,
            let mine = try? Session(pipeline: pack, asOfMillis: 0), let theirs = try? Session(pipeline: schemaPack, asOfMillis: 0)
        else { return "" }
        // A plain value may break a condition (`zip` required when `country` is its first value):
        // another value of a field with several is tried, and an optional field that fails is
        // left out, a few times over, until the plain record passes.
        var leftOut = Set<String>(), choose: [String: Int] = [:]
        let alternatives = source.alternatives.sorted { $0.key < $1.key }
        var candidates = source.candidates()
        for _ in 0..<12 {
            guard let plain = candidates.first else { return "" }
            let verdict = mine.validate(json: Array(plain.json.utf8))
            if verdict.isValid { break }
            let failed = Set(verdict.violations.map(\.field))
            if let f = failed.first(where: { (choose[$0] ?? 0) + 1 < (source.alternatives[$0] ?? 0) }) {
                choose[f, default: 0] += 1
            } else if let f = failed.first(where: { !source.isRequired($0) && !leftOut.contains($0) }) {
                leftOut.insert(f)
            } else if let (f, n) = alternatives.first(where: { (choose[$0.key] ?? 0) + 1 < $0.value }) {
                choose[f, default: 0] = min((choose[f] ?? 0) + 1, n - 1)
            } else {
                return ""
            }
            candidates = source.candidates(leavingOut: leftOut, choose: choose)
        }
        var lines: [String] = []
        for c in candidates {
            let a = mine.validate(json: Array(c.json.utf8)), b = theirs.validate(json: Array(c.json.utf8))
            guard a.isValid == b.isValid else { continue }
            if c.field == nil, !a.isValid { return "" }
            var codes: [String] = []
            for v in a.violations where !codes.contains(v.reason.text) { codes.append(v.reason.text) }
            lines += ["  - name: \(quoted(c.name))", "    json: \(quoted(c.json))"]
            lines.append(a.isValid ? "    valid: true" : "    reasons: [\(codes.map(quoted).joined(separator: ", "))]")
        }
        return lines.isEmpty ? "" : "examples:\n" + lines.joined(separator: "\n") + "\n"
    }

    private static func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "''") + "'" }
}
