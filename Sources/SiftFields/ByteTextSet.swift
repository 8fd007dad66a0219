/// A fixed set of ASCII texts, looked up by a value's bytes without making a `String`: an
/// open-addressing table of FNV-1a hashes whose slots name a text in one block of bytes, so a
/// lookup hashes the value once and compares bytes with at most the texts of equal hash.
struct ByteTextSet: Sendable {
    /// Every text's bytes, one after another.
    private let bytes: [UInt8]
    /// Per slot: 0 when empty, else 1 + the index of a text in `starts`.
    private let slots: [Int32]
    /// Text `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private let starts: [Int32]
    private let mask: Int

    /// Nil unless every text is ASCII (a non-ASCII allowed text can equal an ASCII value under
    /// Unicode's rules: U+212A KELVIN SIGN equals "K").
    init?(_ texts: some Collection<String>) {
        guard texts.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return nil }
        var size = 8
        while size < texts.count * 2 { size *= 2 }
        var bytes: [UInt8] = [], starts: [Int32] = [0], slots = [Int32](repeating: 0, count: size)
        for text in texts {
            let utf8 = Array(text.utf8)
            var slot = Self.hash(utf8) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(starts.count)
            bytes += utf8
            starts.append(Int32(bytes.count))
        }
        self.bytes = bytes
        self.slots = slots
        self.starts = starts
        mask = size - 1
    }

    @inline(__always)
    private static func hash(_ b: some Sequence<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in b { h = (h ^ UInt64(c)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// True when `value` is exactly one of the texts.
    func contains(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var slot = Self.hash(value) & mask
        return bytes.withUnsafeBufferPointer { all in
            while true {
                let n = Int(slots[slot])
                if n == 0 { return false }
                let start = Int(starts[n - 1]), end = Int(starts[n])
                if end - start == value.count, value.elementsEqual(all[start..<end]) { return true }
                slot = (slot + 1) & mask
            }
        }
    }
}
