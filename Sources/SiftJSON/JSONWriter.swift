/// Writes compact JSON into a byte buffer; used for result lines.
@usableFromInline package struct JSONWriter: Sendable {
    @usableFromInline var out: ByteBuffer
    @usableFromInline var needsComma: [Bool] = [false]

    public init(capacity: Int = 256) { out = ByteBuffer(capacity: capacity) }

    /// The bytes written so far (a copy).
    public var bytes: [UInt8] { out.array }
    /// How many bytes are written.
    @inlinable package var count: Int { out.count }

    /// Calls `body` with the bytes written, without a copy.
    @inlinable package func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try out.withUnsafeBytes(body)
    }

    @inlinable mutating func separate() {
        if needsComma[needsComma.count - 1] { out.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    /// Ends a line of JSON Lines: a newline, after which a new top-level value may follow.
    public mutating func endLine() {
        out.append(0x0A)
        needsComma[0] = false
    }

    /// Empties the buffer, keeping its capacity.
    public mutating func reset() {
        out.removeAll()
        needsComma = [false]
    }

    /// Drops what was written after the first `count` bytes.
    @inlinable package mutating func truncate(to count: Int) { out.truncate(to: count) }

    /// Hands over the bytes written so far and starts empty, keeping the capacity.
    public mutating func take() -> [UInt8] {
        defer { out.removeAll(); needsComma = [false] }
        return out.array
    }

    public mutating func beginObject() { separate(); out.append(UInt8(ascii: "{")); needsComma.append(false) }
    public mutating func endObject() { needsComma.removeLast(); out.append(UInt8(ascii: "}")) }
    public mutating func beginArray() { separate(); out.append(UInt8(ascii: "[")); needsComma.append(false) }
    public mutating func endArray() { needsComma.removeLast(); out.append(UInt8(ascii: "]")) }

    /// Writes a key; the next value written is its value.
    public mutating func key(_ k: String) {
        separate()
        Self.appendQuoted(k, to: &out)
        out.append(UInt8(ascii: ":"))
        needsComma[needsComma.count - 1] = false
    }

    public mutating func string(_ s: String) { separate(); Self.appendQuoted(s, to: &out) }
    public mutating func int(_ i: Int) { separate(); appendText(String(i)) }
    public mutating func double(_ d: Double) {
        separate()
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 {
            appendText(String(Int(d)))
        } else if d.isFinite {
            appendText(String(d))
        } else {
            appendFragment("null")
        }
    }
    public mutating func bool(_ b: Bool) { separate(); b ? appendFragment("true") : appendFragment("false") }
    public mutating func null() { separate(); appendFragment("null") }

    /// Copies already valid JSON (for example a value from an input document).
    public mutating func raw<S: Sequence>(_ json: S) where S.Element == UInt8 {
        separate()
        if json.withContiguousStorageIfAvailable({ out.append($0) }) == nil {
            for b in json { out.append(b) }
        }
    }

    /// Writes `key: value` pairs in one call.
    public mutating func field(_ k: String, _ s: String) { key(k); string(s) }
    public mutating func field(_ k: String, _ i: Int) { key(k); int(i) }
    public mutating func field(_ k: String, _ b: Bool) { key(k); bool(b) }

    package static func appendQuoted(_ s: String, to out: inout ByteBuffer) {
        if let done: Void = s.utf8.withContiguousStorageIfAvailable({ appendQuoted($0, to: &out) }) { return done }
        var s = s
        s.withUTF8 { appendQuoted($0, to: &out) }
    }

    /// Quotes UTF-8 text, copying runs that need no escape in one go.
    package static func appendQuoted(_ text: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
        out.append(UInt8(ascii: "\""))
        var run = 0
        for i in 0..<text.count {
            let c = text[i]
            guard c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") else { continue }
            out.append(UnsafeBufferPointer(rebasing: text[run..<i]))
            run = i + 1
            switch c {
            case UInt8(ascii: "\""): out.append(0x5C); out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            default:
                let hex: StaticString = "0123456789abcdef"
                for b in [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex.utf8Start[Int(c >> 4)], hex.utf8Start[Int(c & 15)]] { out.append(b) }
            }
        }
        out.append(UnsafeBufferPointer(rebasing: text[run..<text.count]))
        out.append(UInt8(ascii: "\""))
    }

    // Pre-encoded pieces, written outside the comma bookkeeping: for callers that write a
    // fixed layout (result lines) and know where the commas go.

    /// Appends a fragment of JSON text as it is.
    /// Starts a value written with the public calls right after raw fragments: no comma before it.
    package mutating func startNestedValue() {
        needsComma.removeAll(keepingCapacity: true)
        needsComma.append(false)
    }

    @inlinable package mutating func appendFragment(_ s: StaticString) {
        out.append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Appends text as it is (digits).
    private mutating func appendText(_ s: String) {
        var s = s
        s.withUTF8 { out.append($0) }
    }

    /// Appends a quoted string.
    package mutating func appendString(_ s: String) { Self.appendQuoted(s, to: &out) }

    /// Appends an excerpt of the value at tape `index` of `document`, quoted: its text cut after
    /// `limit` Unicode scalars with "…" (strings decoded, escaped ones on the stack; numbers,
    /// booleans and null as written; objects and arrays as their input text, brackets included),
    /// without making a `String`. Takes the document without a reference count.
    package mutating func appendExcerpt(of document: JSONDocument, at index: Int, limit: Int) {
        let e = document.tape[index]
        switch e.kind {
        case .string:
            if e.escaped {
                _ = JSONValue(document: document, index: index).withStringBytes { appendExcerpt(text: $0, limit: limit) }
                return
            }
            let raw = UnsafeBufferPointer(rebasing: document.buffer[e.start..<e.end])
            // Scalars are the bytes that are not UTF-8 continuation bytes.
            if raw.count <= limit || raw.lazy.filter({ $0 & 0xC0 != 0x80 }).count <= limit {
                out.append(UInt8(ascii: "\""))
                out.append(raw)
                out.append(UInt8(ascii: "\""))
                return
            }
            appendExcerpt(text: raw, limit: limit)
        case .number, .bool, .null:
            // ASCII with nothing to escape: the JSON text itself, in quotes (a rare long number is cut below).
            guard e.end - e.start <= limit else {
                return appendExcerpt(text: UnsafeBufferPointer(rebasing: document.buffer[e.start..<e.end]), limit: limit)
            }
            out.append(UInt8(ascii: "\""))
            out.append(UnsafeBufferPointer(rebasing: document.buffer[e.start..<e.end]))
            out.append(UInt8(ascii: "\""))
        default:
            // An object or array: its text as it is in the input, brackets included, as `Violation.excerpt`
            // gives it, without making a `String`.
            appendExcerpt(text: UnsafeBufferPointer(rebasing: document.buffer[e.start..<e.end]), limit: limit)
        }
    }

    /// Appends decoded string text quoted, cut after `limit` scalars with "…".
    private mutating func appendExcerpt(text: UnsafeBufferPointer<UInt8>, limit: Int) {
        var scalars = 0
        for i in 0..<text.count where text[i] & 0xC0 != 0x80 {
            scalars += 1
            guard scalars > limit else { continue }
            Self.appendQuoted(UnsafeBufferPointer(rebasing: text[..<i]), to: &out)
            out.removeLast()  // the closing quote: the ellipsis goes inside
            out.append(0xE2)
            out.append(0x80)
            out.append(0xA6)
            out.append(UInt8(ascii: "\""))
            return
        }
        Self.appendQuoted(text, to: &out)
    }

    /// Appends JSON text as it is.
    @inlinable package mutating func appendBytes(_ json: [UInt8]) { out.append(json) }

    /// Appends JSON text as it is.
    @inlinable package mutating func appendBytes(_ json: UnsafeBufferPointer<UInt8>) { out.append(json) }

    /// Appends a value's JSON text exactly as it is in the input (strings with their quotes).
    package mutating func appendRaw(_ value: JSONValue) {
        let e = value.entry
        let span = value.kind == .string ? (e.start - 1)..<(e.end + 1) : e.start..<e.end
        out.append(UnsafeBufferPointer(rebasing: value.document.buffer[span]))
    }

    /// Appends a whole number without making a `String`.
    @inlinable package mutating func appendInt(_ value: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buf in
            var n = value.magnitude
            var at = buf.count
            repeat {
                at -= 1
                buf[at] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
            } while n > 0
            if value < 0 { at -= 1; buf[at] = UInt8(ascii: "-") }
            out.append(UnsafeRawBufferPointer(rebasing: buf[at...]))
        }
    }

    /// Appends a text location as a quoted `file:line:col`.
    package mutating func appendLocation(file: String, line: Int, column: Int) {
        Self.appendQuoted(file, to: &out)
        out.removeLast()
        out.append(UInt8(ascii: ":"))
        appendInt(line)
        out.append(UInt8(ascii: ":"))
        appendInt(column)
        out.append(UInt8(ascii: "\""))
    }

    /// A JSON string literal for `s`.
    public static func quoted(_ s: String) -> String {
        var out = ByteBuffer(capacity: s.utf8.count + 2)
        appendQuoted(s, to: &out)
        return String(decoding: out.array, as: UTF8.self)
    }
}
