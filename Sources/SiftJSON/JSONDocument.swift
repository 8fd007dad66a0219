import SiftMessages
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parsed JSON text: the original bytes plus a flat tape of value positions.
///
/// Parsing validates the text (grammar, UTF-8, escapes, depth) and records where each
/// value lies; strings and numbers are decoded only when a check asks for them, and
/// plain strings are matched straight from the input bytes.
///
/// A document made with `init(bytes:)` never changes. A batch worker instead keeps one
/// document and calls `reparse(_:)` for each record, so that a steady run allocates no
/// memory per record; values of the previous record must not be used after that.
@usableFromInline package final class JSONDocument: @unchecked Sendable {
    // Storage is manual so that reuse costs neither copy-on-write checks nor allocations.
    // Only the owner of a reusable document mutates it, between records, never while a value
    // of it is read: so the stored properties are not checked for exclusive access at run time
    // (`@exclusivity(unchecked)`). Checked, every read of the tape from outside this class
    // (a nested key's lookup, a value's entry) called `swift_beginAccess`: 1.6% of a 2-worker
    // order-review run.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    /// The bytes in use: `base`, or the caller's bytes after `reparse(borrowing:)`.
    @exclusivity(unchecked) @usableFromInline var text: UnsafePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline package private(set) var byteCount = 0
    @exclusivity(unchecked) private var byteCapacity: Int
    @exclusivity(unchecked) @usableFromInline package private(set) var tape: UnsafeMutablePointer<TapeEntry>
    @exclusivity(unchecked) package private(set) var tapeCount = 0
    @exclusivity(unchecked) private var tapeCapacity: Int
    package let maxDepth: Int
    /// What a key named twice in one object means: refused when parsing (the default), or the
    /// first or last member found by lookups. Fixed for the document's life: a lookup stops at
    /// the first match unless it is `.last` (a `.reject` document names each key once).
    package let duplicateKeys: DuplicateKeys

    /// Parses `bytes` as one JSON value (leading and trailing whitespace allowed).
    public convenience init(bytes: [UInt8], maxDepth: Int = 512, duplicateKeys: DuplicateKeys = .reject) throws(JSONParseError) {
        self.init(capacity: bytes.count, maxDepth: maxDepth, duplicateKeys: duplicateKeys)
        let failure: JSONParseError? = bytes.withUnsafeBytes { raw in
            do throws(JSONParseError) { try reparse(raw); return nil } catch { return error }
        }
        if let failure { throw failure }
    }

    /// An empty document with room for `capacity` bytes, to be filled by `reparse(_:)`.
    package init(capacity: Int, maxDepth: Int = 512, duplicateKeys: DuplicateKeys = .reject) {
        self.maxDepth = maxDepth
        self.duplicateKeys = duplicateKeys
        byteCapacity = max(capacity, 16)
        base = .allocate(capacity: byteCapacity)
        text = UnsafePointer(base)
        tapeCapacity = max(capacity / 8, 16)
        tape = .allocate(capacity: tapeCapacity)
    }

    deinit {
        base.deallocate()
        tape.deallocate()
    }

    /// Replaces the contents with a copy of `text`, parsed. Values into the previous contents become invalid.
    /// With `reads`, as `reparse(borrowing:reads:)`.
    package func reparse(_ text: UnsafeRawBufferPointer, reads: ReadTree? = nil) throws(JSONParseError) {
        try Self.checkLength(text.count)  // before a copy is made
        if text.count > byteCapacity {
            base.deallocate()
            byteCapacity = max(text.count, byteCapacity * 2)
            base = .allocate(capacity: byteCapacity)
        }
        if let src = text.baseAddress { base.update(from: src.assumingMemoryBound(to: UInt8.self), count: text.count) }
        try parse(UnsafeBufferPointer(start: base, count: text.count), reads: reads)
    }

    /// Replaces the contents with `text` itself, parsed, without a copy: the caller keeps `text`
    /// alive and unchanged for as long as the document's values are used (a batch worker, for
    /// the record it is working on). Values into the previous contents become invalid.
    ///
    /// With `reads`, objects and arrays outside it are validated but kept as one `skipped` entry
    /// each (`ReadTree`): only the values it names may be read.
    package func reparse(borrowing text: UnsafeRawBufferPointer, reads: ReadTree? = nil) throws(JSONParseError) {
        guard let start = text.baseAddress else { return try reparse(text) }
        try Self.checkLength(text.count)
        try parse(UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: text.count), reads: reads)
    }

    /// The longest text a document holds: the tape keeps positions in 32 bits.
    package static let maxBytes = Int(UInt32.max) - 1

    /// Refuses a text too long for the tape's 32-bit positions, before a byte of it is read.
    @inline(__always)
    private static func checkLength(_ count: Int) throws(JSONParseError) {
        guard count <= maxBytes else {
            throw JSONParseError(offset: 0, JSONMessages.tooLong(["max": String(maxBytes)]))
        }
    }

    private func parse(_ bytes: UnsafeBufferPointer<UInt8>, reads: ReadTree? = nil) throws(JSONParseError) {
        text = bytes.baseAddress!
        byteCount = bytes.count
        var parser = JSONTapeParser(maxDepth: maxDepth, tape: TapeWriter(base: tape, capacity: tapeCapacity))
        parser.rejectDuplicates = duplicateKeys == .reject
        parser.reads = reads
        defer {
            // The tape may have grown (moved) even when parsing failed.
            tape = parser.tape.base
            tapeCapacity = parser.tape.capacity
            tapeCount = parser.tape.count
        }
        try parser.parseDocument(bytes)
    }

    /// The JSON text.
    public var bytes: [UInt8] { Array(buffer) }

    /// The bytes in use, valid until the next `reparse(_:)`.
    @inlinable @inline(__always) package var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: text, count: byteCount) }

    /// Where `value` begins in the text (a string: after its opening quote).
    package func start(of value: JSONValue) -> Int { tape[value.index].start }

    /// The text of `value` as it stands in the document, a string with its quotes.
    package func text(of value: JSONValue) -> UnsafeBufferPointer<UInt8> {
        let entry = tape[value.index]
        let span = value.kind == .string ? (entry.start - 1)..<(entry.end + 1) : entry.start..<entry.end
        return UnsafeBufferPointer(rebasing: buffer[span])
    }

    /// The top-level value.
    public var root: JSONValue { JSONValue(document: self, index: 0) }
}

