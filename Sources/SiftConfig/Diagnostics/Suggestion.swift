import SiftMessages

/// "Did you mean" suggestions by edit distance, as swift-argument-parser does.
package enum Suggestion: Sendable {
    /// The closest candidate within a distance that still looks like a typo, or nil.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(1, min(3, word.count / 3 + 1))
        var best: (String, Int)?
        let candidates = Array(candidates)
        // The same words run together or cased otherwise ("uniqueby", "UniqueBy" for "unique_by").
        let bare = parts(word)
        if let same = candidates.first(where: { parts($0) == bare }) { return same }
        // A word that starts with a candidate, or the start of one ("integer" for "int").
        if word.count >= 3,
            let prefix = candidates.first(where: {
                $0.count >= 3 && (word.lowercased().hasPrefix($0.lowercased()) || $0.lowercased().hasPrefix(word.lowercased()))
            })
        {
            return prefix
        }
        for c in candidates {
            let d = editDistance(word.lowercased(), c.lowercased())
            if d <= limit, d < (best?.1 ?? .max) { best = (c, d) }
        }
        return best?.0
    }

    /// The word in lower case without the marks between its parts (`_`, `-`, spaces).
    private static func parts(_ word: String) -> String {
        String(word.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// `; did you mean 'x'?` in every language, or nothing.
    package static func hint(_ word: String, in candidates: some Sequence<String>) -> Message {
        guard let c = closest(to: word, in: candidates) else { return .empty }
        return ConfigMessages.didYouMean(["name": c])
    }

    /// Edit distance over Unicode scalars, counting a swap of two neighbours as one edit
    /// (optimal string alignment), so "esle" is one edit from "else".
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
