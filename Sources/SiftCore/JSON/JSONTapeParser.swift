internal import CSiftScan

/// A validating recursive-descent JSON parser that fills a tape.
struct JSONTapeParser {
    let maxDepth: Int
    /// Throw `duplicate key` for an object that names a key twice (`DuplicateKeys.reject`).
    var rejectDuplicates = true
    /// What the pipeline reads: objects and arrays outside it are validated and skipped
    /// (`JSONTapeParser+Skip.swift`). Nil: everything is put on the tape.
    var reads: ReadTree?
    var tape: TapeWriter
    var p = 0
    var depth = 0

    init(maxDepth: Int, tape: TapeWriter) {
        self.maxDepth = maxDepth
        self.tape = tape
    }

    mutating func parseDocument(_ b: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        skipSpace(b)
        guard p < b.count else { throw JSONParseError(offset: p, message: "empty input") }
        try parseValue(b, node: reads.map { $0.readsEverything ? ReadTree.whole : ReadTree.root } ?? ReadTree.whole)
        skipSpace(b)
        if p < b.count { throw JSONParseError(offset: p, message: "unexpected text after the JSON value") }
    }

    @inline(__always) mutating func skipSpace(_ b: UnsafeBufferPointer<UInt8>) { Self.skipSpace(b, &p) }

    @inline(__always) static func skipSpace(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) {
        while p < b.count, b[p] == 0x20 || b[p] == 0x0A || b[p] == 0x0D || b[p] == 0x09 { p += 1 }
    }

