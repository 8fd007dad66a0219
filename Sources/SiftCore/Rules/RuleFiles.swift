import Foundation
import SiftConfig

/// One rule file read from disk (or given as text), parsed into nodes.
struct RuleFile {
    /// The path shown in messages.
    let display: String
    /// The absolute, symlink-resolved path.
    let absolute: String
    let text: String
    let node: ConfigNode?

    var directory: String { (absolute as NSString).deletingLastPathComponent }
}

/// Reads rule files once each and resolves includes inside the rules root.
package struct RuleFileReader {
    let yaml: YAMLReader
    /// The absolute rules root; nothing may be read outside it.
    let root: String
    /// How the user named the root, to show paths the way they typed them.
    let displayRoot: String
    private(set) var files: [String: RuleFile] = [:]
    var diagnostics = DiagnosticList()
    /// Texts that stand in for files on disk, by absolute path (an editor's unsaved text).
    var replacing: [String: String] = [:]
    /// Folders of shared rule files the operator names (`--include-root`), absolute and
    /// symlink-resolved: an `include:` not found beside the including file is looked for in
    /// each, and may not leave it, as nothing may leave the rules folder.
    var includeRoots: [String] = []

    init(yaml: YAMLReader, root: String, displayRoot: String) {
        self.yaml = yaml
        self.root = root
        self.displayRoot = displayRoot
    }

    package static func absolute(_ path: String, relativeTo dir: String? = nil) -> String {
        let url =
            dir.map { URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: $0, isDirectory: true)) }
            ?? URL(fileURLWithPath: path)
        return url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    func display(_ absolute: String) -> String {
        guard absolute.hasPrefix(root + "/") else { return absolute }
        let rel = String(absolute.dropFirst(root.count + 1))
        if displayRoot == "." || displayRoot.isEmpty { return rel }
        return (displayRoot.hasSuffix("/") ? displayRoot : displayRoot + "/") + rel
    }

    /// Reads and parses a file; nil (with an error) if it cannot be read or parsed.
    mutating func read(absolute: String, display: String? = nil, text given: String? = nil, from mark: Mark? = nil) -> RuleFile? {
        if let f = files[absolute] { return f }
        let shown = display ?? self.display(absolute)
        let text: String
        if let given = given ?? replacing[absolute] {
            text = given
        } else {
            guard let data = FileManager.default.contents(atPath: absolute) else {
                diagnostics.error(CoreMessages.cannotReadRuleFile(["value": "\(shown)"]), at: mark)
                return nil
            }
            guard let t = String(data: data, encoding: .utf8) else {
                let at = RuleTextLint.firstInvalidUTF8([UInt8](data)) ?? (1, 1)
                diagnostics.error(
                    CoreMessages.ruleFileUtfTextDecoding(["value": "\(shown)"]),
                    at: Mark(file: shown, line: at.line, column: at.column))
                return nil
            }
            text = t
        }
        for d in RuleTextLint.typography(text, file: shown) { diagnostics.append(d) }
        var node: ConfigNode?
        do {
            node = try yaml.read(text, file: shown, diagnostics: &diagnostics)
        } catch {
            diagnostics.append(error)
        }
        let file = RuleFile(display: shown, absolute: absolute, text: text, node: node)
        files[absolute] = file
        return file
    }

    /// Resolves an `include:` entry relative to the including file, refusing paths that leave the root.
    mutating func include(_ path: String, from file: RuleFile, at mark: Mark) -> RuleFile? {
        let abs = Self.absolute(path, relativeTo: file.directory)
        let inside = abs.hasPrefix(root + "/")
        if !(inside && FileManager.default.fileExists(atPath: abs)) {
            for r in includeRoots {
                let shared = Self.absolute(path, relativeTo: r)
                if shared.hasPrefix(r + "/"), FileManager.default.fileExists(atPath: shared) {
                    return read(absolute: shared, display: shared, from: mark)
                }
            }
        }
        guard inside else {
            if includeRoots.isEmpty {
                diagnostics.error(
                    CoreMessages.includeLeavesRulesFolderIncluded(["path": "\(path)", "display_root": "\(displayRoot)"]), at: mark)
            } else {
                diagnostics.error(
                    CoreMessages.includeLeavesRulesFolderInclude([
                        "path": "\(path)", "display_root": "\(displayRoot)", "include_roots": "\(includeRoots.joined(separator: ", "))",
                    ]), at: mark)
            }
            return nil
        }
        guard FileManager.default.fileExists(atPath: abs) else {
            let candidates = Self.ruleFiles(in: root).map { RuleLibraries.relative($0, from: file.directory) }
            diagnostics.error(
                CoreMessages.includedFileDoesExistLooked(
                    ["path": "\(path)", "abs": "\(display(abs))"], messages: ["hint": Suggestion.hint(path, in: candidates)]), at: mark)
            return nil
        }
        return read(absolute: abs, from: mark)
    }

    /// The rule files of a folder, recursively, sorted, links resolved; those that lead
    /// outside the folder are left out (`linksOutside` names them).
    static func ruleFiles(in dir: String) -> [String] {
        entries(in: dir).filter { $0.resolved.hasPrefix(dir + "/") }.map(\.resolved).sorted()
    }

    /// Rule files of `dir` (as named in it) that are links to files outside it: never read.
    static func linksOutside(_ dir: String) -> [String] {
        entries(in: dir).filter { !$0.resolved.hasPrefix(dir + "/") }.map(\.name).sorted()
    }

    private static func entries(in dir: String) -> [(name: String, resolved: String)] {
        guard let e = FileManager.default.enumerator(atPath: dir) else { return [] }
        var out: [(String, String)] = []
        while let rel = e.nextObject() as? String {
            if rel.hasSuffix(".yaml") || rel.hasSuffix(".yml") { out.append((rel, absolute(rel, relativeTo: dir))) }
        }
        return out
    }
}

/// Where shared validators are defined, for suggestions.
enum RuleLibraries {
    /// The rule file under `root` that defines the validator `name`, as an include path from
    /// `directory`, or nil.
    static func defining(_ name: String, under root: String, from directory: String) -> String? {
        for path in RuleFileReader.ruleFiles(in: root) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8), text.contains("validators:"),
                text.contains("\n  \(name):")
            else { continue }
            return relative(path, from: directory)
        }
        return nil
    }

    /// `path` relative to `directory` when it is inside it, else as given.
    static func relative(_ path: String, from directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
