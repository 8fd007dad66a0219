import SiftMessages

/// Heuristics for regex mistakes that change results without being errors: a one-sided
/// anchor in a full-match pattern (meant as a prefix or suffix test), and an unescaped `.`
/// that is clearly meant literally (`qq.com`). Pure functions over the pattern text.
enum RegexLint {
    /// Patterns that match any text whole (`.*`, `^[\s\S]*$`): a check with one never fails.
    private static let everything: Set<String> = [
        ".*", ".*?", "[\\s\\S]*", "[\\S\\s]*", "[\\w\\W]*", "[\\W\\w]*", "[\\d\\D]*", "[\\D\\d]*", "(?s).*", "(?s:.*)",
    ]

    /// True when the pattern accepts every text: one of `everything`, anchored or not, in a
    /// group or not; in search mode, also the empty pattern.
    static func acceptsEverything(_ pattern: String, full: Bool) -> Bool {
        var p = Substring(pattern)
        if p.hasPrefix("\\A") { p = p.dropFirst(2) } else if p.hasPrefix("^") { p = p.dropFirst() }
        if p.hasSuffix("\\z") || p.hasSuffix("\\Z") { p = p.dropLast(2) } else if p.hasSuffix("$"), !p.hasSuffix("\\$") { p = p.dropLast() }
        if p.hasPrefix("(?:"), p.hasSuffix(")") {
            p = p.dropFirst(3).dropLast()
        } else if p.hasPrefix("("), p.hasSuffix(")"), !p.hasPrefix("(?") {
            p = p.dropFirst().dropLast()
        }
        return everything.contains(String(p)) || (!full && p.isEmpty)
    }

    /// A warning when a full-match pattern is anchored on one side only, as a search-style
    /// prefix (`^https://`) or suffix (`\.cn$`) test would be.
    static func oneSidedAnchor(_ pattern: String) -> Message? {
        let s = Array(pattern.unicodeScalars)
        guard s.count >= 2, !hasTopLevelAlternation(s) else { return nil }
        let starts = s.first == "^"
        let ends = s.last == "$" && !isEscaped(s, s.count - 1)
        let openEnd = pattern.hasSuffix(".*") || pattern.hasSuffix(".+") || pattern.hasSuffix(".*$") || pattern.hasSuffix(".+$")
        let openStart = pattern.hasPrefix(".*") || pattern.hasPrefix(".+") || pattern.hasPrefix("^.*") || pattern.hasPrefix("^.+")
        if starts, !ends, !openEnd {
            return FieldsMessages.notPrefixTest(["pattern": pattern])
        }
        if ends, !starts, !openStart {
            return FieldsMessages.notSuffixTest(["pattern": pattern])
        }
        return nil
    }

    /// Warnings for each unescaped `.` outside a class followed by a domain- or extension-like
    /// tail (2 to 6 letters, then the end, `$`, `)`, `|` or `/`), whatever comes before it:
    /// `qq.com`, `[a-z]+.com`, `(\w+).jpg`. The message quotes the dot with the atom before it.
    static func literalDots(_ pattern: String) -> [Message] {
        let s = Array(pattern.unicodeScalars)
        var out: [Message] = []
        var inClass = false
        for i in s.indices {
            let c = s[i]
            if isEscaped(s, i) { continue }
            if c == "[" { inClass = true; continue }
            if c == "]" { inClass = false; continue }
            guard c == ".", !inClass else { continue }
            var j = i + 1
            while j < s.count, isLetter(s[j]) { j += 1 }
            let tail = j - i - 1
            // A domain or extension (`qq.com`, `www.shop.cn`: each dot), or a decimal point
            // between digits (`[0-9]+.[0-9]{2}`, `\d.\d`).
            let domain = (2...6).contains(tail) && (j == s.count || "$)|/.".unicodeScalars.contains(s[j]))
            if !domain, let end = decimalTail(s, after: i), i > 0, isDigitAtom(s, before: i) { j = end } else if !domain { continue }
            let word = String(String.UnicodeScalarView(s[atomStart(s, before: i)..<j]))
            out.append(FieldsMessages.literalDot(["word": word, "other": word.replacingDot(with: "x"), "escaped": word.replacingDot()]))
        }
        return out
    }