    /// The value at `p`; `node` is its place in `reads` (`ReadTree.whole`: all of it is read).
    mutating func parseValue(_ b: UnsafeBufferPointer<UInt8>, node: Int32 = ReadTree.whole) throws(JSONParseError) {
        guard p < b.count else { throw JSONParseError(offset: p, message: "unexpected end of input") }
        switch b[p] {
        case UInt8(ascii: "{"): try parseContainer(b, kind: .object, node: node)
        case UInt8(ascii: "["): try parseContainer(b, kind: .array, node: node)
        case UInt8(ascii: "\""):
            var q = p
            try Self.scanString(b, &q, &tape)
            p = q
        case UInt8(ascii: "t"): try literal(b, "true", .bool, true)
        case UInt8(ascii: "f"): try literal(b, "false", .bool, false)
        case UInt8(ascii: "n"): try literal(b, "null", .null, false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber(b)
        default:
            throw JSONParseError(
                offset: p,
                message: b[p] >= 0x80
                    ? "invalid UTF-8 or unexpected character" : "unexpected character '\(Character(Unicode.Scalar(b[p])))'")
        }
    }

    mutating func literal(_ b: UnsafeBufferPointer<UInt8>, _ word: StaticString, _ kind: JSONValue.Kind, _ value: Bool)
        throws(JSONParseError)
    {
        let n = word.utf8CodeUnitCount
        guard p + n <= b.count, memcmp(b.baseAddress! + p, word.utf8Start, n) == 0 else {
            throw JSONParseError(offset: p, message: "invalid literal (expected \(word))")
        }
        tape.append(TapeEntry(kind: kind, escaped: false, boolValue: value, start: p, end: p + n, next: tape.count + 1, count: 0))
        p += n
    }

    /// An object or array, from its opening bracket at `p`. The position and the tape writer are
    /// kept in locals while keys and string values are scanned, so that they stay in registers;
    /// `p` and `tape` are brought up to date around the calls for other values.
    mutating func parseContainer(_ b: UnsafeBufferPointer<UInt8>, kind: JSONValue.Kind, node: Int32 = ReadTree.whole)
        throws(JSONParseError)
    {
        depth &+= 1
        if depth > maxDepth { throw JSONParseError(offset: p, message: "nesting deeper than \(maxDepth) levels") }
        var t = tape
        // On a throw, the caller frees the tape through `tape`: it must see the one in use.
        defer { tape = t }
        let me = t.count
        t.append(TapeEntry(kind: kind, escaped: false, boolValue: false, start: p, end: 0, next: 0, count: 0))
        let isObject = kind == .object
        let close: UInt8 = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var p = self.p &+ 1
        Self.skipSpace(b, &p)
        var count = 0
        // Repeated keys (`rejectDuplicates`): each key's length and first and last bytes set a
        // bit of a 128-bit filter; only a key whose bit is already set is compared with the
        // keys before it, so an object without repeats costs a few instructions a key. An
        // escaped key may equal one written differently, and keys built to share a bit would
        // make those comparisons quadratic: an object with an escaped key, or with a shared
        // bit after its 64th key, gets the full (sorting) check when it ends instead.
        var seenLow: UInt64 = 0, seenHigh: UInt64 = 0
        var anyEscaped = false
        let checksKeys = isObject && rejectDuplicates
        // Members not read are skipped only in an object whose node names keys.
        let looksUp = node >= 0 && (!isObject || reads.unsafelyUnwrapped.namesKeys(node))
        if p < b.count, b[p] == close {
            p &+= 1
        } else {
            while true {
                if isObject {
                    guard p < b.count, b[p] == UInt8(ascii: "\"") else {
                        throw JSONParseError(offset: p, message: "expected a quoted key")
                    }
                    try Self.scanString(b, &p, &t)
                    if checksKeys {
                        let key = t[t.count &- 1]
                        if key.escaped {
                            anyEscaped = true
                        } else {
                            let n = key.end &- key.start
                            let h = n == 0 ? 0 : (n &* 31 &+ Int(b[key.start])) &* 31 &+ Int(b[key.end &- 1])
                            let bit = UInt64(1) &<< UInt64(h & 63)
                            let seen = h & 64 == 0 ? seenLow : seenHigh
                            if seen & bit != 0 {
                                if count >= 64 {
                                    anyEscaped = true
                                } else if Self.repeatsEarlierKey(b, t, object: me, key: t.count &- 1) {
                                    throw Self.duplicate(b, t, t.count &- 1)
                                }
                            }
                            if h & 64 == 0 { seenLow |= bit } else { seenHigh |= bit }
                        }
                    }
                    Self.skipSpace(b, &p)
                    guard p < b.count, b[p] == UInt8(ascii: ":") else {
                        throw JSONParseError(offset: p, message: "expected ':' after a key")
                    }
                    p &+= 1
                    Self.skipSpace(b, &p)
                }
                // Most values are strings: scanned here, without a call.
                if p < b.count, b[p] == UInt8(ascii: "\"") {
                    try Self.scanString(b, &p, &t)
                } else {
                    self.p = p
                    tape = t
                    do {
                        if looksUp, p < b.count, b[p] == UInt8(ascii: "{") || b[p] == UInt8(ascii: "[") {
                            try parseReadOrSkip(b, node: node, isObject: isObject)
                        } else {
                            try parseValue(b)
                        }
                    } catch {
                        t = tape
                        throw error
                    }
                    t = tape
                    p = self.p
                }
                count &+= 1
                Self.skipSpace(b, &p)
                guard p < b.count else { throw JSONParseError(offset: p, message: "unexpected end of input") }
                if b[p] == UInt8(ascii: ",") {
                    p &+= 1
                    Self.skipSpace(b, &p)
                    continue
                }
                if b[p] == close {
                    p &+= 1
                    break
                }
                throw JSONParseError(offset: p, message: isObject ? "expected ',' or '}'" : "expected ',' or ']'")
            }
        }
        self.p = p
        t[me].end = p
        t[me].next = t.count
        t[me].count = count
        depth &-= 1
        if anyEscaped, count > 1 { try Self.checkDuplicateKeys(b, t, object: me, count: count) }
    }

    /// The string whose opening quote is at `p`: validated, put on the tape, and `p` moved past it.
    @inline(__always)
    static func scanString(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, _ tape: inout TapeWriter) throws(JSONParseError) {
        let start = p &+ 1
        let escaped = try scanStringBody(b, &p)
        tape.append(
            TapeEntry(kind: .string, escaped: escaped, boolValue: false, start: start, end: p &- 1, next: tape.count &+ 1, count: 0))
    }

    /// The string whose opening quote is at `p` validated, and `p` moved past its closing quote;
    /// returns whether it has escapes.
    @inline(__always)
    static func scanStringBody(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) throws(JSONParseError) -> Bool {
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
                guard p < b.count else { throw JSONParseError(offset: open, message: "unterminated string") }
            }
            let c = base[p]
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") {
                escaped = true
                p = try Self.validateEscape(b, p)
            } else if c < 0x20 {
                throw JSONParseError(offset: p, message: "control character in a string")
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
    static func validateEscape(_ b: UnsafeBufferPointer<UInt8>, _ p: Int) throws(JSONParseError) -> Int {
        var p = p
        guard p + 1 < b.count else { throw JSONParseError(offset: p, message: "unterminated string") }
        switch b[p + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            p += 2
        case UInt8(ascii: "u"):
            guard let unit = JSONEscapes.hex4(b, p + 2) else {
                throw JSONParseError(offset: p, message: "invalid \\u escape")
            }
            p += 6
            if (0xD800...0xDBFF).contains(unit) {
                guard p + 1 < b.count, b[p] == UInt8(ascii: "\\"), b[p + 1] == UInt8(ascii: "u"),
                    let low = JSONEscapes.hex4(b, p + 2), (0xDC00...0xDFFF).contains(low)
                else {
                    throw JSONParseError(offset: p - 6, message: "lone surrogate in a \\u escape")
                }
                p += 6
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONParseError(offset: p - 6, message: "lone surrogate in a \\u escape")
            }
        default:
            throw JSONParseError(offset: p, message: "invalid escape")
        }
        return p
    }

    /// The UTF-8 sequence at `p` validated; returns the position after it.
    static func validateUTF8(_ b: UnsafeBufferPointer<UInt8>, _ p: Int) throws(JSONParseError) -> Int {
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
        default: throw JSONParseError(offset: p, message: "invalid UTF-8")
        }
        guard p + need < b.count, b[p + 1] >= lo, b[p + 1] <= hi else {
            throw JSONParseError(offset: p, message: "invalid UTF-8")
        }
        for k in 2..<(need + 1) where !(0x80...0xBF).contains(b[p + k]) {
            throw JSONParseError(offset: p, message: "invalid UTF-8")
        }
        return p + need + 1
    }

