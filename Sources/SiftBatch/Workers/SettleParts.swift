@_spi(Batch) import SiftCore
import Dispatch

/// A part of a block of a run whose stages keep state across records (replay): its records are
/// settled together, as one ledger block.
struct SettlePart {
    let block: LineBlock
    let slots: Slots
    let range: Range<Int>
    let name: String

    /// Each record's pack results, for the settlers' look-ups (`Session.prepare`).
    var results: [[PackResult]] { range.map { slots.take($0).results } }
}

/// A part waiting to be settled; evaluated on the run's evaluator thread, in the order parts came.
struct QueuedPart {
    let part: SettlePart
    /// Left when the part is evaluated.
    let evaluated: DispatchGroup
}

/// The part sent to the ledger last and not yet confirmed, with its result lines: they are
/// written once its claims are durable (`Session.confirm`).
struct HeldPart {
    let part: SettlePart
    var emitter: RecordEmitter
}

/// Settling in parts, each part's claims committed while the next is settled (docs/LEDGER.md,
/// "Blocks in flight"): a part is settled, then the part sent before it is confirmed and its
/// results written, then this part is sent and held. When a part sent loses a race with another
/// run, it and the part settled since are settled again, in order.
extension BatchRunner {
    /// Parts of a block left in the queue for the next block: their look-ups and settling go on
    /// while the next block's first parts are evaluated.
    static let partsKeptBack = 2

    /// Settles the queued parts in order, each with the part after it as `upcoming`, until
    /// `keepingBack` are left.
    func settleQueue(keepingBack: Int, _ run: RunState) throws {
        while run.queue.count > keepingBack {
            let current = run.queue[0]
            let upcoming = run.queue.count > 1 ? run.queue[1] : nil
            current.evaluated.wait()
            upcoming?.evaluated.wait()
            run.queue.removeFirst()
            try settle(current.part, upcoming: upcoming?.part, run)
        }
    }

    /// Settles `part` (then sends it and holds it), and writes the part held before it.
    /// `upcoming` is the part after it, already evaluated: its keys are looked up meanwhile.
    func settle(_ part: SettlePart, upcoming: SettlePart?, _ run: RunState) throws {
        try settle([part], upcoming: upcoming, thenRelease: false, run)
    }

    /// Confirms the part held and writes its results (before another source, or the run's end).
    func releaseHeld(_ run: RunState) throws {
        try settle([], upcoming: nil, thenRelease: true, run)
    }

    private func settle(_ parts: [SettlePart], upcoming: SettlePart?, thenRelease: Bool, _ run: RunState) throws {
        var todo = parts[...]
        var losses = 0
        while true {
            do {
                if let part = todo.first {
                    try settleOnce(part, upcoming: todo.dropFirst().first ?? upcoming, run)
                    todo.removeFirst()
                } else if thenRelease, run.held != nil {
                    try run.session.confirm()
                    try run.writeHeld()
                } else {
                    return
                }
            } catch is SettleAgain where losses + 1 < Session.settleAttempts {
                losses += 1
                // Still held: its block lost the race, and the part settled since was dropped with it.
                if let held = run.held {
                    run.held = nil
                    todo.insert(held.part, at: todo.startIndex)
                }
            } catch {
                // The part sent before may be durable (claims final when made): its results are
                // written if it is, whatever stopped this one, and a stop counts them.
                if !(error is SettleAgain), run.held != nil, run.session.hasBlockInFlight, (try? run.session.confirm()) != nil {
                    try? run.writeHeld()
                }
                if var stop = error as? RunInterrupted {
                    stop.records = run.summary.records
                    throw stop
                }
                throw error
            }
        }
    }

    /// Settles the records of `part` in input order; confirms the part held and writes it;
    /// sends this part's claims and holds its results.
    private func settleOnce(_ part: SettlePart, upcoming: SettlePart?, _ run: RunState) throws {
        try run.settleWrites()
        let session = run.session
        if session.prepares { session.prepare(part.results, next: upcoming?.results) }
        var e = run.emitter()
        let block = part.block
        for i in part.range {
            let slot = part.slots.take(i)
            let verdict: RecordVerdict
            if let record = slot.record {
                session.position.at(source: part.name, line: block.lines[i].line)
                verdict = session.settle(slot.results, record: record)
            } else {
                verdict = RecordVerdict(inputError: slot.error)
            }
            let ref = block.lines[i]
            block.withLine(i) { bytes in
                e.emit(source: part.name, line: ref.line, record: ref.tooLarge ? nil : bytes, root: slot.record, verdict: verdict)
            }
        }
        try session.confirm()
        try run.writeHeld()
        try session.send()
        run.held = HeldPart(part: part, emitter: e)
    }
}
