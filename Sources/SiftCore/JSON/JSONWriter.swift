/// Writes compact JSON into a byte buffer; used for result lines.
public struct JSONWriter: Sendable {
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
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { bytes.append(contentsOf: String(Int(d)).utf8) }
        else if d.isFinite { bytes.append(contentsOf: String(d).utf8) }
        else { bytes.append(contentsOf: "null".utf8) }
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
        out.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(c >> 4)], hex[Int(c & 15)]])
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A JSON string literal for `s`.
    public static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        appendQuoted(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
