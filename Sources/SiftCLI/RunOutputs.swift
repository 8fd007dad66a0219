import ArgumentParser
import Foundation
import Sift

/// The files a run writes (`OutputFile`): each regular file is written unnamed beside its
/// final name and named only when the run completes, so a killed or failed run never leaves
/// a half-written file under the final name; devices, FIFOs and the like are written in place.
final class OutputFiles {
    /// Every file opened, in the order they are committed.
    private var files: [OutputFile] = []
    private let results: OutputFile
    private let accepted: OutputFile?
    private let rejected: OutputFile?
    private let errors: OutputFile?
    private let summary: OutputFile?
    private let junit: OutputFile?
    private let report: (file: OutputFile, render: (RunSummary) -> String)?

    init(
        sources: [InputSource], results: String?, accepted: String?, rejected: String?, errors: String?, summary: String?,
        junit: String?, report: (path: String, render: (RunSummary) -> String)?
    ) throws {
        let inputs = Set(sources.compactMap { if case .file(let p) = $0 { return Run.canonical(p) } else { return nil } })
        for (option, path) in [
            ("--out", results), ("--accepted", accepted), ("--rejected", rejected), ("--errors", errors),
            ("--summary-json", summary), ("--junit", junit), ("--report", report?.path),
        ] {
            if let path, inputs.contains(Run.canonical(path)) {
                eprint("sift: \(option) '\(path)' is also an input; write to another file")
                throw Failed.rules
            }
        }
        var opened: [OutputFile] = []
        func open(_ path: String?) throws -> OutputFile? {
            guard let path else { return nil }
            do {
                let file = try OutputFile(path: path)
                opened.append(file)
                return file
            } catch {
                for f in opened { f.discard() }
                eprint("sift: \(error)")
                throw Failed.runtime
            }
        }
        self.results = try open(results) ?? OutputFile.standardOutput
        self.accepted = try open(accepted)
        self.rejected = try open(rejected)
        self.errors = try open(errors)
        // The files written at the end are opened now, so that a path that cannot be written
        // fails the run before any record is settled (and any receipt claimed).
        self.summary = try open(summary)
        self.junit = try open(junit)
        self.report = try report.map { (try open($0.path)!, $0.render) }
        files = opened
    }

    /// True when some result or record copy is seen as soon as it is written (standard
    /// output, a FIFO, a device): receipt claims are then final when made, not when the run
    /// ends. `writesResults` is false for `--results none` (nothing goes to the results file).
    func writesInPlace(writesResults: Bool) -> Bool {
        [writesResults ? results : nil, accepted, rejected, errors].contains { $0?.isInPlace == true }
    }

    /// Named temporary files (filesystems without `O_TMPFILE`), for a signal handler to remove.
    var namedTemporaries: [String] { files.compactMap(\.namedTemporary) }

    /// Where the runner writes.
    var sinks: RunSinks {
        let results = self.results
        let writeback = results.isInPlace ? nil : EarlyWriteback(fd: results.fd)
        return RunSinks(
            results: {
                try results.write($0)
                writeback?.wrote($0.count)
            },
            accepted: accepted.map { f in { try f.write($0) } },
            rejected: rejected.map { f in { try f.write($0) } },
            errors: errors.map { f in { try f.write($0) } })
    }

    /// Writes the summary, JUnit and report files, then gives every file its final name.
    func finish(summary: RunSummary, thresholds: Thresholds.Verdict, exitCode: Int32) throws {
        try self.summary?.write(
            summary.json { w in
                w.field("exit_code", Int(exitCode))
                thresholds.write(into: &w)
            })
        try junit?.write(Array(JUnit.run(summary).utf8))
        if let report { try report.file.write(Array(report.render(summary).utf8)) }
        for f in files { try f.commit() }
        files = []
    }

    /// Drops what a failed run wrote to staged files; true when some file named on the command
    /// line was to be replaced (and so was not).
    @discardableResult func discard() -> Bool {
        let staged = files.contains { !$0.isInPlace }
        for f in files { f.discard() }
        files = []
        return staged
    }
}

/// Writes one whole file the way `OutputFiles` does (`sift merge --out`, `sift test --junit`).
func writeWholeFile(_ bytes: [UInt8], to path: String) throws(OutputError) {
    let file = try OutputFile(path: path)
    do {
        try file.write(bytes)
        try file.commit()
    } catch {
        file.discard()
        throw error
    }
}

/// A whole file's bytes, or an error in plain words.
func readWholeFile(_ path: String) throws(OutputError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .io("read", path, errno) }
    defer { close(fd) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw .io("read", path, errno)
        }
        if n == 0 { return out }
        out += chunk[..<n]
    }
}

/// The threshold options `run` and `merge` share.
struct ThresholdOptions: ParsableArguments {
    @Option(name: .customLong("max-invalid-ratio"), help: "Fail (exit 5) when more than this share of records is invalid (0...1).")
    var maxInvalidRatio: Double?

    @Option(name: .customLong("warn-invalid-ratio"), help: "Warn on standard error when more than this share of records is invalid.")
    var warnInvalidRatio: Double?

    @Option(name: .customLong("max-reason"), help: "Fail (exit 5) when a reason occurs more than N times: CODE=N (repeatable).")
    var maxReason: [String] = []

