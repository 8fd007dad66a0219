internal import CSiftScan
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file's bytes, mapped read-only for the line reader: the lines of a block are read
/// where they lie in the file's pages (no `read` into a buffer, no copy into the block).
///
/// The file is read to the size it had when it was opened. If another program cuts it short
/// while it is read, the lost pages read as zeros instead of ending the process with SIGBUS
/// (`sift_map.h`), and `isDamaged` says so: whoever read a block checks it before writing the
/// block's results, and the source ends with a read error.
final class MappedFile: @unchecked Sendable {  // immutable after init; the pages are only read
    let bytes: UnsafeRawBufferPointer
    private let slot: Int32

    /// The file open on `fd` mapped, or nil when it is not a regular file with bytes in it or
    /// cannot be mapped (a pipe, a FIFO, a terminal, an empty file): it is then read instead.
    init?(fd: Int32) {
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else { return nil }
        var slot: Int32 = 0
        guard let base = sift_map_open(fd, Int(status.st_size), &slot) else { return nil }
        self.bytes = UnsafeRawBufferPointer(start: base, count: Int(status.st_size))
        self.slot = slot
    }

    deinit { sift_map_close(slot) }

    /// True once a read found the file shorter than when it was mapped.
    var isDamaged: Bool { sift_map_damaged(slot) != 0 }

    /// Lets the pages before `offset` go from the process's memory (they stay in the page cache).
    func release(before offset: Int) {
        if offset > 0 { sift_map_release(slot, offset) }
    }

    /// The read error of a file cut short while it was read.
    static let shrank = ReadError(message: "the file was cut short while it was read (another program truncated it)")
}
