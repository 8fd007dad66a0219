/// Check-digit algorithms on ASCII bytes. Each returns true when the code is well formed
/// and its check character is right.
enum Checksums {
    @inline(__always) static func digit(_ c: UInt8) -> Int? { c >= 0x30 && c <= 0x39 ? Int(c - 0x30) : nil }

    private static let gbCheck: StaticString = "10X98765432"

    /// GB 11643-1999: Chinese resident ID, 17 digits and a check character from "10X98765432".
    /// Digit `i` (from 0) weighs 2^(17 - i) mod 11, so the weighted sum mod 11 is the sum of
    /// digit × 2^(17 - i), taken mod 11 once: Horner's rule, doubling as it goes, with no table.
    static func gb11643(_ s: UnsafeBufferPointer<UInt8>, lowercaseX: Bool) -> Bool {
        guard s.count == 18 else { return false }
        var sum = 0  // at most 9 × (2^18 - 2): no overflow
        for i in 0..<17 {
            let d = Int(s[i]) &- 0x30
            guard d >= 0, d <= 9 else { return false }
            sum = (sum &+ d) &<< 1
        }
        let expected = gbCheck.utf8Start[sum % 11]
        let last = s[17]
        return last == expected || (lowercaseX && expected == UInt8(ascii: "X") && last == UInt8(ascii: "x"))
    }

    /// Luhn (ISO/IEC 7812): card numbers, IMEI.
    static func luhn(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard s.count >= 2 else { return false }
        var sum = 0
        for (i, c) in s.reversed().enumerated() {
            guard var d = digit(c) else { return false }
            if i % 2 == 1 { d *= 2; if d > 9 { d -= 9 } }
            sum += d
        }
        return sum % 10 == 0
    }

    /// IBAN (ISO 13616): country code, two check digits, up to 30 letters or digits; mod 97 = 1.
    static func iban(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard s.count >= 15, s.count <= 34 else { return false }
        let upper = s.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 32 : $0 }
        guard upper[0...1].allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }), digit(upper[2]) != nil, digit(upper[3]) != nil else { return false }
        var rem = 0
        for c in upper[4...] + upper[0..<4] {
            if let d = digit(c) {
                rem = (rem * 10 + d) % 97
            } else if c >= 0x41 && c <= 0x5A {
                rem = (rem * 100 + Int(c - 0x41 + 10)) % 97
            } else {
                return false
            }
        }
        return rem == 1
    }

    /// ISBN-10: nine digits and a check character (0–9 or X); weighted sum mod 11 = 0.
    static func isbn10(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard s.count == 10 else { return false }
        var sum = 0
        for i in 0..<10 {
            let v: Int
            if let d = digit(s[i]) {
                v = d
            } else if i == 9, s[i] == UInt8(ascii: "X") || s[i] == UInt8(ascii: "x") {
                v = 10
            } else {
                return false
            }
            sum += v * (10 - i)
        }
        return sum % 11 == 0
    }

    /// ISBN-13: 978 or 979, then the GTIN check digit.
    static func isbn13(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard s.count == 13, s.starts(with: Array("978".utf8)) || s.starts(with: Array("979".utf8)) else { return false }
        return gtin(s)
    }

    /// GTIN-8, -12 (UPC-A), -13 (EAN) and -14: weights 3,1 from the right; sum mod 10 = 0.
    static func gtin(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard [8, 12, 13, 14].contains(s.count) else { return false }
        var sum = 0
        for (i, c) in s.reversed().enumerated() {
            guard let d = digit(c) else { return false }
            sum += i % 2 == 1 ? d * 3 : d
        }
        return sum % 10 == 0
    }

    /// GB 32100-2015 unified social credit code: 18 characters from "0123456789ABCDEFGHJKLMNPQRTUWXY";
    /// the first (registration authority) may be a letter; the last is a mod-31 check.
    static func uscc(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard s.count == 18 else { return false }
        let alphabet = Array("0123456789ABCDEFGHJKLMNPQRTUWXY".utf8)
        let weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28]
        var values: [Int] = []
        for c in s {
            guard let v = alphabet.firstIndex(of: c) else { return false }
            values.append(v)
        }
        // Administrative division code (positions 3–8) is digits.
        guard values[2..<8].allSatisfy({ $0 < 10 }) else { return false }
        var sum = 0
        for i in 0..<17 { sum += values[i] * weights[i] }
        return values[17] == (31 - sum % 31) % 31
    }

    static let verhoeffD: [[Int]] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
        [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
        [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
        [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
    ]
    static let verhoeffP: [[Int]] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
        [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
        [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
    ]

    /// Verhoeff (dihedral group D5): catches all single errors and adjacent transpositions.
    static func verhoeff(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard s.count >= 2 else { return false }
        var c = 0
        for (i, ch) in s.reversed().enumerated() {
            guard let d = digit(ch) else { return false }
            c = verhoeffD[c][verhoeffP[i % 8][d]]
        }
        return c == 0
    }

    static let dammTable: [[Int]] = [
        [0, 3, 1, 7, 5, 9, 8, 6, 4, 2], [7, 0, 9, 2, 1, 5, 4, 8, 6, 3], [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
        [1, 7, 5, 0, 9, 8, 3, 4, 2, 6], [6, 1, 2, 3, 0, 4, 5, 9, 7, 8], [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
        [5, 8, 6, 9, 7, 2, 0, 1, 3, 4], [8, 9, 4, 5, 3, 6, 2, 0, 1, 7], [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
        [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
    ]

    /// Damm (totally anti-symmetric quasigroup of order 10).
    static func damm(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard s.count >= 2 else { return false }
        var interim = 0
        for ch in s {
            guard let d = digit(ch) else { return false }
            interim = dammTable[interim][d]
        }
        return interim == 0
    }
}
