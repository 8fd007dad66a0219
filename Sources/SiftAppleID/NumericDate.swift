import SiftCore
import SiftJSON

/// An RFC 7519 NumericDate (seconds since 1970, any JSON number: `1795132800`, `1795132800.5`,
/// `1.7951328005e9`), read exactly from the number's text at millisecond resolution: the whole
/// milliseconds at or below it, and whether a fraction of a millisecond is left. Compared with
/// a time in milliseconds without going through a Double, so no rounding decides a verdict.
struct NumericDate: Sendable {
    /// ⌊value × 1000⌋, kept within ±2^62 (dates that far out compare the same either way).
    let floorMillis: Int64
    /// True when value × 1000 is not whole: the value lies strictly between `floorMillis` and the next millisecond.
    let hasFraction: Bool
    /// The claim's value, for its text in messages.
    private let value: JSONValue

    static let limit: Int64 = 1 << 62

    /// The date `value` holds, or nil when it is not a JSON number.
    init?(_ value: JSONValue?) {
        guard let value, value.kind == .number else { return nil }
        self.init(number: value.rawBytes, value)
    }

    /// The number as the token writes it (at most 40 characters, then `…`), for messages.
    var text: String {
        let raw = value.rawText
        return raw.utf8.count <= 40 ? raw : String(raw.prefix(40)) + "…"
    }

    /// Reads `t`, a number as JSON writes it (`[-]int[.frac][(e|E)[+-]exp]`, already validated).
    private init(number t: ArraySlice<UInt8>, _ value: JSONValue) {
        var i = t.startIndex
        let negative = i < t.endIndex && t[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var digits: [UInt8] = []  // the significand's digits, integer then fraction part, leading zeros dropped
        var fractionDigits = 0
        var inFraction = false
        while i < t.endIndex, t[i] != UInt8(ascii: "e"), t[i] != UInt8(ascii: "E") {
            if t[i] == UInt8(ascii: ".") {
                inFraction = true
            } else {
                if !digits.isEmpty || t[i] != UInt8(ascii: "0") { digits.append(t[i] &- UInt8(ascii: "0")) }
                if inFraction { fractionDigits += 1 }
            }
            i += 1
        }
        var exponent = 0
        if i < t.endIndex {
            i += 1
            var sign = 1
            if t[i] == UInt8(ascii: "-") || t[i] == UInt8(ascii: "+") {
                sign = t[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
            }
            while i < t.endIndex { exponent = min(exponent * 10 + Int(t[i] &- UInt8(ascii: "0")), 1_000_000_000); i += 1 }
            exponent *= sign
        }
        // value × 1000 = digits × 10^shift; the whole part has `wholeCount` digits.
        let shift = exponent - fractionDigits + 3
        let wholeCount = digits.count + shift
        var whole: Int64 = 0
        var fraction = false
        if digits.isEmpty {
            whole = 0  // zero, whatever its exponent
        } else if wholeCount > 18 {
            whole = Self.limit
        } else {
            for k in 0..<max(0, wholeCount) { whole = whole * 10 + Int64(k < digits.count ? digits[k] : 0) }
            fraction = wholeCount < digits.count && digits[max(0, wholeCount)...].contains { $0 != 0 }
        }
        floorMillis = negative ? (fraction ? -whole - 1 : -whole) : whole
        hasFraction = fraction
        self.value = value
    }

    /// True when the value is a whole number of seconds.
    var isWholeSeconds: Bool { !hasFraction && floorMillis % 1000 == 0 }

    /// value ≤ `millis`.
    func isAtOrBefore(millis: Int64) -> Bool {
        hasFraction ? floorMillis < millis : floorMillis <= millis
    }

    /// value > `millis`.
    func isAfter(millis: Int64) -> Bool {
        !isAtOrBefore(millis: millis)
    }
}

extension Int64 {
    /// `self + other`, held at the ends of Int64 instead of trapping.
    func saturatingAdding(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self × other`, held at the ends of Int64 instead of trapping.
    func saturatingMultiplied(by other: Int64) -> Int64 {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) != (other < 0) ? .min : .max) : product
    }
}
