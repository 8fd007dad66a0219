internal import CSiftScan

/// The scans of strings and numbers that the parser and the skip (`JSONTapeParser+Skip.swift`)
/// share: each validates its text and moves the position past it, recording nothing.
extension JSONTapeParser {
    /// The string whose opening quote is at `p` validated, and `p` moved past its closing quote;
    /// returns whether it has escapes.
    @inline(__always)
    package static func scanStringBody(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) throws(JSONParseError) -> Bool {
        let open = p
        p &+= 1
        var escaped = false
        let base = b.baseAddress.unsafelyUnwrapped  // a string's quote was read: the text is not empty
        while true {
            // Sixteen bytes at a time up to the first that is not plain ASCII (a quote, backslash,
            // control or non-ASCII byte), then byte by byte near the end of the text.
            if p &+ 16 <= b.count {
                let k = Int(sift_first_special16(base + p))
                p &+= k
                if k == 16 { continue }
            } else {
                while p < b.count, b[p] >= 0x20, b[p] < 0x80, b[p] != UInt8(ascii: "\""), b[p] != UInt8(ascii: "\\") { p &+= 1 }
                guard p < b.count else { throw JSONParseError(offset: open, JSONMessages.unterminatedString()) }
            }
            let c = base[p]
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") {
                escaped = true
                p = try Self.validateEscape(b, p)
            } else if c < 0x20 {
                throw JSONParseError(offset: p, JSONMessages.controlCharacter())
            } else if c < 0x80 {
                p &+= 1
            } else {
                p = try Self.validateUTF8(b, p)
            }
        }
        p &+= 1
        return escaped
    }

    /// The escape at `p` validated; returns the position after it. (By value, not `inout`, so
    /// that the caller's position can stay in a register.)
    package static func validateEscape(_ b: UnsafeBufferPointer<UInt8>, _ p: Int) throws(JSONParseError) -> Int {
        var p = p
        guard p + 1 < b.count else { throw JSONParseError(offset: p, JSONMessages.unterminatedString()) }
        switch b[p + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            p += 2
        case UInt8(ascii: "u"):
            guard let unit = JSONEscapes.hex4(b, p + 2) else {
                throw JSONParseError(offset: p, JSONMessages.invalidUnicodeEscape())
            }
            p += 6
            if (0xD800...0xDBFF).contains(unit) {
                guard p + 1 < b.count, b[p] == UInt8(ascii: "\\"), b[p + 1] == UInt8(ascii: "u"),
                    let low = JSONEscapes.hex4(b, p + 2), (0xDC00...0xDFFF).contains(low)
                else {
                    throw JSONParseError(offset: p - 6, JSONMessages.loneSurrogate())
                }
                p += 6
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONParseError(offset: p - 6, JSONMessages.loneSurrogate())
            }
        default:
            throw JSONParseError(offset: p, JSONMessages.invalidEscape())
        }
        return p
    }

    /// The UTF-8 sequence at `p` validated; returns the position after it.
    package static func validateUTF8(_ b: UnsafeBufferPointer<UInt8>, _ p: Int) throws(JSONParseError) -> Int {
        let c = b[p]
        var need = 0
        var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
        switch c {
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: need = 2
        case 0xED: need = 2; hi = 0x9F
        case 0xF0: need = 3; lo = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; hi = 0x8F
        default: throw JSONParseError(offset: p, JSONMessages.invalidUTF8())
        }
        guard p + need < b.count, b[p + 1] >= lo, b[p + 1] <= hi else {
            throw JSONParseError(offset: p, JSONMessages.invalidUTF8())
        }
        for k in 2..<(need + 1) where !(0x80...0xBF).contains(b[p + k]) {
            throw JSONParseError(offset: p, JSONMessages.invalidUTF8())
        }
        return p + need + 1
    }

    /// The number at `p` validated, and `p` moved past it.
    @inline(__always)
    package static func scanNumber(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) throws(JSONParseError) {
        let start = p
        @inline(__always) func isDigit(_ i: Int) -> Bool { i < b.count && b[i] >= 0x30 && b[i] <= 0x39 }
        if b[p] == UInt8(ascii: "-") { p += 1 }
        guard isDigit(p) else { throw JSONParseError(offset: start, JSONMessages.invalidNumber()) }
        if b[p] == UInt8(ascii: "0") {
            p += 1
            if isDigit(p) { throw JSONParseError(offset: start, JSONMessages.leadingZero()) }
        } else {
            while isDigit(p) { p += 1 }
        }
        if p < b.count, b[p] == UInt8(ascii: ".") {
            p += 1
            guard isDigit(p) else { throw JSONParseError(offset: start, JSONMessages.invalidNumber()) }
            while isDigit(p) { p += 1 }
        }
        if p < b.count, b[p] == UInt8(ascii: "e") || b[p] == UInt8(ascii: "E") {
            p += 1
            if p < b.count, b[p] == UInt8(ascii: "+") || b[p] == UInt8(ascii: "-") { p += 1 }
            guard isDigit(p) else { throw JSONParseError(offset: start, JSONMessages.invalidNumber()) }
            while isDigit(p) { p += 1 }
        }
    }
}
