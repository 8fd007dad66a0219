import Foundation
import SiftCore
import SiftJSON

/// Records for an imported pack's `examples:` (`sift import jsonschema`): one record whose every
/// field has a plain value the schema allows (its `const`, first `enum` value, or the shortest
/// value of its type within its bounds), then that record with one field left out or of
/// another type. They are candidates: the importer keeps those on which the pack and the schema
/// agree (`SchemaImport.Candidate`).
extension SchemaPackWriter {
    /// A plain value the node allows, as JSON text; nil when none is plain to give.
    static func samples(_ n: SchemaNode) -> [String] {
        if let c = n.constValue { return [c.rawText] }
        if let e = n.enumValues { return e.prefix(8).map(\.rawText) }
        return sample(n).map { [$0] } ?? []
    }

    private static func sample(_ n: SchemaNode) -> String? {
        guard let types = n.types, n.pattern == nil, n.format == nil else { return nil }
        if types.contains(.string) {
            let length = max(n.minLength ?? 1, 1)
            guard length <= min(n.maxLength ?? 64, 64) else { return nil }
            return "\"" + String(repeating: "a", count: length) + "\""
        }
        if types.contains(.integer) || types.contains(.number) {
            if let m = n.multipleOf { return n.minimum == nil && n.exclusiveMinimum == nil && n.maximum == nil ? m.text : nil }
            if let low = n.minimum { return low.text }
            if let low = n.exclusiveMinimum, let d = Decimal(string: low.text) { return "\(d + 1)" }
            if let high = n.maximum { return high.text }
            return n.exclusiveMaximum == nil ? "1" : nil
        }
        if types.contains(.boolean) { return "true" }
        if types.contains(.array) { return n.minItems.map { $0 > 0 } == true ? nil : "[]" }
        if types.contains(.object) { return "{}" }
        return types.contains(.null) ? "null" : nil
    }

    /// A value of another type than the node allows, as JSON text.
    static func wrongType(_ n: SchemaNode) -> String? {
        guard let types = n.types else { return nil }
        if !types.contains(.number), !types.contains(.integer) { return "12345" }
        if !types.contains(.string) { return "\"x\"" }
        return types.contains(.boolean) ? nil : "true"
    }

    /// What the examples are made from.
    var exampleSource: SchemaImport.ExampleSource {
        SchemaImport.ExampleSource(
            fields: fields.filter { !$0.path.contains("[") }.map { ($0.path, $0.required == .yes) }, choices: samples,
            wrongTypes: wrongTypes)
    }
}

extension SchemaImport {
    /// A record for the imported pack's examples, to be kept when the pack and the schema agree
    /// on it. `field`: the field it changes (nil for the plain record).
    public struct Candidate: Sendable {
        public let name: String
        public let json: String
        public let field: String?
    }

    /// The fields of an imported pack (not those inside lists), with a plain value for each and
    /// one of another type: the candidates for its examples are made from them.
    public struct ExampleSource: Sendable {
        let fields: [(path: String, required: Bool)]
        /// Plain values for each field (its enum's first few), the first the one given by default.
        let choices: [String: [String]]
        let wrongTypes: [String: String]

        /// The fields with more than one plain value, and how many: `choose` picks among them.
        public var alternatives: [String: Int] { choices.filter { $0.value.count > 1 }.mapValues(\.count) }
        /// True when the record must have the field.
        public func isRequired(_ path: String) -> Bool { fields.contains { $0.path == path && $0.required } }

        /// The plain record (without the fields in `leavingOut`; `choose` picks another plain
        /// value of a field), then it with each required field left out, and with each typed
        /// field of another type. None when a required field has no plain value.
        public func candidates(leavingOut: Set<String> = [], choose: [String: Int] = [:]) -> [Candidate] {
            var samples: [String: String] = [:]
            for (path, values) in choices where !values.isEmpty { samples[path] = values[min(choose[path] ?? 0, values.count - 1)] }
            let plain = fields.filter { samples[$0.path] != nil && !leavingOut.contains($0.path) }
            guard fields.filter(\.required).allSatisfy({ plain.map(\.path).contains($0.path) }) else { return [] }
            var out = [
                Candidate(name: "a record with a plain value in every field", json: Self.record(plain.map(\.path), samples), field: nil)
            ]
            for f in plain {
                if f.required {
                    out.append(
                        Candidate(
                            name: "\(f.path) left out", json: Self.record(plain.map(\.path).filter { $0 != f.path }, samples), field: f.path
                        ))
                }
                if let wrong = wrongTypes[f.path] {
                    var values = samples
                    values[f.path] = wrong
                    out.append(Candidate(name: "\(f.path) of another type", json: Self.record(plain.map(\.path), values), field: f.path))
                }
            }
            return out
        }

        /// The JSON object of the fields' values, nested by their paths (`a.b` inside `a`).
        private static func record(_ paths: [String], _ values: [String: String]) -> String {
            final class Tree {
                var keys: [String] = []
                var children: [String: Tree] = [:]
                var value: String?
            }
            let root = Tree()
            for p in paths {
                guard let path = try? FieldPath(parsing: p), let v = values[p] else { continue }
                var node = root
                for case .key(let k) in path.components {
                    if node.children[k] == nil {
                        node.children[k] = Tree()
                        node.keys.append(k)
                    }
                    node = node.children[k]!
                }
                node.value = v
            }
            func text(_ t: Tree) -> String {
                if t.keys.isEmpty, let v = t.value { return v }
                var w = JSONWriter()
                let members = t.keys.map { k -> String in
                    w = JSONWriter()
                    w.string(k)
                    return String(decoding: w.bytes, as: UTF8.self) + ":" + text(t.children[k]!)
                }
                return "{" + members.joined(separator: ",") + "}"
            }
            return text(root)
        }
    }
}
