import SiftCore
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What one run carries from source to source.
final class RunState {
    let session: Session
    let sinks: RunSinks
    let options: RunOptions
    var summary: RunSummary
    /// One per worker, kept for the whole run.
    let scratch: [WorkerScratch]

    init(runner: BatchRunner, session: Session, sinks: RunSinks) {
        self.session = session
        self.sinks = sinks
        self.options = runner.options
        summary = RunSummary(detailed: runner.options.detailedSummary)
        let options = runner.options
        // What the workers' parser records: what the rules read, and the `--key` field.
        let reads = options.skipsUnread ? runner.pipeline.reads.map { tree in options.key.map(tree.adding) ?? tree } : nil
        scratch =
            session.isStateless
            ? (0..<options.workers).map { _ in
                WorkerScratch(
                    RecordEmitter(options: options, copiesRecords: sinks.copiesRecords), sites: runner.pipeline.siteRange,
                    duplicateKeys: options.duplicateKeys, reads: reads)
            } : []
    }

    /// Input bytes of the sources already finished.
    var bytesBefore = 0

    /// Tells `options.progress` how far the run is, `bytes` into the current source.
    func report(bytes: Int) {
        options.progress?(RunProgress(records: summary.records, invalid: summary.invalid, bytes: bytesBefore + bytes))
    }

    /// Records seen so far in the run (for `--shard`).
    private var ordinal = 0

    /// Counts one record; true when it belongs to this run's shard (always, without one).
    func takesNext() -> Bool {
        defer { ordinal += 1 }
        return options.shard?.contains(ordinal) ?? true
    }

    /// Drops the lines of `block` that belong to other shards.
    func keepShare(_ block: inout LineBlock) {
        guard options.shard != nil else { ordinal += block.lines.count; return }
        var kept: [LineRef] = []
        for ref in block.lines where takesNext() { kept.append(ref) }
        block.lines = kept
    }

    /// A fresh emitter for records handled on this thread.
    func emitter() -> RecordEmitter { RecordEmitter(options: options, copiesRecords: sinks.copiesRecords) }

    /// Writes what `e` holds to the sinks, in order, adds its counts, and empties it. The claims
    /// its records made (a ledger) are committed first: no result says "credited" before that.
    func flush(_ e: inout RecordEmitter) throws {
        try settleWrites()
        try session.checkpoint()
        summary.merge(e.summary)
        try write(&e)
    }

    /// Parts of a stateful run waiting to be settled, in input order, and the thread that
    /// evaluates them (`BatchRunner.settleQueue`).
    var queue: [QueuedPart] = []
    let evaluator = DispatchQueue(label: "sift.run.evaluator")

    /// Waits until the parts being evaluated and the block being written are done.
    func waitForWork() {
        evaluator.sync {}
        waitForWrites()
    }

    /// The part of a stateful run sent to the ledger last, whose results wait for its claims to
    /// be durable (`BatchRunner.settle`).
    var held: HeldPart?

    /// Takes the held part's counts and writes its results in the background, after the block
    /// being written (once its claims are durable); nothing if none. Throws what the block
    /// before it failed with.
    func writeHeld() throws {
        guard let part = held else { return }
        held = nil
        summary.merge(part.emitter.summary)
        waitForWrites()
        if let e = writeError { writeError = nil; throw e }
        // As `writeSparesInBackground`: the run waits for it before it ends.
        nonisolated(unsafe) let state = Unmanaged.passUnretained(self)
        nonisolated(unsafe) var emitter = part.emitter
        writing.enter()
        writer.async { [writing] in
            Self.write(state, &emitter)
            writing.leave()
        }
    }

    /// On the writer thread. The run is referred to only inside: once `writing` is left the run
    /// may end, and with it the sinks' closures, which must not outlive it.
    private static func write(_ state: Unmanaged<RunState>, _ emitter: inout RecordEmitter) {
        let run = state.takeUnretainedValue()
        do { try run.write(&emitter) } catch { run.writeError = error }
    }

    /// Adds `e`'s counts, hands its output to the sinks, empties it and reports progress
    /// (`bytesRead` into the current source). For one block at a time, in input order.
    func commit(_ e: inout RecordEmitter, bytesRead: Int) throws {
        try checkStop()
        summary.merge(e.summary)
        try write(&e)
        report(bytes: bytesRead)
    }

    /// Hands what `e` holds to the sinks and empties it (its counts are taken separately).
    private func write(_ e: inout RecordEmitter) throws {
        if e.results.count > 0 { try e.results.withUnsafeBytes { try sinks.results(UnsafeRawBufferPointer($0)) } }
        if !e.accepted.isEmpty { try sinks.accepted?(e.accepted) }
        if !e.rejected.isEmpty { try (sinks.rejected ?? { _ in })(e.rejected) }
        if !e.errors.isEmpty { try (sinks.errors ?? sinks.rejected ?? { _ in })(e.errors) }
        e.reset()
    }

    // Writing a block overlaps with working on the next one: one block at a time is written on
    // this serial queue, and `settleWrites()` waits for it before anything else is written.
    private let writer = DispatchQueue(label: "sift.run.writer")
    private let writing = DispatchGroup()
    private var writeError: (any Error)?

    /// Waits until the block being written in the background is out.
    func waitForWrites() { writing.wait() }

    /// Waits until the block being written in the background is out; rethrows its error, or
    /// `RunInterrupted` when the run was asked to stop.
    func settleWrites() throws {
        waitForWrites()
        if let e = writeError { writeError = nil; throw e }
        try checkStop()
    }

    /// Throws `RunInterrupted` when `options.shouldStop` says so.
    private func checkStop() throws {
        if options.shouldStop?() == true { throw RunInterrupted(records: summary.records) }
    }

    /// Takes the counts of the workers' `spare` emitters now and writes their bytes in the
    /// background, in worker order. The spares are not touched again before `settleWrites()`.
    func writeSparesInBackground(_ workers: Int) {
        for w in 0..<workers {
            summary.merge(scratch[w].spare.summary)
            scratch[w].spare.summary = RunSummary(detailed: options.detailedSummary)
        }
        // The block holds no reference to the run: the run waits for it before it ends
        // (`waitForWrites`), and the sinks' closures must not outlive the run.
        nonisolated(unsafe) let state = Unmanaged.passUnretained(self)
        writing.enter()
        writer.async { [writing] in
            Self.writeSpares(state, workers)
            writing.leave()
        }
    }

    /// On the writer thread; the writer and the run's thread take turns (`settleWrites`).
    private static func writeSpares(_ state: Unmanaged<RunState>, _ workers: Int) {
        let run = state.takeUnretainedValue()
        do { for w in 0..<workers { try run.write(&run.scratch[w].spare) } } catch { run.writeError = error }
    }
}
