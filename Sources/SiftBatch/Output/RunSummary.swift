import SiftCore
import SiftMessages
import SiftConfig
/// Counts from one run: totals and every reason code, and, when asked for (`detailed`),
/// counts per field and per pack and the most frequent failing values of each reason.
package struct RunSummary: Sendable {
    public var records = 0
    public var valid = 0
    public var invalid = 0
    /// Records that could not be read (bad JSON, not an object); also counted in `invalid`.
    public var inputErrors = 0
    /// Sources that could not be opened or read.
    public var unreadable: [String] = []
    /// Violations by reason code: every code, never truncated.
    public var reasons: [ReasonCode: Int] {
        get {
            guard !seen.isEmpty else { return counted }
            var all = counted
            for code in seen { all[code, default: 0] += byOrdinal[code.ordinal] }
            return all
        }
        set {
            counted = newValue
            byOrdinal = []
            seen = []
        }
        _modify {
            foldOrdinalCounts()
            yield &counted
        }
    }
    private var counted: [ReasonCode: Int] = [:]
    // Counts not yet in `counted`, by the codes' ordinals (no hashing and no search per
    // violation), and the codes they are of; read as part of `reasons`.
    private var byOrdinal: [Int] = []
    private var seen: [ReasonCode] = []
    public var seconds = 0.0
    /// When set, `fields`, `packs` and `topValues` are kept too (they cost a little per violation).
    public var detailed = false
    /// Violations by field, with array positions written `[*]`: `in_app[*].product_id`.
    public var fields: [String: Int] = [:]
    /// Records each pack applied to, and how many of them it found invalid.
    public var packs: [String: PackCount] = [:]
    /// The most frequent failing values of each reason (an approximate top list, bounded in size).
    public var topValues: [ReasonCode: ValueCounter] = [:]
    /// The first invalid records of the run, in input order (at most `sampleLimit`).
    public var samples: [FailingSample] = []
    public static let sampleLimit = 20

    /// Records a pack applied to, and how many of them broke one of its rules or another pack's.
    public struct PackCount: Sendable, Equatable {
        public var records = 0
        public var invalid = 0

        public init(records: Int = 0, invalid: Int = 0) {
            self.records = records
            self.invalid = invalid
        }
    }

    public init(detailed: Bool = false) { self.detailed = detailed }

    /// Keeps an invalid record as a sample while there is room (when `detailed`).
    mutating func sample(source: String, line: Int, record: UnsafeRawBufferPointer?, verdict: RecordVerdict) {
        guard detailed, samples.count < Self.sampleLimit, !verdict.isValid else { return }
        let text = record.map { String(decoding: $0.prefix(FailingSample.textLimit), as: UTF8.self) } ?? ""
        let problems =
            verdict.inputError.map { [FailingSample.Problem(field: "", reason: $0.reason, message: LocalizedText($0.message), rule: nil)] }
            ?? verdict.violations.map { FailingSample.Problem(field: $0.field, reason: $0.reason, message: $0.message, rule: $0.rule) }
        samples.append(
            FailingSample(
                source: source, line: line, text: text, truncated: (record?.count ?? 0) > FailingSample.textLimit,
                problems: problems))
    }

    mutating func count(_ verdict: RecordVerdict) {
        records += 1
        if verdict.isValid { valid += 1 } else { invalid += 1 }
        if let e = verdict.inputError {
            inputErrors += 1
            reasons[e.reason, default: 0] += 1
            return
        }
        for i in verdict.violations.indices { countReason(verdict.violations[i].reason) }
        guard detailed else { return }
        for (n, p) in verdict.packs.enumerated() {
            packs[p, default: PackCount()].records += 1
            if verdict.packReported(n) { packs[p, default: PackCount()].invalid += 1 }
        }
        for v in verdict.violations {
            fields[Self.generalField(v.field), default: 0] += 1
            if let value = v.value { topValues[v.reason, default: ValueCounter()].add(value) }
        }
    }

    @inline(__always) private mutating func countReason(_ code: ReasonCode) {
        let o = code.ordinal
        if o >= byOrdinal.count { byOrdinal.append(contentsOf: repeatElement(0, count: o + 1 - byOrdinal.count)) }
        if byOrdinal[o] == 0 { seen.append(code) }
        byOrdinal[o] += 1
    }

    private mutating func foldOrdinalCounts() {
        for code in seen { counted[code, default: 0] += byOrdinal[code.ordinal] }
        byOrdinal = []
        seen = []
    }

    /// Adds the counts of a part of the same run (a worker's share, or a shard's summary).
    public mutating func merge(_ other: RunSummary) {
        records += other.records
        valid += other.valid
        invalid += other.invalid
        inputErrors += other.inputErrors
        unreadable += other.unreadable
        seconds += other.seconds
        for (r, n) in other.reasons { reasons[r, default: 0] += n }
        for (f, n) in other.fields { fields[f, default: 0] += n }
        for (p, c) in other.packs {
            packs[p, default: PackCount()].records += c.records
            packs[p, default: PackCount()].invalid += c.invalid
        }
        for (r, c) in other.topValues { topValues[r, default: ValueCounter()].merge(c) }
        samples += other.samples.prefix(Self.sampleLimit - samples.count)
    }

    /// `in_app[1].product_id` → `in_app[*].product_id`.
    static func generalField(_ field: String) -> String {
        guard field.utf8.contains(UInt8(ascii: "[")) else { return field }
        var out = "", inIndex = false
        for ch in field {
            if ch == "[" { inIndex = true; out.append("[*]"); continue }
            if inIndex { if ch == "]" { inIndex = false }; continue }
            out.append(ch)
        }
        return out
    }

    /// The reasons, most frequent first (ties by name).
    public var reasonsByCount: [(reason: ReasonCode, count: Int)] {
        reasons.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Totals and the ten most frequent reasons; says how many more there are.
    public var text: String { text(.en) }

    /// The summary in `language`.
    public func text(_ language: Language) -> String {
        let rate = seconds > 0 ? Int(Double(records) / seconds) : 0
        let time = String(format: "%.2f", seconds)
        let zh = language == .zh
        var s =
            zh
            ? "sift：共 \(records) 条记录，有效 \(valid) 条，无效 \(invalid) 条（无法读取 \(inputErrors) 条），"
                + "用时 \(time) 秒，每秒 \(rate) 条"
            : "sift: \(records) records, \(valid) valid, \(invalid) invalid (\(inputErrors) unreadable) in \(time) s, \(rate) records/s"
        let all = reasonsByCount
        for (r, n) in all.prefix(10) { s += "\n  \(n)\t\(r)" }
        if all.count > 10 {
            s +=
                zh
                ? "\n  …… 另有 \(all.count - 10) 个原因码（全部见 --summary-json FILE）"
                : "\n  ... \(all.count - 10) more reason codes (all of them: --summary-json FILE)"
        }
        for u in unreadable { s += zh ? "\n  无法读取 \(u)" : "\n  cannot read \(u)" }
        return s
    }
}

/// Counts values, keeping at most `capacity` of them: when full, a new value replaces the
/// least frequent one and inherits its count (the space-saving algorithm). Each value also keeps
/// how much of its count it inherited (`overcount`): its true count lies between `count -
/// overcount` and `count`, exact when nothing was inherited, and reports say which counts are
/// ranges. A value seen more than records/capacity times is never lost.
package struct ValueCounter: Sendable {
    public static let capacity = 32
    public private(set) var counts: [String: Int] = [:]
    /// Per value, the part of its count inherited from the value it replaced (0: exact).
    public private(set) var overcounts: [String: Int] = [:]

    public init() {}

    /// A counter holding these counts (the largest `capacity` of them), each with what it may
    /// overcount (a shard's summary says).
    public init(counts: [String: Int], overcounts: [String: Int] = [:]) {
        for (v, n) in counts.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }).prefix(Self.capacity) {
            self.counts[v] = n
            if let e = overcounts[v], e > 0 { self.overcounts[v] = e }
        }
    }

    mutating func add(_ value: String, _ n: Int = 1, overcount e: Int = 0) {
        if counts[value] != nil || counts.count < Self.capacity {
            counts[value, default: 0] += n
            if e > 0 { overcounts[value, default: 0] += e }
            return
        }
        let (least, c) = counts.min { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!
        counts[least] = nil
        overcounts[least] = nil
        counts[value] = c + n
        overcounts[value] = c + e
    }

    /// Adds `other`'s counts, most frequent first (ties by text): a full counter drops values
    /// as they come, so the order is fixed, not the dictionary's, which changes from process
    /// to process.
    mutating func merge(_ other: ValueCounter) {
        for t in other.top(Self.capacity) { add(t.value, t.count, overcount: t.overcount) }
    }

    /// The values, most frequent first (ties by text), each with the part of its count that
    /// may be too many (0: exact).
    public func top(_ k: Int) -> [(value: String, count: Int, overcount: Int)] {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(k).map {
            ($0.key, $0.value, overcounts[$0.key] ?? 0)
        }
    }

    /// The top values reports list: those counted exactly, and those seen at least twice for sure.
    /// A value that came when the counter was full starts from the count of the one it replaced:
    /// one seen once could read `1–3`, which says nothing of how often it was seen, so it is left out.
    public func reported(_ k: Int) -> [(value: String, count: Int, overcount: Int)] {
        Array(top(Self.capacity).filter { $0.overcount == 0 || $0.count - $0.overcount >= 2 }.prefix(k))
    }

    /// A count as reports show it: `3`, or `2–4` when it is a range.
    public static func shown(_ count: Int, overcount: Int) -> String {
        overcount == 0 ? String(count) : "\(max(1, count - overcount))–\(count)"
    }
}

/// An invalid record kept for reports: where it is, its text (cut), and what is wrong.
package struct FailingSample: Sendable {
    public static let textLimit = 600

    public struct Problem: Sendable {
        public var field: String
        public var reason: ReasonCode
        public var message: LocalizedText
        public var rule: Mark?
    }

    public var source: String
    public var line: Int
    public var text: String
    public var truncated: Bool
    public var problems: [Problem]
}
