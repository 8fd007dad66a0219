/// Decoding of JSON string escapes (`\n`, `\u4eac`, surrogate pairs) into UTF-8.
package enum JSONEscapes {
    package static func hex4(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32? {
        guard i + 4 <= b.count else { return nil }
        var v: UInt32 = 0
        for k in i..<(i + 4) {
            let c = b[k]
            let d: UInt8
            switch c {
            case 0x30...0x39: d = c - 0x30
            case 0x41...0x46: d = c - 0x41 + 10
            case 0x61...0x66: d = c - 0x61 + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    /// Calls `body` with the decoded text of an already validated string body, decoded on the
    /// stack (the heap only for long strings): no allocation per record. Not generic, so that
    /// callers pay no generic-metadata lookups.
    package static func withDecoded(_ b: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(b.count, 1)) { scratch in
            let n = decode(b, intoBuffer: scratch.baseAddress!)
            try body(UnsafeBufferPointer(rebasing: scratch[..<n]))
        }
    }

    /// Decodes an already validated string body into `out`, which must hold `b.count` bytes
    /// (decoding never makes a string longer); returns the number of bytes written.
    package static func decode(_ b: UnsafeBufferPointer<UInt8>, intoBuffer out: UnsafeMutablePointer<UInt8>) -> Int {
        var i = 0
        var n = 0
        while i < b.count {
            let c = b[i]
            guard c == UInt8(ascii: "\\") else {
                out[n] = c
                n += 1
                i += 1
                continue
            }
            let e = b[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out[n] = 0x08
            case UInt8(ascii: "f"): out[n] = 0x0C
            case UInt8(ascii: "n"): out[n] = 0x0A
            case UInt8(ascii: "r"): out[n] = 0x0D
            case UInt8(ascii: "t"): out[n] = 0x09
            case UInt8(ascii: "u"):
                var scalar = hex4(b, i)!
                i += 4
                if (0xD800...0xDBFF).contains(scalar), let low = hex4(b, i + 2) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                n += encodeUTF8(scalar, out + n)
                continue
            default: out[n] = e
            }
            n += 1
        }
        return n
    }

    /// Writes `scalar` (a valid Unicode scalar value) as UTF-8 at `out`; returns its length.
    @inline(__always) package static func encodeUTF8(_ scalar: UInt32, _ out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case ..<0x80:
            out[0] = UInt8(scalar)
            return 1
        case ..<0x800:
            out[0] = UInt8(0xC0 | scalar >> 6)
            out[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case ..<0x10000:
            out[0] = UInt8(0xE0 | scalar >> 12)
            out[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(0xF0 | scalar >> 18)
            out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
