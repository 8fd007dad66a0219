/// ECMA-262 regular expressions (JSON Schema's `pattern`, with the `u` flag) in PCRE2's
/// spelling: `\p{Letter}` and the other long General_Category names as `\p{L}`, `\p{Script=Greek}`
/// as `\p{Greek}`, `\u{1F600}` as `\x{1F600}`. Everything else is kept: the two agree on the
/// syntax JSON Schemas use. Where they differ (ECMA's `\s` also takes Unicode spaces, its `.`
/// stops at U+2028) docs/JSON-SCHEMA.md says so.
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

    static func translate(_ pattern: String) -> String {
        let s = Array(pattern.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            guard s[i] == "\\", i + 1 < s.count else {
                out.append(s[i])
                i += 1
                continue
            }
            let letter = s[i + 1]
            if letter == "p" || letter == "P" || letter == "u", i + 2 < s.count, s[i + 2] == "{",
                let close = s[(i + 3)...].firstIndex(of: "}")
            {
                let name = String(String.UnicodeScalarView(s[(i + 3)..<close]))
                let spelled = letter == "u" ? "\\x{\(name)}" : "\\\(letter){\(property(name))}"
                out.append(contentsOf: spelled.unicodeScalars)
                i = close + 1
                continue
            }
            out.append(s[i])
            out.append(letter)
            i += 2
        }
        return String(out)
    }

    /// `Letter` → `L`, `Script=Greek` / `sc=Greek` / `Script_Extensions=Greek` → `Greek`,
    /// `General_Category=Lu` / `gc=Lu` → `Lu`; other names as they are.
    static func property(_ name: String) -> String {
        if let eq = name.firstIndex(of: "=") {
            let value = String(name[name.index(after: eq)...])
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
