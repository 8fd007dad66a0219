#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One input record's bytes (or why they were not kept) and its 1-based line.
package struct RawRecord: Sendable {
    public var line: Int
    public var bytes: [UInt8]
    /// Set when the line was longer than the limit; its bytes were dropped.
    public var tooLarge: Bool
}

/// Where one line lies in a block of lines read together.
struct LineRef: Sendable {
    /// 1-based line number in its source.
    var line: Int
    var start: Int
    var count: Int
    /// Set when the line was longer than the limit; its bytes were dropped.
    var tooLarge: Bool
}

/// Lines read together: their bytes one after another in `bytes`, and where each lies.
/// Reused from batch to batch, so reading allocates nothing per line.
struct LineBlock {
    var bytes: [UInt8] = []
    var lines: [LineRef] = []

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }

    /// The bytes of line `i`.
    func withLine<R>(_ i: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let ref = lines[i]
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[ref.start..<(ref.start + ref.count)])) }
    }
}

/// Reads newline-separated records from a file descriptor in large blocks, with a bound
/// on line length so a huge line costs no more memory than the limit.
final class LineReader {
    private let fd: Int32
    private let maxLineBytes: Int
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var eof = false
    private var line = 0
    /// Bytes read from the descriptor so far.
    private(set) var bytesRead = 0

    /// Set for gzip-compressed input: bytes come decompressed through it.
    private let gzip: GzipReader?

    init(fd: Int32, maxLineBytes: Int, blockSize: Int = 1 << 20, gzip: GzipReader? = nil) {
        self.fd = fd
        self.gzip = gzip
        self.maxLineBytes = maxLineBytes
        self.buffer = [UInt8](repeating: 0, count: max(blockSize, 4096))
    }

    /// UTF-8's byte order mark, which some editors (Excel) put at the start of a file; skipped.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// True when more input can be had without waiting: buffered, or ready on the descriptor.
    func hasInputWaiting() -> Bool {
        if start < end || eof { return true }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) > 0
    }

    /// The next non-blank line, in an array of its own, or nil at end of input.
    func next() throws(ReadError) -> RawRecord? {
        var block = LineBlock()
        guard let ref = try next(into: &block) else { return nil }
        return RawRecord(line: ref.line, bytes: Array(block.bytes[ref.start..<(ref.start + ref.count)]), tooLarge: ref.tooLarge)
    }

    /// Appends the next non-blank line to `block` (its bytes, without the newline or a final
    /// CR) and returns where it lies, or nil at end of input. Throws on a read error.
    @discardableResult
    func next(into block: inout LineBlock) throws(ReadError) -> LineRef? {
        while true {
            let mark = block.bytes.count
            guard let tooLarge = try nextLine(into: &block.bytes) else { return nil }
            line += 1
            if line == 1, block.bytes[mark...].starts(with: Self.byteOrderMark) {
                block.bytes.removeSubrange(mark..<(mark + Self.byteOrderMark.count))
            }
            if !tooLarge, block.bytes[mark...].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                block.bytes.removeSubrange(mark...)
                continue
            }
            let ref = LineRef(line: line, start: mark, count: block.bytes.count - mark, tooLarge: tooLarge)
            block.lines.append(ref)
            return ref
        }
    }

    /// Appends one line's bytes to `out`; returns whether it was too large (its bytes then
    /// dropped), or nil at end of input.
    private func nextLine(into out: inout [UInt8]) throws(ReadError) -> Bool? {
        let mark = out.count
        var tooLarge = false
        var any = false
        while true {
            let (nl, consumed): (Int?, Int) = buffer.withUnsafeBufferPointer { b in
                let from = b.baseAddress! + start
                guard let hit = memchr(from, 0x0A, end - start) else { return (nil, end - start) }
                let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - b.baseAddress!
                return (at, at - start)
            }
            if consumed > 0 || nl != nil { any = true }
            if !tooLarge {
                if out.count - mark + consumed > maxLineBytes {
                    tooLarge = true
                    out.removeSubrange(mark...)
                } else {
                    buffer.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<(start + consumed)])) }
                }
            }
            if let nl {
                start = nl + 1
                if out.count > mark, out[out.count - 1] == 0x0D { out.removeLast() }
                return tooLarge
            }
            start = 0
            end = 0
            if eof {
                guard any else { return nil }
                if out.count > mark, out[out.count - 1] == 0x0D { out.removeLast() }
                return tooLarge
            }
            if let gzip {
                var failure: ReadError?
                let n = buffer.withUnsafeMutableBytes { b -> Int in
                    do throws(ReadError) { return try gzip.read(into: b) } catch { failure = error; return 0 }
                }
                if let failure { throw failure }
                if n == 0 { eof = true } else { end = n; bytesRead = gzip.compressedOffset }
                continue
            }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(message: String(cString: strerror(errno)))
            }
            if n == 0 { eof = true } else { end = n; bytesRead += n }
        }
    }
}

/// An input that could not be read.
package struct ReadError: Error, Sendable {
    public var message: String
}
