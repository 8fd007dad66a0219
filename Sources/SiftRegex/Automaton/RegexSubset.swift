/// A regular expression in the subset that a byte automaton answers exactly as PCRE2 does
/// for a whole-text match (`^…$` anchoring, no captures read, no case folding).
///
/// The subset: literals, `.`, classes (`[a-z]`, `[^…]`, ranges, escapes), `\d \D \w \W \s \S`,
/// `\n \t \r \f \e \a`, `\xhh`, `\x{h…}`, escaped punctuation, groups `(…)` and `(?:…)`,
/// `|`, and the quantifiers `* + ? {n} {n,} {n,m}` (greedy or lazy). `^` may open the pattern
/// and `$` may close it. Anything else (backreferences, look-around, `\b`, `\p{…}`, inline
/// flags, possessive quantifiers, POSIX classes, …) leaves the pattern to PCRE2.
indirect enum RegexTree: Equatable {
    /// One Unicode scalar from the set (sorted, disjoint, inclusive ranges).
    case set([ClosedRange<UInt32>])
    case concat([RegexTree])
    case alternation([RegexTree])
    /// `min` to `max` repetitions (`max == nil`: no upper bound).
    case repetition(RegexTree, min: Int, max: Int?)

    /// The largest count in `{n,m}` that the subset accepts (PCRE2 allows up to 65535).
    static let maxCount = 1_000

    /// Parses `pattern` (as PCRE2 receives it, after ICU escapes are translated), or returns
    /// nil when it uses anything outside the subset.
    static func parse(_ pattern: String) -> RegexTree? {
        var parser = RegexSubsetParser(Array(pattern.unicodeScalars).map(\.value))
        return parser.parseWhole()
    }
}

/// Scalar sets of the subset's shorthand classes, as PCRE2 defines them without `PCRE2_UCP`
/// (ASCII only: `\d` is `[0-9]`, and `\D` is every other scalar, non-ASCII included).
enum ScalarSets {
    static let digit: [ClosedRange<UInt32>] = [0x30...0x39]
    static let word: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
    /// Tab, newline, vertical tab, form feed, carriage return and space.
    static let space: [ClosedRange<UInt32>] = [0x09...0x0D, 0x20...0x20]
    /// `.`: any scalar but a newline (PCRE2's default newline convention, LF).
    static let dot: [ClosedRange<UInt32>] = complement([0x0A...0x0A])

