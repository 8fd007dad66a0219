import SiftCore
import Foundation

/// Where records come from.
package enum InputSource: Sendable, Hashable, CustomStringConvertible {
    /// A JSONL file (`.jsonl`, `.ndjson`, anything else) or a JSON file (`.json`: one object or an array).
    case file(String)
    /// Standard input: JSONL, or a JSON array if it starts with '['.
    case standardInput

    public var description: String {
        switch self {
        case .file(let p): return p
        case .standardInput: return "-"
        }
    }

    /// Expands command-line arguments: `-` is stdin, a folder gives its `.jsonl`, `.ndjson`
    /// and `.json` files (recursively, sorted). Missing paths are returned apart.
    public static func expand(_ arguments: [String]) -> (sources: [InputSource], missing: [String]) {
        var out: [InputSource] = []
        var missing: [String] = []
        for arg in arguments {
            if arg == "-" { out.append(.standardInput); continue }
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: arg, isDirectory: &isDir) else { missing.append(arg); continue }
            if !isDir.boolValue { out.append(.file(arg)); continue }
            let files = (FileManager.default.enumerator(atPath: arg)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".jsonl") || $0.hasSuffix(".ndjson") || $0.hasSuffix(".json") }
                .sorted()
            out += files.map { .file((arg as NSString).appendingPathComponent($0)) }
        }
        return (out, missing)
    }
}
