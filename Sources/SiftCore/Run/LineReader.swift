#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One input record's bytes (or why they were not kept) and its 1-based line.
public struct RawRecord: Sendable {
    public var line: Int
    public var bytes: [UInt8]
    /// Set when the line was longer than the limit; its bytes were dropped.
    public var tooLarge: Bool
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

    init(fd: Int32, maxLineBytes: Int, blockSize: Int = 1 << 20) {
        self.fd = fd
        self.maxLineBytes = maxLineBytes
        self.buffer = [UInt8](repeating: 0, count: max(blockSize, 4096))
    }

    /// The next non-blank line, or nil at end of input. Throws on a read error.
    func next() throws(ReadError) -> RawRecord? {
        while true {
            guard let (bytes, tooLarge) = try nextLine() else { return nil }
            line += 1
            if !tooLarge, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            return RawRecord(line: line, bytes: bytes, tooLarge: tooLarge)
        }
    }

    private func nextLine() throws(ReadError) -> ([UInt8], Bool)? {
        var collected: [UInt8] = []
        var tooLarge = false
        while true {
            if let nl = buffer[start..<end].firstIndex(of: 0x0A) {
                if !tooLarge { collected += buffer[start..<nl] }
                start = nl + 1
                if collected.count > maxLineBytes { tooLarge = true; collected = [] }
                if collected.last == 0x0D { collected.removeLast() }
                return (collected, tooLarge)
            }
            if !tooLarge { collected += buffer[start..<end] }
            if collected.count > maxLineBytes { tooLarge = true; collected = [] }
            start = 0
            end = 0
            if eof {
                if collected.isEmpty && !tooLarge { return nil }
                if collected.last == 0x0D { collected.removeLast() }
                return (collected, tooLarge)
            }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(message: String(cString: strerror(errno)))
            }
            if n == 0 { eof = true } else { end = n }
        }
    }
}

/// An input that could not be read.
public struct ReadError: Error, Sendable {
    public var message: String
}
