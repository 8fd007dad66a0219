import SiftJSON
import SiftMessages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Applies a pipeline to records one after another, carrying state across them
/// (replay detection). Hosts use one session per batch or per stream; it is not shared
/// between threads. The batch runner evaluates in parallel and settles through a session.
package final class Session {
    public let pipeline: Pipeline
    /// The fixed time "now" compares to, or nil when each record is checked as of the moment
    /// it is checked (a long-lived host session).
    public let fixedAsOfMillis: Int64?
    private let settlers: [[(any Settler)?]]
    /// Each settler object once (stages of one ledger share one), with the stages it settles.
    private let distinct: [(settler: any Settler, stages: [(pack: Int, stage: Int)])]
    /// Where the record being settled came from: the batch runner sets it before each record.
    package let position: RecordPosition
    /// What a record that names a key twice in one object means (default: refused).
    public var duplicateKeys: DuplicateKeys = .reject

    /// The as-of time of the next record: the fixed one, or the clock's.
    public var asOfMillis: Int64 { fixedAsOfMillis ?? Self.nowMillis() }

    /// Milliseconds since 1970, now.
    public static func nowMillis() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// - Parameter asOfMillis: the time that "now", expiry and `not_after` compare to; nil
    ///   (for hosts that keep a session for long) checks each record as of the moment it is checked.
    public init(pipeline: Pipeline, asOfMillis: Int64?, environment: RunEnvironment = RunEnvironment()) throws {
        self.pipeline = pipeline
        self.fixedAsOfMillis = asOfMillis
        var environment = environment
        environment.resources = SessionResources()
        let env = environment
        self.position = try env.resources.value(for: RecordPosition.resourceKey) { RecordPosition() }
        let settlers = try pipeline.packs.map { pack in try pack.stages.map { try $0.makeSettler(env) } }
        self.settlers = settlers
        var distinct: [(settler: any Settler, stages: [(pack: Int, stage: Int)])] = []
        for (p, row) in settlers.enumerated() {
            for (s, settler) in row.enumerated() {
                guard let settler else { continue }
                if let i = distinct.firstIndex(where: { $0.settler === settler }) {
                    distinct[i].stages.append((p, s))
                } else {
                    distinct.append((settler, [(p, s)]))
                }
            }
        }
        self.distinct = distinct
    }

    /// Parses and checks one record given as JSON bytes, as of `asOfMillis` (default: the
    /// session's as-of time).
    public func validate(json bytes: [UInt8], asOfMillis: Int64? = nil) -> RecordVerdict {
        let doc: JSONDocument
        do { doc = try JSONDocument(bytes: bytes, duplicateKeys: duplicateKeys) } catch {
            return RecordVerdict(inputError: RecordVerdict.InputError(error))
        }
        guard doc.root.kind == .object else { return RecordVerdict(inputError: .notObject) }
        return validate(doc.root, asOfMillis: asOfMillis)
    }

    /// Checks one parsed record.
    public func validate(_ record: JSONValue, asOfMillis: Int64? = nil) -> RecordVerdict {
        let context = EvaluationContext(record: record, asOfMillis: asOfMillis ?? self.asOfMillis)
        return settle(pipeline.evaluate(record, context: context), context: context)
    }

    /// True when no stage keeps state across records: records may then be finished on any
    /// worker, in any order, without `settle`.
    public var isStateless: Bool { settlers.allSatisfy { $0.allSatisfy { $0 == nil } } }

    /// The verdict for one record's stage results when no stage keeps state across records.
    static func verdict(_ results: [PackResult], pipeline: Pipeline) -> RecordVerdict {
        guard !results.isEmpty else { return noPack(pipeline) }
        var verdict = RecordVerdict()
        for r in results {
            verdict.packs.append(r.pack)
            for s in r.stages {
                if verdict.violations.isEmpty { verdict.violations = s.violations } else { verdict.violations += s.violations }
                if verdict.output.isEmpty { verdict.output = s.output } else { verdict.output += s.output }
            }
            verdict.packViolationEnds.append(verdict.violations.count)
        }
        return verdict
    }

    static func noPack(_ pipeline: Pipeline) -> RecordVerdict {
        RecordVerdict(violations: [noPackViolation(pipeline)])
    }

    static func noPackViolation(_ pipeline: Pipeline) -> Violation {
        let names = pipeline.packs.map { "\($0.name) (\($0.selector))" }.joined(separator: ", ")
        let namesZH = pipeline.packs.map { "\($0.name)（\($0.selector.describe(.zh))）" }.joined(separator: "，")
        let packs = Message.localized(LocalizedText(en: names, zh: namesZH))
        return Violation(field: "", reason: "record.no_pack", message: CoreMessages.noPack(messages: ["packs": packs]).localized)
    }

    /// Settles results that were evaluated elsewhere (on a worker), in input order.
    public func settle(_ results: [PackResult], record: JSONValue) -> RecordVerdict {
        settle(results, context: EvaluationContext(record: record, asOfMillis: asOfMillis))
    }

    private func settle(_ results: [PackResult], context: EvaluationContext) -> RecordVerdict {
        position.advance()
        guard !results.isEmpty else { return Self.noPack(pipeline) }
        var verdict = RecordVerdict()
        for var r in results {
            verdict.packs.append(r.pack)
            for s in r.stages.indices {
                settlers[r.packIndex][s]?.settle(&r.stages[s], context: context)
                verdict.violations += r.stages[s].violations
                verdict.output += r.stages[s].output
            }
            verdict.packViolationEnds.append(verdict.violations.count)
        }
        return verdict
    }

    /// True when a settler wants each block's results before they are settled (`prepare`).
    public var prepares: Bool { settlers.contains { $0.contains { $0?.prepares == true } } }

    /// Tells the settlers what a block of records (each record's pack results, in input order)
    /// will settle, before it is settled record by record; and, when known, what the block
    /// after it will (`Settler.prepare(_:next:)`).
    public func prepare(_ block: [[PackResult]], next: [[PackResult]]? = nil) {
        for (settler, stages) in distinct where settler.prepares {
            settler.prepare(Self.results(of: block, stages), next: next.map { Self.results(of: $0, stages) })
        }
    }

    /// The results of `stages` (pack, stage) for each record of `block` a pack applies to: a
    /// settler shared by several stages (one ledger) gets all of theirs, record by record.
    private static func results(of block: [[PackResult]], _ stages: [(pack: Int, stage: Int)]) -> [StageResult] {
        var out: [StageResult] = []
        out.reserveCapacity(block.count * stages.count)
        for record in block {
            for r in record {
                for (pack, stage) in stages where r.packIndex == pack { out.append(r.stages[stage]) }
            }
        }
        return out
    }

    /// Makes state settled so far durable (a ledger commit), for long-lived hosts: `send()`,
    /// then `confirm()`. Throws `SettleAgain` when a ledger's block lost a race: the session is
    /// then as it was after the last block kept, and the caller settles the same records again.
    /// Any other failure undoes the block too (a host's record that could not be settled is
    /// not remembered as seen), and is thrown.
    public func checkpoint() throws {
        try send()
        try confirm()
    }

    /// Waits until the block sent last is durable; its records' results may then be written.
    /// Throws `SettleAgain` when it lost a race: neither it nor the block settled since is kept,
    /// and the caller settles both again. Any other failure undoes them too, and is thrown.
    package func confirm() throws {
        guard let sent = sentOrdinal else { return }
        try undoingOnFailure { for (settler, _) in distinct { try settler.confirm() } }
        forEachSettler { $0.blockEnded(.kept) }
        keptOrdinal = sent
        sentOrdinal = nil
    }

    /// Ends the block settled since the last call and starts making it durable: a ledger on a
    /// server commits it while the next block is settled. Confirms the block sent before first.
    /// Throws as `confirm()` does; when only this block failed, the one before is kept.
    package func send() throws {
        try confirm()
        try undoingOnFailure { for (settler, _) in distinct { try settler.send() } }
        forEachSettler { $0.blockEnded(.sent) }
        sentOrdinal = position.ordinal
    }

    /// True while a block was sent and not yet confirmed.
    package var hasBlockInFlight: Bool { sentOrdinal != nil }

    /// Runs `body`; on failure every block not kept is undone and the failure thrown.
    private func undoingOnFailure(_ body: () throws -> Void) throws {
        do { try body() } catch {
            forEachSettler { $0.blockEnded(.dropped) }
            position.rewind(to: keptOrdinal)
            sentOrdinal = nil
            throw error
        }
    }

    /// Records counted when the last block was kept, and when the block in flight was sent.
    private var keptOrdinal = 0
    private var sentOrdinal: Int?

    /// Each settler once (settlers of one ledger share an object).
    private func forEachSettler(_ body: (any Settler) -> Void) {
        for (settler, _) in distinct { body(settler) }
    }

    /// Ends the session: settlers flush what they keep (a ledger).
    public func finish() throws {
        try confirm()
        for (settler, _) in distinct { try settler.finish() }
    }

    /// How many times a block that lost a race is settled again before the run gives up: the
    /// ledger's block after a lost race waits for every other run's and cannot lose (a part
    /// settled again beside it, the one after it, may lose once more in its turn, and is then
    /// alone); the bound is against a store that keeps losing all the same.
    package static let settleAttempts = 4

    /// Runs `body` (settle records, then `checkpoint()`) again each time a ledger block loses a
    /// race (`SettleAgain`), up to `settleAttempts` times in all; throws what it throws last.
    package static func settlingAgain<T>(_ body: () throws -> T) throws -> T {
        var attempt = 1
        while true {
            do { return try body() } catch is SettleAgain where attempt < settleAttempts { attempt += 1 }
        }
    }
}

/// A session belongs to one thread or stream; hosts share state across tasks with `RecordSession`.
@available(*, unavailable)
extension Session: Sendable {}
