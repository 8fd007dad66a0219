internal import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a gzip-compressed file (several members, as `cat a.gz b.gz` makes, included) through
/// zlib. The only file that imports zlib.
final class GzipReader {
    private var file: gzFile?

    /// Reads from `fd`, which stays the caller's to close.
    init(fd: Int32) throws(ReadError) {
        let own = dup(fd)
        guard own >= 0, let f = gzdopen(own, "rb") else {
            if own >= 0 { close(own) }
            throw ReadError(message: "cannot open it as gzip")
        }
        gzbuffer(f, 1 << 17)
        file = f
    }

    deinit { if let file { gzclose(file) } }

    /// Decompressed bytes into `buffer`: how many (0 at the end), or an error for corrupt or cut-off data.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadError) -> Int {
        let n = gzread(file, buffer.baseAddress, UInt32(clamping: buffer.count))
        var code: Int32 = 0
        var message = gzerror(file, &code).map { String(cString: $0) } ?? ""
        // zlib names the file "<fd:N>: "; the caller names it better.
        if message.hasPrefix("<fd:"), let colon = message.range(of: ": ") { message = String(message[colon.upperBound...]) }
        // Data before damage comes first; the error is reported by the call that gets no more data.
        if n > 0 { return Int(n) }
        if n < 0 || (code != Z_OK && code != Z_STREAM_END) {
            throw ReadError(message: "its gzip data is damaged or cut off (\(message.isEmpty ? "zlib error \(code)" : message))")
        }
        return Int(n)
    }

    /// Compressed bytes read so far, for progress against the file's size.
    var compressedOffset: Int { Int(gzoffset(file)) }

    /// True when the file starts with gzip's magic bytes.
    static func isGzip(fd: Int32) -> Bool {
        var magic: [UInt8] = [0, 0]
        return pread(fd, &magic, 2, 0) == 2 && magic == [0x1F, 0x8B]
    }
}
