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
///   (a `LedgerError` of kind `.lostRace`); its records are settled again, after the winner's. The next block
///   takes the lock exclusively, so it waits for every other run's and cannot lose again. Every
///   statement sees every block committed before it (READ COMMITTED takes a snapshot per
///   statement).
/// - **Blocks alone**: a block whose writes depend on keys it only reads (refund marks made or
///   lifted; `ReceiptPending.needsBlockAlone`) takes the lock exclusively from the start
///   (`blockAlone()`). Whether a purchase may be credited depends on marks a crediting block
///   does not write; with two such blocks side by side, each could miss the other's writes
///   (write skew), so marks are never made beside credits.
/// - **Blocks in flight**: a run has up to three connections ("lanes"; fewer as the URL's
///   `connections=` says, or as the server gives: SQLSTATE 53300). While one block is
///   settled on one, the block before it is committed on another (`send`, then `confirm`) and
///   the block after it looked up on a third (`prefetchNext`). The block settled sees the claims
///   of the block in flight as made; should that block lose a race, it is dropped too
///   (`ClaimsStore` contract, clause 5).
/// - **Gone runs**: a run whose claims are provisional holds a session-level advisory lock of its
///   own, shared by each of its connections, for as long as one of them lives; the server lets go
///   of it when the connections end, however the process ends. A run is gone when another
///   connection can take its lock exclusively.
/// - **A lost connection** fails the block it happened in (nothing of it is kept: the server rolls
///   back a transaction whose connection ends). A store whose claims are final (a host's
///   `RecordSession`, results on standard output) connects again at its next block, so a host
///   outlives a database restart; a run with provisional claims cannot (its claims went with its
///   lock) and keeps failing.
final class PostgresClaimsStore: ClaimsStore {
    /// The lock every block takes ("SIFT" "LDGR").
    static let blockLock: Int64 = 0x5349_4654_4C44_4752
    /// Connections of one run (`PostgresLedgerURL.connections`, at most 3): the block in flight,
    /// the block settled, the block looked up ahead. With 2 a block is opened ahead only while
    /// none is in flight; with 1 each block is committed before the next opens (`send` waits for
    /// its COMMIT). Lowered for good when the server refuses one more (SQLSTATE 53300): the run
    /// goes on with those it has.
    private var maxLanes: Int

    private var lanes: [PostgresSession]
    private let password: String?
    private let run: (id: String, lock: Int64)?
    private var finished = false
    /// The next block opened takes the block lock exclusively (after a lost race, or asked to be alone).
    private var exclusiveNext = false
    /// The block being settled, the one opened ahead of it, and the one sent and not yet confirmed.
    private var open: PostgresBlock?
    private var next: PostgresBlock?
    private var inFlight: PostgresBlock?
    /// Why no block could be opened (no connection to be had), thrown when the block ends.
    private var failure: LedgerError?

    init(_ url: PostgresLedgerURL, password: String?, claimsAreFinal: Bool) throws(LedgerError) {
        let db = try PostgresSession(url, password: password)
        lanes = [db]
        maxLanes = url.connections
        self.password = password
        run = claimsAreFinal ? nil : (id: Self.newRunID(), lock: Int64.random(in: 1...Int64.max))
        try db.transaction { () throws(LedgerError) in
            try db.execute("SELECT pg_advisory_xact_lock(\(Self.blockLock))")
            try PostgresSchema.check(db)
            try dropGoneRuns()
            if let run {
                try db.execute("SELECT pg_advisory_lock_shared(\(run.lock))")
                try db.execute("INSERT INTO sift_runs (id, lock) VALUES (\(run.id), \(run.lock))")
            }
        }
    }