    func validate() throws {
        for r in [maxInvalidRatio, warnInvalidRatio].compactMap({ $0 }) where !(0...1).contains(r) {
            throw ValidationError("an invalid ratio is between 0 and 1, such as 0.05; got \(r)")
        }
        _ = try Self.reasonLimits(maxReason)
    }

    /// The thresholds to judge a summary by: these options and the packs' own.
    func thresholds(packs: [Pack]) throws -> Thresholds {
        Thresholds(
            maxInvalidRatio: maxInvalidRatio, warnInvalidRatio: warnInvalidRatio, maxReasons: try Self.reasonLimits(maxReason),
            packs: packs)
    }

    /// `--max-reason CODE=N` options by code.
    static func reasonLimits(_ items: [String]) throws -> [String: Int] {
        var out: [String: Int] = [:]
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let n = Int(parts[1]), n >= 0 else {
                throw ValidationError("--max-reason takes CODE=N, such as phone.regex=100; got '\(item)'")
            }
            out[parts[0]] = n
        }
        return out
    }
}

/// `--max-invalid-ratio`, `--warn-invalid-ratio` and `--max-reason CODE=N`, and the packs'
/// `fail_when:` and `warn_when:`, judged on a run's summary.
struct Thresholds {
    var maxInvalidRatio: Double?
    var warnInvalidRatio: Double?
    var maxReasons: [String: Int]
    var packs: [Pack] = []

    struct Verdict {
        var failed = false
        var warned = false
        /// One line per threshold crossed, for standard error.
        var messages: [String] = []
        var checks: [(name: String, limit: String, actual: String, level: String, crossed: Bool)] = []

        /// The `thresholds` field of the summary file.
        func write(into w: inout JSONWriter) {
            w.key("thresholds")
            w.beginArray()
            for c in checks {
                w.beginObject()
                w.field("name", c.name)
                w.field("level", c.level)
                w.field("limit", c.limit)
                w.field("actual", c.actual)
                w.field("crossed", c.crossed)
                w.endObject()
            }
            w.endArray()
        }
    }

    func judge(_ s: RunSummary) -> Verdict {
        var v = Verdict()
        let run = "\(s.invalid) of \(s.records) records"
        if let warn = warnInvalidRatio { judgeRatio("invalid_ratio", run, s.invalid, s.records, warn, fail: false, where: "", &v) }
        if let max = maxInvalidRatio { judgeRatio("invalid_ratio", run, s.invalid, s.records, max, fail: true, where: "", &v) }
        for (code, limit) in maxReasons.sorted(by: { $0.key < $1.key }) {
            judgeReason(ReasonCode(code), limit, fail: true, where: "", s, &v)
        }
        for pack in packs {
            if let warn = pack.thresholds?.warn { judge(pack, warn, fail: false, s, &v) }
            if let fail = pack.thresholds?.fail { judge(pack, fail, fail: true, s, &v) }
        }
        return v
    }

    /// One level of a pack's thresholds: the invalid ratio of the records it applied to, and reason counts.
    private func judge(_ pack: Pack, _ limits: PackThresholds.Limits, fail: Bool, _ s: RunSummary, _ v: inout Verdict) {
        let at = " (\(pack.name), \(limits.mark))"
        if let max = limits.invalidRatio {
            let counts = s.packs[pack.name] ?? RunSummary.PackCount()
            judgeRatio(
                "pack \(pack.name) invalid_ratio", "\(counts.invalid) of the \(counts.records) records of pack '\(pack.name)'",
                counts.invalid, counts.records, max, fail: fail, where: at, &v)
        }
        for (code, limit) in limits.reasons.sorted(by: { $0.key < $1.key }) { judgeReason(code, limit, fail: fail, where: at, s, &v) }
    }

    /// One invalid-ratio threshold: `subject` ("4 of 6 records") are invalid, above `limit`.
    private func judgeRatio(
        _ name: String, _ subject: String, _ invalid: Int, _ records: Int, _ limit: Double, fail: Bool,
        where at: String, _ v: inout Verdict
    ) {
        let ratio = records > 0 ? Double(invalid) / Double(records) : 0
        let shown = String(format: "%.4f", ratio)
        let crossed = ratio > limit
        v.checks.append((name, String(limit), shown, fail ? "fail" : "warn", crossed))
        guard crossed else { return }
        if fail { v.failed = true } else { v.warned = true }
        v.messages.append(
            (fail ? "error: " : "warning: ") + "\(subject) are invalid (\(shown)), above the "
                + (fail ? "limit" : "warning level") + " \(limit)\(at)")
    }

    private func judgeReason(_ code: ReasonCode, _ limit: Int, fail: Bool, where at: String, _ s: RunSummary, _ v: inout Verdict) {
        let n = s.reasons[code] ?? 0
        let crossed = n > limit
        v.checks.append(("reason \(code)", String(limit), String(n), fail ? "fail" : "warn", crossed))
        guard crossed else { return }
        if fail { v.failed = true } else { v.warned = true }
        v.messages.append(
            (fail ? "error: " : "warning: ") + "\(code) occurred \(n) times, above the \(fail ? "limit" : "warning level") \(limit)\(at)")
    }
}

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