/// The growing tape a parse writes into; it owns no memory (the document does).
package struct TapeWriter {
    package var base: UnsafeMutablePointer<TapeEntry>
    package var capacity: Int
    package var count = 0

    package init(base: UnsafeMutablePointer<TapeEntry>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    @inlinable @inline(__always) package mutating func append(_ e: TapeEntry) {
        if count == capacity { grow() }
        base[count] = e
        count &+= 1
    }

    @usableFromInline mutating func grow() {
        let bigger = UnsafeMutablePointer<TapeEntry>.allocate(capacity: capacity * 2)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    @inlinable @inline(__always) package subscript(i: Int) -> TapeEntry {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }
}

/// Why a text is not valid JSON, and where (0-based byte offset).
package struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    /// What is wrong, without the position (`JSONMessages`).
    public var problem: Message
    /// For `duplicate key`: the key's path in the value (`receipt.status`).
    public var duplicateKeyPath: String?
    /// The text may be valid JSON, but it nests arrays and objects deeper than the limit.
    public var tooDeep = false
    public init(offset: Int, _ problem: Message) {
        self.offset = offset
        self.problem = problem
    }
    /// What is wrong, in English, without the position.
    public var message: String { problem.text(.en) }
    /// What is wrong and where, in `language`.
    public func text(_ language: Language) -> String { localizedMessage.text(language) }

    /// What is wrong and where, as a message.
    package var localizedMessage: Message {
        let byte = String(offset + 1)
        if let path = duplicateKeyPath { return JSONMessages.keyTwice(["path": path, "byte": byte]) }
        return JSONMessages.atByte(["byte": byte], messages: ["problem": problem])
    }
    /// What is wrong and where, in English.
    public var description: String { text(.en) }
}

/// One value on the tape. Containers span `start..<end` (brackets included) and `next`
/// is the tape index after their last descendant; strings span their content only.
@usableFromInline package struct TapeEntry: Sendable {
    @usableFromInline package var kind: JSONValue.Kind
    @usableFromInline package var escaped: Bool
    @usableFromInline package var boolValue: Bool
    // Positions and counts in 32 bits: an entry is 20 bytes, not 40, so a record's tape is
    // half the memory to write and read. A document is at most `JSONDocument.maxBytes` long.
    @usableFromInline var start32: UInt32
    @usableFromInline var end32: UInt32
    @usableFromInline var next32: UInt32
    @usableFromInline var count32: UInt32

    @inlinable @inline(__always)
    package init(kind: JSONValue.Kind, escaped: Bool, boolValue: Bool, start: Int, end: Int, next: Int, count: Int) {
        self.kind = kind
        self.escaped = escaped
        self.boolValue = boolValue
        start32 = UInt32(truncatingIfNeeded: start)
        end32 = UInt32(truncatingIfNeeded: end)
        next32 = UInt32(truncatingIfNeeded: next)
        count32 = UInt32(truncatingIfNeeded: count)
    }

    @usableFromInline package var start: Int {
        @inlinable @inline(__always) get { Int(start32) }
        @inlinable @inline(__always) set { start32 = UInt32(truncatingIfNeeded: newValue) }
    }
    @usableFromInline package var end: Int {
        @inlinable @inline(__always) get { Int(end32) }
        @inlinable @inline(__always) set { end32 = UInt32(truncatingIfNeeded: newValue) }
    }
    @usableFromInline package var next: Int {
        @inlinable @inline(__always) get { Int(next32) }
        @inlinable @inline(__always) set { next32 = UInt32(truncatingIfNeeded: newValue) }
    }
    @usableFromInline package var count: Int {
        @inlinable @inline(__always) get { Int(count32) }
        @inlinable @inline(__always) set { count32 = UInt32(truncatingIfNeeded: newValue) }
    }
}
