/// A validating recursive-descent JSON parser that fills a tape.
package struct JSONTapeParser {
    package let maxDepth: Int
    /// Throw `duplicate key` for an object that names a key twice (`DuplicateKeys.reject`).
    package var rejectDuplicates = true
    /// What the pipeline reads: objects and arrays outside it are validated and skipped
    /// (`JSONTapeParser+Skip.swift`). Nil: everything is put on the tape.
    package var reads: ReadTree?
    package var tape: TapeWriter
    package var p = 0
    package var depth = 0

    package init(maxDepth: Int, tape: TapeWriter) {
        self.maxDepth = maxDepth
        self.tape = tape
    }

    package mutating func parseDocument(_ b: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        skipSpace(b)
        guard p < b.count else { throw JSONParseError(offset: p, JSONMessages.emptyInput()) }
        try parseValue(b, node: reads.map { $0.readsEverything ? ReadTree.whole : ReadTree.root } ?? ReadTree.whole)
        skipSpace(b)
        if p < b.count { throw JSONParseError(offset: p, JSONMessages.textAfterValue()) }
    }

    @inline(__always) package mutating func skipSpace(_ b: UnsafeBufferPointer<UInt8>) { Self.skipSpace(b, &p) }

    @inline(__always) package static func skipSpace(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) {
        while p < b.count, b[p] == 0x20 || b[p] == 0x0A || b[p] == 0x0D || b[p] == 0x09 { p += 1 }
    }

    /// The value at `p`; `node` is its place in `reads` (`ReadTree.whole`: all of it is read).
    package mutating func parseValue(_ b: UnsafeBufferPointer<UInt8>, node: Int32 = ReadTree.whole) throws(JSONParseError) {
        guard p < b.count else { throw JSONParseError(offset: p, JSONMessages.unexpectedEnd()) }
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
                b[p] >= 0x80
                    ? JSONMessages.invalidUTF8OrCharacter()
                    : JSONMessages.unexpectedCharacter(["char": String(Character(Unicode.Scalar(b[p])))]))
        }
    }

    package mutating func literal(_ b: UnsafeBufferPointer<UInt8>, _ word: StaticString, _ kind: JSONValue.Kind, _ value: Bool)
        throws(JSONParseError)
    {
        let n = word.utf8CodeUnitCount
        guard p + n <= b.count, memcmp(b.baseAddress! + p, word.utf8Start, n) == 0 else {
            throw JSONParseError(offset: p, JSONMessages.invalidLiteral(["word": "\(word)"]))
        }
        tape.append(TapeEntry(kind: kind, escaped: false, boolValue: value, start: p, end: p + n, next: tape.count + 1, count: 0))
        p += n
    }

    /// An object or array, from its opening bracket at `p`. The position and the tape writer are
    /// kept in locals while keys and string values are scanned, so that they stay in registers;
    /// `p` and `tape` are brought up to date around the calls for other values.
    package mutating func parseContainer(_ b: UnsafeBufferPointer<UInt8>, kind: JSONValue.Kind, node: Int32 = ReadTree.whole)
        throws(JSONParseError)
    {
        depth &+= 1
        if depth > maxDepth {
            var error = JSONParseError(offset: p, JSONMessages.tooDeep(["max": String(maxDepth)]))
            error.tooDeep = true
            throw error
        }
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
                        throw JSONParseError(offset: p, JSONMessages.expectedKey())
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
                        throw JSONParseError(offset: p, JSONMessages.expectedColon())
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
                guard p < b.count else { throw JSONParseError(offset: p, JSONMessages.unexpectedEnd()) }
                if b[p] == UInt8(ascii: ",") {
                    p &+= 1
                    Self.skipSpace(b, &p)
                    continue
                }
                if b[p] == close {
                    p &+= 1
                    break
                }
                throw JSONParseError(offset: p, isObject ? JSONMessages.expectedCommaOrBrace() : JSONMessages.expectedCommaOrBracket())
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
    package static func scanString(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, _ tape: inout TapeWriter) throws(JSONParseError) {
        let start = p &+ 1
        let escaped = try scanStringBody(b, &p)
        tape.append(
            TapeEntry(kind: .string, escaped: escaped, boolValue: false, start: start, end: p &- 1, next: tape.count &+ 1, count: 0))
    }

    package mutating func parseNumber(_ b: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        let start = p
        try Self.scanNumber(b, &p)
        tape.append(TapeEntry(kind: .number, escaped: false, boolValue: false, start: start, end: p, next: tape.count + 1, count: 0))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
