import Foundation
import SiftCore

/// Who a transaction was credited to.
package struct Owner: Sendable, Equatable {
    package let order: String?
    package let user: String?
    /// What made a refund mark: the refund's signing time and transaction (`MarkNote`); nil for
    /// credits and for marks made before notes were kept. Not part of who owns the key.
    package var note: String? = nil

    package init(order: String?, user: String?, note: String? = nil) {
        self.order = order
        self.user = user
        self.note = note
    }

    package static func == (a: Owner, b: Owner) -> Bool { a.order == b.order && a.user == b.user }
}

/// Decides replays in input order: the first record to claim a transaction wins, whatever
/// the number of workers. Keeps claims in memory for a run without a ledger; with one, only in
/// the ledger, across runs.
package final class ReplaySettler: Settler {
    /// The claims of a run without a ledger. With one, the ledger is the only store: its block
    /// sees its own claims, a failed commit takes them all back, and a run keeps no copy of every
    /// key it claimed (a dictionary of String keys that grew with the run cost about a fifth of
    /// the settling thread: its look-ups, its rehashing as it grew, and comparing long keys).
    private var claims: [String: Owner] = [:]
    /// Without a ledger: each key changed since the last block sent, and in the block sent and
    /// not yet kept, with what it held before, to put back should those blocks be settled again.
    private var undo = BlockUndoLog<(key: String, before: Owner?)>()
    private let ledger: (any ClaimsStore)?

    /// This run, in the notes of the keys it claims for `unique_across_runs`.
    let runID = String(UUID().uuidString.prefix(13)).lowercased()

    /// Where the record being settled came from, for the notes of its claims.
    private let position: RecordPosition?

    init(ledger: (any ClaimsStore)?, position: RecordPosition? = nil) {
        self.ledger = ledger
        self.position = position
    }

    /// For other claims kept in the same ledger (`KeyClaims`): who holds `key`, claiming it, and
    /// fetching keys ahead.
    func owner(ofKey key: String) -> Owner? { owner(of: key) }
    func claim(key: String, _ owner: Owner) { claim(key, owner) }
    func prefetchKeys(_ keys: [String]) {
        if !keys.isEmpty { ledger?.prefetch(keys) }
    }

    /// The session's settler for `ledger` (a rule file's, unless `--ledger` overrides it):
    /// every pack that credits App Store purchases with the same ledger shares its claims, so
    /// a transaction credited through one pack (or family) is seen by the others.
    package static func shared(_ environment: RunEnvironment, ledger: String?) throws -> ReplaySettler {
        let path = environment.useLedgers ? (environment.overrides["ledger"] ?? ledger) : nil
        let position = try environment.resources.value(for: RecordPosition.resourceKey) { RecordPosition() }
        return try environment.resources.value(for: "receipt.claims:" + (path ?? "")) {
            try ReplaySettler(ledger: path.map { try ClaimsStores.open($0, environment) }, position: position)
        }
    }

    private func owner(of key: String) -> Owner? {
        guard let ledger else { return claims[key] }
        return ledger.owner(of: key)
    }

    /// Gives an unbound claim its owner, in the ledger's block (which loses the race if another run
    /// bound it first) or in memory.
    private func ledgerRebind(_ key: String, from prior: Owner, to owner: Owner) {
        guard let ledger else {
            undo.append((key, claims.updateValue(owner, forKey: key)))
            return
        }
        ledger.rebind(key, from: prior, to: owner)
    }

    /// Removes a claim (a refund mark), in the ledger's block or in memory.
    private func lift(_ key: String) {
        guard let ledger else {
            undo.append((key, claims.removeValue(forKey: key)))
            return
        }
        ledger.release(key)
    }

    private func claim(_ key: String, _ owner: Owner) {
        guard let ledger else {
            undo.append((key, claims.updateValue(owner, forKey: key)))
            return
        }
        ledger.record(key, owner)
    }

    package var prepares: Bool { ledger != nil }

    /// Asks the ledger once for every key the block's records will look up, and for the next
    /// block's keys ahead of it. A block the ledger opened ahead already has its keys asked.
    package func prepare(_ results: [StageResult], next: [StageResult]?) {
        guard let ledger else { return }
        if !nextIsOpen {
            let (keys, alone) = lookUps(results)
            if alone { ledger.blockAlone() }
            if !keys.isEmpty { ledger.prefetch(keys) }
        }
        nextIsOpen = false
        if let next {
            let (keys, alone) = lookUps(next)
            nextIsOpen = ledger.prefetchNext(keys, alone: alone)
        }
    }

    /// The ledger opened the next block with its keys (`prefetchNext`): until a block is dropped.
    private var nextIsOpen = false

    /// Every key the records of `results` will look up, and whether their block must be alone.
    private func lookUps(_ results: [StageResult]) -> (keys: [String], alone: Bool) {
        var keys: [String] = []
        keys.reserveCapacity(results.count * 8)
        var alone = false
        func add(_ p: ReceiptPending) {
            keys += p.once
            keys += p.marks
            keys += p.lifts
            for c in p.candidates { addKeys(c.transaction, c.type, p, to: &keys) }
            for (t, type) in p.lookedUp { addKeys(t, type, p, to: &keys) }
            for t in p.seen { if let id = t.transactionID { keys.append("t:" + id) } }
            alone = alone || p.needsBlockAlone
        }
        for r in results {
            if let p = r.pending as? ReceiptPending { add(p) }
            if let list = r.pending as? ReceiptPendingList { for part in list.parts { add(part.pending) } }
        }
        return (keys, alone)
    }

    /// The keys a purchase is looked up by: its transaction, its bound original, and their marks.
    private func addKeys(_ t: Transaction, _ type: ProductType?, _ pending: ReceiptPending, to keys: inout [String]) {
        guard let id = t.transactionID else { return }
        keys.append("t:" + id)
        keys.append("r:" + id)
        if let original = originalKey(t, type, pending) {
            keys.append(original)
            if type?.refundMarksOriginal == true { keys.append("r:" + original) }
        }
    }

    package func settle(_ result: inout StageResult, context: EvaluationContext) {
        if let list = result.pending as? ReceiptPendingList {
            var violations: [Violation] = [], outputs: [any StageOutput] = [], start = 0
            for (pending, count) in list.parts {
                // Bounded, should a violation ever be dropped between the stage and here.
                let end = min(start + count, result.violations.count)
                var own = Array(result.violations[start..<end])
                start = end
                outputs.append(settle(pending, &own, asOf: context.asOfMillis))
                violations += own
            }
            result.violations = violations + result.violations[start...]
            result.output = [list.combine(outputs)]
            return
        }
        guard let pending = result.pending as? ReceiptPending else { return }
        result.output = [settle(pending, &result.violations, asOf: context.asOfMillis)]
    }

    /// Settles one part: its replays, redeliveries, once-keys, marks and lifts; returns its output.
    private func settle(_ pending: ReceiptPending, _ violations: inout [Violation], asOf: Int64) -> any StageOutput {
        if pending.needsBlockAlone, let ledger {
            ledger.blockAlone()
            nextIsOpen = false  // the block opened ahead may have been dropped for it
        }
        // Compared with owners as the ledger gives them back (an id with a NUL in it).
        let stored: (String?) -> String? = { [ledger] s in ledger == nil ? s : s.map(LedgerText.stored) }
        let me = Buyer(order: stored(pending.order), user: stored(pending.user), account: stored(pending.account))
        var note = NoteOnce(account: me.account, atMs: asOf, via: pending.via, run: runID, position: position)
        // A key taken before: the record was delivered before (Apple sends a notification until
        // it is acknowledged). Its purchases are settled as any arrival's; its marks were made.
        let repeated = pending.once.contains { owner(of: $0) != nil }
        var credited: [Candidate] = []
        for c in pending.candidates {
            guard let id = c.transaction.transactionID else { continue }
            let originalKey = originalKey(c.transaction, c.type, pending)
            // Every problem is reported: a replay and a refund mark, both.
            let standing = standing(c.transaction, c.type, originalKey, me, pending)
            violations += standing.problems
            // A purchase is claimed only when it is credited (nothing paid is consumed without credit).
            guard standing.problems.isEmpty, pending.creditable else { continue }
            var candidate = c
            switch take("t:" + id, standing.transaction, me, &note) {
            case .same(let prior)?: candidate.redelivery = prior
            case .binds(let prior)?: candidate.firstSeen = prior
            case nil: break
            }
            if let originalKey { _ = take(originalKey, standing.original, me, &note) }
            credited.append(candidate)
        }
        // Purchases that cannot be credited for other reasons: a replay or refund mark is reported too.
        for (t, type) in pending.lookedUp { violations += standing(t, type, originalKey(t, type, pending), me, pending).problems }
        if !repeated { settleMarks(pending, violations, me, &note) }
        if violations.isEmpty, var entitlement = pending.entitlement, let ledger {
            (entitlement.order, entitlement.user) = (me.order, me.user)
            ledger.putEntitlement(entitlement)
        }
        return pending.output(Settled(credited: credited, repeated: repeated))
    }

    /// A record's once-keys, remembered purchases (`every_seen`), refund marks and their lifts.
    private func settleMarks(_ pending: ReceiptPending, _ violations: [Violation], _ me: Buyer, _ note: inout NoteOnce) {
        // A delivery is taken once it passed: one that failed may be sent again.
        if violations.isEmpty { for key in pending.once { claim(key, Owner(order: me.order, user: me.user)) } }
        // replay: every_seen: purchases this record showed but did not credit are remembered too.
        for id in pending.seen.compactMap(\.transactionID) where self.owner(of: "t:" + id) == nil {
            claim("t:" + id, Owner(order: me.order, user: me.user, note: note.text()))
        }
        let marker = Owner(order: me.order, user: me.user, note: pending.markNote?.text)
        for key in pending.marks where self.owner(of: key) == nil { claim(key, marker) }
        // A refund reversed lifts its marks only when the notification passed every check, and
        // only the marks its own refund made before it (never a later refund's).
        if violations.isEmpty, let reversal = pending.markNote {
            for key in pending.lifts where self.owner(of: key).map({ reversal.lifts($0.note, key: key) }) == true { lift(key) }
        }
    }

    /// What a credit does to `key`, given who held it: claims it when nobody did, binds it when
    /// its holder had no owner, leaves it to the same buyer. Returns the earlier arrival.
    private func take(_ key: String, _ held: (prior: Owner, match: Buyer.Match)?, _ me: Buyer, _ note: inout NoteOnce) -> Taken? {
        guard let held else {
            if owner(of: key) == nil { claim(key, Owner(order: me.order, user: me.user, note: note.text())) }
            return nil
        }
        switch held.match {
        case .same: return .same(PriorArrival(held.prior, thisRun: runID))
        case .other: return nil  // another buyer's: a replay, reported and never credited (not reached)
        case .binds:
            // Bound in place: the first arrival's note (when and how) is kept. The token stays the
            // buyer's only when this arrival is known to be that buyer (it brought the token, or only
            // the token): an order and user with no token bind the claim to themselves alone, so a
            // later arrival with the token and another order is not the same buyer.
            var kept = CreditNote(held.prior.note) ?? note.note()
            kept.account = me.account ?? (me.hasRecordOwner ? nil : kept.account)
            ledgerRebind(
                key, from: held.prior, to: Owner(order: me.order ?? held.prior.order, user: me.user ?? held.prior.user, note: kept.text))
            return .binds(PriorArrival(held.prior, thisRun: runID))
        }
    }

    /// A record's credit note, made once, and only when one of its claims needs it: the text is
    /// shared by every claim of the record (a copy of a String is a reference).
    private struct NoteOnce {
        let account: String?, atMs: Int64, via: String, run: String
        let position: RecordPosition?
        private var made: (note: CreditNote, text: String)?

        init(account: String?, atMs: Int64, via: String, run: String, position: RecordPosition?) {
            (self.account, self.atMs, self.via, self.run, self.position) = (account, atMs, via, run, position)
        }

        mutating func note() -> CreditNote {
            if let made { return made.note }
            let note = CreditNote(account: account, atMs: atMs, via: via, first: run + " " + (position?.note ?? "record"))
            made = (note, note.text)
            return note
        }

        mutating func text() -> String {
            if let made { return made.text }
            _ = note()
            return made!.text
        }
    }

    private enum Taken {
        case same(PriorArrival)
        case binds(PriorArrival)
    }

    /// Where a purchase stands: who held its transaction and bound original, how `me` stands to
    /// them, and what keeps it from being credited to `me` now (another buyer's; a refund mark).
    private struct Standing {
        var problems: [Violation] = []
        var transaction: (prior: Owner, match: Buyer.Match)?
        var original: (prior: Owner, match: Buyer.Match)?
    }

    private func standing(_ t: Transaction, _ type: ProductType?, _ originalKey: String?, _ me: Buyer, _ pending: ReceiptPending)
        -> Standing
    {
        var s = Standing()
        guard let id = t.transactionID else { return s }
        if let prior = owner(of: "t:" + id) {
            // replay_owner: any: every second use is a replay, whoever makes it.
            let match = pending.replayOwner == .any ? .other : me.stands(to: Buyer(prior))
            s.transaction = (prior, match)
            if match == .other { s.problems.append(ReplayViolations.replayed(t, prior, original: false, pending.rule, pending.codes)) }
        }
        if s.transaction?.match != .other, let originalKey, let prior = owner(of: originalKey) {
            let match = me.stands(to: Buyer(prior))
            s.original = (prior, match)
            if match == .other { s.problems.append(ReplayViolations.replayed(t, prior, original: true, pending.rule, pending.codes)) }
        }
        if let mark = owner(of: "r:" + id) {
            s.problems.append(ReplayViolations.markedRefunded(t, mark, original: false, pending))
        } else if type?.refundMarksOriginal == true, let originalKey, let mark = owner(of: "r:" + originalKey) {
            s.problems.append(ReplayViolations.markedRefunded(t, mark, original: true, pending))
        }
        return s
    }

    /// The ledger key of the purchase's original transaction, when the policy binds it by one.
    private func originalKey(_ t: Transaction, _ type: ProductType?, _ pending: ReceiptPending) -> String? {
        guard pending.replayKey == .transactionAndOriginal, type?.locksOriginalTransaction == true else { return nil }
        return t.originalTransactionID.map { "o:" + $0 }
    }

    /// Sends the claims of the records settled since the last call (a part of a run, or one
    /// host record) to the ledger; `confirm()` waits until they are durable, before their
    /// results are written. A block that lost a race is settled again.
    package func send() throws {
        do throws(LedgerError) { try ledger?.send() } catch  where error.kind == .lostRace { throw SettleAgain(error.message) }
    }

    package func confirm() throws {
        do throws(LedgerError) { try ledger?.confirm() } catch  where error.kind == .lostRace { throw SettleAgain(error.message) }
    }

    /// With a ledger, blocks not kept were dropped by the store: nothing is kept here.
    package func blockEnded(_ event: BlockEvent) {
        if event == .dropped { nextIsOpen = false }
        undo.blockEnded(event) { claims[$0.key] = $0.before }
    }
    package func finish() throws {
        // Shared by the stages of one ledger, each of which may end the run.
        guard !finished else { return }
        finished = true
        try ledger?.finish()
    }
    private var finished = false
}