    mutating func parseNumber(_ b: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        let start = p
        try Self.scanNumber(b, &p)
        tape.append(TapeEntry(kind: .number, escaped: false, boolValue: false, start: start, end: p, next: tape.count + 1, count: 0))
    }

    /// The number at `p` validated, and `p` moved past it.
    @inline(__always)
    static func scanNumber(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) throws(JSONParseError) {
        let start = p
        @inline(__always) func isDigit(_ i: Int) -> Bool { i < b.count && b[i] >= 0x30 && b[i] <= 0x39 }
        if b[p] == UInt8(ascii: "-") { p += 1 }
        guard isDigit(p) else { throw JSONParseError(offset: start, message: "invalid number") }
        if b[p] == UInt8(ascii: "0") {
            p += 1
            if isDigit(p) { throw JSONParseError(offset: start, message: "invalid number (leading zero)") }
        } else {
            while isDigit(p) { p += 1 }
        }
        if p < b.count, b[p] == UInt8(ascii: ".") {
            p += 1
            guard isDigit(p) else { throw JSONParseError(offset: start, message: "invalid number") }
            while isDigit(p) { p += 1 }
        }
        if p < b.count, b[p] == UInt8(ascii: "e") || b[p] == UInt8(ascii: "E") {
            p += 1
            if p < b.count, b[p] == UInt8(ascii: "+") || b[p] == UInt8(ascii: "-") { p += 1 }
            guard isDigit(p) else { throw JSONParseError(offset: start, message: "invalid number") }
            while isDigit(p) { p += 1 }
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
