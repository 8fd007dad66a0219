#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a record that holds the same key twice in one object means (`--duplicate-keys`).
/// Parsers disagree (first wins, last wins, refused), which is how parser-differential
/// attacks on receipts and tokens work, so the default refuses such records.
public enum DuplicateKeys: String, Sendable, CaseIterable {
    /// The record is an `input.duplicate_key` error result (the default).
    case reject
    /// The first of the repeated members counts.
    case first
    /// The last of the repeated members counts.
    case last
}

extension JSONTapeParser {
    /// Throws `input.duplicate_key` when the object at tape index `object` (just parsed, with
    /// `count` members) names a key twice. Keys are compared as decoded text, so `"a"` and
    /// `"\u0061"` are the same key. Small objects compare pairs; larger ones sort key hashes.
    @inline(never)
    /// `pathFrom` is where the value whose key paths the error gives starts (0: the whole text).
    package static func checkDuplicateKeys(
        _ b: UnsafeBufferPointer<UInt8>, _ t: TapeWriter, object: Int, count: Int, pathFrom: Int = 0
    ) throws(JSONParseError) {
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { (keys) throws(JSONParseError) in
            var i = object + 1
            var anyEscaped = false
            for n in 0..<count {
                keys[n] = i
                anyEscaped = anyEscaped || t[i].escaped
                i = t[i + 1].next
            }
            if count <= 16 {
                for x in 1..<count {
                    for y in 0..<x where sameKey(b, t, keys[y], keys[x], anyEscaped) {
                        throw duplicate(b, t, keys[x], pathFrom: pathFrom)
                    }
                }
                return
            }
            try withUnsafeTemporaryAllocation(of: (hash: UInt64, index: Int).self, capacity: count) {
                (buffer) throws(JSONParseError) in
                var hashed = buffer
                for n in 0..<count { hashed[n] = (hash(b, t[keys[n]]), keys[n]) }
                hashed.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.index < $1.index }
                // Every pair within a run of equal hashes (the hash is seeded per process, so runs
                // longer than one are chance, not something a record can arrange).
                var first = 0
                for n in 1...count {
                    guard n == count || hashed[n].hash != hashed[first].hash else { continue }
                    for x in first..<n {
                        for y in (x + 1)..<n where sameKey(b, t, hashed[x].index, hashed[y].index, anyEscaped) {
                            throw duplicate(b, t, max(hashed[x].index, hashed[y].index), pathFrom: pathFrom)
                        }
                    }
                    first = n
                }
            }
        }
    }

    @inline(__always)
    package static func sameKey(_ b: UnsafeBufferPointer<UInt8>, _ t: TapeWriter, _ x: Int, _ y: Int, _ anyEscaped: Bool) -> Bool {
        let kx = t[x], ky = t[y]
        if !anyEscaped || (!kx.escaped && !ky.escaped) {
            let n = kx.end - kx.start
            return n == ky.end - ky.start && (n == 0 || memcmp(b.baseAddress! + kx.start, b.baseAddress! + ky.start, n) == 0)
        }
        var equal = false
        JSONEscapes.withDecoded(UnsafeBufferPointer(rebasing: b[kx.start..<kx.end])) { dx in
            JSONEscapes.withDecoded(UnsafeBufferPointer(rebasing: b[ky.start..<ky.end])) { dy in equal = dx.elementsEqual(dy) }
        }
        return equal
    }

    /// The key's decoded bytes hashed with the standard library's per-process seed.
    private static func hash(_ b: UnsafeBufferPointer<UInt8>, _ key: TapeEntry) -> UInt64 {
        var h = Hasher()
        let raw = UnsafeBufferPointer(rebasing: b[key.start..<key.end])
        if key.escaped {
            JSONEscapes.withDecoded(raw) { h.combine(bytes: UnsafeRawBufferPointer($0)) }
        } else {
            h.combine(bytes: UnsafeRawBufferPointer(raw))
        }
        return UInt64(bitPattern: Int64(h.finalize()))
    }

    /// True when the unescaped key at tape index `key` equals one of the object's keys before it.
    @inline(never)
    package static func repeatsEarlierKey(_ b: UnsafeBufferPointer<UInt8>, _ t: TapeWriter, object: Int, key: Int) -> Bool {
        var i = object + 1
        while i < key {
            if sameKey(b, t, i, key, false) { return true }
            i = t[i + 1].next
        }
        return false
    }

    /// The error for the repeated key at tape index `key`, with its path from `pathFrom`.
    package static func duplicate(_ b: UnsafeBufferPointer<UInt8>, _ t: TapeWriter, _ key: Int, pathFrom: Int = 0) -> JSONParseError {
        var e = JSONParseError(offset: t[key].start - 1, JSONMessages.duplicateKey())
        e.duplicateKeyPath = JSONPathAt.path(b, from: pathFrom, keyAt: t[key].start - 1)
        return e
    }
}

