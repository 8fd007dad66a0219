import PostgresNIO
import SiftReceipts

/// One block of the PostgreSQL ledger: a transaction on one of the run's connections (`lane`),
/// what it looked up there and what it wrote. Its statements are sent without waiting, in the
/// connection's order, and their answers read when they are needed: a block can be opened and
/// its keys looked up while the block before it is settled (`PostgresClaimsStore.prefetchNext`),
/// and its claims committed while the block after it is settled (`send`, then `confirm`).
final class PostgresBlock {
    let lane: Int
    let db: PostgresSession
    /// Holds the ledger's block lock exclusively: no other run's block goes on beside it.
    private(set) var exclusive: Bool
    /// The first failure inside the block, thrown when it ends: nothing of it is kept.
    var failure: LedgerError?

    /// What the block knows of keys, as stored: one table, since every claim asks it several times.
    private enum Known {
        /// Looked up, not yet answered: unclaimed, unless the answer says otherwise.
        case asked
        /// The server's answer: the owner, or nil for unclaimed.
        case answered(Owner?)
        /// Written by this block, or by the block in flight before it (`inherit`): a claim's owner
        /// as the server will give it back, or nil for a release. The server's answer does not
        /// replace it.
        case written(Owner?)
    }
    private var known: [String: Known] = [:]
    private var lookUps: [PostgresSession.Sent] = []
    /// Its opening (BEGIN, the lock), read before its first answer.
    private var opening: [PostgresSession.Sent] = []
    /// Its claims and releases, written when it is sent.
    private(set) var inserts: [(key: String, owner: Owner)] = []
    private(set) var deletes: [String] = []
    /// Its entitlements (`EntitlementRow`), written after its claims.
    private var entitlements: [EntitlementRow] = []
    /// Its writes and COMMIT, once sent (`send`).
    private var ending: [PostgresSession.Sent] = []
    /// Their answers read (`awaitEnding`): the connection is free again; the first failure among
    /// them is thrown by `confirm`.
    private(set) var ended = false
    private var endFailure: LedgerError?

    /// Opens the block's transaction on `db`: sent, not waited for.
    init(lane: Int, db: PostgresSession, exclusive: Bool) {
        self.lane = lane
        self.db = db
        self.exclusive = exclusive
        let lock = exclusive ? "pg_advisory_xact_lock" : "pg_advisory_xact_lock_shared"
        opening = [
            db.send("BEGIN ISOLATION LEVEL READ COMMITTED"),
            db.send(PostgresQuery(unsafeSQL: "SELECT \(lock)(\(PostgresClaimsStore.blockLock))")),
        ]
    }

    /// Sees the claims and releases of `block`, sent and not yet confirmed, as made: this block is
    /// dropped too if that one is not kept.
    func inherit(_ block: PostgresBlock) {
        known.reserveCapacity(known.count + block.inserts.count + block.deletes.count)
        for (key, owner) in block.inserts { known[key] = .written(LedgerText.stored(owner)) }
        for key in block.deletes { known[key] = .written(nil) }
    }

    /// Sends one look-up for the keys (as stored) not known or asked for before.
    func lookUp(_ keys: [String]) {
        guard failure == nil else { return }
        var wanted: [String] = []
        wanted.reserveCapacity(keys.count)
        known.reserveCapacity(known.count + keys.count)
        for key in keys where known[key] == nil {
            known[key] = .asked
            wanted.append(key)
        }
        guard !wanted.isEmpty else { return }
        lookUps.append(db.send(prepared: PostgresStatements.lookUp, [PostgresStatements.bind(wanted)]))
    }

    /// Who holds `key` (as stored) in the block's view: nil when unclaimed, or after a failure.
    func owner(of key: String) -> Owner? {
        if !opening.isEmpty || !lookUps.isEmpty { readAnswers() }
        guard failure == nil else { return nil }
        switch known[key] {
        case .written(let owner)?, .answered(let owner)?: return owner
        case .asked?: return nil
        case nil: break
        }
        do {
            let rows = try db.rows(
                "SELECT order_id, user_id, note FROM sift_claims WHERE key = \(key)", as: (String?, String?, String?).self)
            let owner = rows.first.map { Owner(order: $0.0, user: $0.1, note: $0.2) }
            known[key] = .answered(owner)
            return owner
        } catch {
            failure = error
            return nil
        }
    }

