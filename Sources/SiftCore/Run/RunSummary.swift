/// Counts from one run, printed to stderr by the CLI.
public struct RunSummary: Sendable {
    public var records = 0
    public var valid = 0
    public var invalid = 0
    /// Records that could not be read (bad JSON, not an object); also counted in `invalid`.
    public var inputErrors = 0
    /// Sources that could not be opened or read.
    public var unreadable: [String] = []
    /// Violations by reason code.
    public var reasons: [String: Int] = [:]
    public var seconds = 0.0

    public init() {}

    mutating func count(_ verdict: RecordVerdict) {
        records += 1
        if verdict.isValid { valid += 1 } else { invalid += 1 }
        if verdict.inputError != nil { inputErrors += 1 }
        for r in verdict.reasons { reasons[r, default: 0] += 1 }
    }

    /// Adds the counts of a part of the same run (a worker's share).
    mutating func merge(_ other: RunSummary) {
        records += other.records
        valid += other.valid
        invalid += other.invalid
        inputErrors += other.inputErrors
        for (r, n) in other.reasons { reasons[r, default: 0] += n }
    }

    /// One line of totals and the most frequent reasons.
    public var text: String {
        let rate = seconds > 0 ? Int(Double(records) / seconds) : 0
        var s = "sift: \(records) records, \(valid) valid, \(invalid) invalid (\(inputErrors) unreadable) in \(String(format: "%.2f", seconds)) s, \(rate) records/s"
        let top = reasons.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(10)
        for (r, n) in top { s += "\n  \(n)\t\(r)" }
        for u in unreadable { s += "\n  cannot read \(u)" }
        return s
    }
}

import Foundation
