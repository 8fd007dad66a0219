/// A 128-bit digest of a JSON value by what it means: values that `JSONCanonical.equal` calls
/// equal have the same digest (`1` and `1.0`, `"a"` and `"\u0061"`, objects in any key order).
/// For remembering values across a run in 16 bytes each (`unique_in_run`): two different values
/// share a digest with a probability of about n²/2¹²⁹ among n values. Digests are made with the
/// process's hashing seed, so they are compared within one process only. Common values
/// (numbers of up to 19 digits, text without escapes) are digested with nothing allocated.
package struct JSONDigest: Hashable, Sendable {
    package var high: UInt64
    package var low: UInt64

    /// Digests several values taken together, in order (a key of several fields), with nothing
    /// allocated for the list.
    package struct Builder {
        private var a = Hasher(), b = Hasher()

        package init() {
            b.combine(0x9E37_79B9_7F4A_7C15 as UInt64)  // a second, independent 64 bits
        }

        /// Adds the next value; nil (a missing field) is a value of its own.
        package mutating func add(_ value: JSONValue?) {
            guard let value else {
                a.combine(0xFF as UInt8)
                b.combine(0xFF as UInt8)
                return
            }
            JSONDigest.feed(value, &a)
            JSONDigest.feed(value, &b)
        }

        package func finish() -> JSONDigest {
            JSONDigest(high: UInt64(UInt(bitPattern: a.finalize())), low: UInt64(UInt(bitPattern: b.finalize())))
        }
    }

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The digest of one value.
    package init(_ value: JSONValue) {
        var builder = Builder()
        builder.add(value)
        self = builder.finish()
    }

    fileprivate static func feed(_ v: JSONValue, _ h: inout Hasher) {
        h.combine(v.kind.rawValue)
        switch v.kind {
        case .null: break
        case .bool: h.combine(v.bool == true)
        case .number:
            if let d = ExactDecimal(v) {
                h.combine(d.negative)
                h.combine(d.significand)
                h.combine(d.exponent)
            } else {
                // More than 19 digits: never equal to one of 19 or fewer, so hashed apart.
                h.combine(0xEE as UInt8)
                JSONCanonical.hash(v, into: &h)
            }
        case .string:
            _ = v.withStringBytes { h.combine(bytes: UnsafeRawBufferPointer($0)) }
            h.combine(0 as UInt8)  // ends the text: ["ab", "c"] is not ["a", "bc"]
        case .array:
            h.combine(v.count)
            var i = v.index + 1
            for _ in 0..<v.count {
                feed(JSONValue(document: v.document, index: i), &h)
                i = v.document.tape[i].next
            }
        case .object:
            // Keys in any order: the members' digests are summed.
            var sum = 0
            var i = v.index + 1
            while i < v.document.tape[v.index].next {
                var member = Hasher()
                feed(JSONValue(document: v.document, index: i), &member)
                feed(JSONValue(document: v.document, index: i + 1), &member)
                sum &+= member.finalize()
                i = v.document.tape[i + 1].next
            }
            h.combine(v.count)
            h.combine(sum)
        }
    }
}
