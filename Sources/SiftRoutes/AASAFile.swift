import SiftCore
import SiftJSON

/// An apple-app-site-association file, evaluated as iOS does: within the chosen app's
/// entry, the first matching pattern wins; `*` matches zero or more characters and `?`
/// exactly one; `caseSensitive` and `percentEncoded` default to true; a query item the
/// link lacks matches as the empty string; `paths` is ignored when `components` is present.
struct AASAFile {
    struct Component {
        var path: String?
        var query: QueryRule?
        var fragment: String?
        var exclude: Bool
        var caseSensitive: Bool
        var percentEncoded: Bool
        /// How it is shown in reports: `/videos/*` or `NOT /videos/private/*`.
        var label: String
    }

    enum QueryRule {
        case whole(String)
        case items([(String, String)])
    }

    let appIDs: [String]
    let components: [Component]

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the entry for `appID` (or the first entry).
    init(bytes: [UInt8], appID: String?) throws(Problem) {
        let doc: JSONDocument
        do { doc = try JSONDocument(bytes: bytes) } catch { throw Problem(description: "the AASA file is not valid JSON: \(error)") }
        guard let details = doc.root["applinks"]?["details"], details.kind == .array, details.count > 0 else {
            throw Problem(description: "the AASA file has no applinks.details")
        }
        func ids(_ d: JSONValue) -> [String] {
            var out = d["appIDs"]?.elements.compactMap(\.string) ?? []
            if let one = d["appID"]?.string, !out.contains(one) { out.append(one) }
            return out
        }
        let entry: JSONValue
        if let appID {
            guard let e = details.elements.first(where: { ids($0).contains(appID) }) else {
                throw Problem(
                    description:
                        "the AASA file has no entry for \(appID) (entries: \(details.elements.flatMap(ids).joined(separator: ", ")))")
            }
            entry = e
        } else {
            entry = details[0]!
        }
        appIDs = ids(entry)
        if let comps = entry["components"], comps.kind == .array {
            components = comps.elements.map { c in
                var query: QueryRule?
                if let q = c["?"] {
                    if let s = q.string { query = .whole(s) } else { query = .items(q.members.map { ($0.key, $0.value.string ?? "") }) }
                }
                let exclude = c["exclude"]?.bool ?? false
                let path = c["/"]?.string
                return Component(
                    path: path, query: query, fragment: c["#"]?.string, exclude: exclude,
                    caseSensitive: c["caseSensitive"]?.bool ?? true, percentEncoded: c["percentEncoded"]?.bool ?? true,
                    label: (exclude ? "exclude " : "") + (path ?? "*"))
            }
        } else {
            components = (entry["paths"]?.elements.compactMap(\.string) ?? []).map { p in
                let not = p.hasPrefix("NOT ")
                let pattern = not ? String(p.dropFirst(4)) : p
                return Component(
                    path: pattern, query: nil, fragment: nil, exclude: not, caseSensitive: true, percentEncoded: true, label: p)
            }
        }
    }

    /// The first component that matches, or nil: nil or an exclusion means the link opens in the browser.
    /// `c1`: whether C1 controls are refused when a path is decoded (`controls` of the routes).
    func decide(encodedPath: String, query: [(String, String)] = [], fragment: String = "", c1: Bool = true)
        -> (index: Int, component: Component)?
    {
        for (i, c) in components.enumerated() where matches(c, encodedPath, query, fragment, c1) { return (i, c) }
        return nil
    }

    private func matches(_ c: Component, _ encodedPath: String, _ query: [(String, String)], _ fragment: String, _ c1: Bool) -> Bool {
        let decoded = try? LinkParser.decode(Substring(encodedPath), allowSlash: true, c1: c1)
        let path = c.percentEncoded ? encodedPath : (decoded ?? encodedPath)
        if let p = c.path, !Glob.matches(p, path, caseSensitive: c.caseSensitive) { return false }
        switch c.query {
        case .whole(let pattern)?:
            let text = query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
            if !Glob.matches(pattern, text, caseSensitive: c.caseSensitive) { return false }
        case .items(let items)?:
            for (name, pattern) in items {
                let value = query.first { $0.0 == name }?.1 ?? ""
                if !Glob.matches(pattern, value, caseSensitive: c.caseSensitive) { return false }
            }
        case nil: break
        }
        if let f = c.fragment, !Glob.matches(f, fragment, caseSensitive: c.caseSensitive) { return false }
        return true
    }
}
