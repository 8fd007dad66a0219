import SiftCore

/// Reading the parts of a link: characters, escapes, and the text of messages.
extension LinkParser {
    /// RFC 3986 section 2: unreserved, gen-delims, sub-delims and '%' (escapes are checked when decoding).
    static func isRFC3986(_ u: Unicode.Scalar) -> Bool {
        switch u {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "-._~:/?#[]@!$&'()*+,;=%".unicodeScalars.contains(u)
        }
    }

    /// A character for a message: `'<'`, or `'例' (U+4F8B)` outside ASCII.
    static func shown(_ u: Unicode.Scalar) -> String {
        u.isASCII ? "'\(u)'" : "'\(u)' (\(codePoint(u.value)))"
    }

    static func codePoint(_ v: UInt32) -> String {
        "U+" + String(v, radix: 16, uppercase: true).leftPadded(to: 4)
    }

    /// Text from the link for a message, cut short so a huge link makes no huge message.
    static func clipped(_ s: Substring) -> String {
        s.count > 40 ? String(s.prefix(40)) + "…" : String(s)
    }

    static func decodeSegment(_ raw: Substring, c1: Bool = true) throws(LinkProblem) -> String {
        let s = try decode(raw, allowSlash: false, c1: c1)
        if s == "." || s == ".." {
            throw LinkProblem(code: .Route.dotSegment, RoutesMessages.dotSegment(["segment": s]))
        }
        return s
    }

    /// Percent-decodes once. Refuses bad escapes, NUL, other control characters (C0, DEL and,
    /// after UTF-8 decoding, C1 unless `c1` is false), invalid UTF-8 and (in segments) encoded slashes.
    static func decode(_ raw: Substring, allowSlash: Bool, c1: Bool = true) throws(LinkProblem) -> String {
        var bytes: [UInt8] = []
        var it = Array(raw.utf8)[...]
        while let c = it.popFirst() {
            guard c == UInt8(ascii: "%") else { bytes.append(c); continue }
            guard it.count >= 2, let hi = hex(it[it.startIndex]), let lo = hex(it[it.startIndex + 1]) else {
                throw LinkProblem(code: .Route.badEscape, RoutesMessages.badEscape())
            }
            it = it.dropFirst(2)
            let b = hi << 4 | lo
            if b == 0 {
                throw LinkProblem(code: .Route.nulByte, RoutesMessages.nulByte())
            }
            if b < 0x20 || b == 0x7F {
                let escape = "%" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
                throw encodedControl(escape)
            }
            if !allowSlash, b == UInt8(ascii: "/") || b == UInt8(ascii: "\\") {
                throw LinkProblem(code: .Route.encodedSlash, (b == 0x2F ? RoutesMessages.encodedSlash : RoutesMessages.encodedBackslash)())
            }
            bytes.append(b)
        }
        guard let s = String(validating: bytes, as: UTF8.self) else {
            throw LinkProblem(code: .Route.badEncoding, RoutesMessages.badEncoding())
        }
        if c1, let control = s.unicodeScalars.first(where: { (0x80...0x9F).contains($0.value) }) {
            throw encodedControl(codePoint(control.value))
        }
        return s
    }

    static func encodedControl(_ what: String) -> LinkProblem {
        LinkProblem(code: .Route.encodedControl, RoutesMessages.encodedControl(["what": what]))
    }

    static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
}

extension String {
    /// `self` with zeros before it, at least `n` characters long.
    func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
