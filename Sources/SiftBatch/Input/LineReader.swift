@_spi(Batch) import SiftCore
@_spi(Batch) import SiftJSON
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

/// Lines read together: their bytes one after another in `bytes`, or where they lie in a mapped
/// file, and where each lies. Reused from batch to batch, so reading allocates nothing per line.
struct LineBlock {
    var bytes = ByteBuffer(capacity: 1 << 16)
    var lines: [LineRef] = []
    /// The file the lines lie in, when it is mapped (`LineRef.start` is then an offset in it).
    var mapped: MappedFile?
    /// The bytes of the block's lines in `mapped`.
    private(set) var mappedCount = 0

    mutating func removeAll() {
        bytes.removeAll()
        lines.removeAll(keepingCapacity: true)
        mappedCount = 0
    }

    /// How many bytes the block's lines take.
    var byteCount: Int { mapped == nil ? bytes.count : mappedCount }

    /// Adds a line that lies in `mapped`.
    mutating func appendMapped(_ ref: LineRef, span: Int) {
        lines.append(ref)
        mappedCount += span
    }

    /// The bytes the lines' `start` and `count` point into.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if let mapped { return try body(mapped.bytes) }
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer($0)) }
    }

    /// The bytes of line `i`.
    func withLine<R>(_ i: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let ref = lines[i]
        return try withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[ref.start..<(ref.start + ref.count)])) }
    }

    /// A copy of the bytes of `ref`.
    func copy(of ref: LineRef) -> [UInt8] { withUnsafeBytes { Array($0[ref.start..<(ref.start + ref.count)]) } }

    /// Throws when the file the lines lie in was cut short while they were read: some of them
    /// may then read as zeros, and no result may be written from them.
    func checkIntact() throws(ReadError) {
        if let mapped, mapped.isDamaged { throw MappedFile.shrank }
    }
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
    /// Set for a mapped file: lines are found in it, not read (`start` is unused).
    private let mapped: MappedFile?
    /// How many bytes behind the reader a mapped file's pages are kept (the blocks in flight).
    private let keepBehind: Int
    /// A mapped file's pages before this offset are let go.
    private var released = 0

    /// A reader of `fd`; of `mapped`'s bytes instead when it is given (the file open on `fd`),
    /// whose pages more than `keepBehind` bytes behind the reader are let go.
    init(
        fd: Int32, maxLineBytes: Int, blockSize: Int = 1 << 20, gzip: GzipReader? = nil, mapped: MappedFile? = nil,
        keepBehind: Int = 0
    ) {
        self.fd = fd
        self.gzip = gzip
        self.mapped = mapped
        self.keepBehind = keepBehind
        self.maxLineBytes = maxLineBytes
        // Page-aligned: the kernel copies into it faster than at an offset from a page.
        self.buffer = .allocate(byteCount: mapped == nil ? max(blockSize, 4096) : 4096, alignment: 4096)
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
        return RawRecord(line: ref.line, bytes: block.copy(of: ref), tooLarge: ref.tooLarge)
    }

    /// Appends the next non-blank line to `block` (its bytes, without the newline or a final
    /// CR) and returns where it lies, or nil at end of input. Throws on a read error.
    @discardableResult
    func next(into block: inout LineBlock) throws(ReadError) -> LineRef? {
        if let mapped { return nextMapped(mapped, into: &block) }
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
        if let mapped, bytesRead - keepBehind > released {
            mapped.release(from: released, to: bytesRead - keepBehind)
            released = bytesRead - keepBehind
        }
        while block.lines.count < lines, block.byteCount < bytes {
            if try next(into: &block) == nil { return true }
        }
        try block.checkIntact()
        return false
    }

    /// Where the line from `from` ends in `mapped` (its newline, or the end of the file). A line
    /// past the size limit is scanned a megabyte at a time, its pages let go as it goes: it is
    /// never kept, and a gigabyte without a newline costs no more memory than a short line.
    private func lineEnd(in mapped: MappedFile, from: Int) -> Int {
        let all = mapped.bytes
        var at = from
        while at < all.count {
            let chunk = min(all.count - at, 1 << 20)
            if let hit = memchr(all.baseAddress! + at, 0x0A, chunk) { return UnsafeRawPointer(hit) - all.baseAddress! }
            at += chunk
            if at - from > maxLineBytes { mapped.release(from: from, to: at) }
        }
        return all.count
    }

    /// The next non-blank line of a mapped file, added to `block` where it lies; nil at its end.
    /// The same lines as `nextLine` reads: a final CR and a first line's byte order mark are
    /// left out, a line over the limit is kept as its number only.
    private func nextMapped(_ mapped: MappedFile, into block: inout LineBlock) -> LineRef? {
        block.mapped = mapped
        let all = mapped.bytes
        let base = all.baseAddress!.assumingMemoryBound(to: UInt8.self)
        while bytesRead < all.count {
            let from = bytesRead
            let end = lineEnd(in: mapped, from: from)
            bytesRead = end < all.count ? end + 1 : end
            line += 1
            var ref = LineRef(line: line, start: from, count: end - from, tooLarge: end - from > maxLineBytes)
            if ref.tooLarge {
                ref.count = 0
            } else {
                if line == 1, UnsafeRawBufferPointer(rebasing: all[from..<end]).starts(with: Self.byteOrderMark) {
                    ref.start += Self.byteOrderMark.count
                    ref.count -= Self.byteOrderMark.count
                }
                if ref.count > 0, base[ref.start + ref.count - 1] == 0x0D { ref.count -= 1 }
                let text = UnsafeBufferPointer(start: base + ref.start, count: ref.count)
                if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            }
            block.appendMapped(ref, span: bytesRead - from)
            return ref
        }
        return nil
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
