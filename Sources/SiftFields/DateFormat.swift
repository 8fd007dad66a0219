/// A date layout such as `yyyy-MM-dd` or `yyyyMMdd HH:mm:ss`, or a preset
/// (`rfc3339`, `epoch_ms`, `epoch_s`). Parses ASCII text to milliseconds since 1970 (UTC),
/// rejecting dates that do not exist (Feb 30, month 13).
struct DateFormat: Sendable, CustomStringConvertible {
    enum Token: Sendable, Equatable { case year, month, day, hour, minute, second, millis, literal(UInt8) }
    enum Layout: Sendable { case pattern([Token]), rfc3339, epochMillis, epochSeconds }

    let layout: Layout
    let description: String

    init?(_ text: String) {
        description = text
        switch text {
        case "rfc3339", "iso8601": layout = .rfc3339; return
        case "epoch_ms": layout = .epochMillis; return
        case "epoch_s": layout = .epochSeconds; return
        default: break
        }
        var tokens: [Token] = []
        let b = Array(text.utf8)
        var i = 0
        let table: [(String, Token)] = [("yyyy", .year), ("MM", .month), ("dd", .day), ("HH", .hour), ("mm", .minute), ("ss", .second), ("SSS", .millis)]
        outer: while i < b.count {
            for (word, token) in table where b[i...].starts(with: Array(word.utf8)) {
                tokens.append(token)
                i += word.utf8.count
                continue outer
            }
            if (b[i] >= 0x41 && b[i] <= 0x5A) || (b[i] >= 0x61 && b[i] <= 0x7A) { return nil }
            tokens.append(.literal(b[i]))
            i += 1
        }
        guard tokens.contains(.year), tokens.contains(.month), tokens.contains(.day) else { return nil }
        layout = .pattern(tokens)
    }

    /// Milliseconds since 1970-01-01T00:00:00Z, or nil if the text does not fit or the date does not exist.
    func parse(_ s: ArraySlice<UInt8>) -> Int64? {
        let s = Array(s)
        switch layout {
        case .epochMillis: return Self.integer(s[...])
        case .epochSeconds:
            guard let secs = Self.integer(s[...]) else { return nil }
            let (ms, overflow) = secs.multipliedReportingOverflow(by: 1000)
            return overflow ? nil : ms
        case .rfc3339: return Self.rfc3339(s)
        case .pattern(let tokens):
            var f = Fields()
            var i = 0
            for t in tokens {
                let width: Int
                switch t {
                case .literal(let c):
                    guard i < s.count, s[i] == c else { return nil }
                    i += 1
                    continue
                case .year: width = 4
                case .millis: width = 3
                default: width = 2
                }
                guard i + width <= s.count, let v = Self.integer(s[i..<(i + width)]) else { return nil }
                f.set(t, Int(v))
                i += width
            }
            guard i == s.count else { return nil }
            return f.millis()
        }
    }

    struct Fields {
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, millis = 0
        mutating func set(_ t: Token, _ v: Int) {
            switch t {
            case .year: year = v
            case .month: month = v
            case .day: day = v
            case .hour: hour = v
            case .minute: minute = v
            case .second: second = v
            case .millis: millis = v
            case .literal: break
            }
        }

        func millis(offsetMinutes: Int = 0) -> Int64? {
            guard (1...12).contains(month), day >= 1, day <= DateFormat.daysIn(month, year),
                  hour < 24, minute < 60, second < 60 else { return nil }
            let days = DateFormat.daysFromCivil(year, month, day)
            let secs = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)
            return secs * 1000 + Int64(millis)
        }
    }

    static func integer(_ s: ArraySlice<UInt8>) -> Int64? {
        guard !s.isEmpty, s.count <= 18 else { return nil }
        var v: Int64 = 0
        for c in s {
            guard c >= 0x30, c <= 0x39 else { return nil }
            v = v * 10 + Int64(c - 0x30)
        }
        return v
    }

    /// `2020-06-01T09:37:57Z`, with optional fraction and a `Z` or `±hh:mm` offset.
    static func rfc3339(_ s: [UInt8]) -> Int64? {
        guard s.count >= 20 else { return nil }
        let dash = UInt8(ascii: "-"), colon = UInt8(ascii: ":")
        let tokens: [Token] = [.year, .literal(dash), .month, .literal(dash), .day, .literal(UInt8(ascii: "T")),
                               .hour, .literal(colon), .minute, .literal(colon), .second]
        var f = Fields()
        var i = 0
        for t in tokens {
            if case .literal(let c) = t {
                guard s[i] == c || (c == UInt8(ascii: "T") && s[i] == UInt8(ascii: "t")) else { return nil }
                i += 1
                continue
            }
            let w = t == .year ? 4 : 2
            guard let v = integer(s[i..<(i + w)]) else { return nil }
            f.set(t, Int(v))
            i += w
        }
        if i < s.count, s[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < s.count, s[i] >= 0x30, s[i] <= 0x39 { i += 1 }
            guard i > start else { return nil }
            let digits = Array(s[start..<min(i, start + 3)]) + Array(repeating: UInt8(ascii: "0"), count: max(0, 3 - (i - start)))
            f.millis = Int(integer(digits[...]) ?? 0)
        }
        guard i < s.count else { return nil }
        var offset = 0
        if s[i] == UInt8(ascii: "Z") || s[i] == UInt8(ascii: "z") {
            i += 1
        } else if s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-"), i + 6 == s.count, s[i + 3] == UInt8(ascii: ":"),
                  let h = integer(s[(i + 1)..<(i + 3)]), let m = integer(s[(i + 4)..<(i + 6)]), h < 24, m < 60 {
            offset = (s[i] == UInt8(ascii: "-") ? -1 : 1) * Int(h * 60 + m)
            i += 6
        } else {
            return nil
        }
        guard i == s.count else { return nil }
        return f.millis(offsetMinutes: offset)
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm).
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `yyyy-MM-dd` text for milliseconds since 1970, for messages.
    static func isoDay(_ ms: Int64) -> String {
        var z = Int(ms / 86_400_000) + 719_468
        if ms < 0, ms % 86_400_000 != 0 { z -= 1 }
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)-\(two(m))-\(two(d))"
    }
}
