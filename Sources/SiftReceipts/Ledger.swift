internal import CSQLite
import SiftCore

/// A durable record of credited transactions, in SQLite.
///
/// A run works inside one write transaction that commits when the run finishes. A run
/// that is killed commits nothing, so the ledger stays as it was and a re-run gives the
/// same verdicts. WAL mode and full sync make the commit itself crash-safe. A second run
/// on the same ledger waits up to 10 seconds for the first, then fails.
final class Ledger {
    private var db: OpaquePointer?
    private var select: OpaquePointer?
    private var insert: OpaquePointer?
    let path: String
    /// The first write that failed; the run then fails at commit instead of losing a claim.
    private var writeError: String?

    init(path: String) throws(LedgerError) {
        self.path = path
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db)
            throw LedgerError(message: "cannot open ledger '\(path)': \(message)")
        }
        sqlite3_busy_timeout(db, 10_000)
        try exec("PRAGMA journal_mode=WAL")
        try exec("PRAGMA synchronous=FULL")
        try exec("""
            CREATE TABLE IF NOT EXISTS credits (
              key TEXT PRIMARY KEY,      -- 't:<transaction_id>' or 'o:<original_transaction_id>'
              order_id TEXT,
              user_id TEXT
            ) WITHOUT ROWID
            """)
        try prepare("SELECT order_id, user_id FROM credits WHERE key = ?1", &select)
        try prepare("INSERT OR IGNORE INTO credits (key, order_id, user_id) VALUES (?1, ?2, ?3)", &insert)
        try exec("BEGIN IMMEDIATE")
    }

    deinit {
        // Not committed: a run that did not finish leaves the ledger as it was.
        if let db, sqlite3_get_autocommit(db) == 0 { sqlite3_exec(db, "ROLLBACK", nil, nil, nil) }
        sqlite3_finalize(select)
        sqlite3_finalize(insert)
        sqlite3_close(db)
    }

    func owner(of key: String) -> Owner? {
        sqlite3_reset(select)
        sqlite3_bind_text(select, 1, key, -1, SQLITE_TRANSIENT_)
        guard sqlite3_step(select) == SQLITE_ROW else { return nil }
        func col(_ i: Int32) -> String? { sqlite3_column_text(select, i).map { String(cString: $0) } }
        return Owner(order: col(0), user: col(1))
    }

    func record(_ key: String, _ owner: Owner) {
        sqlite3_reset(insert)
        sqlite3_bind_text(insert, 1, key, -1, SQLITE_TRANSIENT_)
        bind(insert, 2, owner.order)
        bind(insert, 3, owner.user)
        if sqlite3_step(insert) != SQLITE_DONE, writeError == nil {
            writeError = String(cString: sqlite3_errmsg(db))
        }
    }

    /// Commits the run's claims; with `reopen`, starts the next write transaction.
    func commit(reopen: Bool) throws(LedgerError) {
        guard let db, sqlite3_get_autocommit(db) == 0 else { return }
        if let writeError { throw LedgerError(message: "ledger '\(path)': a claim could not be written (\(writeError)); nothing was committed") }
        try exec("COMMIT")
        if reopen { try exec("BEGIN IMMEDIATE") }
    }

    private func bind(_ stmt: OpaquePointer?, _ i: Int32, _ s: String?) {
        if let s { sqlite3_bind_text(stmt, i, s, -1, SQLITE_TRANSIENT_) } else { sqlite3_bind_null(stmt, i) }
    }

    private func exec(_ sql: String) throws(LedgerError) {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw LedgerError(message: "ledger '\(path)': \(String(cString: sqlite3_errmsg(db)))")
        }
    }

    private func prepare(_ sql: String, _ stmt: inout OpaquePointer?) throws(LedgerError) {
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else {
            throw LedgerError(message: "ledger '\(path)': \(String(cString: sqlite3_errmsg(db)))")
        }
    }
}

/// SQLite's SQLITE_TRANSIENT, which Swift cannot import as a macro.
private let SQLITE_TRANSIENT_ = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A ledger that cannot be opened or written.
public struct LedgerError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
