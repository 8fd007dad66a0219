import ArgumentParser
import Foundation
import Sift
import SiftBatch
#if PostgresLedger
    import SiftLedgerPostgres
#endif

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Check records and write one JSONL result per record.",
        discussion: """
            Inputs are JSONL files, JSON files (one object or an array of objects), folders of them, or - for standard input.
            Results go to standard output (or --out); a summary goes to standard error.
            Output files are written unnamed and named when the run completes; devices and FIFOs are written in place.
            Exit codes: \(ExitCode.documentation)
            """)

    @Option(name: .long, help: "A rule file or a folder of rule packs.")
    var rules: String

    @Argument(help: "Input files, folders, or - for standard input.")
    var inputs: [String] = ["-"]

    @Option(name: .long, help: "Write results to this file instead of standard output.")
    var out: String?

    @Option(name: .long, help: "Which result lines to write: all, invalid or none.")
    var results: ResultSelection = .all

    @Option(name: .long, help: "Copy every record with no violation to this file, exactly as read.")
    var accepted: String?

    @Option(name: .long, help: "Copy every record with a violation (and unreadable ones, unless --errors) to this file.")
    var rejected: String?

    @Option(name: .long, help: "Copy records that could not be read (bad JSON, not an object) to this file.")
    var errors: String?

    @Option(name: .long, help: "Echo this field of each record in its result line as \"key\" (e.g. order_id).")
    var key: String?

    @Option(name: .customLong("summary-json"), help: "Write the full summary (every reason, fields, packs, top values) as JSON.")
    var summaryJSON: String?

    @Option(name: .long, help: "Write a self-contained HTML report (totals, charts, top values, sample failing records).")
    var report: String?

    @Option(name: .long, help: "Write a JUnit XML report (a test case per pack and per reason code) to this file.")
    var junit: String?

    @OptionGroup var limits: ThresholdOptions

    @Option(
        name: .long,
        help: "Check only share K of N (K/N, e.g. 2/4): records whose ordinal is K-1 modulo N. Merge summaries with sift merge.")
    var shard: String?

    @Flag(name: .long, help: "Write each result as soon as its line is read (always on for standard input).")
    var stream = false

    @Option(name: .long, help: "Worker threads (default: all cores). Results keep input order.")
    var workers: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .customLong("no-mmap"), help: "Read input files with read() rather than mapping them into memory.")
    var noMmap = false

    @Option(name: .customLong("max-record-bytes"), help: "Longer lines become input.too_large results.")
    var maxRecordBytes: Int = 16 << 20

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Ledger for replay detection across runs: a SQLite file, or postgresql://USER@HOST:PORT/DB?sslmode=... "
                + "(overrides the rules' 'ledger'; default: SIFT_LEDGER).", valueName: "FILE|URL"))
    var ledger: String? = ProcessInfo.processInfo.environment["SIFT_LEDGER"].flatMap { $0.isEmpty ? nil : $0 }

    @Option(name: .long, help: "File whose first line is the PostgreSQL ledger's password (else PGPASSWORD, then .pgpass).")
    var ledgerPasswordFile: String?

    @Option(name: .long, help: "An apple-app-site-association file for universal links (overrides the routes' 'aasa').")
    var aasa: String?

    @Option(name: .customLong("aasa-app-id"), help: "The app's entry in the --aasa file (TEAMID.bundle.id).")
    var aasaAppID: String?

    @Option(
        name: .customLong("duplicate-keys"),
        help: "A record naming a key twice in one object: reject (input.duplicate_key), first or last (that member counts).")
    var duplicateKeys: DuplicateKeys = .reject

    @Flag(
        name: .customLong("read-all"),
        help: ArgumentHelp(
            "Record every part of each record, also what no rule reads (the same results, more slowly).", visibility: .hidden))
    var readAll = false

    @Flag(name: .long, help: "Do not print the summary.")
    var quiet = false

    @OptionGroup var common: RuleOptions

    @OptionGroup var exec: ExecOption

    func validate() throws {
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, such as 2/4; got '\(shard)'")
        }
        let named = [
            ("--out", out), ("--accepted", accepted), ("--rejected", rejected), ("--errors", errors), ("--summary-json", summaryJSON),
            ("--junit", junit), ("--report", report),
        ]
        let files = named.compactMap { n, f in f.map { (n, Self.canonical($0)) } }
        for (i, a) in files.enumerated() {
            if let b = files[(i + 1)...].first(where: { $0.1 == a.1 }) {
                throw ValidationError("\(a.0) and \(b.0) name the same file")
            }
        }
    }

    func run() throws {
        var overrides: [String: String] = [:]
        if let aasa { overrides["aasa"] = aasa }
        if let aasaAppID { overrides["aasa_app_id"] = aasaAppID }
        if let ledger { overrides["ledger"] = ledger }
        let pipeline = try common.load(rules, overrides: overrides, exec: exec.permission)
        let (sources, missing) = InputSource.expand(inputs)
        for m in missing { eprint("sift: cannot read input '\(m)': no such file or folder") }
        var options = try runOptions(sources, pipeline)
        let outputs = try OutputFiles(
            sources: sources, results: out, accepted: accepted, rejected: rejected,
            errors: errors, summary: summaryJSON, junit: junit, report: htmlReport(language: options.language))
        // Results seen before the run completes (standard output, a FIFO): receipt claims are final when made.
        options.environment.claimsAreFinal = outputs.writesInPlace(writesResults: results != .none)
        let progress = ProgressLine(sources: sources, quiet: quiet)
        options.progress = {
            Interrupts.noteProgress($0.records)
            progress?.update($0)
        }
        let temporaries = outputs.namedTemporaries, kept = outputs.writesInPlace(writesResults: results != .none)
        Interrupts.install { sig, records in
            for t in temporaries { unlink(t) }
            eprint(Interrupts.message(records: records, kept: kept))
            _exit(128 + sig)
        }
        options.shouldStop = { Interrupts.signal != nil }
        // Once every result is written: judge the thresholds and write and sync the files, before
        // the run's receipt claims become final (a failure here leaves them provisional).
        let judged = Judged()
        nonisolated(unsafe) let files = outputs
        nonisolated(unsafe) let thresholds = try limits.thresholds(packs: pipeline.packs)
        options.beforeFinish = { summary in
            Interrupts.beginFinishing()
            judged.verdict = thresholds.judge(summary)
            judged.code = Self.exitCode(summary, missing: missing, thresholds: judged.verdict)
            try files.prepare(summary: summary, thresholds: judged.verdict, exitCode: judged.code)
        }
        let summary: RunSummary
        do {
            defer { progress?.finish() }
            summary = try BatchRunner(pipeline: pipeline, options: options).run(sources, to: outputs.sinks)
        } catch let stop as RunInterrupted {
            outputs.discard()
            eprint(Interrupts.message(records: stop.records, kept: kept))
            throw Failed(code: 128 + (Interrupts.signal ?? SIGINT))
        } catch {
            let replacedNothing = outputs.discard()
            eprint("sift: \(error)" + (replacedNothing ? "; nothing was replaced" : ""))
            if let ledger = error as? LedgerError, ledger.kind == .usage { throw Failed.rules }
            throw Failed.runtime
        }
        let (verdict, code) = (judged.verdict, judged.code)
        do { try outputs.publish() } catch {
            // Only renames are left here: the files before this one have their new contents.
            outputs.discard()
            eprint("sift: \(error)")
            throw Failed.runtime
        }
        if !quiet { eprint(summary.text(options.language)) }
        for line in verdict.messages { eprint("sift: " + line) }
        if code != 0 { throw Failed(code: code) }
    }

    private func runOptions(_ sources: [InputSource], _ pipeline: Pipeline) throws -> RunOptions {
        var environment = RunEnvironment()
        if let ledger { environment.overrides["ledger"] = ledger }
        #if PostgresLedger
            environment.ledgerOpeners["postgresql"] = PostgresLedger.opener(passwordFile: ledgerPasswordFile)
        #endif
        var options = RunOptions(
            workers: workers, language: try common.language(), asOfMillis: try common.asOfMillis(),
            maxRecordBytes: maxRecordBytes, environment: environment)
        options.results = results
        options.duplicateKeys = duplicateKeys
        options.skipsUnread = !readAll
        options.shard = shard.flatMap(Shard.init)
        if let shard, !quiet, pipeline.checksUniquenessInRun {
            eprint(
                "sift: unique_in_run sees only the records of this shard (--shard \(shard)): "
                    + "a value repeated in another shard is not found")
        }
        // Per-pack counts also judge the packs' own fail_when/warn_when.
        options.detailedSummary = summaryJSON != nil || junit != nil || report != nil || pipeline.packs.contains { $0.thresholds != nil }
        options.mapsFiles = !noMmap
        options.streaming = stream || sources.contains { if case .standardInput = $0 { return true } else { return false } }
        if let key {
            do { options.key = try FieldPath(parsing: key) } catch {
                throw ValidationError("--key: \(error.message)")
            }
        }
        return options
    }

    /// The `--report` file and how to render it.
    private func htmlReport(language: Language) -> (path: String, render: (RunSummary) -> String)? {
        guard let report else { return nil }
        let rules = self.rules, inputs = self.inputs
        return (report, { HTMLReport.render($0, rules: rules, inputs: inputs, language: language) })
    }

    private static func exitCode(_ summary: RunSummary, missing: [String], thresholds: Thresholds.Verdict) -> Int32 {
        if !missing.isEmpty || !summary.unreadable.isEmpty { return ExitCode.unreadableInput }
        if thresholds.failed { return ExitCode.overThreshold }
        return summary.invalid > 0 ? ExitCode.invalid : ExitCode.valid
    }

    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

/// The documented, distinct exit codes of `sift run` (docs/OUTPUT.md).
enum ExitCode {
    static let valid: Int32 = 0
    static let invalid: Int32 = 1
    static let rulesOrUsage: Int32 = 2
    static let unreadableInput: Int32 = 3
    static let runtime: Int32 = 4
    static let overThreshold: Int32 = 5

    static let documentation = """
        0 all valid; 1 some invalid, within any threshold; 2 a rule or usage error; \
        3 an input could not be read; 4 a runtime failure (ledger, disk); 5 invalid records over a threshold; \
        130/143 stopped by SIGINT/SIGTERM.
        """
}

extension ResultSelection: ExpressibleByArgument {}
extension DuplicateKeys: ExpressibleByArgument {}

/// The thresholds' verdict and the exit code, judged when the run's last results are written.
private final class Judged: @unchecked Sendable {  // written once, before it is read, on the run's threads in turn
    var verdict = Thresholds.Verdict()
    var code: Int32 = 0
}
