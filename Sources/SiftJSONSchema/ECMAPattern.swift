/// ECMA-262 regular expressions (JSON Schema's `pattern`, with the `u` flag) in PCRE2's
/// spelling, with ECMA-262's meaning where the two differ (PCRE2 runs with UTF and
/// DOLLAR_ENDONLY, without UCP: `\d`, `\w` and `\b` are ASCII in both, `$` is the end only):
///
/// - `.` stops at every line terminator (`\n`, `\r`, U+2028, U+2029), not only at `\n`;
/// - `\s` is ECMA-262's white space and line terminators (U+00A0, U+FEFF, every Zs, U+2028...),
///   `\S` the rest, in a class too (`[\S-]`);
/// - `\v` is U+000B only (PCRE2's is every vertical space);
/// - `[^]` is any character, `[]` none;
/// - `\uXXXX` (a surrogate pair as one character), `\u{1F600}` as `\x{...}`; `\p{Letter}` and the
///   other long General_Category names as `\p{L}`, `\p{Script=Greek}` as `\p{sc:Greek}`;
/// - a back reference to a group that has not matched matches the empty text.
enum ECMAPattern {
    static let categories: [String: String] = [
        "Letter": "L", "Cased_Letter": "L&", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll", "Titlecase_Letter": "Lt",
        "Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M", "Combining_Mark": "M", "Nonspacing_Mark": "Mn",
        "Spacing_Mark": "Mc", "Enclosing_Mark": "Me", "Number": "N", "Decimal_Number": "Nd", "digit": "Nd", "Letter_Number": "Nl",
        "Other_Number": "No", "Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc", "Dash_Punctuation": "Pd",
        "Open_Punctuation": "Ps", "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi", "Final_Punctuation": "Pf",
        "Other_Punctuation": "Po", "Symbol": "S", "Math_Symbol": "Sm", "Currency_Symbol": "Sc", "Modifier_Symbol": "Sk",
        "Other_Symbol": "So", "Separator": "Z", "Space_Separator": "Zs", "Line_Separator": "Zl", "Paragraph_Separator": "Zp",
        "Other": "C", "Control": "Cc", "cntrl": "Cc", "Format": "Cf", "Surrogate": "Cs", "Private_Use": "Co", "Unassigned": "Cn",
    ]

    /// ECMA-262's `\s`, as the inside of a PCRE2 class: WhiteSpace and LineTerminator.
    /// The space separators (Zs) are spelled out: PCRE2 10.42 misreads `\p{..}` beside `\D` or `\W`
    /// in a negated class (PCRE2Project/pcre2#497).
    static let space = #"\t\x{0B}\f\x{20}\x{A0}\x{1680}\x{2000}-\x{200A}\x{202F}\x{205F}\x{3000}\x{FEFF}\n\r\x{2028}\x{2029}"#
    /// ECMA-262's `.` without the `s` flag: anything but a line terminator.
    static let dot = #"[^\n\r\x{2028}\x{2029}]"#

    static func translate(_ pattern: String) -> String {
        let s = Array(pattern.unicodeScalars)
        var out = ""
        var i = 0
        while i < s.count {
            switch s[i] {
            case "[":
                let (text, next) = characterClass(s, i)
                out += text
                i = next
            case ".":
                out += dot
                i += 1
            case "\\" where i + 1 < s.count:
                let (text, next) = escape(s, i)
                out += text == #"\s"# ? "[\(space)]" : (text == #"\S"# ? "[^\(space)]" : text)
                i = next
            default:
                out.unicodeScalars.append(s[i])
                i += 1
            }
        }
        return out
    }