    /// Where the atom (with its quantifier) that ends just before index `end` starts: a run of
    /// letters and digits, an escape (`\w`), a class (`[a-z]`) or a group, each with `+`, `*`,
    /// `?` or `{m,n}` after it. Only for messages.
    private static func atomStart(_ s: [Unicode.Scalar], before end: Int) -> Int {
        var k = end
        if k > 0, "+*?".unicodeScalars.contains(s[k - 1]), !isEscaped(s, k - 1) {
            k -= 1
            if k > 0, "+*?".unicodeScalars.contains(s[k - 1]), !isEscaped(s, k - 1) { k -= 1 }  // lazy or possessive
        } else if k > 0, s[k - 1] == "}", let open = s[..<k].lastIndex(of: "{") {
            k = open
        }
        guard k > 0 else { return k }
        if let close = "])".unicodeScalars.first(where: { $0 == s[k - 1] }), !isEscaped(s, k - 1) {
            let open: Unicode.Scalar = close == "]" ? "[" : "("
            var depth = 0
            var m = k - 1
            while m >= 0 {
                if !isEscaped(s, m) {
                    if s[m] == close { depth += 1 } else if s[m] == open { depth -= 1 }
                    if depth == 0 { return m }
                }
                m -= 1
            }
            return 0
        }
        if isEscaped(s, k - 1) { return k - 2 }
        while k > 0, isAlnum(s[k - 1]), !isEscaped(s, k - 1) { k -= 1 }
        return k
    }

    /// The end of a digit atom right after the dot at `dot` (`[0-9]`, `\d`, a digit, with its
    /// quantifier), or nil.
    private static func decimalTail(_ s: [Unicode.Scalar], after dot: Int) -> Int? {
        var k = dot + 1
        guard k < s.count else { return nil }
        if s[k] == "\\", k + 1 < s.count, s[k + 1] == "d" {
            k += 2
        } else if s[k] == "[", k + 4 < s.count, String(String.UnicodeScalarView(s[k...(k + 4)])) == "[0-9]" {
            k += 5
        } else if ("0"..."9").contains(s[k]) {
            k += 1
        } else {
            return nil
        }
        if k < s.count, s[k] == "{", let close = s[k...].firstIndex(of: "}") {
            k = close + 1
        } else if k < s.count, "+*?".unicodeScalars.contains(s[k]) {
            k += 1
        }
        return k
    }

    /// True when the atom before index `end` stands for digits (`[0-9]+`, `\d{2}`, `12`).
    private static func isDigitAtom(_ s: [Unicode.Scalar], before end: Int) -> Bool {
        let atom = String(String.UnicodeScalarView(s[atomStart(s, before: end)..<end]))
        return atom.hasPrefix("[0-9]") || atom.hasPrefix("\\d") || atom.first.map { ("0"..."9").contains($0) } == true
    }

    private static func isEscaped(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        var n = 0, j = i - 1
        while j >= 0, s[j] == "\\" { n += 1; j -= 1 }
        return n % 2 == 1
    }

    private static func hasTopLevelAlternation(_ s: [Unicode.Scalar]) -> Bool {
        var depth = 0, inClass = false
        for i in s.indices where !isEscaped(s, i) {
            switch s[i] {
            case "[": inClass = true
            case "]": inClass = false
            case "(" where !inClass: depth += 1
            case ")" where !inClass: depth -= 1
            case "|" where !inClass && depth == 0: return true
            default: break
            }
        }
        return false
    }

    private static func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
    private static func isAlnum(_ c: Unicode.Scalar) -> Bool { isLetter(c) || ("0"..."9").contains(c) }
}

private extension String {
    /// The last `.` replaced (the one warned about: the atom before it may hold a class with
    /// dots): by `\.` by default.
    func replacingDot(with replacement: String = "\\.") -> String {
        guard let i = lastIndex(of: ".") else { return self }
        return String(self[..<i]) + replacement + String(self[index(after: i)...])
    }
}
