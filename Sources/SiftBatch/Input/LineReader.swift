@_spi(Batch) import SiftCore
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
    var bytes = ByteBuffer(capacity: 1 << 16)
    var lines: [LineRef] = []

    mutating func removeAll() {
        bytes.removeAll()
        lines.removeAll(keepingCapacity: true)
    }

    /// The bytes of line `i`.
    func withLine<R>(_ i: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let ref = lines[i]
        return try bytes.withUnsafeBytes {
            try body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[ref.start..<(ref.start + ref.count)])))
        }
    }

    /// A copy of the bytes from `start` on.
    func bytes(from start: Int) -> [UInt8] { bytes.withUnsafeBytes { Array($0[start...]) } }
}

/// Reads newline-separated records from a file descriptor in large blocks, with a bound
/// on line length so a huge line costs no more memory than the limit.
final class LineReader {
    private let fd: Int32
    private let maxLineBytes: Int
    /// Read buffer; `start..<end` is read and not yet handed out.
    private let buffer: UnsafeMutableRawBufferPointer
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
        // Page-aligned: the kernel copies into it faster than at an offset from a page.
        self.buffer = .allocate(byteCount: max(blockSize, 4096), alignment: 4096)
    }

    deinit { buffer.deallocate() }

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
        return RawRecord(line: ref.line, bytes: block.bytes(from: ref.start), tooLarge: ref.tooLarge)
    }

    /// Appends the next non-blank line to `block` (its bytes, without the newline or a final
    /// CR) and returns where it lies, or nil at end of input. Throws on a read error.
    @discardableResult
    func next(into block: inout LineBlock) throws(ReadError) -> LineRef? {
        while true {
            let mark = block.bytes.count
            guard let tooLarge = try nextLine(into: &block.bytes) else { return nil }
            line += 1
            if line == 1, block.bytes.withUnsafeBytes({ $0[mark...].starts(with: Self.byteOrderMark) }) {
                block.bytes.remove(at: mark, count: Self.byteOrderMark.count)
            }
            if !tooLarge, block.bytes.withUnsafeBytes({ $0[mark...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }) {
                block.bytes.truncate(to: mark)
                continue
            }
            let ref = LineRef(line: line, start: mark, count: block.bytes.count - mark, tooLarge: tooLarge)
            block.lines.append(ref)
            return ref
        }
    }

    /// Appends lines to `block` until it holds `lines` lines or `bytes` bytes, or the input
    /// ends; returns true when it has ended. Throws on a read error (the lines before it stay).
    func fill(_ block: inout LineBlock, lines: Int, bytes: Int) throws(ReadError) -> Bool {
        while block.lines.count < lines, block.bytes.count < bytes {
            if try next(into: &block) == nil { return true }
        }
        return false
    }

    /// Appends one line's bytes to `out`; returns whether it was too large (its bytes then
    /// dropped), or nil at end of input.
    private func nextLine(into out: inout ByteBuffer) throws(ReadError) -> Bool? {
        let mark = out.count
        var tooLarge = false
        var any = false
        let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        while true {
            let hit = memchr(base + start, 0x0A, end - start)
            let nl = hit.map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - UnsafePointer(base) }
            let consumed = (nl ?? end) - start
            if consumed > 0 || nl != nil { any = true }
            if !tooLarge {
                if out.count - mark + consumed > maxLineBytes {
                    tooLarge = true
                    out.truncate(to: mark)
                } else {
                    out.append(UnsafeBufferPointer(start: base + start, count: consumed))
                }
            }
            if let nl {
                start = nl + 1
                if out.count > mark, out.last == 0x0D { out.removeLast() }
                return tooLarge
            }
            start = 0
            end = 0
            if eof {
                guard any else { return nil }
                if out.count > mark, out.last == 0x0D { out.removeLast() }
                return tooLarge
            }
            if let gzip {
                let n = try gzip.read(into: buffer)
                if n == 0 { eof = true } else { end = n; bytesRead = gzip.compressedOffset }
                continue
            }
            let n = read(fd, buffer.baseAddress, buffer.count)
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
