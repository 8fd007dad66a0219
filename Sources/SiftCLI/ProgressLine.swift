import Foundation
import Sift
import SiftBatch

/// The progress line on a terminal's standard error: records, records/s, bytes read, ETA.
/// Redrawn at most every half second; erased before the summary.
final class ProgressLine: @unchecked Sendable {
    private let totalBytes: Int?
    private let started = Date()
    private var last = Date.distantPast
    private var shown = false

    /// A progress line, or nil when standard error is not a terminal (or `quiet`).
    init?(sources: [InputSource], quiet: Bool) {
        guard !quiet, isatty(2) == 1 else { return nil }
        var total = 0
        for case .file(let path) in sources {
            var st = stat()
            if stat(path, &st) == 0 { total += Int(st.st_size) }
        }
        totalBytes = sources.contains { if case .standardInput = $0 { return true } else { return false } } ? nil : total
    }

    func update(_ p: RunProgress) {
        let now = Date()
        guard now.timeIntervalSince(last) >= 0.5 else { return }
        last = now
        let seconds = max(now.timeIntervalSince(started), 0.001)
        var text =
            "sift: \(p.records) records (\(p.invalid) invalid), \(Int(Double(p.records) / seconds)) records/s, "
            + String(format: "%.1f MB", Double(p.bytes) / 1e6)
        if let total = totalBytes, total > 0, p.bytes > 0 {
            text += String(format: " of %.1f MB", Double(total) / 1e6)
            let left = Double(total - p.bytes) / (Double(p.bytes) / seconds)
            text += ", ETA \(Int(left.rounded())) s"
        }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
        shown = true
    }

    /// Erases the line, so the summary starts on a clean line.
    func finish() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

/// Asks the kernel to start writing a result file's pages to disk every 64 MiB as they are
/// written (`posix_fadvise(DONTNEED)` starts writeback of dirty pages), so that the `fsync`
/// before the file gets its final name finds little left to write.
final class EarlyWriteback {
    private let fd: Int32
    private var written = 0
    private var flushed = 0
    private static let step = 64 << 20

    init(fd: Int32) { self.fd = fd }

    /// Counts `n` more bytes written at the end of the file.
    func wrote(_ n: Int) {
        written += n
        guard written - flushed >= Self.step else { return }
        _ = posix_fadvise(fd, off_t(flushed), off_t(written - flushed), POSIX_FADV_DONTNEED)
        flushed = written
    }
}
