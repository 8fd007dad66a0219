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
    static func checkDuplicateKeys(_ b: UnsafeBufferPointer<UInt8>, _ t: TapeWriter, object: Int, count: Int) throws(JSONParseError) {
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
                        throw duplicate(b, t, keys[x])
                    }
                }
                return
            }
            try withUnsafeTemporaryAllocation(of: (hash: UInt64, index: Int).self, capacity: count) {
                (buffer) throws(JSONParseError) in
                var hashed = buffer
                for n in 0..<count { hashed[n] = (hash(b, t[keys[n]]), keys[n]) }
                hashed.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.index < $1.index }
                for n in 1..<count where hashed[n].hash == hashed[n - 1].hash {
                    if sameKey(b, t, hashed[n - 1].index, hashed[n].index, anyEscaped) { throw duplicate(b, t, hashed[n].index) }
                }
            }
        }
    }

    @inline(__always)
    static func sameKey(_ b: UnsafeBufferPointer<UInt8>, _ t: TapeWriter, _ x: Int, _ y: Int, _ anyEscaped: Bool) -> Bool {
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

    /// FNV-1a of the key's decoded bytes.
    private static func hash(_ b: UnsafeBufferPointer<UInt8>, _ key: TapeEntry) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ bytes: UnsafeBufferPointer<UInt8>) { for c in bytes { h = (h ^ UInt64(c)) &* 0x100_0000_01b3 } }
        let raw = UnsafeBufferPointer(rebasing: b[key.start..<key.end])
        if key.escaped { JSONEscapes.withDecoded(raw, add) } else { add(raw) }
        return h
    }

    /// The tape index of the `ordinal`-th key of the object at `object`.
    static func keyIndex(_ t: TapeWriter, object: Int, ordinal: Int) -> Int {
        var i = object + 1
        for _ in 0..<ordinal { i = t[i + 1].next }
        return i
    }

    static func duplicate(_ b: UnsafeBufferPointer<UInt8>, _ t: TapeWriter, _ key: Int) -> JSONParseError {
        var e = JSONParseError(offset: t[key].start - 1, message: "duplicate key")
        e.duplicateKeyPath = JSONPathAt.path(b, keyAt: t[key].start - 1)
        return e
    }
}

/// A stack of one word per key of the objects being parsed, so that repeated keys are found
/// at a few instructions a key. A key's word is its bytes when it is shorter than 8 (with its
/// length in the top byte), else its first 8 bytes mixed with its length: equal keys have
/// equal words. When an object ends, a 64-bit filter of its words' hashes sends only a word
/// whose bit was already set to be compared with the words before it, and only equal words to
/// a full comparison of the keys. An escaped key may equal one written differently: its word
/// is `escapedKey`, and an object with one gets the full check.
struct KeyWords {
    var base: UnsafeMutablePointer<UInt64>
    var capacity: Int
    var count = 0
    static let escapedKey = UInt64.max

    init(base: UnsafeMutablePointer<UInt64>?, capacity: Int) {
        self.base = base ?? UnsafeMutablePointer(bitPattern: 8).unsafelyUnwrapped  // never written at capacity 0
        self.capacity = capacity
    }

    /// Pushes the word of the key `b[start..<end]`.
    @inline(__always)
    mutating func push(_ b: UnsafeBufferPointer<UInt8>, start: Int, end: Int, escaped: Bool) {
        if count == capacity { grow() }
        let length = end &- start
        var w: UInt64
        if escaped {
            w = Self.escapedKey
        } else if start &+ 8 <= b.count {
            // A key is followed by its closing quote and more text, so this is mostly the case.
            w = UnsafeRawPointer(b.baseAddress.unsafelyUnwrapped + start).loadUnaligned(as: UInt64.self)
            w = length < 8 ? w & ((1 &<< UInt64(length &* 8)) &- 1) | UInt64(length) &<< 56 : w ^ UInt64(length) &* 0x9E37_79B9
        } else {
            w = Self.tailWord(b, start: start, length: length)
        }
        base[count] = w
        count &+= 1
    }

    /// The word of a key that ends less than 8 bytes before the end of the text.
    @inline(never)
    static func tailWord(_ b: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> UInt64 {
        var w: UInt64 = 0
        for j in 0..<min(8, b.count &- start) { w |= UInt64(b[start &+ j]) &<< UInt64(j &* 8) }
        return length < 8 ? w & ((1 &<< UInt64(length &* 8)) &- 1) | UInt64(length) &<< 56 : w ^ UInt64(length) &* 0x9E37_79B9
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<UInt64>.allocate(capacity: max(capacity * 2, 64))
        if count > 0 { bigger.update(from: base, count: count) }
        if capacity > 0 { base.deallocate() }
        base = bigger
        capacity = max(capacity * 2, 64)
    }

    /// Throws `duplicate key` when the `count` words from `first` (the keys of the object at
    /// tape index `object`) hold a repeated key.
    @inline(never)
    func screen(from first: Int, count: Int, _ b: UnsafeBufferPointer<UInt8>, _ t: TapeWriter, object: Int) throws(JSONParseError) {
        let words = base + first
        var filter: UInt64 = 0
        for n in 0..<count {
            let w = words[n]
            if w == Self.escapedKey { return try JSONTapeParser.checkDuplicateKeys(b, t, object: object, count: count) }
            let bit = UInt64(1) &<< ((w &* 0x9E37_79B9_7F4A_7C15) &>> 58)
            if filter & bit != 0 {
                for m in 0..<n where words[m] == w {
                    let (x, y) = (
                        JSONTapeParser.keyIndex(t, object: object, ordinal: m), JSONTapeParser.keyIndex(t, object: object, ordinal: n)
                    )
                    if JSONTapeParser.sameKey(b, t, x, y, false) { throw JSONTapeParser.duplicate(b, t, y) }
                }
            }
            filter |= bit
        }
    }
}

/// The path of the key whose opening quote is at `offset` (`receipt.in_app[0].status`), read
/// again from the text: for messages only, so the parser keeps no path while it works.
enum JSONPathAt {
    private enum Step {
        case key(String)
        case index(Int)
    }

    static func path(_ b: UnsafeBufferPointer<UInt8>, keyAt offset: Int) -> String {
        var stack: [(isObject: Bool, step: Step?)] = []
        var p = 0
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
                do throws(JSONParseError) { try JSONTapeParser.checkDuplicateKeys(buffer, writer, object: i, count: e.count) } catch {
                    return error
                }
            }
            i += 1
        }
        return nil
    }
}
