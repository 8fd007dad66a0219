/// JSON writes a character beyond U+FFFF as two escapes (`"\ud83d\ude00"`); the YAML reader that
/// reads schema files takes `\u` for one whole character and refuses a surrogate. In a JSON
/// text, each such pair is rewritten as the one escape YAML reads (`\U0001F600`) before reading.
enum SurrogateEscapes {
    /// `text` with every `\uD8xx\uDCxx` pair (a backslash not itself escaped) as `\UXXXXXXXX`;
    /// unchanged unless it is JSON (it starts with `{` or `[`).
    static func combined(_ text: String) -> String {
        // Looked for in the bytes first: most schemas have no surrogate escape at all.
        let bytes = text.utf8
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "["), hasSurrogateEscape(bytes)
        else { return text }
        let s = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            if s[i] == "\\", i + 1 < s.count {
                if let high = unit(s, i), (0xD800..<0xDC00).contains(high), let low = unit(s, i + 6), (0xDC00..<0xE000).contains(low) {
                    let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    let hex = String(scalar, radix: 16, uppercase: true)
                    out.append(contentsOf: ("\\U" + String(repeating: "0", count: 8 - hex.count) + hex).unicodeScalars)
                    i += 12
                    continue
                }
                out.append(s[i])
                out.append(s[i + 1])  // an escaped character (`\\` too) is kept as it is
                i += 2
                continue
            }
            out.append(s[i])
            i += 1
        }
        return String(out)
    }

    /// True when the bytes hold `\uD8`..`\uDB` (upper or lower case): the start of a high surrogate.
    private static func hasSurrogateEscape(_ bytes: String.UTF8View) -> Bool {
        var (a, b, c): (UInt8, UInt8, UInt8) = (0, 0, 0)
        for d in bytes {
            if a == UInt8(ascii: "\\"), b == UInt8(ascii: "u"), c | 0x20 == UInt8(ascii: "d"),
                (UInt8(ascii: "8")...UInt8(ascii: "9")).contains(d) || (UInt8(ascii: "a")...UInt8(ascii: "b")).contains(d | 0x20)
            {
                return true
            }
            (a, b, c) = (b, c, d)
        }
        return false
    }

    /// The code unit of a `\uXXXX` escape at `i`, or nil.
    private static func unit(_ s: [Unicode.Scalar], _ i: Int) -> Int? {
        guard i + 6 <= s.count, s[i] == "\\", s[i + 1] == "u",
            s[(i + 2)..<(i + 6)].allSatisfy(\.properties.isASCIIHexDigit)
        else { return nil }
        return Int(String(String.UnicodeScalarView(s[(i + 2)..<(i + 6)])), radix: 16)
    }
}
