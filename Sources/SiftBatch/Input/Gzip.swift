import SiftCore
internal import CZlib
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `read(2)`, named apart from `GzipReader.read(into:)`.
private func readFile(_ fd: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int { read(fd, buffer, count) }

/// Reads a gzip-compressed file through zlib's `inflate`, member after member (as
/// `cat a.gz b.gz` makes). Bytes after a member that do not start another member are an
/// error, not silently dropped: nothing of the input is lost without a word. The only file
/// that imports zlib.
final class GzipReader {
    private let fd: Int32
    private var stream = z_stream()
    private let input: UnsafeMutablePointer<UInt8>
    private let inputCapacity = 1 << 17
    /// Compressed bytes read from the file so far.
    private var readTotal = 0
    /// True while inside a member (between its header and its trailer).
    private var inMember = true
    private var finished = false
    /// An error found after some output of the same call: reported by the next call.
    private var pending: ReadError?

    /// Reads from `fd`, which stays the caller's to close.
    init(fd: Int32) throws(ReadError) {
        self.fd = fd
        input = .allocate(capacity: inputCapacity)
        // 15 + 16: the largest window, and a gzip header and trailer around the deflate data.
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            input.deallocate()
            throw ReadError(message: "cannot open it as gzip")
        }
    }

    deinit {
        inflateEnd(&stream)
        input.deallocate()
    }

    /// Decompressed bytes into `buffer`: how many (0 at the end), or an error for corrupt or
    /// cut-off data, or for bytes after the last member that are not gzip.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadError) -> Int {
        if let pending { self.pending = nil; finished = true; throw pending }
        if finished || buffer.isEmpty { return 0 }
        stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        stream.avail_out = UInt32(clamping: buffer.count)
        do {
            while stream.avail_out == UInt32(clamping: buffer.count) {  // until some output
                guard try fill() else { finished = true; return 0 }
                if !inMember { try startMember() }
                try inflateSome()
            }
        } catch {
            // Data before damage comes first; the error is reported by the call that gets no more data.
            let produced = buffer.count - Int(stream.avail_out)
            if produced == 0 { finished = true; throw error }
            pending = error
            return produced
        }
        return buffer.count - Int(stream.avail_out)
    }

    /// Makes sure compressed input is waiting; false at the end of the file between members.
    private func fill() throws(ReadError) -> Bool {
        if stream.avail_in > 0 { return true }
        var n: Int
        repeat { n = readFile(fd, input, inputCapacity) } while n < 0 && errno == EINTR
        if n < 0 { throw ReadError(message: String(cString: strerror(errno))) }
        if n == 0 {
            if inMember { throw Self.damaged("unexpected end of file") }
            return false
        }
        readTotal += n
        stream.next_in = input
        stream.avail_in = UInt32(n)
        return true
    }

    /// After a member's trailer: what follows must be another member.
    private func startMember() throws(ReadError) {
        guard stream.next_in.pointee == 0x1F else {
            throw ReadError(message: "its gzip data ends at byte \(compressedOffset) and what follows is not gzip")
        }
        inflateReset(&stream)
        inMember = true
    }

    private func inflateSome() throws(ReadError) {
        switch inflate(&stream, Z_NO_FLUSH) {
        case Z_STREAM_END: inMember = false
        case Z_OK, Z_BUF_ERROR: break
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "zlib error"
            throw Self.damaged(message)
        }
    }

    private static func damaged(_ why: String) -> ReadError {
        ReadError(message: "its gzip data is damaged or cut off (\(why))")
    }

    /// Compressed bytes read so far, for progress against the file's size.
    var compressedOffset: Int { readTotal - Int(stream.avail_in) }

    /// True when the file starts with gzip's magic bytes.
    static func isGzip(fd: Int32) -> Bool {
        var magic: [UInt8] = [0, 0]
        return pread(fd, &magic, 2, 0) == 2 && magic == [0x1F, 0x8B]
    }
}
