internal import CSiftScan

/// Skipping what no rule reads (`JSONTapeParser.reads`): an object or array outside the
/// pipeline's `ReadTree` is validated by a scan that records nothing, and put on the tape as
/// one entry (its kind, its text's span and its member count, `skipped`), not one per value.
///
/// The scan gives up, and the value is read again by the full parser, whenever it is not sure:
/// malformed text (so that every error reads exactly as without skipping), a key with escapes,
/// a key that may repeat one before it in its object, nesting past the limit. So a record is
/// refused, and with the same error, exactly when it is refused without skipping.
extension JSONTapeParser {
    /// The object or array at `p`, the value of a member of a container at `node`: read with
    /// its node when the tree names it, else skipped.
    mutating func parseReadOrSkip(_ b: UnsafeBufferPointer<UInt8>, node: Int32, isObject: Bool) throws(JSONParseError) {
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
    mutating func skipValue(_ b: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        let me = tape.count
        let kind: JSONValue.Kind = b[p] == UInt8(ascii: "{") ? .object : .array
        tape.append(TapeEntry(kind: kind, escaped: false, boolValue: true, start: p, end: 0, next: 0, count: 0))
        // Keys of the skipped objects are kept past the entry while their object is scanned.
        let (end, count) = Self.skipContainer(b, p, depth: depth, maxDepth: maxDepth, checksKeys: rejectDuplicates, &tape)
        if end >= 0 {
            tape[me].end = end
            tape[me].next = me &+ 1
            tape[me].count = count
            p = end
        } else {
            tape.count = me
            try parseValue(b)
        }
    }

    /// Steps over the object or array at `start` (one level deeper than `depth`): returns the
    /// position after it and its member count, or an end of -1 when the full parser must read
    /// it. `keys` holds the keys of the objects being scanned past its `count`, which is as it
    /// was on return.
    static func skipContainer(
        _ b: UnsafeBufferPointer<UInt8>, _ start: Int, depth: Int, maxDepth: Int, checksKeys: Bool, _ keys: inout TapeWriter
    ) -> (end: Int, count: Int) {
        let notSure = (end: -1, count: 0)
        let depth = depth &+ 1
        guard depth <= maxDepth else { return notSure }
        let base = b.baseAddress.unsafelyUnwrapped
        let isObject = base[start] == UInt8(ascii: "{")
        let close: UInt8 = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let firstKey = keys.count
        var p = start &+ 1
        skipSpace(b, &p)
        if p < b.count, base[p] == close { return (p &+ 1, 0) }
        var count = 0
        var seenLow: UInt64 = 0, seenHigh: UInt64 = 0
        while true {
            if isObject {
                guard p < b.count, base[p] == UInt8(ascii: "\"") else { return notSure }
                let keyStart = p &+ 1
                do throws(JSONParseError) {
                    if try scanStringBody(b, &p) { return notSure }  // escaped: compared decoded by the parser
                } catch { return notSure }
                if checksKeys {
                    // The parser's filter (`parseContainer`): only a key whose bit is set is compared.
                    let keyEnd = p &- 1
                    let n = keyEnd &- keyStart
                    let h = n == 0 ? 0 : (n &* 31 &+ Int(base[keyStart])) &* 31 &+ Int(base[keyEnd &- 1])
                    let bit = UInt64(1) &<< UInt64(h & 63)
                    if (h & 64 == 0 ? seenLow : seenHigh) & bit != 0 {
                        guard count < 64 else { return notSure }
                        var k = firstKey
                        while k < keys.count {
                            let e = keys[k]
                            if e.end &- e.start == n, n == 0 || bytesEqual(base + e.start, base + keyStart, count: n) { return notSure }
                            k &+= 1
                        }
                    }
                    if h & 64 == 0 { seenLow |= bit } else { seenHigh |= bit }
                    keys.append(TapeEntry(kind: .string, escaped: false, boolValue: false, start: keyStart, end: keyEnd, next: 0, count: 0))
                }
                skipSpace(b, &p)
                guard p < b.count, base[p] == UInt8(ascii: ":") else { return notSure }
                p &+= 1
                skipSpace(b, &p)
            }
            guard p < b.count else { return notSure }
            switch base[p] {
            case UInt8(ascii: "\""):
                do throws(JSONParseError) { _ = try scanStringBody(b, &p) } catch { return notSure }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let inner = skipContainer(b, p, depth: depth, maxDepth: maxDepth, checksKeys: checksKeys, &keys)
                guard inner.end >= 0 else { return notSure }
                p = inner.end
            case UInt8(ascii: "t"): guard skipLiteral(b, &p, "true") else { return notSure }
            case UInt8(ascii: "f"): guard skipLiteral(b, &p, "false") else { return notSure }
            case UInt8(ascii: "n"): guard skipLiteral(b, &p, "null") else { return notSure }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                do throws(JSONParseError) { try scanNumber(b, &p) } catch { return notSure }
            default: return notSure
            }
            count &+= 1
            skipSpace(b, &p)
            guard p < b.count else { return notSure }
            if base[p] == UInt8(ascii: ",") {
                p &+= 1
                skipSpace(b, &p)
                continue
            }
            guard base[p] == close else { return notSure }
            keys.count = firstKey
            return (p &+ 1, count)
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
