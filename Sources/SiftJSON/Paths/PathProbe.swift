/// A field path without `[*]`, laid out as plain memory: keys as raw bytes, positions as
/// numbers. Finding a record's value through it takes no reference counts, which matters on
/// the hot path (one lookup per rule per record). Immutable; its owner frees it once.
package struct PathProbe: @unchecked Sendable {
    private struct Step {
        /// A key's bytes are `keys[start..<start + count]`; an array position is `count`.
        var isKey: Bool
        var start: Int
        var count: Int
    }

    private let steps: UnsafeMutableBufferPointer<Step>
    private let keys: UnsafeMutableBufferPointer<UInt8>

    /// Nil for a path with `[*]`: those are resolved to every match instead.
    package init?(_ path: FieldPath) {
        guard !path.hasWildcard else { return nil }
        steps = .allocate(capacity: path.components.count)
        keys = .allocate(capacity: max(1, path.keyBytes.reduce(0) { $0 + $1.count }))
        var at = 0
        for (n, component) in path.components.enumerated() {
            switch component {
            case .key:
                let k = path.keyBytes[n]
                _ = UnsafeMutableBufferPointer(rebasing: keys[at..<(at + k.count)]).initialize(from: k)
                steps[n] = Step(isKey: true, start: at, count: k.count)
                at += k.count
            case .index(let i):
                steps[n] = Step(isKey: false, start: 0, count: i)
            case .wildcard:
                preconditionFailure("checked above")
            }
        }
    }

    /// Frees the memory; the owner calls it once, when no lookup can run any more.
    package func deallocate() {
        steps.deallocate()
        keys.deallocate()
    }

    /// The first step's key bytes, when the path starts with a key (it does unless it starts
    /// with an array position).
    package var firstKey: UnsafeBufferPointer<UInt8>? {
        guard let first = steps.first, first.isKey else { return nil }
        return UnsafeBufferPointer(rebasing: keys[first.start..<(first.start + first.count)])
    }

    /// The tape index of the value at the path in `root`, or -1 when a step is missing or of
    /// the wrong kind. `first` is the tape index of the first step's value (a key of `root`,
    /// -1: absent) when a `RootKeys` pass over the record found it. No value is made, so the
    /// caller makes one where it borrows the record's document (no reference count).
    @inline(__always)
    package func index(in root: JSONValue, first: Int?) -> Int {
        guard let first else { return index(in: root, from: root.index, step: 0) }
        return first < 0 ? -1 : index(in: root, from: first, step: 1)
    }

    /// The tape index of the value at the path from the value at tape index `from` of `root`'s
    /// document (an element of an array, for the part of a path after its `[*]`), or -1.
    @inline(__always)
    package func index(in root: JSONValue, from: Int) -> Int { index(in: root, from: from, step: 0) }

    @inline(__always)
    private func index(in root: JSONValue, from: Int, step firstStep: Int) -> Int {
        let doc = root.document
        var at = from
        for step in steps[firstStep...] {
            let next =
                step.isKey
                ? JSONValue.memberIndex(doc, at, UnsafeBufferPointer(rebasing: keys[step.start..<(step.start + step.count)]))
                : JSONValue.elementIndex(doc, at, step.count)
            guard let next else { return -1 }
            at = next
        }
        return at
    }
}

/// A path with exactly one `[*]` and no array positions (`items[*].sku`, `tags[*]`), as the
/// array's path and each element's path: each element's value is found without building a
/// list of matches or a value per step. Immutable; its owner frees it once.
package struct WildcardProbe: @unchecked Sendable {
    /// From the record to the array (`items`; no step when the path starts with `[*]`).
    package let array: PathProbe
    /// From an element to the value checked (`sku`; no step for `tags[*]`).
    package let element: PathProbe

    package init?(_ path: FieldPath) {
        let wildcards = path.components.indices.filter { path.components[$0] == .wildcard }
        // The two halves are parts of `path`, which is recorded (`ReadRecorder`) as a whole.
        guard wildcards.count == 1, !path.components.contains(where: { if case .index = $0 { true } else { false } }),
            let array = ReadRecorder.unrecorded({ PathProbe(FieldPath(Array(path.components[..<wildcards[0]]))) }),
            let element = ReadRecorder.unrecorded({ PathProbe(FieldPath(Array(path.components[(wildcards[0] + 1)...]))) })
        else { return nil }
        self.array = array
        self.element = element
    }

    package func deallocate() {
        array.deallocate()
        element.deallocate()
    }
}

