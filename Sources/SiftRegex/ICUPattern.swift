/// ICU (NSRegularExpression, NSPredicate) syntax that PCRE2 spells differently.
package enum ICUPattern: Sendable {
    /// Rewrites `\uXXXX` and `\UXXXXXXXX` as PCRE2's `\x{...}`; everything else is kept.
    public static func translate(_ pattern: String) -> String {
        let s = Array(pattern.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            if s[i] == "\\", i + 1 < s.count {
                let width = s[i + 1] == "u" ? 4 : (s[i + 1] == "U" ? 8 : 0)
                if width > 0, i + 2 + width <= s.count, s[(i + 2)..<(i + 2 + width)].allSatisfy(\.properties.isASCIIHexDigit) {
                    out.append(contentsOf: "\\x{".unicodeScalars)
                    out.append(contentsOf: s[(i + 2)..<(i + 2 + width)])
                    out.append("}")
                    i += 2 + width
                    continue
                }
                out.append(s[i])
                out.append(s[i + 1])
                i += 2
                continue
            }
            out.append(s[i])
            i += 1
        }
        return String(out)
    }

    /// Character classes that contain `|`, a common slip for "or" (`[d|f]` also admits '|').
    /// Returns the classes' texts.
    public static func classesWithPipe(_ pattern: String) -> [String] {
        let s = Array(pattern.unicodeScalars)
        var found: [String] = []
        var i = 0
        while i < s.count {
            if s[i] == "\\" { i += 2; continue }
            if s[i] == "[" {
                let start = i
                i += 1
                if i < s.count, s[i] == "^" { i += 1 }
                if i < s.count, s[i] == "]" { i += 1 }
                var pipe = false
                while i < s.count, s[i] != "]" {
                    if s[i] == "\\" { i += 2; continue }
                    if s[i] == "|" { pipe = true }
                    i += 1
                }
                if pipe { found.append(String(String.UnicodeScalarView(s[start..<min(i + 1, s.count)]))) }
            }
            i += 1
        }
        return found
    }
}
