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

    init(ledger: (any ClaimsStore)?) {
        self.ledger = ledger
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
        return try environment.resources.value(for: "receipt.claims:" + (path ?? "")) {
            try ReplaySettler(ledger: path.map { try ClaimsStores.open($0, environment) })
        }
    }

    private func owner(of key: String) -> Owner? {
        guard let ledger else { return claims[key] }
        return ledger.owner(of: key)
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
            for (key, _) in p.once { keys.append(key) }
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
            keys.append("r:" + original)
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
                outputs.append(settle(pending, &own))
                violations += own
            }
            result.violations = violations + result.violations[start...]
            result.output = [list.combine(outputs)]
            return
        }
        guard let pending = result.pending as? ReceiptPending else { return }
        result.output = [settle(pending, &result.violations)]
    }

    /// Settles one part: its replays, once-keys, marks and lifts; returns its output.
    private func settle(_ pending: ReceiptPending, _ violations: inout [Violation]) -> any StageOutput {
        if pending.needsBlockAlone, let ledger {
            ledger.blockAlone()
            nextIsOpen = false  // the block opened ahead may have been dropped for it
        }
        // Compared with owners as the ledger gives them back (an id with a NUL in it).
        let me =
            ledger == nil
            ? Owner(order: pending.order, user: pending.user)
            : LedgerText.stored(Owner(order: pending.order, user: pending.user))
        // A key taken before (a notification delivered twice) is a replay of the whole record:
        // its purchases are then only looked up, never claimed or credited.
        var repeated = false
        for (key, violation) in pending.once where owner(of: key) != nil {
            violations.append(violation)
            repeated = true
        }
        var credited: [Candidate] = []
        for c in pending.candidates {
            guard let id = c.transaction.transactionID else { continue }
            let originalKey = originalKey(c.transaction, c.type, pending)
            // Every problem is reported: a replay and a refund mark, both.
            let problems = problems(c.transaction, c.type, originalKey, me, pending)
            violations += problems
            guard problems.isEmpty, !repeated else { continue }
            claim("t:" + id, me)
            if let originalKey, owner(of: originalKey) == nil { claim(originalKey, me) }
            if pending.creditable { credited.append(c) }
        }
        // Purchases that cannot be credited for other reasons: a replay or refund mark is reported too.
        for (t, type) in pending.lookedUp { violations += problems(t, type, originalKey(t, type, pending), me, pending) }
        if !repeated {
            // A delivery is taken once it passed: one that failed may be sent again.
            if violations.isEmpty { for (key, _) in pending.once { claim(key, me) } }
            // replay: every_seen: purchases this record showed but did not credit are remembered too.
            for id in pending.seen.compactMap(\.transactionID) where owner(of: "t:" + id) == nil { claim("t:" + id, me) }
            var marker = me
            marker.note = pending.markNote?.text
            for key in pending.marks where owner(of: key) == nil { claim(key, marker) }
            // A refund reversed lifts its marks only when the notification passed every check, and
            // only the marks its own refund made before it (never a later refund's).
            if violations.isEmpty, let reversal = pending.markNote {
                for key in pending.lifts where owner(of: key).map({ reversal.lifts($0.note, key: key) }) == true { lift(key) }
            }
        }
        return pending.output(credited)
    }

    /// What keeps a purchase from being credited to `me` now: credited before (to someone else,
    /// or to `me`: a re-delivery), and marked refunded by a notification.
    private func problems(_ t: Transaction, _ type: ProductType?, _ originalKey: String?, _ me: Owner, _ pending: ReceiptPending)
        -> [Violation]
    {
        guard let id = t.transactionID else { return [] }
        var out: [Violation] = []
        if let problem = replay(t, originalKey, me, pending) { out.append(problem) }
        let marks = ["r:" + id] + (originalKey.map { ["r:" + $0] } ?? [])
        if marks.contains(where: { owner(of: $0) != nil }) { out.append(Self.markedRefunded(t, pending)) }
        return out
    }

    /// The ledger key of the purchase's original transaction, when the policy binds it by one.
    private func originalKey(_ t: Transaction, _ type: ProductType?, _ pending: ReceiptPending) -> String? {
        guard pending.replayKey == .transactionAndOriginal, type?.locksOriginalTransaction == true else { return nil }
        return t.originalTransactionID.map { "o:" + $0 }
    }

    /// Why the purchase may not be credited to `me` again: its transaction (or original) was
    /// credited before, to someone else (a replay) or to `me` (a re-delivery).
    private func replay(_ t: Transaction, _ originalKey: String?, _ me: Owner, _ pending: ReceiptPending) -> Violation? {
        guard let id = t.transactionID else { return nil }
        if let prior = owner(of: "t:" + id) {
            let redelivery = prior == me && pending.replayOwner != .any
            return redelivery
                ? Self.alreadyCredited(t, pending.rule, pending.codes)
                : Self.replayed(t, prior, original: false, pending.rule, pending.codes)
        }
        if let originalKey, let prior = owner(of: originalKey), prior != me {
            return Self.replayed(t, prior, original: true, pending.rule, pending.codes)
        }
        return nil
    }

    static func alreadyCredited(_ t: Transaction, _ rule: Mark, _ codes: ReplayCodes) -> Violation {
        Violation(
            field: "\(t.path).\(codes.idField)", reason: codes.alreadyCredited,
            message: LocalizedText(
                en: "transaction \(t.transactionID ?? "") was already credited to this order (a re-delivery)",
                zh: "交易 \(t.transactionID ?? "") 已为此订单入账（重复投递）"), value: t.transactionID, rule: rule)
    }

    static func replayed(_ t: Transaction, _ prior: Owner, original: Bool, _ rule: Mark, _ codes: ReplayCodes) -> Violation {
        let id = (original ? t.originalTransactionID : t.transactionID) ?? ""
        let key = original ? codes.originalField : codes.idField
        let who = "order \(prior.order ?? "(none)"), user \(prior.user ?? "(none)")"
        return Violation(
            field: "\(t.path).\(key)", reason: codes.replayed,
            message: LocalizedText(
                en: "\(key) \(id) was already credited to \(who): \(codes.replayedWhat.en)",
                zh: "\(key) \(id) 已入账给 订单 \(prior.order ?? "无")、用户 \(prior.user ?? "无")：\(codes.replayedWhat.zh)"),
            value: id, rule: rule)
    }

    static func markedRefunded(_ t: Transaction, _ pending: ReceiptPending) -> Violation {
        Violation(
            field: "\(t.path).\(pending.codes.idField)", reason: pending.codes.refunded,
            message: LocalizedText(
                en: "transaction \(t.transactionID ?? "") was refunded or revoked (a REFUND or REVOKE notification)",
                zh: "交易 \(t.transactionID ?? "") 已退款或撤销（REFUND 或 REVOKE 通知）"),
            value: t.transactionID, rule: pending.rule)
    }

    /// Sends the claims of the records settled since the last call (a part of a run, or one
    /// host record) to the ledger; `confirm()` waits until they are durable, before their
    /// results are written. A block that lost a race is settled again.
    package func send() throws {
        do throws(LedgerError) { try ledger?.send() } catch  where error.lostRace { throw SettleAgain(error.message) }
    }

    package func confirm() throws {
        do throws(LedgerError) { try ledger?.confirm() } catch  where error.lostRace { throw SettleAgain(error.message) }
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
