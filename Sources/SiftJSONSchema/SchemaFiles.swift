import Foundation
import SiftCore
import SiftMessages
import SiftConfig

/// The other schema files a schema's `$ref`s may name, read from disk and never fetched: a file
/// beside it (`definitions.json#/Port`, resolved against the schema's own file) inside the rules
/// folder, or a URL the pack maps to a local file (`schema_map:`, as check-jsonschema's vendored
/// copies and Ajv's `addSchema` do). Each file is read once, located in messages by its name.
struct SchemaFiles: Sendable {
    /// The folder a referenced file must be inside (the rules folder).
    let root: String
    /// URL (without fragment) → the local file that stands for it.
    var map: [String: String] = [:]

    /// The file that stands for the resource `uri`: mapped, or a `file:` URL inside `root`.
    func path(for uri: String) -> Result<String, Problem> {
        if let mapped = map[uri] { return .success(mapped) }
        guard uri.hasPrefix("file://"), let url = URL(string: uri), url.isFileURL else { return .failure(.notLocal) }
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        let top = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        guard path.hasPrefix(top + "/") else { return .failure(.outsideRoot(path)) }
        guard FileManager.default.fileExists(atPath: path) else { return .failure(.noFile(path)) }
        return .success(path)
    }

    enum Problem: Error {
        case notLocal
        case outsideRoot(String)
        case noFile(String)
    }

    /// The `file:` URL of a schema file: the base its relative `$ref`s resolve against.
    static func base(of path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.absoluteString }

    /// A file's name as messages show it: beside `shown`, the main schema's name in messages,
    /// as it lies beside the main schema's file `main`; its full path when not inside that folder.
    static func display(_ path: String, beside main: String, shown: String) -> String {
        let folder = (main as NSString).deletingLastPathComponent
        let dir = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
        guard path.hasPrefix(dir + "/") else { return path }
        let shownFolder = (shown as NSString).deletingLastPathComponent
        return (shownFolder.isEmpty ? "" : shownFolder + "/") + String(path.dropFirst(dir.count + 1))
    }
}

extension SchemaCompiler {
    /// Reads the file that stands for `resource` into the registry; false (with an error for a
    /// local file that cannot be read) when there is none.
    mutating func read(_ resource: String, for ref: String, at mark: Mark, _ at: String) -> Bool {
        guard let files = options.files else { return false }
        switch files.path(for: resource) {
        case .failure(.notLocal): return false
        case .failure(.outsideRoot(let path)):
            self.error(JSONSchemaMessages.refersOutsideRulesFolderKeep(["ref": "\(ref)", "path": "\(path)"]), at: mark, at)
            return false
        case .failure(.noFile(let path)):
            let shown = SchemaFiles.display(path, beside: options.mainFile, shown: options.mainDisplay)
            self.error(JSONSchemaMessages.refersFileWhichDoesExist(["ref": "\(ref)", "value": "\(shown)"]), at: mark, at)
            return false
        case .success(let path):
            let shown = SchemaFiles.display(path, beside: options.mainFile, shown: options.mainDisplay)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                self.error(JSONSchemaMessages.refersFileWhichCannotRead(["ref": "\(ref)", "value": "\(shown)"]), at: mark, at)
                return false
            }
            sources[shown] = text
            guard let document = SchemaLoader.document(text, file: shown, &diagnostics) else { return false }
            registry.add(document, base: resource)
            return true
        }
    }
}
