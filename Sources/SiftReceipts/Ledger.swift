internal import CSQLite
import SiftCore

#if canImport(Glibc)
    import Glibc
#endif

/// A durable record of credited transactions, in SQLite, shared safely by concurrent runs.
///
/// Claims are made inside one short write transaction per block of records (`BEGIN
/// IMMEDIATE` at the block's first look-up, `COMMIT` before any of its results is written):
/// between a look-up and its claim no other process can claim, so a transaction is credited
/// once however many runs or hosts share the file.
///
/// A claim is *final* when it is made if results are seen at once (standard output, a host's
/// verdict). Otherwise (results go to files that are named only when the run completes) it is
/// *provisional* until the run finishes: it is tagged with the run, and a claim is provisional
/// exactly while its run is listed in `runs`, so finishing is one deleted row. A run that is
/// killed or fails leaves provisional claims whose results nobody saw, and the next run to
/// open the ledger on the same machine drops them (and its row), so a re-run gives the
/// verdicts of an uninterrupted run.
/// Provisional claims of a run on another machine are kept (it may be running): they count as
/// claims. WAL mode and full sync make each commit crash-safe.
final class Ledger: ClaimsStore {
    private var db: OpaquePointer?
    private var select: OpaquePointer?
    private var insert: OpaquePointer?
    private var delete: OpaquePointer?
    private var upsert: OpaquePointer?
    let path: String
    /// This run's tag on provisional claims; nil when claims are final when made.
    private let run: LedgerRun?
    /// True between a block's first look-up and its commit.
    private var inTransaction = false
    /// True once `finish()` made this run's claims final.
    private var finished = false
    /// The first failure inside a block, thrown at its commit: its results must not be written.
    private var failure: LedgerError?

