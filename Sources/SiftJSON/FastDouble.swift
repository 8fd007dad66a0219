/// A JSON number's value as a Double, read from its validated text without making a String or
/// calling the C library, when the text is short enough for the answer to be exact by
/// construction: at most 15 significant digits (so the digits are an exact Double) and a power
/// of ten up to 10^22 (also exact), where one IEEE multiplication or division gives the correctly
/// rounded value, as `strtod` would (Clinger's fast path). Prices, quantities and counts are
/// such numbers; anything else is nil, and the caller asks `Double(String)`.
package enum FastDouble {
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]

    /// The value of `text` (JSON's number grammar, already validated), or nil when it is outside
    /// the fast path.
    package static func value(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = text.count
        var i = 0
        let negative = n > 0 && text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var digits: UInt64 = 0, significant = 0, scale = 0
        var sawDigit = false
        while i < n, text[i] &- 0x30 < 10 {
            if digits != 0 || text[i] != 0x30 { significant += 1 }
            digits = digits &* 10 &+ UInt64(text[i] &- 0x30)
            sawDigit = true
            i += 1
        }
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, text[i] &- 0x30 < 10 {
                if digits != 0 || text[i] != 0x30 { significant += 1 }
                digits = digits &* 10 &+ UInt64(text[i] &- 0x30)
                scale -= 1
                sawDigit = true
                i += 1
            }
        }
        guard sawDigit, significant <= 15 else { return nil }
        if i < n, text[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var minus = false
            if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                minus = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var exponent = 0, expDigits = 0
            while i < n, text[i] &- 0x30 < 10 {
                exponent = exponent &* 10 &+ Int(text[i] &- 0x30)
                expDigits += 1
                guard expDigits <= 4 else { return nil }
                i += 1
            }
            guard expDigits > 0 else { return nil }
            scale += minus ? -exponent : exponent
        }
        guard i == n else { return nil }
        let d = Double(digits)
        let magnitude: Double
        if scale == 0 || digits == 0 {
            magnitude = d
        } else if scale < 0 {
            guard scale >= -22 else { return nil }
            magnitude = d / powersOfTen[-scale]
        } else {
            guard scale <= 22 else { return nil }
            magnitude = d * powersOfTen[scale]
        }
        return negative ? -magnitude : magnitude
    }
}
