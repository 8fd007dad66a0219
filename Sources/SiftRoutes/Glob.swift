/// apple-app-site-association wildcards: `*` matches zero or more characters (including '/'),
/// `?` exactly one.
enum Glob {
    static func matches(_ pattern: String, _ text: String, caseSensitive: Bool = true) -> Bool {
        let p = Array((caseSensitive ? pattern : pattern.lowercased()).unicodeScalars)
        let t = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
