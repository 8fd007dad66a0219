import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import SiftCore
import SiftReceipts

/// The claims ledger on PostgreSQL (docs/LEDGER.md), shared by every run on every host that
/// names the same database: the same contract as the SQLite file, designed for the server.
///
/// - **Blocks**: one transaction each, at READ COMMITTED, that first takes an advisory lock
///   common to every run of the ledger, shared (`pg_advisory_xact_lock_shared`): blocks of many
///   runs go on side by side, and what takes it exclusively (a run opening or ending, `sift ledger
///   init`) waits for them. Racing blocks are decided by the claims' primary key: when another
///   run claimed one of a block's keys since its look-up, the block's INSERT breaks the key
///   (SQLSTATE 23505), none of its claims is kept and `commit()` says it lost the race
///   (`LedgerError.lostRace`); its records are settled again, after the winner's. The next block
///   takes the lock exclusively, so it waits for every other run's and cannot lose again. Every
///   statement sees every block committed before it (READ COMMITTED takes a snapshot per
///   statement).
/// - **Blocks alone**: a block whose writes depend on keys it only reads (refund marks made or
///   lifted; `ReceiptPending.needsBlockAlone`) takes the lock exclusively from the start
///   (`blockAlone()`). Whether a purchase may be credited depends on marks a crediting block
///   does not write; with two such blocks side by side, each could miss the other's writes
///   (write skew), so marks are never made beside credits.
/// - **Gone runs**: a run whose claims are provisional holds a session-level advisory lock of its
///   own for as long as its connection lives; the server lets go of it when the connection ends,
///   however the process ends. A run is gone when another connection can take its lock.
/// - **A lost connection** fails the block it happened in (nothing of it is kept: the server rolls
///   back a transaction whose connection ends). A store whose claims are final (a host's
///   `RecordSession`, results on standard output) connects again at its next block, so a host
///   outlives a database restart; a run with provisional claims cannot (its claims went with its
///   lock) and keeps failing.
final class PostgresClaimsStore: ClaimsStore {
    /// The lock every block takes ("SIFT" "LDGR").
    static let blockLock: Int64 = 0x5349_4654_4C44_4752

    private var db: PostgresSession
    private let password: String?
    private let run: (id: String, lock: Int64)?
    private var inTransaction = false
    private var finished = false
    private var failure: LedgerError?
    /// The next block takes the block lock exclusively (after a lost race, or asked to be alone).
    private var exclusiveNext = false
    /// The open block holds the block lock exclusively.
    private var exclusive = false

    init(_ url: PostgresLedgerURL, password: String?, claimsAreFinal: Bool) throws(LedgerError) {
        db = try PostgresSession(url, password: password)
        self.password = password
        run = claimsAreFinal ? nil : (id: Self.newRunID(), lock: Int64.random(in: 1...Int64.max))
        try db.transaction { () throws(LedgerError) in
            try db.execute("SELECT pg_advisory_xact_lock(\(Self.blockLock))")
            try PostgresSchema.check(db)
            try dropGoneRuns()
            if let run {
                try db.execute("SELECT pg_advisory_lock(\(run.lock))")
                try db.execute("INSERT INTO sift_runs (id, lock) VALUES (\(run.id), \(run.lock))")
            }
        }
    }

    deinit {
        if inTransaction { try? db.execute("ROLLBACK") }
        if let run, !finished {
            // A run that failed leaves the ledger as it was: its claims go now (a killed run's,
            // when the next run finds its lock free).
            try? db.transaction { () throws(LedgerError) in
                try db.execute("SELECT pg_advisory_xact_lock(\(Self.blockLock))")
                try drop(run.id)
            }
        }
        db.close()
    }