    init(path: String, claimsAreFinal: Bool) throws(LedgerError) {
        self.path = path
        run = claimsAreFinal ? nil : try LedgerRun.start(ledger: path)
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db)
            db = nil
            throw LedgerError(message: "cannot open ledger '\(path)': \(message)")
        }
        sqlite3_busy_timeout(db, 10_000)
        // Many runs may open a new ledger at once: switching to WAL can be refused while another
        // connection does the same, without the busy handler being asked, so it is retried.
        try retryingWhileBusy { () throws(LedgerError) in try exec("PRAGMA journal_mode=WAL") }
        try exec("PRAGMA synchronous=FULL")
        // A run looks up and claims every purchase: keep the hot part of the index in memory (64 MiB).
        try exec("PRAGMA cache_size=-65536")
        try retryingWhileBusy { () throws(LedgerError) in try setUp() }
        try prepare("SELECT order_id, user_id, note FROM credits WHERE key = ?1", &select)
        // A plain INSERT: the key was just looked up under the write lock, so a conflict is an error.
        try prepare("INSERT INTO credits (key, order_id, user_id, run, note) VALUES (?1, ?2, ?3, ?4, ?5)", &insert)
        try prepare("DELETE FROM credits WHERE key = ?1", &delete)
        try prepare(EntitlementSQL.upsert("entitlements"), &upsert)
    }

    deinit {
        // A run that did not finish (it failed) leaves the ledger as it was: its provisional
        // claims are dropped now, a killed run's by the next run that opens the ledger.
        if inTransaction { sqlite3_exec(db, "ROLLBACK", nil, nil, nil) }
        if let run, db != nil, !finished {
            try? transaction { () throws(LedgerError) in try drop(run.id) }
            run.end(ledger: path)
        }
        sqlite3_finalize(select)
        sqlite3_finalize(insert)
        sqlite3_finalize(delete)
        sqlite3_finalize(upsert)
        sqlite3_close(db)
    }

    /// Creates or migrates the tables, drops the claims of dead runs, and registers this run.
    private func setUp() throws(LedgerError) {
        try transaction { () throws(LedgerError) in
            try exec(
                """
                CREATE TABLE IF NOT EXISTS credits (
                  key TEXT PRIMARY KEY,      -- 't:<transaction_id>', 'o:<original_transaction_id>', 'n:', 'r:' (docs/RECEIPTS.md)
                  order_id TEXT,
                  user_id TEXT,
                  run TEXT,                  -- the run that made it: provisional while that run is in `runs`
                  note TEXT                  -- a refund mark's '<signedMs> <transaction id>' (MarkNote)
                ) WITHOUT ROWID
                """)
            // Ledgers written before runs were tagged (or marks noted) lack the column: every claim
            // there is final, and every mark unnoted.
            let columns = try rows("PRAGMA table_info(credits)").map { $0[1] }
            if !columns.contains("run") { try exec("ALTER TABLE credits ADD COLUMN run TEXT") }
            if !columns.contains("note") { try exec("ALTER TABLE credits ADD COLUMN note TEXT") }
            // Runs in progress; whether one is gone is told by its lock file (`LedgerRun`).
            try exec("CREATE TABLE IF NOT EXISTS runs (id TEXT PRIMARY KEY)")
            // Each subscription's latest entitlement (`EntitlementRow`); ledgers made before get it here.
            for statement in EntitlementSQL.create("entitlements", ifMissing: true) { try exec(statement) }
            for row in try rows("SELECT id FROM runs") {
                if let other = row[0], LedgerRun.isGone(other, ledger: path) { try drop(other) }
            }
            if let run { try exec("INSERT INTO runs (id) VALUES (\(Self.quoted(run.id)))") }
        }
    }

    /// Who holds `key`: a final claim, this run's, or a provisional claim of a run that may be live.
    func owner(of key: String) -> Owner? {
        guard begin() else { return nil }
        sqlite3_reset(select)
        bind(select, 1, key)
        // Reset before returning: a statement left on a row would hold an old read snapshot past
        // the commit, and the next block's BEGIN IMMEDIATE would then fail at once (SQLITE_BUSY).
        defer { sqlite3_reset(select) }
        let rc = sqlite3_step(select)
        guard rc == SQLITE_ROW else {
            // Anything but "no such row" (I/O, memory) must not read as "unclaimed": the block fails.
            if rc != SQLITE_DONE { failure = error() }
            return nil
        }
        func col(_ i: Int32) -> String? { sqlite3_column_text(select, i).map { String(cString: $0) } }
        return Owner(order: col(0), user: col(1), note: col(2))
    }

    /// Claims `key` inside the block's transaction (after `owner(of:)` found none).
    func record(_ key: String, _ owner: Owner) {
        guard begin() else { return }
        sqlite3_reset(insert)
        bind(insert, 1, key)
        bind(insert, 2, owner.order)
        bind(insert, 3, owner.user)
        bind(insert, 4, run?.id)
        bind(insert, 5, owner.note)
        defer { sqlite3_reset(insert) }
        if sqlite3_step(insert) != SQLITE_DONE {
            failure = LedgerError(
                message: "ledger '\(path)': a claim could not be written (\(String(cString: sqlite3_errmsg(db)))); nothing was committed")
        }
    }

    /// Removes `key` inside the block's transaction (a refund mark lifted by REFUND_REVERSED),
    /// whichever run made it. It is final when the block commits, even in a run whose claims are
    /// provisional: a re-run of the same notification lifts it again.
    func release(_ key: String) {
        guard begin() else { return }
        sqlite3_reset(delete)
        bind(delete, 1, key)
        defer { sqlite3_reset(delete) }
        if sqlite3_step(delete) != SQLITE_DONE {
            failure = LedgerError(
                message: "ledger '\(path)': a mark could not be lifted (\(String(cString: sqlite3_errmsg(db)))); nothing was committed")
        }
    }

    /// Writes `row` inside the block's transaction, kept if signed later than the ledger's.
    func putEntitlement(_ row: EntitlementRow) {
        guard begin() else { return }
        sqlite3_reset(upsert)
        for (i, v) in EntitlementSQL.values(row).enumerated() {
            if v.kind == "t" {
                bind(upsert, Int32(i + 1), v.value)
            } else if let n = v.value.flatMap({ Int64($0) }) {
                sqlite3_bind_int64(upsert, Int32(i + 1), n)
            } else {
                sqlite3_bind_null(upsert, Int32(i + 1))
            }
        }
        defer { sqlite3_reset(upsert) }
        if sqlite3_step(upsert) != SQLITE_DONE {
            failure = LedgerError(
                message:
                    "ledger '\(path)': an entitlement could not be written (\(String(cString: sqlite3_errmsg(db)))); nothing was committed")
        }
    }

    func entitlements(_ query: EntitlementQuery) throws(LedgerError) -> [EntitlementRow] {
        var stmt: OpaquePointer?
        try prepare(EntitlementSQL.select("entitlements", jsonObject: "json_object"), &stmt)
        defer { sqlite3_finalize(stmt) }
        bind(stmt, 1, query.account)
        bind(stmt, 2, query.originalTransactionID)
        var out: [EntitlementRow] = []
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return out }
            guard rc == SQLITE_ROW else { throw error() }
            if let row = sqlite3_column_text(stmt, 0).flatMap({ EntitlementSQL.row(json: String(cString: $0)) }) { out.append(row) }
        }
    }

    /// Ends the block: its claims are committed, or (after a failure) none are and the error is thrown.
    func commit() throws(LedgerError) {
        guard inTransaction else { return }
        inTransaction = false
        if let failure {
            self.failure = nil
            sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            throw failure
        }
        try exec("COMMIT")
    }

    /// After the run's results are complete: its provisional claims become final (the run
    /// leaves `runs`).
    func finish() throws(LedgerError) {
        try commit()
        guard let run else { return }
        try transaction { () throws(LedgerError) in
            try exec("DELETE FROM runs WHERE id = \(Self.quoted(run.id))")
            // Another run took this one for gone and dropped its claims: its results must not stand.
            guard sqlite3_changes(db) == 1 else {
                throw LedgerError(message: "ledger '\(path)': this run's claims were dropped by another run; nothing was credited")
            }
        }
        finished = true
        run.end(ledger: path)
    }

    func claims() throws(LedgerError) -> [LedgerRow] {
        try rows("SELECT key, order_id, user_id, note, run IN (SELECT id FROM runs) FROM credits ORDER BY key").map {
            LedgerRow(key: $0[0] ?? "", owner: Owner(order: $0[1], user: $0[2], note: $0[3]), provisional: $0[4] == "1")
        }
    }

    func liveRuns() throws(LedgerError) -> Int {
        Int(try rows("SELECT count(*) FROM runs").first?[0] ?? "0") ?? 0
    }

    /// Starts the block's write transaction if needed; false (and the failure kept) if it cannot.
    private func begin() -> Bool {
        if failure != nil { return false }
        if inTransaction { return true }
        do {
            try exec("BEGIN IMMEDIATE")
            inTransaction = true
            return true
        } catch {
            failure = error
            inTransaction = true  // so that commit() reports it
            return false
        }
    }

    /// Drops a run that will never finish, and its claims (a scan of the ledger: this happens
    /// only after a run was killed or failed).
    private func drop(_ run: String) throws(LedgerError) {
        try exec("DELETE FROM credits WHERE run = \(Self.quoted(run))")
        try exec("DELETE FROM runs WHERE id = \(Self.quoted(run))")
    }

    private func transaction(_ body: () throws(LedgerError) -> Void) throws(LedgerError) {
        try exec("BEGIN IMMEDIATE")
        do { try body() } catch {
            sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            throw error
        }
        try exec("COMMIT")
    }

    /// Runs `body` again while the ledger is busy, for up to about 10 seconds in all (a busy
    /// statement itself may wait that long: then it is not tried again).
    private func retryingWhileBusy(_ body: () throws(LedgerError) -> Void) throws(LedgerError) {
        let deadline = Session.nowMillis() + 10_000
        while true {
            do { return try body() } catch  where error.kind == .busy && Session.nowMillis() < deadline { usleep(50_000) }
        }
    }

    private func rows(_ sql: String) throws(LedgerError) -> [[String?]] {
        var stmt: OpaquePointer?
        try prepare(sql, &stmt)
        defer { sqlite3_finalize(stmt) }
        var out: [[String?]] = []
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return out }
            guard rc == SQLITE_ROW else { throw error() }
            out.append((0..<sqlite3_column_count(stmt)).map { i in sqlite3_column_text(stmt, i).map { String(cString: $0) } })
        }
    }

    private func bind(_ stmt: OpaquePointer?, _ i: Int32, _ s: String?) {
        // A C string ends at a NUL: text is bound as the ledger keeps it (`LedgerText`).
        if let s { sqlite3_bind_text(stmt, i, LedgerText.stored(s), -1, SQLITE_TRANSIENT_) } else { sqlite3_bind_null(stmt, i) }
    }

    private func exec(_ sql: String) throws(LedgerError) {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw error() }
    }

    private func prepare(_ sql: String, _ stmt: inout OpaquePointer?) throws(LedgerError) {
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else { throw error() }
    }

    private func error() -> LedgerError {
        let code = sqlite3_errcode(db)
        let busy = code == SQLITE_BUSY || code == SQLITE_LOCKED
        return LedgerError(
            busy ? .busy : .failed,
            "ledger '\(path)': " + (busy ? "locked by another program for more than 10 seconds" : String(cString: sqlite3_errmsg(db))))
    }

    private static func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "''") + "'" }
}

/// SQLite's SQLITE_TRANSIENT, which Swift cannot import as a macro.
private let SQLITE_TRANSIENT_ = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
