import ArgumentParser
import Foundation
import Sift
import SiftBatch

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
                // Numbers (as JSON numbers: 0.5, 0.6667, 5).
                for (key, value) in [("limit", c.limit), ("actual", c.actual)] {
                    w.key(key)
                    if let d = Double(value), d.isFinite { w.raw(Array(value.utf8)) } else { w.string(value) }
                }
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
