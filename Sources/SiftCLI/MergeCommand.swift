import ArgumentParser
import Foundation
import Sift
import SiftBatch

/// `sift merge`: combines the `--summary-json` files of sharded runs into one.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the --summary-json files of sharded runs (--shard K/N) into one summary.",
        discussion: """
            The result is the summary a single run over all the records would have written: the same totals, \
            reasons, fields, packs and top values (exact while each reason has at most 32 distinct failing values). \
            'seconds' is the sum of the shards' times. Thresholds are not carried over: give them to merge again \
            (--max-invalid-ratio, --warn-invalid-ratio, --max-reason), and --rules to judge the packs' \
            fail_when and warn_when on the merged counts. The exit code is the one a single run would have had.
            """)

    @Argument(help: "Summary files written by sift run --summary-json.")
    var summaries: [String]

    @Option(name: .long, help: "Write the merged summary to this file instead of standard output.")
    var out: String?

    @OptionGroup var limits: ThresholdOptions

    @Option(name: .long, help: "The rules the shards ran with: their packs' fail_when and warn_when are judged on the merged counts.")
    var rules: String?

    func run() throws {
        let packs = try rules.map { try RuleOptions.loaded($0, printWarnings: false).pipeline!.packs } ?? []
        var total = RunSummary(detailed: true)
        for path in summaries {
            do {
                total.merge(try Self.read(path))
            } catch {
                eprint("sift merge: \(path): \(error)")
                throw Failed.input
            }
        }
        let verdict = try limits.thresholds(packs: packs).judge(total)
        let code: Int32 =
            !total.unreadable.isEmpty
            ? ExitCode.unreadableInput
            : verdict.failed ? ExitCode.overThreshold : total.invalid > 0 ? ExitCode.invalid : ExitCode.valid
        let bytes = total.json { w in
            w.field("exit_code", Int(code))
            verdict.write(into: &w)
        }
        if let out {
            do { try writeWholeFile(bytes, to: out) } catch {
                eprint("sift merge: \(error); nothing was replaced")
                throw Failed.runtime
            }
        } else {
            do { try OutputFile.standardOutput.write(bytes) } catch {
                eprint("sift merge: \(error)")
                throw Failed.runtime
            }
        }
        for line in verdict.messages { eprint("sift: " + line) }
        // The code one run over every shard's records would exit with, so a sharded job gates as one run does.
        if code != 0 { throw Failed(code: code) }
    }

    /// Reads one summary file back into counts.
    static func read(_ path: String) throws -> RunSummary {
        let data = Data(try readWholeFile(path))
        guard let o = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let records = o["records"] as? Int, let valid = o["valid"] as? Int, let invalid = o["invalid"] as? Int
        else {
            throw OutputError(message: "not a summary written by sift run --summary-json")
        }
        var s = RunSummary(detailed: true)
        s.records = records
        s.valid = valid
        s.invalid = invalid
        s.inputErrors = o["unreadable_records"] as? Int ?? 0
        s.seconds = o["seconds"] as? Double ?? 0
        s.unreadable = o["unreadable_sources"] as? [String] ?? []
        for (r, n) in o["reasons"] as? [String: Int] ?? [:] { s.reasons[ReasonCode(r)] = n }
        s.fields = o["fields"] as? [String: Int] ?? [:]
        for (p, c) in o["packs"] as? [String: [String: Int]] ?? [:] {
            s.packs[p] = RunSummary.PackCount(records: c["records"] ?? 0, invalid: c["invalid"] ?? 0)
        }
        for (r, list) in o["top_values"] as? [String: [[String: Any]]] ?? [:] {
            var counts: [String: Int] = [:], overcounts: [String: Int] = [:]
            for item in list {
                guard let v = item["value"] as? String, let n = item["count"] as? Int else { continue }
                counts[v] = n
                overcounts[v] = item["overcount"] as? Int
            }
            s.topValues[ReasonCode(r)] = ValueCounter(counts: counts, overcounts: overcounts)
        }
        return s
    }
}