    /// Waits until the block holds its lock (its opening answered).
    func waitUntilLocked() {
        guard !opening.isEmpty else { return }
        defer { opening.removeAll() }
        do { for sent in opening { _ = try db.read(sent) } } catch { if failure == nil { failure = error } }
    }

    /// Reads the answers sent for so far: the opening's, then the look-ups'.
    private func readAnswers() {
        defer {
            opening.removeAll()
            lookUps.removeAll()
        }
        do {
            for sent in opening { _ = try db.read(sent) }
            for sent in lookUps {
                for (key, order, user, note) in try db.decode(db.read(sent), as: (String, String?, String?, String?).self) {
                    if case .asked? = known[key] { known[key] = .answered(Owner(order: order, user: user, note: note)) }
                }
            }
        } catch {
            if failure == nil { failure = error }
        }
    }

    func record(_ key: String, _ owner: Owner) {
        inserts.append((key, owner))
        known[key] = .written(LedgerText.stored(owner))
    }

    func release(_ key: String) {
        if let i = inserts.firstIndex(where: { $0.key == key }) { inserts.remove(at: i) } else { deletes.append(key) }
        known[key] = .written(nil)
    }

    func putEntitlement(_ row: EntitlementRow) { entitlements.append(row) }

    /// Waits for the lock exclusively, holding it shared meanwhile; what the block read before may
    /// have changed until it was granted, and is read again.
    func becomeExclusive() {
        readAnswers()
        guard !exclusive, failure == nil else { return }
        do {
            try db.execute("SELECT pg_advisory_xact_lock(\(PostgresClaimsStore.blockLock))")
            exclusive = true
        } catch { failure = error }
        known = known.filter { if case .written = $0.value { true } else { false } }
    }

    /// Sends the block's releases, its claims (`PostgresStatements.claim`) and its COMMIT, or
    /// (after a failure) its ROLLBACK and throws the failure.
    func send(run: String?) throws(LedgerError) {
        readAnswers()
        if let failure {
            rollBack()
            throw failure
        }
        if !deletes.isEmpty { ending.append(db.send("DELETE FROM sift_claims WHERE key = ANY(\(deletes))")) }
        if !inserts.isEmpty {
            var claims = PostgresStatements.Claims(run: run, capacity: inserts.count)
            for (key, owner) in inserts {
                let o = owner.order.map(LedgerText.stored), u = owner.user.map(LedgerText.stored)
                claims.append(key, order: o, user: u, note: owner.note.map(LedgerText.stored))
            }
            ending.append(db.send(prepared: PostgresStatements.claim, claims.binds))
        }
        if !entitlements.isEmpty {
            ending.append(
                db.send(prepared: PostgresStatements.entitle, PostgresStatements.entitlements(EntitlementSQL.merged(entitlements))))
        }
        // After a statement failed, the server answers COMMIT by rolling back: nothing is kept.
        ending.append(db.send("COMMIT"))
    }

    /// Reads the answers to the block's writes and COMMIT, keeping the first failure for
    /// `confirm`: after this the connection is free for another block.
    func awaitEnding() {
        guard !ended else { return }
        for sent in ending {
            do { _ = try db.read(sent) } catch { if endFailure == nil { endFailure = error } }
        }
        ending.removeAll()
        ended = true
    }

    /// Waits until the block sent is committed, or throws why it is not (nothing of it kept).
    func confirm() throws(LedgerError) {
        awaitEnding()
        guard let first = endFailure else { return }
        if first.kind == .lostRace, Set(inserts.map(\.key)).count != inserts.count {
            // Not a race: settling the block again would claim the key twice again.
            throw LedgerError(message: "ledger \(db.url.shown): a block claimed one key twice; nothing of it was kept")
        }
        throw first
    }

    /// Ends the block keeping nothing, without waiting (the connection's next statement follows).
    func rollBack() {
        opening.removeAll()
        lookUps.removeAll()
        _ = db.send("ROLLBACK")
    }
}
