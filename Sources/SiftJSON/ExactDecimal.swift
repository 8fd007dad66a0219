/// A decimal number read exactly from its text: `significand × 10^exponent`, for numbers of up
/// to 19 significant digits (prices, quantities, counts). Comparing two is exact (`0.1 + 0.2`
/// questions never arise: nothing goes through a Double), and reading one allocates nothing.
package struct ExactDecimal: Comparable, Sendable, CustomStringConvertible {
    package var negative: Bool
    /// The significant digits, without trailing zeros; 0 for zero.
    package var significand: UInt64
    package var exponent: Int

    package init(negative: Bool, significand: UInt64, exponent: Int) {
        self.negative = significand != 0 && negative
        self.significand = significand
        self.exponent = significand == 0 ? 0 : exponent
        while self.significand != 0, self.significand % 10 == 0 {
            self.significand /= 10
            self.exponent += 1
        }
    }

    /// The number written in `text` (JSON's grammar: `-12.50`, `3e2`); nil when the text is not a
    /// number, has more than 19 significant digits (trailing zeros do not count: `12.5000…0` and
    /// `1000…0` are read), or an exponent beyond ±100,000.
    package init?(_ text: UnsafeBufferPointer<UInt8>) {
        var i = 0, n = text.count
        guard n > 0 else { return nil }
        let minus = text[0] == UInt8(ascii: "-")
        if minus { i = 1 }
        // `zeros`: zeros read after a significant digit and not yet multiplied in (they may be
        // trailing ones, which only move the exponent).
        var sig: UInt64 = 0, digits = 0, scale = 0, zeros = 0, sawDigit = false, sawPoint = false
        while i < n, text[i] != UInt8(ascii: "e"), text[i] != UInt8(ascii: "E") {
            let c = text[i]
            if c == UInt8(ascii: ".") {
                guard !sawPoint, sawDigit else { return nil }
                sawPoint = true
            } else {
                guard c >= 0x30, c <= 0x39 else { return nil }
                sawDigit = true
                if sawPoint { scale -= 1 }
                if c == 0x30, sig != 0 {
                    zeros += 1
                } else if c != 0x30 {
                    guard digits + zeros < 19 else { return nil }
                    for _ in 0..<zeros { sig *= 10 }
                    digits += zeros + 1
                    zeros = 0
                    sig = sig * 10 + UInt64(c - 0x30)
                }
            }
            i += 1
        }
        scale += zeros  // trailing zeros: 1000 is 1e3, 12.50 is 125e-1
        guard sawDigit, text[i - 1] != UInt8(ascii: ".") else { return nil }
        var power = 0
        if i < n {
            i += 1
            var expMinus = false
            if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                expMinus = text[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < n else { return nil }
            while i < n {
                let c = text[i]
                guard c >= 0x30, c <= 0x39 else { return nil }
                power = Swift.min(power * 10 + Int(c - 0x30), 1 << 40)
                i += 1
            }
            if expMinus { power = -power }
        }
        // The limit is on the number's own exponent, however written (1e100001 and 10e100000 alike).
        guard abs(scale + power) <= 100_000 else { return nil }
        self.init(negative: minus, significand: sig, exponent: scale + power)
    }

    /// The number a JSON value holds: a number, or (with `numericText`) a string such as "12.50".
    package init?(_ value: JSONValue, numericText: Bool = false) {
        let e = value.entry
        if e.kind == .number {
            self.init(UnsafeBufferPointer(rebasing: value.document.buffer[e.start..<e.end]))
        } else if numericText, let bytes = value.plainStringBytes {
            self.init(bytes)
        } else {
            return nil
        }
    }

    /// True when this number is a whole multiple of `step` (not zero): exact, with the digits
    /// lined up through remainders (`r = r × 10 mod b`), so no size of exponent overflows.
    package func isMultiple(of step: ExactDecimal) -> Bool {
        guard significand != 0 else { return true }
        // this / step = (a × 10^x) / (b × 10^y): a × 10^(x-y) must be a multiple of b.
        let shift = exponent - step.exponent
        // Fewer decimal places than the step's: a has no trailing zero, so it cannot be a multiple.
        if shift < 0 { return false }
        let b = step.significand
        if shift > 64 {
            // b = 2^p × 5^q × m (p, q ≤ 64): 10^shift holds the 2s and 5s; a must hold m.
            var m = b
            while m % 2 == 0 { m /= 2 }
            while m % 5 == 0 { m /= 5 }
            return significand % m == 0
        }
        var r = significand % b
        for _ in 0..<shift where r != 0 {
            let (high, low) = r.multipliedFullWidth(by: 10)
            r = b.dividingFullWidth((high, low)).remainder
        }
        return r == 0
    }

    /// True when `text` is a number in JSON's grammar, of any length.
    package static func isNumberText(_ text: [UInt8]) -> Bool {
        var i = 0
        let n = text.count
        func digits() -> Int {
            let start = i
            while i < n, text[i] >= 0x30, text[i] <= 0x39 { i += 1 }
            return i - start
        }
        if i < n, text[i] == UInt8(ascii: "-") { i += 1 }
        guard digits() > 0 else { return false }
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < n, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == n
    }

    /// Digits after the point of a JSON number's text of any length (`12.50`: 1, `1e-3`: 3);
    /// nil when the text is not a number.
    package static func fractionDigits(_ text: [UInt8]) -> Int? {
        guard isNumberText(text) else { return nil }
        let point = text.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? text.count
        let mantissa = text[..<point]
        var exponent = 0
        if point < text.count {
            // Any size of exponent, clamped: 1e-99999999999999999999 has very many decimals.
            let e = text[(point + 1)...]
            let negative = e.first == UInt8(ascii: "-")
            var v = 0
            for c in e where c >= 0x30 && c <= 0x39 { v = Swift.min(v * 10 + Int(c - 0x30), 1 << 40) }
            exponent = negative ? -v : v
        }
        guard let dot = mantissa.firstIndex(of: UInt8(ascii: ".")) else { return Swift.max(0, -exponent) }
        var fraction = mantissa[(dot + 1)...]
        while fraction.last == UInt8(ascii: "0") { fraction = fraction.dropLast() }
        return Swift.max(0, fraction.count - exponent)
    }

    private var digitCount: Int {
        var n = 1, s = significand
        while s >= 10 {
            s /= 10
            n += 1
        }
        return n
    }

    package static func < (a: ExactDecimal, b: ExactDecimal) -> Bool {
        if a.negative != b.negative { return a.negative }
        return a.negative ? magnitude(b, isBelow: a) : magnitude(a, isBelow: b)
    }

    /// True when |a| < |b|.
    private static func magnitude(_ a: ExactDecimal, isBelow b: ExactDecimal) -> Bool {
        if a.significand == 0 || b.significand == 0 { return a.significand == 0 && b.significand != 0 }
        let orderA = a.digitCount + a.exponent, orderB = b.digitCount + b.exponent
        if orderA != orderB { return orderA < orderB }
        // The same order of magnitude: line the digits up (each has at most 19).
        var x = a.significand, y = b.significand
        for _ in 0..<max(0, a.exponent - b.exponent) { x *= 10 }
        for _ in 0..<max(0, b.exponent - a.exponent) { y *= 10 }
        return x < y
    }

    package var description: String {
        let digits = String(significand)
        let body: String
        if exponent >= 0 {
            body = digits + String(repeating: "0", count: exponent)
        } else if -exponent < digits.count {
            body = String(digits.dropLast(-exponent)) + "." + String(digits.suffix(-exponent))
        } else {
            body = "0." + String(repeating: "0", count: -exponent - digits.count) + digits
        }
        return (negative ? "-" : "") + body
    }
}
