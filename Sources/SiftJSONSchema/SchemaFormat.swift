import SiftCore

/// `format` as an assertion (when the pack's `formats: assert` asks for it; draft 2020-12 and
/// draft-07 make it an annotation by default). Each format is read from the string's bytes as
/// its RFC defines it; nothing is looked up on the network.
struct SchemaFormat: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case date, dateTime = "date-time", time, email, uri, uuid, ipv4, ipv6, hostname
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
        case .uri: return Self.uri(t)
        case .uuid: return Self.uuid(t)
        case .ipv4: return Self.ipv4(t[...])
        case .ipv6: return Self.ipv6(t)
        case .hostname: return Self.hostname(t)
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

    /// RFC 1123 hostname: labels of 1–63 letters, digits and inner hyphens; 253 bytes at most.
    static func hostname(_ t: [UInt8]) -> Bool {
        var name = t[...]
        if name.last == UInt8(ascii: ".") { name = name.dropLast() }
        guard !name.isEmpty, name.count <= 253 else { return false }
        for label in name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                label.allSatisfy({ isAlnum($0) || $0 == UInt8(ascii: "-") })
            else { return false }
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

    /// RFC 4291 text form: up to 8 groups of 1–4 hex digits, one `::`, an IPv4 tail allowed.
    static func ipv6(_ t: [UInt8]) -> Bool {
        guard !t.isEmpty, t.count <= 45 else { return false }
        var groups = t.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map { Array($0) }
        var count = 0
        var wantsIPv4 = false
        if let last = groups.last, last.contains(UInt8(ascii: ".")) {
            guard ipv4(last[...]) else { return false }
            groups.removeLast()
            groups.append([0x30])  // stands for its two groups below
            wantsIPv4 = true
        }
        let text = String(decoding: t, as: UTF8.self)
        if text.contains(":::") { return false }
        let doubles = text.components(separatedBy: "::").count - 1
        guard doubles <= 1 else { return false }
        for (i, g) in groups.enumerated() {
            if g.isEmpty {
                // Empty groups only where `::` is (at most the two around it, or both ends of `::`).
                let atEdge = (i == 0 || i == groups.count - 1)
                guard doubles == 1, atEdge || (i > 0 && groups[i - 1].isEmpty) || (i + 1 < groups.count && groups[i + 1].isEmpty)
                else { return false }
                continue
            }
            guard g.count <= 4, g.allSatisfy({ isHex($0) }) else { return false }
            count += 1
        }
        if wantsIPv4 { count += 1 }
        if text.hasPrefix(":"), !text.hasPrefix("::") { return false }
        if text.hasSuffix(":"), !text.hasSuffix("::") { return false }
        return doubles == 1 ? count <= 7 : count == 8
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

    /// RFC 3986 absolute URI: a scheme, `:`, then characters a URI may hold (percent escapes valid).
    static func uri(_ t: [UInt8]) -> Bool {
        guard let colon = t.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return false }
        let scheme = t[..<colon]
        guard let first = scheme.first, first | 0x20 >= UInt8(ascii: "a"), first | 0x20 <= UInt8(ascii: "z"),
            scheme.allSatisfy({ isAlnum($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return false }
        let allowed = Set("-._~:/?#[]@!$&'()*+,;=".utf8)
        var i = colon + 1
        while i < t.count {
            let c = t[i]
            if c == UInt8(ascii: "%") {
                guard i + 2 < t.count, isHex(t[i + 1]), isHex(t[i + 2]) else { return false }
                i += 3
                continue
            }
            guard isAlnum(c) || allowed.contains(c) else { return false }
            i += 1
        }
        return true
    }
}
