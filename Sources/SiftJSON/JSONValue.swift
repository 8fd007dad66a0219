/// A view of one value inside a `JSONDocument`; cheap to copy, decodes on demand.
public struct JSONValue: Sendable {
    @usableFromInline package let document: JSONDocument
    /// The value's position in its document (stable for the document's lifetime).
    public let index: Int

    @inlinable @inline(__always) package var entry: TapeEntry { document.tape[index] }

    /// The value at tape index `index` of `document` (a key's value is the index after its key).
    @inlinable @inline(__always) package init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    /// What kind of value this is.
    @inlinable public var kind: JSONValue.Kind { entry.kind }
    /// True for JSON `null`.
    @inlinable public var isNull: Bool { entry.kind == .null }

    /// The decoded string, or nil if this is not a string.
    public var string: String? {
        guard entry.kind == .string else { return nil }
        return withStringUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the string's UTF-8 bytes: straight from the input when the string
    /// has no escapes, decoded into a temporary buffer when it has. Nil if not a string.
    public func withStringUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        let e = entry
        guard e.kind == .string else { return nil }
        let raw = UnsafeBufferPointer(rebasing: document.buffer[e.start..<e.end])
        if !e.escaped { return try body(raw) }
        return try Self.withDecoded(raw, body)
    }

    // Apart, so that the common path above needs no generic local (a metadata lookup per call).
    @inline(never)
    private static func withDecoded<R>(_ raw: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var result: R?
        try JSONEscapes.withDecoded(raw) { result = try body($0) }
        return result!
    }

    /// The string's bytes as they are in the input, when it is a string without escapes: the
    /// checks on the hot path read them without a closure.
    @inlinable package var plainStringBytes: UnsafeBufferPointer<UInt8>? {
        let e = entry
        guard e.kind == .string, !e.escaped else { return nil }
        return UnsafeBufferPointer(rebasing: document.buffer[e.start..<e.end])
    }

