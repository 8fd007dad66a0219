/// Writes compact JSON into a byte buffer; used for result lines.
package struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = [false]

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    /// Ends a line of JSON Lines: a newline, after which a new top-level value may follow.
    public mutating func endLine() {
        bytes.append(0x0A)
        needsComma[0] = false
    }

    /// Empties the buffer, keeping its capacity.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = [false]
    }

    /// Drops what was written after the first `count` bytes.
    mutating func truncate(to count: Int) { bytes.removeSubrange(count...) }

    /// Hands over the bytes written so far and starts empty, keeping the capacity.
    public mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true); needsComma = [false] }
        return bytes
    }

    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma.append(false) }
    public mutating func endObject() { needsComma.removeLast(); bytes.append(UInt8(ascii: "}")) }
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma.append(false) }
    public mutating func endArray() { needsComma.removeLast(); bytes.append(UInt8(ascii: "]")) }

    /// Writes a key; the next value written is its value.
    public mutating func key(_ k: String) {
        separate()
        Self.appendQuoted(k, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma[needsComma.count - 1] = false
    }

    public mutating func string(_ s: String) { separate(); Self.appendQuoted(s, to: &bytes) }
    public mutating func int(_ i: Int) { separate(); bytes.append(contentsOf: String(i).utf8) }
    public mutating func double(_ d: Double) {
        separate()
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 {
            bytes.append(contentsOf: String(Int(d)).utf8)
        } else if d.isFinite {
            bytes.append(contentsOf: String(d).utf8)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }
    public mutating func bool(_ b: Bool) { separate(); bytes.append(contentsOf: (b ? "true" : "false").utf8) }
    public mutating func null() { separate(); bytes.append(contentsOf: "null".utf8) }

    /// Copies already valid JSON (for example a value from an input document).
    public mutating func raw<S: Sequence>(_ json: S) where S.Element == UInt8 {
        separate()
        bytes.append(contentsOf: json)
    }

    /// Writes `key: value` pairs in one call.
    public mutating func field(_ k: String, _ s: String) { key(k); string(s) }
    public mutating func field(_ k: String, _ i: Int) { key(k); int(i) }
    public mutating func field(_ k: String, _ b: Bool) { key(k); bool(b) }

    static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        if let done: Void = s.utf8.withContiguousStorageIfAvailable({ appendQuoted($0, to: &out) }) { return done }
        var s = s
        s.withUTF8 { appendQuoted($0, to: &out) }
    }

    /// Quotes UTF-8 text, copying runs that need no escape in one go.
    static func appendQuoted(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var run = 0
        for i in 0..<text.count {
            let c = text[i]
            guard c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<i]))
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
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<text.count]))
        out.append(UInt8(ascii: "\""))
    }

    // Pre-encoded pieces, written outside the comma bookkeeping: for callers that write a
    // fixed layout (result lines) and know where the commas go.

    /// Appends a fragment of JSON text as it is.
    /// Starts a value written with the public calls right after raw fragments: no comma before it.
    mutating func startNestedValue() {
        needsComma.removeAll(keepingCapacity: true)
        needsComma.append(false)
    }

    mutating func appendFragment(_ s: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Appends a quoted string.
    mutating func appendString(_ s: String) { Self.appendQuoted(s, to: &bytes) }

    /// Appends a reason code as a JSON string, from its bytes encoded once.
    mutating func appendReason(_ code: ReasonCode) { bytes.append(contentsOf: code.json) }

    /// Appends `Violation.excerpt(value)` quoted, the same bytes, but without making a `String` for
    /// strings (escaped ones decoded on the stack), numbers, booleans and null; objects and arrays
    /// go through `Violation.excerpt`.
    mutating func appendExcerpt(_ value: JSONValue) {
        let e = value.entry
        switch e.kind {
        case .string:
            if e.escaped {
                _ = value.withStringBytes { appendExcerpt(text: $0) }
                return
            }
            let raw = UnsafeBufferPointer(rebasing: value.document.buffer[e.start..<e.end])
            // Scalars are the bytes that are not UTF-8 continuation bytes.
            if raw.count <= Violation.excerptLimit || raw.lazy.filter({ $0 & 0xC0 != 0x80 }).count <= Violation.excerptLimit {
                bytes.append(UInt8(ascii: "\""))
                bytes.append(contentsOf: raw)
                bytes.append(UInt8(ascii: "\""))
                return
            }
            appendExcerpt(text: raw)
        case .number, .bool, .null:
            // ASCII with nothing to escape: the JSON text itself, in quotes (a rare long number is cut below).
            guard e.end - e.start <= Violation.excerptLimit else { return Self.appendQuoted(Violation.excerpt(value) ?? "", to: &bytes) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: value.document.buffer[e.start..<e.end]))
            bytes.append(UInt8(ascii: "\""))
        default:
            Self.appendQuoted(Violation.excerpt(value) ?? "", to: &bytes)
        }
    }

    /// Appends decoded string text quoted, cut after `Violation.excerptLimit` scalars with "…".
    private mutating func appendExcerpt(text: UnsafeBufferPointer<UInt8>) {
        var scalars = 0
        for i in 0..<text.count where text[i] & 0xC0 != 0x80 {
            scalars += 1
            guard scalars > Violation.excerptLimit else { continue }
            Self.appendQuoted(UnsafeBufferPointer(rebasing: text[..<i]), to: &bytes)
            bytes.removeLast()  // the closing quote: the ellipsis goes inside
            bytes.append(contentsOf: [0xE2, 0x80, 0xA6, UInt8(ascii: "\"")])
            return
        }
        Self.appendQuoted(text, to: &bytes)
    }

    /// Appends JSON text as it is.
    mutating func appendBytes(_ json: [UInt8]) { bytes.append(contentsOf: json) }

    /// Appends a value's JSON text exactly as it is in the input (strings with their quotes).
    mutating func appendRaw(_ value: JSONValue) {
        let e = value.entry
        let span = value.kind == .string ? (e.start - 1)..<(e.end + 1) : e.start..<e.end
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: value.document.buffer[span]))
    }

    /// Appends a whole number without making a `String`.
    mutating func appendInt(_ value: Int) {
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
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buf[at...]))
        }
    }

    /// Appends a rule location as a quoted `file:line:col`, as `Mark.description` prints it.
    mutating func appendMark(_ mark: Mark) {
        Self.appendQuoted(mark.file, to: &bytes)
        bytes.removeLast()
        bytes.append(UInt8(ascii: ":"))
        appendInt(mark.line)
        bytes.append(UInt8(ascii: ":"))
        appendInt(mark.column)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A JSON string literal for `s`.
    public static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        appendQuoted(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