/// The distinct first keys of a stage's field paths, found in one pass over a record's
/// top-level members: each rule then starts from its key's tape index instead of scanning the
/// members once per rule. Keys are bucketed by length and first and last byte, so a member
/// that no rule reads costs a few instructions. Immutable.
package final class RootKeys: @unchecked Sendable {  // immutable; its memory is freed in deinit
    private static let bucketCount = 64
    /// Key `n`'s bytes are `bytes[starts[n]..<starts[n + 1]]`.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let starts: UnsafeMutableBufferPointer<Int>
    /// The first key of each bucket and the next key of the same bucket, or -1.
    private let heads: UnsafeMutableBufferPointer<Int>
    private let chain: UnsafeMutableBufferPointer<Int>
    /// Bit `n` is set when some key is `n` bytes long (bit 63: 63 or more), so that most members
    /// no rule reads are passed over on their length alone.
    private let lengths: UInt64
    /// How many keys there are: the number of slots `fill` writes.
    package let count: Int

    /// The table of `keys`, which must be distinct.
    package init(_ keys: [[UInt8]]) {
        count = keys.count
        lengths = keys.reduce(0) { $0 | 1 << UInt64(min($1.count, 63)) }
        bytes = .allocate(capacity: max(1, keys.reduce(0) { $0 + $1.count }))
        starts = .allocate(capacity: keys.count + 1)
        heads = .allocate(capacity: Self.bucketCount)
        chain = .allocate(capacity: max(1, keys.count))
        heads.initialize(repeating: -1)
        var at = 0
        for (n, k) in keys.enumerated() {
            starts[n] = at
            _ = UnsafeMutableBufferPointer(rebasing: bytes[at..<(at + k.count)]).initialize(from: k)
            at += k.count
            let b = k.withUnsafeBufferPointer(Self.bucket)
            chain[n] = heads[b]
            heads[b] = n
        }
        starts[keys.count] = at
    }

    deinit {
        bytes.deallocate()
        starts.deallocate()
        heads.deallocate()
        chain.deallocate()
    }

    @inline(__always) private static func bucket(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        guard let first = key.first, let last = key.last else { return 0 }
        return (key.count &* 7 &+ Int(first) &* 3 &+ Int(last)) & (bucketCount - 1)
    }

    /// Writes into `slots[n]` the tape index of the value of key `n` in `record` (the first or
    /// last one, as a lookup finds it), or -1 when it is absent or `record` is not an object.
    package func fill(_ record: JSONValue, into slots: UnsafeMutableBufferPointer<Int>) {
        slots.update(repeating: -1)
        let doc = record.document
        let tape = doc.tape
        let object = tape[record.index]
        guard object.kind == .object else { return }
        let text = doc.buffer.baseAddress!
        let firstWins = doc.duplicateKeys == .first
        var i = record.index + 1
        while i < object.next {
            let key = tape[i]
            let raw = UnsafeBufferPointer(start: text + key.start, count: key.end - key.start)
            if !key.escaped, lengths & 1 << UInt64(min(raw.count, 63)) == 0 {
                // No key is this long.
            } else if key.escaped {
                JSONEscapes.withDecoded(raw) { mark($0, at: i + 1, slots, firstWins) }
            } else {
                mark(raw, at: i + 1, slots, firstWins)
            }
            i = tape[i + 1].next
        }
    }

    /// True when `record` is an object with a member named by one of the keys.
    package func containsAny(_ record: JSONValue) -> Bool {
        let doc = record.document
        let tape = doc.tape
        let object = tape[record.index]
        guard object.kind == .object else { return false }
        let text = doc.buffer.baseAddress!
        var i = record.index + 1
        while i < object.next {
            let key = tape[i]
            let raw = UnsafeBufferPointer(start: text + key.start, count: key.end - key.start)
            if key.escaped {
                var found = false
                JSONEscapes.withDecoded(raw) { found = find($0) >= 0 }
                if found { return true }
            } else if find(raw) >= 0 {
                return true
            }
            i = tape[i + 1].next
        }
        return false
    }

    /// The number of the key equal to `key`, or -1.
    package func find(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        guard lengths & 1 << UInt64(min(key.count, 63)) != 0 else { return -1 }
        var n = heads[Self.bucket(key)]
        while n >= 0 {
            if starts[n + 1] - starts[n] == key.count,
                key.isEmpty || bytesEqual(bytes.baseAddress! + starts[n], key.baseAddress!, count: key.count)
            {
                return n
            }
            n = chain[n]
        }
        return -1
    }

    @inline(__always)
    private func mark(_ key: UnsafeBufferPointer<UInt8>, at value: Int, _ slots: UnsafeMutableBufferPointer<Int>, _ firstWins: Bool) {
        var n = heads[Self.bucket(key)]
        while n >= 0 {
            if starts[n + 1] - starts[n] == key.count,
                key.isEmpty || bytesEqual(bytes.baseAddress! + starts[n], key.baseAddress!, count: key.count)
            {
                if !firstWins || slots[n] < 0 { slots[n] = value }
                return
            }
            n = chain[n]
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
