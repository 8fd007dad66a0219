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
    /// The file, open for as long as the mapping is: its size says whether it was cut short.
    private let fd: Int32

    /// The file open on `fd` mapped, or nil when it is not a regular file with bytes in it or
    /// cannot be mapped (a pipe, a FIFO, a terminal, an empty file): it is then read instead.
    init?(fd: Int32) {
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else { return nil }
        let own = dup(fd)
        guard own >= 0 else { return nil }
        var slot: Int32 = 0
        guard let base = sift_map_open(own, Int(status.st_size), &slot) else {
            close(own)
            return nil
        }
        self.bytes = UnsafeRawBufferPointer(start: base, count: Int(status.st_size))
        self.slot = slot
        self.fd = own
    }

    deinit {
        sift_map_close(slot)
        close(fd)
    }

    /// True once the file is shorter than when it was mapped: a read past its new end found
    /// zeros (a page past it faulted, or the part of its last page after it reads as zeros).
    var isDamaged: Bool {
        var status = stat()
        return sift_map_damaged(slot) != 0 || (fstat(fd, &status) == 0 && Int(status.st_size) < bytes.count)
    }

    /// Lets the whole pages between `from` and `to` go from the process's memory (they stay in
    /// the page cache, and come back from it if touched).
    func release(from: Int, to: Int) {
        if to > from, from >= 0 { sift_map_release(slot, from, to) }
    }

    /// The read error of a file cut short while it was read.
    static let shrank = ReadError(message: "the file was cut short while it was read (another program truncated it)")
}