    /// `withStringUTF8` without generics, for the built-in checks on the hot path: calls `body`
    /// with the string's UTF-8 bytes and returns true, or returns false if this is not a string.
    package func withStringBytes(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> Bool {
        let e = entry
        guard e.kind == .string else { return false }
        let raw = UnsafeBufferPointer(rebasing: document.buffer[e.start..<e.end])
        if e.escaped { try JSONEscapes.withDecoded(raw, body) } else { try body(raw) }
        return true
    }

    /// The number's value as a Double, or nil if this is not a number.
    public var double: Double? {
        let e = entry
        guard e.kind == .number else { return nil }
        return FastDouble.value(UnsafeBufferPointer(rebasing: document.buffer[e.start..<e.end])) ?? Double(rawText)
    }

    /// The number as an Int when it is integral and fits, or nil.
    public var integer: Int? {
        guard entry.kind == .number else { return nil }
        let t = rawText
        if let i = Int(t) { return i }
        if let d = Double(t), d.rounded() == d, abs(d) < 9.007199254740992e15 { return Int(d) }
        return nil
    }

    /// True for a number with no fractional part, however large or however written:
    /// `3`, `-0`, `1.0`, `1e16`, `2.5e1`, `99999999999999999999`. Decided on the text, exactly.
    public var isIntegral: Bool {
        guard entry.kind == .number else { return false }
        let e = entry
        return Self.isIntegral(UnsafeBufferPointer(rebasing: document.buffer[e.start..<e.end]))
    }

    /// The number text `[-]int[.frac][(e|E)[+-]exp]`, already validated, is a whole number when
    /// its significant fraction digits are covered by the exponent (or its digits are all zero).
    package static func isIntegral(_ t: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = t.first == UInt8(ascii: "-") ? 1 : 0
        // The significand's digits (int then frac) are counted, not kept: no allocation.
        var digits = 0, lastNonZero = -1, fracCount = 0
        while i < t.count, t[i] >= 0x30, t[i] <= 0x39 {
            if t[i] != 0x30 { lastNonZero = digits }
            digits += 1
            i += 1
        }
        if i < t.count, t[i] == UInt8(ascii: ".") {
            i += 1
            while i < t.count, t[i] >= 0x30, t[i] <= 0x39 {
                if t[i] != 0x30 { lastNonZero = digits }
                digits += 1
                fracCount += 1
                i += 1
            }
        }
        var exp = 0
        if i < t.count, t[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var sign = 1
            if i < t.count, t[i] == UInt8(ascii: "-") || t[i] == UInt8(ascii: "+") { sign = t[i] == UInt8(ascii: "-") ? -1 : 1; i += 1 }
            while i < t.count { exp = min(exp * 10 + Int(t[i] - 0x30), 1_000_000_000); i += 1 }
            exp *= sign
        }
        guard lastNonZero >= 0 else { return true }  // zero
        let trailingZeros = digits - 1 - lastNonZero
        return trailingZeros + exp - fracCount >= 0
    }

    /// The value when it is `true` or `false`; nil for other kinds.
    public var bool: Bool? { entry.kind == .bool ? entry.boolValue : nil }

    /// The value's JSON text exactly as in the input (strings include their quotes).
    public var rawText: String {
        let e = entry
        let start = e.kind == .string ? e.start - 1 : e.start
        let end = e.kind == .string ? e.end + 1 : e.end
        return String(decoding: UnsafeBufferPointer(rebasing: document.buffer[start..<end]), as: UTF8.self)
    }

    /// The value's JSON bytes exactly as in the input.
    public var rawBytes: ArraySlice<UInt8> {
        let e = entry
        let all = document.buffer
        return e.kind == .string ? ArraySlice(all[(e.start - 1)..<(e.end + 1)]) : ArraySlice(all[e.start..<e.end])
    }

    /// Number of members or elements (0 for scalars).
    public var count: Int { entry.count }

    /// True for an object or array the parser validated but did not record inside, because no
    /// rule reads it (`ReadTree`): its kind and text are known; it reads as empty (count 0).
    package var isSkipped: Bool { Self.isSkipped(entry) }

    @inlinable @inline(__always) package static func isSkipped(_ e: TapeEntry) -> Bool {
        e.boolValue && (e.kind == .object || e.kind == .array)
    }

    /// An array's elements.
    public var elements: [JSONValue] {
        guard entry.kind == .array else { return [] }
        assert(!isSkipped, "the elements of an array no rule reads (ReadTree)")
        var out: [JSONValue] = []
        out.reserveCapacity(entry.count)
        var i = index + 1
        let end = entry.next
        while i < end {
            out.append(JSONValue(document: document, index: i))
            i = document.tape[i].next
        }
        return out
    }

    /// The element at `position`, or nil.
    public subscript(position: Int) -> JSONValue? {
        guard entry.kind == .array, position >= 0, position < entry.count else { return nil }
        assert(!isSkipped, "an element of an array no rule reads (ReadTree)")
        var i = index + 1
        for _ in 0..<position { i = document.tape[i].next }
        return JSONValue(document: document, index: i)
    }

    /// An object's members in input order.
    public var members: [(key: String, value: JSONValue)] {
        guard entry.kind == .object else { return [] }
        assert(!isSkipped, "the members of an object no rule reads (ReadTree)")
        var out: [(String, JSONValue)] = []
        var i = index + 1
        let end = entry.next
        while i < end {
            let key = JSONValue(document: document, index: i).string ?? ""
            out.append((key, JSONValue(document: document, index: i + 1)))
            i = document.tape[i + 1].next
        }
        return out
    }

    /// The member named by `key` (UTF-8 bytes). A key cannot repeat in a document parsed with
    /// `DuplicateKeys.reject`; otherwise the first or the last one counts, as the document says.
    public func member(utf8 key: [UInt8]) -> JSONValue? {
        Self.memberIndex(document, index, key).map { JSONValue(document: document, index: $0) }
    }

    /// The tape index of an object's member, without making intermediate values.
    package static func memberIndex(_ document: JSONDocument, _ object: Int, _ key: [UInt8]) -> Int? {
        key.withUnsafeBufferPointer { memberIndex(document, object, $0) }
    }

    /// The tape index of the member named `k` of the object at `object` (the first or the last,
    /// as the document's `duplicateKeys` says), or nil. The scan stops at the first match
    /// unless the last one counts.
    package static func memberIndex(_ document: JSONDocument, _ object: Int, _ k: UnsafeBufferPointer<UInt8>) -> Int? {
        let tape = document.tape
        let e = tape[object]
        guard e.kind == .object else { return nil }
        assert(!isSkipped(e), "a member of an object no rule reads (ReadTree)")
        let all = document.buffer
        var found: Int?
        var i = object + 1
        while i < e.next {
            let ke = tape[i]
            let matches: Bool
            if !ke.escaped {
                matches =
                    ke.end - ke.start == k.count
                    && (k.isEmpty || bytesEqual(all.baseAddress! + ke.start, k.baseAddress!, count: k.count))
            } else {
                var equal = false
                JSONEscapes.withDecoded(UnsafeBufferPointer(rebasing: all[ke.start..<ke.end])) { equal = $0.elementsEqual(k) }
                matches = equal
            }
            if matches {
                // Only `.last` reads on: a document parsed with `.reject` names each key once.
                guard document.duplicateKeys == .last else { return i + 1 }
                found = i + 1
            }
            i = tape[i + 1].next
        }
        return found
    }

    package static func elementIndex(_ document: JSONDocument, _ array: Int, _ position: Int) -> Int? {
        let tape = document.tape
        guard tape[array].kind == .array, position >= 0, position < tape[array].count else { return nil }
        assert(!isSkipped(tape[array]), "an element of an array no rule reads (ReadTree)")
        var i = array + 1
        for _ in 0..<position { i = tape[i].next }
        return i
    }

    /// The member named `key`, or nil.
    public subscript(key: String) -> JSONValue? { member(utf8: Array(key.utf8)) }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension JSONValue {
    /// The JSON value kinds.
    public enum Kind: UInt8, Sendable, CustomStringConvertible {
        /// The six kinds of JSON value.
        case object, array, string, number, bool, null

        public var description: String {
            switch self {
            case .object: return "an object"
            case .array: return "an array"
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            }
        }
    }
}
