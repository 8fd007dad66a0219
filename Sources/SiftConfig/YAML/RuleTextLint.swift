/// Checks on a rule file's raw text, before YAML reads it: typing mistakes that YAML accepts
/// but that change what a rule means (typographic quotes, a full-width colon), and where
/// a file that is not UTF-8 stops decoding.
package enum RuleTextLint {
    /// The 1-based line and column of the first byte that is not valid UTF-8, or nil.
    package static func firstInvalidUTF8(_ bytes: [UInt8]) -> (line: Int, column: Int)? {
        var line = 1, column = 1, i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b >> 5 == 0b110 ? 2 : b >> 4 == 0b1110 ? 3 : b >> 3 == 0b11110 ? 4 : 0
            guard length > 0, i + length <= bytes.count,
                bytes[(i + 1)..<(i + length)].allSatisfy({ $0 & 0xC0 == 0x80 }),
                String(validating: bytes[i..<(i + length)], as: UTF8.self) != nil
            else { return (line, column) }
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
            i += length
        }
        return nil
    }

    /// Errors for typographic quotes around a value and full-width colons after a key.
    package static func typography(_ text: String, file: String) -> [Diagnostic] {
        // Almost every file has none of these characters: one pass over its scalars says so.
        guard text.unicodeScalars.contains(where: { Self.marks.contains($0.value) }) else { return [] }
        var out: [Diagnostic] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let s = Array(line.unicodeScalars)
            guard let first = s.firstIndex(where: { $0 != " " }), s[first] != "#" else { continue }
            if s[first] == "\u{3000}" {
                out.append(
                    .error(
                        ConfigMessages.yamlFullWidthSpace(),
                        at: Mark(file: file, line: n + 1, column: first + 1)))
                continue
            }
            var i = first
            var inQuote: Unicode.Scalar?
            while i < s.count {
                let c = s[i]
                if let q = inQuote {
                    if c == q { inQuote = nil }
                } else if c == "'" || c == "\"" {
                    inQuote = c
                } else if c == "#", i > 0, s[i - 1] == " " {
                    break
                } else if (0x2018...0x201D).contains(c.value), c.value != 0x201A, c.value != 0x201B, startsValue(s, i) {
                    let plain = c == "‘" || c == "’" ? "'" : "\""
                    out.append(
                        .error(
                            ConfigMessages.typographicQuote(["c": "\(c)", "plain": "\(plain)"]),
                            at: Mark(file: file, line: n + 1, column: i + 1)))
                } else if c == "：", i > first, s[i - 1] != " " {
                    out.append(
                        .error(
                            ConfigMessages.fullWidthColon(),
                            at: Mark(file: file, line: n + 1, column: i + 1)))
                }
                i += 1
            }
        }
        return out
    }

    /// The characters this lint looks for: U+3000 (full-width space), ‘ ’ “ ” and '：'.
    private static let marks: Set<UInt32> = [0x3000, 0x2018, 0x2019, 0x201C, 0x201D, 0xFF1A]

    /// True when position `i` begins a value: after `: `, `- `, `[`, `{`, `,` (spaces allowed).
    private static func startsValue(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        var j = i - 1
        while j >= 0, s[j] == " " { j -= 1 }
        guard j >= 0 else { return true }
        return ":-[{,".unicodeScalars.contains(s[j])
    }
}
