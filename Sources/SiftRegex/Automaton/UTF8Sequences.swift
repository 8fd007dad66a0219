/// The UTF-8 encodings of a range of Unicode scalars, as sequences of byte ranges: a byte
/// string is the encoding of a scalar in the range exactly when it matches one sequence
/// (each byte inside its range). Surrogates are left out; they have no UTF-8 encoding.
///
/// `0x61...0x7A` gives `[[61-7A]]`; `0x80...0x7FF` gives `[[C2-DF][80-BF]]`;
/// `0x4E00...0x9FA5` gives seven sequences of three ranges. The method is the classic one
/// (as in RE2 and Rust's `regex-syntax`): split the range where the encoded length changes,
/// then until every byte position varies independently.
enum UTF8Sequences {
    static func of(_ range: ClosedRange<UInt32>) -> [[ClosedRange<UInt8>]] {
        var out: [[ClosedRange<UInt8>]] = []
        var pending: [ClosedRange<UInt32>] = []
        // Surrogates split the range first.
        if range.lowerBound < 0xD800, range.upperBound > 0xDFFF {
            pending = [range.lowerBound...0xD7FF, 0xE000...range.upperBound]
        } else if range.upperBound < 0xD800 || range.lowerBound > 0xDFFF {
            pending = [range]
        } else if range.lowerBound < 0xD800 {
            pending = [range.lowerBound...0xD7FF]
        } else if range.upperBound > 0xDFFF {
            pending = [0xE000...range.upperBound]
        }
        while let r = pending.popLast() {
            if let (a, b) = split(r) {
                pending.append(b)
                pending.append(a)
            } else {
                let low = encode(r.lowerBound)
                let high = encode(r.upperBound)
                out.append(zip(low, high).map { $0...$1 })
            }
        }
        return out
    }

    /// Splits `r` in two where its ends differ in encoded length, or where a byte position
    /// does not span its whole continuation range; nil when it needs no split.
    private static func split(_ r: ClosedRange<UInt32>) -> (ClosedRange<UInt32>, ClosedRange<UInt32>)? {
        let (lo, hi) = (r.lowerBound, r.upperBound)
        for boundary: UInt32 in [0x7F, 0x7FF, 0xFFFF] where lo <= boundary && hi > boundary {
            return (lo...boundary, (boundary + 1)...hi)
        }
        if hi < 0x80 { return nil }
        for k: UInt32 in 1..<4 {
            let mask: UInt32 = (1 << (6 * k)) - 1
            if lo & ~mask != hi & ~mask {
                if lo & mask != 0 { return (lo...(lo | mask), ((lo | mask) + 1)...hi) }
                if hi & mask != mask { return (lo...((hi & ~mask) - 1), (hi & ~mask)...hi) }
            }
        }
        return nil
    }

    /// The UTF-8 bytes of a scalar value (not a surrogate, at most 0x10FFFF).
    static func encode(_ v: UInt32) -> [UInt8] {
        switch v {
        case 0..<0x80: return [UInt8(v)]
        case 0x80..<0x800: return [UInt8(0xC0 | v >> 6), UInt8(0x80 | v & 0x3F)]
        case 0x800..<0x10000: return [UInt8(0xE0 | v >> 12), UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F)]
        default:
            return [UInt8(0xF0 | v >> 18), UInt8(0x80 | v >> 12 & 0x3F), UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F)]
        }
    }
}