    /// The escape at `i` (a backslash) in PCRE2's spelling, and the index after it. `\s` and `\S`
    /// come back as they are: the caller says them inside or outside a class.
    private static func escape(_ s: [Unicode.Scalar], _ i: Int) -> (String, Int) {
        let letter = s[i + 1]
        if letter == "p" || letter == "P" || letter == "u", i + 2 < s.count, s[i + 2] == "{",
            let close = s[(i + 3)...].firstIndex(of: "}")
        {
            let name = String(String.UnicodeScalarView(s[(i + 3)..<close]))
            if letter == "u" { return ("\\x{\(name)}", close + 1) }
            // `Assigned` is every character but the unassigned ones.
            if name == "Assigned" { return (letter == "p" ? #"\P{Cn}"# : #"\p{Cn}"#, close + 1) }
            return ("\\\(letter){\(property(name))}", close + 1)
        }
        if letter == "u", let (unit, next) = hex4(s, i + 2) {
            // A surrogate pair is one character: `\uD83D\uDE00` is U+1F600.
            if (0xD800..<0xDC00).contains(unit), next + 1 < s.count, s[next] == "\\", s[next + 1] == "u",
                let (low, after) = hex4(s, next + 2), (0xDC00..<0xE000).contains(low)
            {
                let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                return ("\\x{\(String(scalar, radix: 16, uppercase: true))}", after)
            }
            return ("\\x{\(String(unit, radix: 16, uppercase: true))}", next)
        }
        if letter == "v" { return (#"\x{0B}"#, i + 2) }
        return ("\\" + String(letter), i + 2)
    }

    private static func hex4(_ s: [Unicode.Scalar], _ i: Int) -> (Int, Int)? {
        guard i + 4 <= s.count, s[i..<(i + 4)].allSatisfy(\.properties.isASCIIHexDigit) else { return nil }
        return (Int(String(String.UnicodeScalarView(s[i..<(i + 4)])), radix: 16)!, i + 4)
    }

    /// The class starting at `start` (`[`), and the index after its `]`. A class with `\S` in it
    /// is said as an alternation, since PCRE2's classes cannot hold ECMA-262's `\S`.
    private static func characterClass(_ s: [Unicode.Scalar], _ start: Int) -> (String, Int) {
        var i = start + 1
        let negated = i < s.count && s[i] == "^"
        if negated { i += 1 }
        var items = "", nonSpace = false
        while i < s.count, s[i] != "]" {
            if s[i] == "\\", i + 1 < s.count {
                let (text, next) = escape(s, i)
                if text == #"\s"# { items += space } else if text == #"\S"# { nonSpace = true } else { items += text }
                i = next
            } else {
                // `[`, `.`, `:`, `=` and `^` are characters in an ECMA-262 class; PCRE2 reads `[:`, `[.`
                // and `[=` as POSIX classes, and a `^` first as a negation: escaped, they are characters.
                items += "[.:=^".unicodeScalars.contains(s[i]) ? "\\" + String(s[i]) : String(s[i])
                i += 1
            }
        }
        let next = min(i + 1, s.count)
        switch (negated, nonSpace, items.isEmpty) {
        case (false, false, true): return ("(?!)", next)  // `[]`: no character
        case (true, false, true): return (#"[\x{0}-\x{10FFFF}]"#, next)  // `[^]`: any character
        // A negated class with a property is said as a look-ahead (PCRE2Project/pcre2#497).
        case (true, false, false) where items.contains("\\p{") || items.contains("\\P{"):
            return ("(?:(?![\(items)])[\\x{0}-\\x{10FFFF}])", next)
        case (_, false, false): return ("[" + (negated ? "^" : "") + items + "]", next)
        case (false, true, true): return ("[^\(space)]", next)
        case (false, true, false): return ("(?:[^\(space)]|[\(items)])", next)
        case (true, true, true): return ("[\(space)]", next)
        case (true, true, false): return ("(?:(?![\(items)])[\(space)])", next)
        }
    }

    /// `Letter` → `L`, `General_Category=Lu` / `gc=Lu` → `Lu`, `Script=Greek` / `sc=Greek` →
    /// `sc:Greek` (a bare `\p{Greek}` is Script_Extensions in PCRE2), `Script_Extensions=Greek` /
    /// `scx=Greek` → `Greek`; other names as they are.
    static func property(_ name: String) -> String {
        if let eq = name.firstIndex(of: "=") {
            let key = name[..<eq], value = String(name[name.index(after: eq)...])
            if key == "Script" || key == "sc" { return "sc:" + value }
            return categories[value] ?? value
        }
        return categories[name] ?? name
    }

    /// X when `pattern` is `^X$` and X has no `|` at its top level (so both anchors hold for the
    /// whole of it) and ends in no backslash (its `$` is an anchor, not an escaped dollar).
    static func wholeText(_ pattern: String) -> String? {
        let s = Array(pattern.unicodeScalars)
        guard s.count >= 2, s.first == "^", s.last == "$" else { return nil }
        let inner = s[1..<(s.count - 1)]
        var depth = 0, inClass = false, i = inner.startIndex
        while i < inner.endIndex {
            let c = inner[i]
            if c == "\\" {
                if i + 1 == inner.endIndex { return nil }  // `\$`: the dollar is escaped
                i += 2
                continue
            }
            if inClass {
                if c == "]" { inClass = false }
            } else if c == "[" {
                inClass = true
                // `[^]...]` and `[]...]`: a `]` first in the class is one of its characters (PCRE2).
                if i + 1 < inner.endIndex, inner[i + 1] == "^" { i += 1 }
                if i + 1 < inner.endIndex, inner[i + 1] == "]" { i += 1 }
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth -= 1
                if depth < 0 { return nil }
            } else if c == "|", depth == 0 {
                return nil
            }
            i += 1
        }
        guard depth == 0, !inClass else { return nil }
        return String(String.UnicodeScalarView(inner))
    }
}
