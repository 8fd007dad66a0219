/// Decoding of JSON string escapes (`\n`, `\u4eac`, surrogate pairs) into UTF-8.
enum JSONEscapes {
    static func hex4(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32? {
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

    /// Decodes an already validated string body (between the quotes) into UTF-8 bytes.
    static func decode(_ b: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var i = 0
        out.reserveCapacity(b.count)
        while i < b.count {
            let c = b[i]
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                i += 1
                continue
            }
            let e = b[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(b, i)!
                i += 4
                if (0xD800...0xDBFF).contains(scalar), let low = hex4(b, i + 2) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
            default: out.append(e)
            }
        }
    }
}
