import SiftCore
import SiftJSON

/// `format` as an assertion (when the pack's `formats: assert` asks for it; draft 2020-12 and
/// draft-07 make it an annotation by default). Each format is read from the string's bytes as
/// its RFC defines it; nothing is looked up on the network.
struct SchemaFormat: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case date, dateTime = "date-time", time, email, uri, uriReference = "uri-reference", iri, iriReference = "iri-reference"
        case uuid, ipv4, ipv6, hostname, duration, jsonPointer = "json-pointer"
    }

    let kind: Kind

    func accepts(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        let t = Array(s)
        switch kind {
        case .date: return Self.date(t[...])
        case .time: return Self.time(t[...])
        case .dateTime:
            guard let sep = t.firstIndex(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }) else { return false }
            return Self.date(t[..<sep]) && Self.time(t[(sep + 1)...])
        case .email: return Self.email(t)
        case .uri: return URIGrammar.absolute(t)
        case .uriReference: return URIGrammar.reference(t)
        case .iri: return URIGrammar.absolute(t, international: true)
        case .iriReference: return URIGrammar.reference(t, international: true)
        case .uuid: return Self.uuid(t)
        case .ipv4: return Self.ipv4(t[...])
        case .ipv6: return Self.ipv6(t)
        case .hostname: return Self.hostname(t)
        case .duration: return Self.duration(t)
        case .jsonPointer: return Self.jsonPointer(t)
        }
    }

    private static func digits(_ t: ArraySlice<UInt8>) -> Int? {
        guard !t.isEmpty, t.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return t.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// RFC 3339 full-date: `2026-02-29` is refused, `2024-02-29` is not.
    static func date(_ t: ArraySlice<UInt8>) -> Bool {
        let b = t.startIndex
        guard t.count == 10, t[b + 4] == UInt8(ascii: "-"), t[b + 7] == UInt8(ascii: "-"),
            let y = digits(t[b..<(b + 4)]), let m = digits(t[(b + 5)..<(b + 7)]), let d = digits(t[(b + 8)..<(b + 10)])
        else { return false }
        return (1...12).contains(m) && d >= 1 && d <= CivilTime.daysIn(month: m, year: y)
    }

    /// RFC 3339 full-time: `23:59:60Z` only as a leap second at 23:59 UTC; an offset is required.
    static func time(_ t: ArraySlice<UInt8>) -> Bool {
        let b = t.startIndex
        guard t.count >= 9, t[b + 2] == UInt8(ascii: ":"), t[b + 5] == UInt8(ascii: ":"),
            let h = digits(t[b..<(b + 2)]), let m = digits(t[(b + 3)..<(b + 5)]), let s = digits(t[(b + 6)..<(b + 8)]),
            h < 24, m < 60, s <= 60
        else { return false }
        var i = b + 8
        if t[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < t.endIndex, t[i] >= 0x30, t[i] <= 0x39 { i += 1 }
            if i == start { return false }
        }
        guard i < t.endIndex else { return false }
        var offsetMinutes = 0
        if t[i] | 0x20 == UInt8(ascii: "z") {
            guard i + 1 == t.endIndex else { return false }
        } else if t[i] == UInt8(ascii: "+") || t[i] == UInt8(ascii: "-") {
            guard t.endIndex - i == 6, t[i + 3] == UInt8(ascii: ":"), let oh = digits(t[(i + 1)..<(i + 3)]),
                let om = digits(t[(i + 4)..<(i + 6)]), oh < 24, om < 60
            else { return false }
            offsetMinutes = (oh * 60 + om) * (t[i] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return false
        }
        if s == 60 {
            // A leap second is 23:59:60 in UTC.
            let utc = ((h * 60 + m - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// RFC 5321 in its common form: a dot-atom local part, `@`, a hostname (or an IP in brackets).
    static func email(_ t: [UInt8]) -> Bool {
        guard let at = t.lastIndex(of: UInt8(ascii: "@")), at > 0, at < t.count - 1 else { return false }
        let local = t[..<at], domain = Array(t[(at + 1)...])
        if local.count >= 2, local.first == UInt8(ascii: "\""), local.last == UInt8(ascii: "\"") {
            // A quoted local part ("joe bloggs"): printable ASCII, `"` and `\` escaped with `\`.
            var i = local.startIndex + 1
            while i < local.endIndex - 1 {
                let c = local[i]
                if c == UInt8(ascii: "\\") {
                    guard i + 1 < local.endIndex - 1, (0x20...0x7E).contains(local[i + 1]) else { return false }
                    i += 2
                    continue
                }
                guard (0x20...0x7E).contains(c), c != UInt8(ascii: "\"") else { return false }
                i += 1
            }
            return emailDomain(domain)
        }
        let atext = Set("!#$%&'*+-/=?^_`{|}~".utf8)
        if local.first == UInt8(ascii: ".") { return false }
        if local.last == UInt8(ascii: ".") { return false }
        var previousDot = false
        for c in local {
            let dot = c == UInt8(ascii: ".")
            if dot && previousDot { return false }
            previousDot = dot
            guard dot || c >= 0x80 || isAlnum(c) || atext.contains(c) else { return false }
        }
        return emailDomain(domain)
    }

    private static func emailDomain(_ domain: [UInt8]) -> Bool {
        if domain.first == UInt8(ascii: "["), domain.last == UInt8(ascii: "]") {
            let inner = Array(domain[1..<(domain.count - 1)])
            if inner.starts(with: Array("IPv6:".utf8)) { return ipv6(Array(inner.dropFirst(5))) }
            return ipv4(inner[...])
        }
        return hostname(domain)
    }

    static func isAlnum(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z"))
    }

    /// RFC 1123 hostname: labels of 1–63 letters, digits and inner hyphens; 253 bytes at most, no
    /// trailing dot; an A-label (`xn--`) must decode to a label IDNA2008 allows (`IDNALabel`).
    static func hostname(_ t: [UInt8]) -> Bool {
        let name = t[...]
        guard !name.isEmpty, name.count <= 253 else { return false }
        for label in name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                label.allSatisfy({ isAlnum($0) || $0 == UInt8(ascii: "-") })
            else { return false }
            // `--` in the 3rd and 4th place is reserved for A-labels (`xn--`), whose Unicode is checked.
            if label.count >= 4, label[label.startIndex + 2] == UInt8(ascii: "-"), label[label.startIndex + 3] == UInt8(ascii: "-") {
                guard label.prefix(2).map({ $0 | 0x20 }) == Array("xn".utf8), IDNALabel.validALabel(Array(label.dropFirst(4))) else {
                    return false
                }
            }
        }
        return true
    }

    /// Dotted quad, each part 0–255 without leading zeros.
    static func ipv4(_ t: ArraySlice<UInt8>) -> Bool {
        let parts = t.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { p in
                guard let n = digits(p), p.count <= 3, n <= 255 else { return false }
                return p.count == 1 || p.first != 0x30
            }
    }

    /// RFC 4291 text form: 8 groups of 1–4 hex digits, or fewer around one `::`; the last two
    /// may be a dotted IPv4 address.
    static func ipv6(_ t: [UInt8]) -> Bool {
        guard !t.isEmpty, t.count <= 45 else { return false }
        let text = String(decoding: t, as: UTF8.self)
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        var count = 0
        for (h, half) in halves.enumerated() where !half.isEmpty {
            let groups = half.split(separator: ":", omittingEmptySubsequences: false)
            for (g, group) in groups.enumerated() {
                if h == halves.count - 1, g == groups.count - 1, group.contains(".") {
                    guard ipv4(Array(group.utf8)[...]) else { return false }
                    count += 2
                    continue
                }
                guard (1...4).contains(group.utf8.count), group.utf8.allSatisfy(isHex) else { return false }
                count += 1
            }
        }
        return halves.count == 2 ? count <= 7 : count == 8
    }

    static func isHex(_ c: UInt8) -> Bool { (c >= 0x30 && c <= 0x39) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f")) }

    /// 8-4-4-4-12 hex digits.
    static func uuid(_ t: [UInt8]) -> Bool {
        guard t.count == 36 else { return false }
        for (i, c) in t.enumerated() {
            if [8, 13, 18, 23].contains(i) { if c != UInt8(ascii: "-") { return false } } else if !isHex(c) { return false }
        }
        return true
    }

    /// RFC 3339 appendix A (ISO 8601) duration: `P1Y2M3DT4H5M6S`, `PT0S`, `P2W`; each unit once,
    /// in order, with no gap (`P1Y2D` skips the month), at least one, ASCII digits.
    static func duration(_ t: [UInt8]) -> Bool {
        guard t.first == UInt8(ascii: "P"), t.count > 1 else { return false }
        var units: [UInt8] = []
        var digits = 0
        for c in t[1...] {
            if c >= 0x30 && c <= 0x39 {
                digits += 1
            } else if c == UInt8(ascii: "T") {
                guard digits == 0, !units.contains(UInt8(ascii: "T")) else { return false }
                units.append(c)
            } else {
                guard digits > 0 else { return false }
                digits = 0
                units.append(c)
            }
        }
        guard digits == 0 else { return false }
        let text = String(decoding: units, as: UTF8.self)
        if text == "W" { return true }
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        let date = String(parts[0]), time = parts.count > 1 ? String(parts[1]) : nil
        if let time, time.isEmpty { return false }
        let dates = ["", "D", "M", "MD", "Y", "YM", "YMD"], times = ["H", "HM", "HMS", "M", "MS", "S"]
        return dates.contains(date) && (time.map(times.contains) ?? !date.isEmpty)
    }

    /// RFC 6901 JSON Pointer: empty, or `/`-led reference tokens where `~` is only `~0` or `~1`.
    static func jsonPointer(_ t: [UInt8]) -> Bool {
        guard !t.isEmpty else { return true }
        guard t.first == UInt8(ascii: "/") else { return false }
        for (i, c) in t.enumerated() where c == UInt8(ascii: "~") {
            guard i + 1 < t.count, t[i + 1] == UInt8(ascii: "0") || t[i + 1] == UInt8(ascii: "1") else { return false }
        }
        return true
    }
}
