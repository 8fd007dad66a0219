import ArgumentParser
import Foundation
import Sift

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check records and write one JSONL result per record.",
        discussion: """
            Inputs are JSONL files, JSON files (one object or an array of objects), folders of them, or - for standard input.
            Results go to standard output (or --out); a summary goes to standard error.
            """)

    @Option(name: .long, help: "A rule file or a folder of rule packs.")
    var rules: String

    @Argument(help: "Input files, folders, or - for standard input.")
    var inputs: [String] = ["-"]

    @Option(name: .long, help: "Write results to this file instead of standard output.")
    var out: String?

    @Option(name: .long, help: "Worker threads (default: all cores). Results keep input order.")
    var workers: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("max-record-bytes"), help: "Longer lines become input.too_large results.")
    var maxRecordBytes: Int = 16 << 20

    @Option(name: .long, help: "SQLite ledger for receipt replay detection across runs (overrides the rules' 'ledger').")
    var ledger: String?

    @Flag(name: .long, help: "Do not print the summary.")
    var quiet = false

    @OptionGroup var common: RuleOptions

    func run() throws {
        let pipeline = try common.load(rules)
        var environment = RunEnvironment()
        if let ledger { environment.overrides["ledger"] = ledger }
        let options = RunOptions(workers: workers, language: try common.language(), asOfMillis: try common.asOfMillis(),
                                 maxRecordBytes: maxRecordBytes, environment: environment)
        let (sources, missing) = InputSource.expand(inputs)
        for m in missing { eprint("sift: cannot read input '\(m)': no such file or folder") }
        let handle: FileHandle
        if let out {
            let target = URL(fileURLWithPath: out).standardizedFileURL.resolvingSymlinksInPath().path
            for case .file(let path) in sources where URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path == target {
                eprint("sift: --out '\(out)' is also an input; write the results to another file")
                throw Failed.rules
            }
            guard FileManager.default.createFile(atPath: out, contents: nil), let h = FileHandle(forWritingAtPath: out) else {
                eprint("sift: cannot write '\(out)'")
                throw Failed.input
            }
            handle = h
        } else {
            handle = FileHandle.standardOutput
        }
        let summary: RunSummary
        do {
            summary = try BatchRunner(pipeline: pipeline, options: options).run(sources) { bytes in
                handle.write(Data(bytes))
            }
        } catch {
            eprint("sift: \(error)")
            throw Failed.rules
        }
        try handle.synchronize()
        if !quiet { eprint(summary.text) }
        if !missing.isEmpty || !summary.unreadable.isEmpty { throw Failed.input }
        if summary.invalid > 0 { throw Failed.invalid }
    }
}
