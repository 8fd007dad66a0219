import Foundation
import SiftCore
import SiftConfig

/// Where each subschema of a schema file is, and how `$ref` finds one: the base URI in force at
/// every subschema (`$id`), the resources (`$id`) and anchors (`$anchor`; draft-07's `$id: '#a'`)
/// by absolute URI. Only keywords that hold subschemas are walked, so an `$id` inside `enum`
/// data or an unknown keyword is not an identifier (as the specification says).
struct SchemaRegistry {
    let draft: SchemaDraft
    /// JSON Pointer of a subschema → its node in the file.
    private(set) var nodes: [String: ConfigNode] = [:]
    /// JSON Pointer of a subschema → the base URI in force there.
    private(set) var bases: [String: String] = [:]
    /// Absolute URI (no fragment) of a resource → the pointer of its root.
    private(set) var resources: [String: String] = [:]
    /// `URI#name` → the pointer of the subschema the anchor names.
    private(set) var anchors: [String: String] = [:]
    /// The pointer prefixes of the other documents read for `$ref`s (`@1`, `@2`...): a pointer
    /// `@1/$defs/Port` is in the first of them; the main document's pointers start with `/`.
    private(set) var documents: [String] = []

    /// The keywords whose value is one subschema, a list of them, or a map of names to them.
    static let single: Set<String> = [
        "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else", "items", "additionalItems",
        "unevaluatedItems", "unevaluatedProperties", "contentSchema",
    ]
    static let list: Set<String> = ["prefixItems", "allOf", "anyOf", "oneOf", "items"]
    static let map: Set<String> = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]

    /// The subschemas of the document `root`, and of the one at `entry` if the document itself is
    /// no schema (an OpenAPI document's `/components/schemas/Order`).
    init(root: ConfigNode, base: String, draft: SchemaDraft, entry: String = "") {
        self.draft = draft
        resources[Self.strip(base)] = ""
        walk(root, pointer: "", base: base)
        if nodes[entry] == nil, let start = node(at: entry) { walk(start, pointer: entry, base: base) }
    }

    private mutating func walk(_ node: ConfigNode, pointer: String, base: String) {
        nodes[pointer] = node
        guard let pairs = node.pairs else {
            bases[pointer] = base
            return
        }
        var here = base
        // draft-07: a `$ref` hides its siblings, `$id` included (the keywords beside it that hold
        // subschemas are still walked: a `$ref` elsewhere may point into them).
        let hidden = draft == .draft7 && node["$ref"] != nil
        if !hidden, let id = node["$id"]?.scalarText {
            if draft == .draft7, id.hasPrefix("#") {
                anchors[Self.strip(base) + id] = pointer
            } else if let resolved = Self.resolve(id, against: base), Self.strip(resolved) != Self.strip(base) {
                here = Self.strip(resolved)
                // The first subschema to claim a URI keeps it.
                if resources[here] == nil { resources[here] = pointer }
                if let fragment = resolved.split(separator: "#", maxSplits: 1).dropFirst().first, !fragment.isEmpty {
                    anchors[here + "#" + fragment] = pointer
                }
            }
        }
        if let anchor = node["$anchor"]?.scalarText { anchors[Self.strip(here) + "#" + anchor] = pointer }
        bases[pointer] = here
        for pair in pairs {
            guard let key = pair.key.scalarText else { continue }
            let at = pointer + "/" + Self.escape(key)
            if Self.list.contains(key), let items = pair.value.items {
                for (i, item) in items.enumerated() { walk(item, pointer: at + "/\(i)", base: here) }
            } else if Self.single.contains(key) {
                walk(pair.value, pointer: at, base: here)
            } else if Self.map.contains(key), let members = pair.value.pairs {
                for member in members {
                    guard let name = member.key.scalarText else { continue }
                    // draft-07 `dependencies`: a list of names is no subschema.
                    if member.value.items != nil { continue }
                    walk(member.value, pointer: at + "/" + Self.escape(name), base: here)
                }
            }
        }
    }

    /// Adds another schema document, the resource `base` (a file a `$ref` names).
    mutating func add(_ document: ConfigNode, base: String) {
        let prefix = "@\(documents.count + 1)"
        documents.append(prefix)
        resources[Self.strip(base)] = prefix
        walk(document, pointer: prefix, base: base)
    }

    /// The pointer of the subschema `ref` names, resolved against `base`; or why it cannot be found.
    func target(of ref: String, base: String) -> Result<String, RefProblem> {
        guard let absolute = Self.resolve(ref, against: base) else { return .failure(.malformed) }
        let parts = absolute.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let resource = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        guard let root = resources[resource] else { return .failure(.outside(resource)) }
        if fragment.isEmpty { return .success(root) }
        if fragment.hasPrefix("/") {
            guard let decoded = fragment.removingPercentEncoding else { return .failure(.malformed) }
            let pointer = root + decoded
            guard node(at: pointer) != nil else { return .failure(.missing(pointer)) }
            return .success(pointer)
        }
        guard let pointer = anchors[resource + "#" + fragment] else { return .failure(.noAnchor(fragment)) }
        return .success(pointer)
    }

    /// The node at a pointer, walked token by token when no subschema was registered there.
    func node(at pointer: String) -> ConfigNode? {
        if let known = nodes[pointer] { return known }
        let document = pointer.hasPrefix("@") ? String(pointer.prefix { $0 != "/" }) : ""
        guard var node = nodes[document] else { return nil }
        for token in pointer.dropFirst(document.count).split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let pairs = node.pairs, let next = pairs.last(where: { $0.key.scalarText == key })?.value {
                node = next
            } else if let items = node.items, let i = Int(key), i >= 0, i < items.count {
                node = items[i]
            } else {
                return nil
            }
        }
        return node
    }

    /// The base URI in force at a pointer: its own, or that of the nearest subschema above it.
    func base(at pointer: String) -> String {
        var p = Substring(pointer)
        while true {
            if let b = bases[String(p)] { return b }
            guard let slash = p.lastIndex(of: "/") else { return bases[String(p.prefix { $0 != "/" })] ?? bases[""] ?? "" }
            p = p[..<slash]
        }
    }

    enum RefProblem: Error {
        case malformed
        case outside(String)
        case missing(String)
        case noAnchor(String)
    }

    static func escape(_ key: String) -> String {
        // Most keys have neither: no search of the text for them (a large schema has many keys).
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    static func strip(_ uri: String) -> String {
        uri.firstIndex(of: "#").map { String(uri[..<$0]) } ?? uri
    }

    /// `ref` resolved against `base` (RFC 3986), keeping a fragment; nil when it is not a URI.
    static func resolve(_ ref: String, against base: String) -> String? {
        if ref.hasPrefix("#") { return strip(base) + ref }
        if let colon = ref.firstIndex(of: ":"), !ref[..<colon].contains("/"), !ref[..<colon].isEmpty { return ref }
        // A relative reference against a hierarchical base (`http://`, `file:`); a URN has no folders.
        guard let url = URL(string: ref, relativeTo: URL(string: strip(base))) else { return nil }
        return url.absoluteURL.absoluteString
    }
}

/// The JSON Schema drafts Sift reads.
public enum SchemaDraft: String, Sendable, CaseIterable {
    case draft2020_12 = "2020-12"
    case draft7 = "7"

    /// The draft a `$schema` URI names, if it is one of these.
    static func named(by uri: String) -> SchemaDraft? {
        if uri.contains("draft/2020-12") { return .draft2020_12 }
        if uri.contains("draft-07") { return .draft7 }
        return nil
    }
}
