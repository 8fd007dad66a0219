import SiftCore
import SiftMessages
import SiftJSON

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
        let table: [(String, Token)] = [
            ("yyyy", .year), ("MM", .month), ("dd", .day), ("HH", .hour), ("mm", .minute), ("ss", .second), ("SSS", .millis),
        ]
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

    /// What is wrong with a layout that is none: the layout meant when only the case of a preset
    /// or of a letter is off (`RFC3339`, `yyyy-mm-dd`, `YYYY-MM-DD`), otherwise the letters there are.
    static func unknown(_ text: String) -> Message {
        if let preset = ["rfc3339", "iso8601", "epoch_ms", "epoch_s"].first(where: { $0 == text.lowercased() }) {
            return FieldsMessages.dateFormatPreset(["text": text, "preset": preset])
        }
        var fixed = text.replacingOccurrences(of: "YYYY", with: "yyyy").replacingOccurrences(of: "DD", with: "dd")
        var why = FieldsMessages.dateFormatYearDay
        if !fixed.contains("MM"), let r = fixed.range(of: "mm") {
            // The first mm of a layout without a month is the month: yyyy-mm-dd.
            fixed.replaceSubrange(r, with: "MM")
            why = FieldsMessages.dateFormatMonth
        }
        if fixed != text, DateFormat(fixed) != nil { return why(["text": text, "fixed": fixed]) }
        return FieldsMessages.dateFormatUnknown(["text": text])
    }

    /// Milliseconds since 1970-01-01T00:00:00Z, or nil if the text does not fit or the date does not exist.
    func parse(_ s: ArraySlice<UInt8>) -> Int64? { s.withUnsafeBufferPointer(parse) }

    /// The same, on bytes in place (a record's text: no copy).
    func parse(_ s: UnsafeBufferPointer<UInt8>) -> Int64? {
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
            return f.instant()
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

        func instant() -> Int64? {
            // There is no year 0 in a yyyy layout's calendar: 0000 is not a date.
            guard year >= 1 else { return nil }
            return CivilTime.millis(year: year, month: month, day: day, hour: hour, minute: minute, second: second, millis: millis)
        }
    }

    static func integer(_ s: some Collection<UInt8>) -> Int64? {
        guard !s.isEmpty, s.count <= 18 else { return nil }
        var v: Int64 = 0
        for c in s {
            guard c >= 0x30, c <= 0x39 else { return nil }
            v = v * 10 + Int64(c - 0x30)
        }
        return v
    }

    static func rfc3339(_ s: UnsafeBufferPointer<UInt8>) -> Int64? {
        CivilTime.rfc3339(String(decoding: s, as: UTF8.self))
    }

    /// `yyyy-MM-dd` text for milliseconds since 1970, for messages.
    static func isoDay(_ ms: Int64) -> String { CivilTime.isoDay(ms) }

    /// True when the layout reads a time of day (so messages show it).
    var hasTime: Bool {
        switch layout {
        case .pattern(let tokens): tokens.contains { [.hour, .minute, .second, .millis].contains($0) }
        case .rfc3339, .epochMillis, .epochSeconds: true
        }
    }

    /// The instant as messages show it in this layout: the day, or the day and time (UTC).
    func shown(_ ms: Int64) -> String { hasTime ? CivilTime.isoTime(ms) : CivilTime.isoDay(ms) }

    /// What is wrong with text that is not an RFC 3339 date-time, in words; nil when nothing
    /// common explains it.
    static func rfc3339Problem(_ text: String) -> LocalizedText? {
        let b = Array(text.utf8)
        let dayOnly = b.count == 10 && CivilTime.rfc3339(text + "T00:00:00Z") != nil
        if dayOnly {
            return FieldsMessages.dateWithoutTime(["text": text]).localized
        }
        if b.count > 10, b[10] == UInt8(ascii: " ") || b[10] == UInt8(ascii: "t") {
            let fixed = String(decoding: b[..<10] + [UInt8(ascii: "T")] + b[11...], as: UTF8.self)
            if CivilTime.rfc3339(fixed) != nil || CivilTime.rfc3339(fixed + "Z") != nil {
                return FieldsMessages.notT(["found": b[10] == UInt8(ascii: " ") ? " " : "t", "fixed": fixed]).localized
            }
        }
        if CivilTime.rfc3339(text + "Z") != nil {
            return FieldsMessages.noOffset().localized
        }
        return nil
    }
}