/// The path of the key whose opening quote is at `offset` (`receipt.in_app[0].status`), read
/// again from the text: for messages only, so the parser keeps no path while it works.
package enum JSONPathAt {
    private enum Step {
        case key(String)
        case index(Int)
    }

    /// `from` is where the value whose paths are wanted starts (0: the whole text).
    package static func path(_ b: UnsafeBufferPointer<UInt8>, from start: Int, keyAt offset: Int) -> String {
        var stack: [(isObject: Bool, step: Step?)] = []
        var p = start
        var expectKey = false
        while p < offset {
            let c = b[p]
            switch c {
            case UInt8(ascii: "{"):
                stack.append((true, nil))
                expectKey = true
            case UInt8(ascii: "["):
                stack.append((false, .index(0)))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                stack.removeLast()
            case UInt8(ascii: ","):
                if let top = stack.last {
                    if top.isObject {
                        expectKey = true
                    } else if case .index(let i) = top.step {
                        stack[stack.count - 1].step = .index(i + 1)
                    }
                }
            case UInt8(ascii: "\""):
                let start = p + 1
                p += 1
                while p < offset, b[p] != UInt8(ascii: "\"") { p += b[p] == UInt8(ascii: "\\") ? 2 : 1 }
                if expectKey, !stack.isEmpty {
                    var key = ""
                    JSONEscapes.withDecoded(UnsafeBufferPointer(rebasing: b[start..<min(p, b.count)])) {
                        key = String(decoding: $0, as: UTF8.self)
                    }
                    stack[stack.count - 1].step = .key(key)
                    expectKey = false
                }
            default: break
            }
            p += 1
        }
        var end = offset + 1
        while end < b.count, b[end] != UInt8(ascii: "\"") { end += b[end] == UInt8(ascii: "\\") ? 2 : 1 }
        var key = ""
        JSONEscapes.withDecoded(UnsafeBufferPointer(rebasing: b[(offset + 1)..<min(end, b.count)])) {
            key = String(decoding: $0, as: UTF8.self)
        }
        var out = ""
        for (_, step) in stack.dropLast() {
            switch step {
            case .key(let k)?: out += out.isEmpty ? k : "." + k
            case .index(let i)?: out += "[\(i)]"
            case nil: break
            }
        }
        return out.isEmpty ? key : out + "." + key
    }
}

extension JSONDocument {
    /// The first key named twice in one object within `value` (itself and its descendants), as
    /// a parse error with its path; nil when there is none. For documents parsed without
    /// refusing them, whose parts are judged one by one (the records of a JSON array).
    package func duplicateKey(within value: JSONValue) -> JSONParseError? {
        let kind = tape[value.index].kind
        let end = kind == .object || kind == .array ? tape[value.index].next : value.index + 1
        let writer = TapeWriter(base: tape, capacity: tapeCount)
        var i = value.index
        while i < end {
            let e = tape[i]
            if e.kind == .object, e.count > 1 {
                // The path within `value`, read from its start only.
                do throws(JSONParseError) {
                    try JSONTapeParser.checkDuplicateKeys(buffer, writer, object: i, count: e.count, pathFrom: tape[value.index].start)
                } catch { return error }
            }
            i += 1
        }
        return nil
    }
}