    deinit {
        open?.rollBack()
        next?.rollBack()
        try? inFlight?.confirm()
        for lane in lanes.dropFirst() { lane.close() }
        let db = lanes[0]
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

    /// Drops the claims of runs whose connections are gone: their lock can be taken.
    private func dropGoneRuns() throws(LedgerError) {
        let db = lanes[0]
        for row in try db.rows("SELECT id, lock FROM sift_runs", as: (String, Int64).self) {
            guard try db.rows("SELECT pg_try_advisory_lock(\(row.1))", as: Bool.self).first == true else { continue }
            try drop(row.0)
            try db.execute("SELECT pg_advisory_unlock(\(row.1))")
        }
    }

    private func drop(_ run: String) throws(LedgerError) {
        try lanes[0].execute("DELETE FROM sift_claims WHERE run = \(run)")
        try lanes[0].execute("DELETE FROM sift_runs WHERE id = \(run)")
    }

    func prefetch(_ keys: [String]) {
        block()?.lookUp(keys.map(Self.text))
    }

    /// Opens the block after the open one on a connection of its own and sends its look-up, once
    /// the open block holds its lock: the block ahead's would otherwise be granted first and keep
    /// an exclusive open block waiting for a block that waits for this thread. Not for a block
    /// that must be alone, whose lock would wait for the open block in the same way.
    func prefetchNext(_ keys: [String], alone: Bool) -> Bool {
        promote()
        guard !alone, !exclusiveNext, let open, next == nil, !keys.isEmpty else { return false }
        open.waitUntilLocked()
        guard open.failure == nil, let lane = try? freeLane() else { return false }
        let block = PostgresBlock(lane: lane, db: lanes[lane], exclusive: false)
        // Its look-up may run before the block in flight commits; the open block's claims it
        // inherits when that block is sent (`send`).
        if let inFlight { block.inherit(inFlight) }
        block.lookUp(keys.map(Self.text))
        next = block
        return true
    }

    /// The block opened ahead becomes the open one, when none is.
    private func promote() {
        guard open == nil, let ahead = next else { return }
        open = ahead
        next = nil
    }

    /// Who holds `key` in the open block's view: its own writes, then those of the block in
    /// flight (as if committed, `PostgresBlock.inherit`), then the server's answer. Keys as
    /// stored, so that a key with a NUL read back from the server is the key looked up.
    func owner(of key: String) -> Owner? {
        block()?.owner(of: Self.text(key))
    }

    func record(_ key: String, _ owner: Owner) {
        block()?.record(Self.text(key), owner)
    }

    func release(_ key: String) {
        block()?.release(Self.text(key))
    }

    /// The block about to open, or open, waits for every other run's and none starts beside it.
    /// Asked for after the block made look-ups, it waits then (holding the shared lock as well).
    func blockAlone() {
        if open?.exclusive == true { return }
        // Its lock would wait for the block opened ahead, which waits for this one.
        next?.rollBack()
        next = nil
        guard let open else {
            exclusiveNext = true
            return
        }
        open.becomeExclusive()
    }

    func commit() throws(LedgerError) {
        try send()
        try confirm()
    }

    /// Confirms the block in flight, then sends the open one's claims and COMMIT without waiting
    /// (with one connection, waits for them).
    /// With no block open (nothing settled since the last send), it does nothing: settlers that
    /// share the ledger each send it.
    func send() throws(LedgerError) {
        guard let block = open else {
            if let failure {
                self.failure = nil
                throw failure
            }
            return
        }
        try confirm()
        open = nil
        do throws(LedgerError) { try block.send(run: run?.id) } catch {
            discard(&next, lostRace: error.kind == .lostRace)
            throw error
        }
        inFlight = block
        // Opened ahead, it looked its keys up before these claims were made.
        next?.inherit(block)
        // With one connection, the next block needs this one's.
        if maxLanes == 1 { try confirm() }
    }

    /// Waits for the block in flight. When it is not kept, neither is any block opened since.
    func confirm() throws(LedgerError) {
        guard let block = inFlight else { return }
        inFlight = nil
        do throws(LedgerError) { try block.confirm() } catch {
            discard(&open, lostRace: error.kind == .lostRace)
            discard(&next, lostRace: error.kind == .lostRace)
            throw error
        }
    }

    /// Rolls `block` back and forgets it; after a lost race the next block opened is alone.
    private func discard(_ block: inout PostgresBlock?, lostRace: Bool) {
        block?.rollBack()
        block = nil
        if lostRace { exclusiveNext = true }
    }

    /// Text as PostgreSQL keeps it: it holds no NUL, so one (from a record's order or user id)
    /// is kept as U+FFFD, the same on every look-up.
    static func text(_ s: String) -> String { LedgerText.stored(s) }

    func finish() throws(LedgerError) {
        try commit()
        // A block looked up ahead and never settled: its lock would hold up the one below.
        discard(&next, lostRace: false)
        guard let run else { return }
        let db = lanes[0]
        try db.transaction { () throws(LedgerError) in
            try db.execute("SELECT pg_advisory_xact_lock(\(Self.blockLock))")
            let gone = try db.rows("DELETE FROM sift_runs WHERE id = \(run.id) RETURNING id", as: String.self).isEmpty
            // Another run took this one for gone (its connections were lost) and dropped its claims.
            if gone {
                throw LedgerError(message: "ledger \(db.url.shown): this run's claims were dropped by another run; nothing was credited")
            }
        }
        finished = true
        // Its connections let go of the run's lock as they close; a host's store may live on.
        for lane in lanes { try? lane.execute("SELECT pg_advisory_unlock_shared(\(run.lock))") }
    }

    func claims() throws(LedgerError) -> [LedgerRow] {
        // Every claim: a scan of the table is the way here (the session otherwise avoids one).
        let db = lanes[0]
        try db.execute("SET enable_seqscan = on")
        defer { try? db.execute("SET enable_seqscan = off") }
        return try db.rows(
            """
            SELECT c.key, c.order_id, c.user_id, c.note, r.id IS NOT NULL
            FROM sift_claims c LEFT JOIN sift_runs r ON r.id = c.run ORDER BY c.key COLLATE "C"
            """, as: (String, String?, String?, String?, Bool).self
        ).map { LedgerRow(key: $0.0, owner: Owner(order: $0.1, user: $0.2, note: $0.3), provisional: $0.4) }
    }

    func putEntitlement(_ row: EntitlementRow) {
        block()?.putEntitlement(row)
    }

    func entitlements(_ query: EntitlementQuery) throws(LedgerError) -> [EntitlementRow] {
        var binds = PostgresBindings(capacity: 2)
        binds.append(query.account.map(Self.text))
        binds.append(query.originalTransactionID.map(Self.text))
        let sql = EntitlementSQL.select("sift_entitlements", jsonObject: "json_build_object")
        let db = lanes[0]
        return try db.rows(PostgresQuery(unsafeSQL: sql, binds: binds), as: String.self).compactMap(EntitlementSQL.row(json:))
    }

    func liveRuns() throws(LedgerError) -> Int {
        Int(try lanes[0].rows("SELECT count(*) FROM sift_runs", as: Int64.self).first ?? 0)
    }

    /// The open block, opened now if none is (its statements sent, not waited for); nil when no
    /// connection could be had (the failure kept for the block's end).
    private func block() -> PostgresBlock? {
        promote()
        if let open { return open }
        guard failure == nil else { return nil }
        do {
            let lane = try laneForOpenBlock()
            let block = PostgresBlock(lane: lane, db: lanes[lane], exclusive: exclusiveNext)
            exclusiveNext = false
            if let inFlight { block.inherit(inFlight) }
            open = block
            return block
        } catch {
            failure = error
            return nil
        }
    }

    /// A connection for the open block: when every one is busy and the server gives no more, the
    /// one of the block in flight once its COMMIT is answered (whose outcome `confirm` still
    /// throws: a block that lost takes the open block with it).
    private func laneForOpenBlock() throws(LedgerError) -> Int {
        do { return try freeLane() } catch  where error.kind == .noConnectionToSpare {
            guard let inFlight else { throw error }
            inFlight.awaitEnding()
            return try freeLane()
        }
    }

    /// A connection no block uses: a store whose claims are final connects again in place of
    /// a lost one (a host outlives a database restart); a run's stay lost. Up to `maxLanes`;
    /// when the server refuses one more, `maxLanes` becomes the number it has.
    private func freeLane() throws(LedgerError) -> Int {
        let busy = Set([open, next, inFlight?.ended == true ? nil : inFlight].compactMap { $0?.lane })
        // A healthy one first: a broken one is connected again only when no other is free.
        let free = lanes.indices.filter { !busy.contains($0) }
        if let lane = free.first(where: { !lanes[$0].isBroken }) ?? free.first {
            if lanes[lane].isBroken, run == nil {
                lanes[lane].close()
                lanes[lane] = try PostgresSession(lanes[lane].url, password: password)
            }
            // Prepared before the block's BEGIN, never behind its lock (after 0A000, again).
            try lanes[lane].prepare(PostgresStatements.all)
            return lane
        }
        guard lanes.count < maxLanes else { throw LedgerError(message: "ledger \(lanes[0].url.shown): no connection is free") }
        let db: PostgresSession
        do { db = try PostgresSession(lanes[0].url, password: password) } catch  where error.kind == .noConnectionToSpare {
            maxLanes = lanes.count
            throw error
        }
        if let run {
            // Taken before its first claim: the run stays live for as long as any of its connections.
            try db.execute("SELECT pg_advisory_lock_shared(\(run.lock))")
            guard try db.rows("SELECT count(*) FROM sift_runs WHERE id = \(run.id)", as: Int64.self).first == 1 else {
                throw LedgerError(message: "ledger \(db.url.shown): this run's claims were dropped by another run; nothing was credited")
            }
        }
        try db.prepare(PostgresStatements.all)
        lanes.append(db)
        return lanes.count - 1
    }
}
