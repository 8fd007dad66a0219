/// Calendar arithmetic on milliseconds since 1970 (UTC, proleptic Gregorian), without
/// Foundation calendars: fast and exact. Algorithms after Howard Hinnant's.
package enum CivilTime: Sendable {
    public static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days since 1970-01-01.
    public static func days(year y0: Int, month m: Int, day d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }

    /// Year, month and day of a day number.
    public static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Milliseconds for a date and time, or nil if it does not exist (30 February, 24:00).
    public static func millis(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
        millis: Int = 0, offsetMinutes: Int = 0
    ) -> Int64? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second)
        else { return nil }
        let secs =
            Int64(days(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)
        return secs * 1000 + Int64(millis)
    }

    private static func split(_ ms: Int64) -> (days: Int, secondOfDay: Int) {
        // Floor division, so instants before 1970 land on the right day; no product that
        // could overflow at the ends of Int64.
        var days = ms / 86_400_000
        var rest = ms % 86_400_000
        if rest < 0 { days -= 1; rest += 86_400_000 }
        return (Int(days), Int(rest / 1000))
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// `2026-11-21`.
    public static func isoDay(_ ms: Int64) -> String {
        let d = date(days: split(ms).days)
        let year = d.year >= 0 && d.year < 1000 ? String(String(d.year + 10_000).dropFirst()) : String(d.year)
        return "\(year)-\(two(d.month))-\(two(d.day))"
    }

    /// `2026-11-21T09:30:00Z`.
    public static func isoTime(_ ms: Int64) -> String {
        let (_, s) = split(ms)
        return "\(isoDay(ms))T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))Z"
    }

    /// Reads RFC 3339 (`2020-06-01T09:37:57Z`, `…57.123+08:00`) into milliseconds, or nil.
    public static func rfc3339(_ text: some StringProtocol) -> Int64? {
        let s = Array(text.utf8)
        guard s.count >= 20 else { return nil }
        func int(_ r: Range<Int>) -> Int? {
            guard r.upperBound <= s.count, s[r].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return s[r].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard s[4] == 0x2D, s[7] == 0x2D, s[10] == 0x54 || s[10] == 0x74, s[13] == 0x3A, s[16] == 0x3A,
            let y = int(0..<4), let mo = int(5..<7), let d = int(8..<10), let h = int(11..<13), let mi = int(14..<16), let se = int(17..<19)
        else { return nil }
        var i = 19
        var ms = 0
        if s[i] == 0x2E {
            i += 1
            let start = i
            while i < s.count, s[i] >= 0x30, s[i] <= 0x39 { i += 1 }
            guard i > start else { return nil }
            let digits = Array(s[start..<min(i, start + 3)])
            ms = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } * [100, 10, 1][digits.count - 1]
        }
        guard i < s.count else { return nil }
        var offset = 0
        if s[i] == 0x5A || s[i] == 0x7A {
            i += 1
        } else if s[i] == 0x2B || s[i] == 0x2D, i + 6 == s.count, s[i + 3] == 0x3A, let oh = int((i + 1)..<(i + 3)),
            let om = int((i + 4)..<(i + 6)), oh < 24, om < 60
        {
            offset = (s[i] == 0x2D ? -1 : 1) * (oh * 60 + om)
            i += 6
        } else {
            return nil
        }
        guard i == s.count else { return nil }
        return millis(year: y, month: mo, day: d, hour: h, minute: mi, second: se, millis: ms, offsetMinutes: offset)
    }
}
