/// Skipping what no rule reads (`JSONTapeParser.reads`): an object or array outside the
/// pipeline's `ReadTree` is validated by a scan that records nothing, and put on the tape as
/// one entry (its kind and its text, `skipped`), not one per value.
///
/// The scan gives up, and the value is read again by the full parser, whenever it is not sure:
/// malformed text (so that every error reads exactly as without skipping), a key with escapes,
/// a key that may repeat one before it in its object (after 64 keys, any key whose filter bit
/// is set), nesting past the limit. So a record is refused, and with the same error, exactly
/// when it is refused without skipping.
extension JSONTapeParser {
    /// The object or array at `p`, the value of a member of a container at `node`: read with
    /// its node when the tree names it, else skipped.
    package mutating func parseReadOrSkip(_ b: UnsafeBufferPointer<UInt8>, node: Int32, isObject: Bool) throws(JSONParseError) {
        let reads = self.reads.unsafelyUnwrapped
        var child: Int32? = ReadTree.whole
        if !isObject {
            child = reads.elements(of: node)
        } else {
            let key = tape[tape.count &- 1]
            // A key with escapes is compared decoded by lookups: read its value in full.
            if !key.escaped { child = reads.child(of: node, key: b, key.start, key.end) }
        }
        if let child { return try parseValue(b, node: child) }
        try skipValue(b)
    }

    /// The object or array at `p`, validated and put on the tape as one `skipped` entry; read
    /// in full instead when the scan is not sure of it.
    ///
    /// The entry has the value's kind and text, a count of 0 and nothing inside (`next` is the
    /// entry after it): a walk by position or by count finds it empty, never the entries after it.
    package mutating func skipValue(_ b: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        let me = tape.count
        let kind: JSONValue.Kind = b[p] == UInt8(ascii: "{") ? .object : .array
        tape.append(TapeEntry(kind: kind, escaped: false, boolValue: true, start: p, end: 0, next: me &+ 1, count: 0))
        // The keys of the objects scanned are kept past the entry while their object is scanned.
        let end = Self.skipContainer(b, p, depth: depth, maxDepth: maxDepth, checksKeys: rejectDuplicates, &tape)
        if end >= 0 {
            tape.count = me &+ 1
            tape[me].end = end
            p = end
        } else {
            tape.count = me
            try parseValue(b)
        }
    }

    /// Steps over the object or array at `start` (one level deeper than `depth`): returns the
    /// position after it, or -1 when the full parser must read it. The keys of the objects
    /// being scanned are appended to `keys` (the tape, past the skipped entry); the caller
    /// sets its count back.
    package static func skipContainer(
        _ b: UnsafeBufferPointer<UInt8>, _ start: Int, depth: Int, maxDepth: Int, checksKeys: Bool, _ keys: inout TapeWriter
    ) -> Int {
        let depth = depth &+ 1
        guard depth <= maxDepth else { return -1 }
        let base = b.baseAddress.unsafelyUnwrapped
        let isObject = base[start] == UInt8(ascii: "{")
        let close: UInt8 = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var p = start &+ 1
        skipSpace(b, &p)
        if p < b.count, base[p] == close { return p &+ 1 }
        var filter = KeyFilter(firstKey: keys.count)
        while true {
            if isObject {
                guard p < b.count, base[p] == UInt8(ascii: "\"") else { return -1 }
                let keyStart = p &+ 1
                let escaped: Bool
                do throws(JSONParseError) { escaped = try scanStringBody(b, &p) } catch { return -1 }
                // A key with escapes is compared decoded: the parser's own check does that.
                if checksKeys, escaped || !filter.add(b, keyStart, p &- 1, &keys) { return -1 }
                skipSpace(b, &p)
                guard p < b.count, base[p] == UInt8(ascii: ":") else { return -1 }
                p &+= 1
                skipSpace(b, &p)
            }
            guard p < b.count else { return -1 }
            switch base[p] {
            case UInt8(ascii: "\""):
                do throws(JSONParseError) { _ = try scanStringBody(b, &p) } catch { return -1 }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                p = skipContainer(b, p, depth: depth, maxDepth: maxDepth, checksKeys: checksKeys, &keys)
                guard p >= 0 else { return -1 }
            case UInt8(ascii: "t"): guard skipLiteral(b, &p, "true") else { return -1 }
            case UInt8(ascii: "f"): guard skipLiteral(b, &p, "false") else { return -1 }
            case UInt8(ascii: "n"): guard skipLiteral(b, &p, "null") else { return -1 }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                do throws(JSONParseError) { try scanNumber(b, &p) } catch { return -1 }
            default: return -1
            }
            skipSpace(b, &p)
            guard p < b.count else { return -1 }
            if base[p] == UInt8(ascii: ",") {
                p &+= 1
                skipSpace(b, &p)
                continue
            }
            guard base[p] == close else { return -1 }
            keys.count = filter.firstKey
            return p &+ 1
        }
    }

    /// The keys of one skipped object, for repeats: the parser's 128-bit filter
    /// (`parseContainer`), and the keys themselves on the tape past `firstKey`, compared only
    /// when a key's bit is already set.
    package struct KeyFilter {
        let firstKey: Int
        var low: UInt64 = 0, high: UInt64 = 0

        init(firstKey: Int) { self.firstKey = firstKey }

        /// Adds the plain key `b[start..<end]`; false when it may repeat one before it (the full
        /// parser then decides, and after 64 keys any shared bit sends it there).
        @inline(__always)
        mutating func add(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ keys: inout TapeWriter) -> Bool {
            let base = b.baseAddress.unsafelyUnwrapped
            let n = end &- start
            let h = n == 0 ? 0 : (n &* 31 &+ Int(base[start])) &* 31 &+ Int(base[end &- 1])
            let bit = UInt64(1) &<< UInt64(h & 63)
            if (h & 64 == 0 ? low : high) & bit != 0 {
                guard keys.count &- firstKey < 64 else { return false }
                var k = firstKey
                while k < keys.count {
                    let e = keys[k]
                    if e.end &- e.start == n, n == 0 || bytesEqual(base + e.start, base + start, count: n) { return false }
                    k &+= 1
                }
            }
            if h & 64 == 0 { low |= bit } else { high |= bit }
            keys.append(TapeEntry(kind: .string, escaped: false, boolValue: false, start: start, end: end, next: 0, count: 0))
            return true
        }
    }

    @inline(__always)
    private static func skipLiteral(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, _ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard p &+ n <= b.count, memcmp(b.baseAddress! + p, word.utf8Start, n) == 0 else { return false }
        p &+= n
        return true
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
