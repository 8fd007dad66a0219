import SiftCore
import SiftJSON
/// Turns verdicts into outputs: counts them, writes the selected result lines, and copies
/// each record's bytes to accepted, rejected or errors. One per worker, or per thread.
struct RecordEmitter {
    let options: RunOptions
    let copiesRecords: Bool
    var results: JSONWriter
    /// The source and pack names of result lines, encoded once.
    var fragments = ResultLine.Fragments()
    var accepted: [UInt8] = []
    var rejected: [UInt8] = []
    var errors: [UInt8] = []
    var summary: RunSummary

    init(options: RunOptions, copiesRecords: Bool, reserving capacity: Int = 1 << 20) {
        self.options = options
        self.results = JSONWriter(capacity: capacity)
        self.copiesRecords = copiesRecords
        summary = RunSummary(detailed: options.detailedSummary)
    }

    /// Bytes waiting to be written.
    var pendingBytes: Int { results.count + accepted.count + rejected.count + errors.count }

    /// One record's outcome. `record` is its text as read (nil when it was too large to keep);
    /// `index` its position in a JSON array; `root` the parsed record, for `--key`.
    mutating func emit(
        source: String, line: Int, index: Int? = nil, record: UnsafeRawBufferPointer?, root: JSONValue?,
        verdict: RecordVerdict
    ) {
        summary.count(verdict)
        let valid = verdict.isValid
        if !valid, summary.detailed { summary.sample(source: source, line: line, record: record, verdict: verdict) }
        if options.results == .all || (options.results == .invalid && !valid) {
            let key: ResultLine.Key? = options.key.map { k in root.flatMap { k.first(in: $0) }.map { .value($0) } ?? .missing }
            ResultLine.write(
                source: source, line: line, index: index, key: key, verdict: verdict, language: options.language, into: &results,
                reusing: &fragments)
        }
        guard copiesRecords, let record else { return }
        if valid {
            accepted.append(contentsOf: record)
            accepted.append(0x0A)
        } else if verdict.inputError != nil {
            errors.append(contentsOf: record)
            errors.append(0x0A)
        } else {
            rejected.append(contentsOf: record)
            rejected.append(0x0A)
        }
    }

    mutating func reset() {
        results.reset()
        accepted.removeAll(keepingCapacity: true)
        rejected.removeAll(keepingCapacity: true)
        errors.removeAll(keepingCapacity: true)
        summary = RunSummary(detailed: options.detailedSummary)
    }
}