    /// A new run's id: the microseconds since 1970 in 13 hex digits, then 8 random ones. Ids made
    /// later sort after earlier ones (in any collation: digits before letters), so the block
    /// ranges of `sift_claims_run_range` that hold a run's claims, written together, stay narrow.
    static func newRunID(now: Date = Date()) -> String {
        let micros = UInt64(max(0, now.timeIntervalSince1970 * 1_000_000))
        return hex(micros, digits: 13) + hex(UInt64(UInt32.random(in: 0...UInt32.max)), digits: 8)
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Drops the claims of runs whose connection is gone: their lock can be taken.
    private func dropGoneRuns() throws(LedgerError) {
        for row in try db.rows("SELECT id, lock FROM sift_runs", as: (String, Int64).self) {
            guard try db.rows("SELECT pg_try_advisory_lock(\(row.1))", as: Bool.self).first == true else { continue }
            try drop(row.0)
            try db.execute("SELECT pg_advisory_unlock(\(row.1))")
        }
    }

    private func drop(_ run: String) throws(LedgerError) {
        try db.execute("DELETE FROM sift_claims WHERE run = \(run)")
        try db.execute("DELETE FROM sift_runs WHERE id = \(run)")
    }

    /// What the block knows of keys it fetched or wrote: nil inside means "unclaimed".
    private var known: [String: Owner?] = [:]
    /// The block's claims and releases, written at its commit in one statement each.
    private var inserts: [(key: String, owner: Owner)] = []
    private var deletes: [String] = []

    func prefetch(_ keys: [String]) {
        guard begin() else { return }
        var wanted: [String] = []
        wanted.reserveCapacity(keys.count)
        known.reserveCapacity(known.count + keys.count)
        for key in keys.lazy.map(Self.text) where known[key] == nil {
            known[key] = .some(nil)  // unclaimed, unless the server says otherwise below
            wanted.append(key)
        }
        guard !wanted.isEmpty else { return }
        do {
            for (key, order, user, note) in try db.prepared(
                PostgresStatements.lookUp, [PostgresStatements.bind(wanted)], as: (String, String?, String?, String?).self)
            {
                known[key] = Owner(order: order, user: user, note: note)  // keys as stored, as looked up
            }
        } catch { failure = error }
    }

    /// The block's own table (`known`) holds keys as stored, so that a key with a NUL read back
    /// from the server is the key looked up.
    func owner(of key: String) -> Owner? {
        guard begin() else { return nil }
        let key = Self.text(key)
        if let k = known[key] { return k }
        do {
            let rows = try db.rows(
                "SELECT order_id, user_id, note FROM sift_claims WHERE key = \(Self.text(key))", as: (String?, String?, String?).self)
            let owner = rows.first.map { Owner(order: $0.0, user: $0.1, note: $0.2) }
            known[key] = .some(owner)
            return owner
        } catch {
            failure = error
            return nil
        }
    }

    func record(_ key: String, _ owner: Owner) {
        guard begin() else { return }
        let key = Self.text(key)
        inserts.append((key, owner))
        known[key] = .some(LedgerText.stored(owner))  // as the server will give it back
    }

    func release(_ key: String) {
        guard begin() else { return }
        let key = Self.text(key)
        if let i = inserts.firstIndex(where: { $0.key == key }) { inserts.remove(at: i) } else { deletes.append(key) }
        known[key] = .some(nil)
    }

    func commit() throws(LedgerError) {
        guard inTransaction else { return }
        inTransaction = false
        defer {
            known.removeAll(keepingCapacity: true)
            inserts.removeAll(keepingCapacity: true)
            deletes.removeAll(keepingCapacity: true)
        }
        if failure == nil {
            do { try write() } catch { failure = error }
        }
        if let failure {
            self.failure = nil
            try? db.execute("ROLLBACK")
            if failure.lostRace { exclusiveNext = true }
            throw failure
        }
        try db.execute("COMMIT")
        exclusiveNext = false
    }

    /// The block about to open, or open, waits for every other run's and none starts beside it.
    /// Asked for after the block made look-ups, it waits then (holding the shared lock as well).
    func blockAlone() {
        exclusiveNext = true
        guard inTransaction, !exclusive, failure == nil else { return }
        do {
            try db.execute("SELECT pg_advisory_xact_lock(\(Self.blockLock))")
            exclusive = true
        } catch { failure = error }
        // What the block read before may have changed until the lock was granted: read again.
        let written = Set(inserts.map(\.key) + deletes)
        known = known.filter { written.contains($0.key) }
    }

    /// Text as PostgreSQL keeps it: it holds no NUL, so one (from a record's order or user id)
    /// is kept as U+FFFD, the same on every look-up.
    static func text(_ s: String) -> String { LedgerText.stored(s) }

    /// The block's releases, then its claims (`PostgresStatements.claim`), which must all be kept.
    private func write() throws(LedgerError) {
        if !deletes.isEmpty { try db.execute("DELETE FROM sift_claims WHERE key = ANY(\(deletes.map(Self.text)))") }
        guard !inserts.isEmpty else { return }
        var claims = PostgresStatements.Claims(run: run?.id, capacity: inserts.count)
        for (key, owner) in inserts {
            claims.append(
                Self.text(key), order: owner.order.map(Self.text), user: owner.user.map(Self.text), note: owner.note.map(Self.text))
        }
        do {
            try db.prepared(PostgresStatements.claim, claims.binds)
        } catch  where error.lostRace && Set(inserts.map(\.key)).count != inserts.count {
            // Not a race: settling the block again would claim the key twice again.
            throw LedgerError(message: "ledger \(db.url.shown): a block claimed one key twice; nothing of it was kept")
        }
    }

    func finish() throws(LedgerError) {
        try commit()
        guard let run else { return }
        try db.transaction { () throws(LedgerError) in
            try db.execute("SELECT pg_advisory_xact_lock(\(Self.blockLock))")
            let gone = try db.rows("DELETE FROM sift_runs WHERE id = \(run.id) RETURNING id", as: String.self).isEmpty
            // Another run took this one for gone (its connection was lost) and dropped its claims.
            if gone {
                throw LedgerError(message: "ledger \(db.url.shown): this run's claims were dropped by another run; nothing was credited")
            }
        }
        finished = true
        try db.execute("SELECT pg_advisory_unlock(\(run.lock))")
    }

    func claims() throws(LedgerError) -> [LedgerRow] {
        // Every claim: a scan of the table is the way here (the session otherwise avoids one).
        try db.execute("SET enable_seqscan = on")
        defer { try? db.execute("SET enable_seqscan = off") }
        return try db.rows(
            """
            SELECT c.key, c.order_id, c.user_id, c.note, r.id IS NOT NULL
            FROM sift_claims c LEFT JOIN sift_runs r ON r.id = c.run ORDER BY c.key COLLATE "C"
            """, as: (String, String?, String?, String?, Bool).self
        ).map { LedgerRow(key: $0.0, owner: Owner(order: $0.1, user: $0.2, note: $0.3), provisional: $0.4) }
    }

    func liveRuns() throws(LedgerError) -> Int {
        Int(try db.rows("SELECT count(*) FROM sift_runs", as: Int64.self).first ?? 0)
    }

    /// Opens the block's transaction if needed; false (the failure kept) if it cannot.
    private func begin() -> Bool {
        if failure != nil { return false }
        if inTransaction { return true }
        inTransaction = true  // so that commit() ends it, or reports the failure
        do {
            if db.isBroken, run == nil {
                db.close()
                db = try PostgresSession(db.url, password: password)
            }
            try db.execute("BEGIN ISOLATION LEVEL READ COMMITTED")
            exclusive = exclusiveNext
            if exclusive {
                try db.execute("SELECT pg_advisory_xact_lock(\(Self.blockLock))")
            } else {
                try db.execute("SELECT pg_advisory_xact_lock_shared(\(Self.blockLock))")
            }
            return true
        } catch {
            failure = error
            return false
        }
    }
}
