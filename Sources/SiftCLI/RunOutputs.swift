import ArgumentParser
import Foundation
import Sift
import SiftBatch

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

    /// Writes the summary, JUnit and report files and syncs every file under a temporary name:
    /// what can fail is done before the run's receipt claims become final (`publish` then only
    /// renames).
    func prepare(summary: RunSummary, thresholds: Thresholds.Verdict, exitCode: Int32) throws {
        try self.summary?.write(
            summary.json { w in
                w.field("exit_code", Int(exitCode))
                thresholds.write(into: &w)
            })
        try junit?.write(Array(JUnit.run(summary).utf8))
        if let report { try report.file.write(Array(report.render(summary).utf8)) }
        for f in files { try f.prepare() }
    }

    /// Gives every prepared file its final name.
    func publish() throws {
        for f in files { try f.publish() }
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