    /// Sorts and merges ranges (overlapping or adjacent) into disjoint ones.
    static func normalized(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var out: [ClosedRange<UInt32>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound &+ 1 {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// Every scalar (surrogates excluded) not in `ranges`.
    static func complement(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var out: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for r in normalized(ranges + [0xD800...0xDFFF]) {
            if r.lowerBound > next { out.append(next...(r.lowerBound - 1)) }
            next = r.upperBound &+ 1
        }
        if next <= 0x10FFFF { out.append(next...0x10FFFF) }
        return out
    }
}

/// Recursive descent over the pattern's scalars; every `return nil` means "not in the subset".
private struct RegexSubsetParser {
    let s: [UInt32]
    var i = 0
    var depth = 0

    init(_ scalars: [UInt32]) { s = scalars }

    private func peek(_ k: Int = 0) -> UInt32? { i + k < s.count ? s[i + k] : nil }
    private func isAt(_ c: Unicode.Scalar, _ k: Int = 0) -> Bool { peek(k) == c.value }

    mutating func parseWhole() -> RegexTree? {
        if isAt("^") { i += 1 }
        guard let tree = parseAlternation(), i == s.count else { return nil }
        return tree
    }

    private mutating func parseAlternation() -> RegexTree? {
        var branches: [RegexTree] = []
        while true {
            guard let branch = parseConcat() else { return nil }
            branches.append(branch)
            guard isAt("|") else { break }
            i += 1
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseConcat() -> RegexTree? {
        var items: [RegexTree] = []
        while let c = peek(), c != ascii("|"), c != ascii(")") {
            if c == ascii("$") {
                // Only a closing `$` of the whole pattern (redundant in a whole-text match).
                guard depth == 0, i == s.count - 1 else { return nil }
                i += 1
                break
            }
            guard let atom = parseAtom(), let quantified = parseQuantifiers(atom) else { return nil }
            items.append(quantified)
        }
        return items.count == 1 ? items[0] : .concat(items)
    }

    private mutating func parseAtom() -> RegexTree? {
        let c = s[i]
        switch c {
        case ascii("("):
            i += 1
            if isAt("?") {
                guard isAt(":", 1) else { return nil }
                i += 2
            }
            depth += 1
            guard depth <= 100, let inner = parseAlternation(), isAt(")") else { return nil }
            depth -= 1
            i += 1
            return inner
        case ascii("["):
            i += 1
            return parseClass().map { .set($0) }
        case ascii("."):
            i += 1
            return .set(ScalarSets.dot)
        case ascii("\\"):
            i += 1
            return parseEscape(inClass: false).map { .set($0) }
        case ascii("^"), ascii("*"), ascii("+"), ascii("?"), ascii("{"):
            return nil
        default:
            i += 1
            return .set([c...c])
        }
    }

    /// At most one quantifier (PCRE2 reads some runs of them, such as `a{2}{3}`, in ways best
    /// left to it).
    private mutating func parseQuantifiers(_ atom: RegexTree) -> RegexTree? {
        guard let c = peek() else { return atom }
        let bounds: (Int, Int?)
        switch c {
        case ascii("*"): bounds = (0, nil); i += 1
        case ascii("+"): bounds = (1, nil); i += 1
        case ascii("?"): bounds = (0, 1); i += 1
        case ascii("{"):
            guard let counted = parseCount() else { return nil }
            bounds = counted
        default: return atom
        }
        if isAt("+") { return nil }  // possessive: not the same language
        if isAt("?") { i += 1 }  // lazy: the same language, another order
        if let next = peek(), [ascii("*"), ascii("+"), ascii("?"), ascii("{")].contains(next) { return nil }
        return .repetition(atom, min: bounds.0, max: bounds.1)
    }

    /// `{n}`, `{n,}` or `{n,m}`; nil for anything else (PCRE2 reads some of it as literal text).
    private mutating func parseCount() -> (Int, Int?)? {
        i += 1
        guard let low = parseNumber() else { return nil }
        var high: Int? = low
        if isAt(",") {
            i += 1
            high = isAt("}") ? nil : parseNumber()
            if high == nil, !isAt("}") { return nil }
        }
        guard isAt("}") else { return nil }
        i += 1
        if let high, high < low { return nil }
        return (low, high)
    }

    private mutating func parseNumber() -> Int? {
        var n = 0
        let start = i
        while let c = peek(), c >= 0x30, c <= 0x39 {
            n = n * 10 + Int(c - 0x30)
            guard n <= RegexTree.maxCount else { return nil }
            i += 1
        }
        return i > start ? n : nil
    }

    /// After `\`: a shorthand class or one scalar.
    private mutating func parseEscape(inClass: Bool) -> [ClosedRange<UInt32>]? {
        guard let c = peek() else { return nil }
        i += 1
        switch c {
        case ascii("d"): return ScalarSets.digit
        case ascii("D"): return ScalarSets.complement(ScalarSets.digit)
        case ascii("w"): return ScalarSets.word
        case ascii("W"): return ScalarSets.complement(ScalarSets.word)
        case ascii("s"): return ScalarSets.space
        case ascii("S"): return ScalarSets.complement(ScalarSets.space)
        default:
            i -= 1
            return parseEscapedScalar(inClass: inClass).map { [$0...$0] }
        }
    }

    /// After `\`: one scalar (`\n`, `\x41`, `\x{4e00}`, `\.`), or nil.
    private mutating func parseEscapedScalar(inClass: Bool) -> UInt32? {
        guard let c = peek() else { return nil }
        i += 1
        switch c {
        case ascii("n"): return 0x0A
        case ascii("t"): return 0x09
        case ascii("r"): return 0x0D
        case ascii("f"): return 0x0C
        case ascii("e"): return 0x1B
        case ascii("a"): return 0x07
        case ascii("x"): return parseHex()
        default:
            let isAlphanumeric = (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c)
            return c < 0x80 && !isAlphanumeric ? c : nil
        }
    }

    /// After `\x`: `{h…}` or up to two hex digits.
    private mutating func parseHex() -> UInt32? {
        func hexDigit(_ c: UInt32?) -> UInt32? {
            guard let c, let v = Unicode.Scalar(c).flatMap({ UInt32(String($0), radix: 16) }) else { return nil }
            return v
        }
        var value: UInt32 = 0
        if isAt("{") {
            i += 1
            var digits = 0
            while let d = hexDigit(peek()) {
                value = value * 16 + d
                digits += 1
                guard digits <= 6 else { return nil }
                i += 1
            }
            guard digits > 0, isAt("}") else { return nil }
            i += 1
        } else {
            var digits = 0
            while digits < 2, let d = hexDigit(peek()) {
                value = value * 16 + d
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }  // a bare `\x` is NUL to PCRE2: too easy to misread
        }
        guard value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return value
    }

    /// After `[`: the class's scalar set, up to and including `]`.
    private mutating func parseClass() -> [ClosedRange<UInt32>]? {
        var negated = false
        if isAt("^") {
            negated = true
            i += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while let c = peek() {
            if c == ascii("]"), !first { break }
            first = false
            if c == ascii("["), isAt(":", 1) || isAt(".", 1) || isAt("=", 1) { return nil }  // POSIX classes
            guard let low = parseClassScalar() else {
                // A shorthand class (`\d`) inside the class; a range may not follow it.
                guard isAt("\\"), !isAt("b", 1) else { return nil }
                i += 1
                guard let set = parseEscape(inClass: true), !isAt("-") || isAt("]", 1) else { return nil }
                ranges += set
                continue
            }
            if isAt("-"), let next = peek(1), next != ascii("]") {
                i += 1
                guard let high = parseClassScalar(), high >= low else { return nil }
                ranges.append(low...high)
            } else {
                ranges.append(low...low)
            }
        }
        guard isAt("]") else { return nil }
        i += 1
        return negated ? ScalarSets.complement(ranges) : ScalarSets.normalized(ranges)
    }

    /// One scalar inside a class (a literal or an escaped scalar); nil, without moving, for
    /// anything else.
    private mutating func parseClassScalar() -> UInt32? {
        guard let c = peek() else { return nil }
        if c != ascii("\\") {
            i += 1
            return c
        }
        let saved = i
        i += 1
        if let scalar = parseEscapedScalar(inClass: true) { return scalar }
        i = saved
        return nil
    }
}

/// A scalar's value, for comparing with the pattern's scalars.
@inline(__always) private func ascii(_ c: Unicode.Scalar) -> UInt32 { c.value }
