internal import CSQLite
import SiftCore

/// A durable record of credited transactions, in SQLite.
///
/// Reads see what is committed. A run's new claims are kept in memory and written in one
/// short write transaction at each checkpoint and when the run finishes, so several
/// processes (or hosts on a shared filesystem) can use one ledger: a writer waits up to
/// 10 seconds for another's short transaction. A run that is killed commits nothing since
/// its last checkpoint, so a re-run gives the same verdicts. WAL mode and full sync make
/// each commit crash-safe.
final class Ledger {
    private var db: OpaquePointer?
    private var select: OpaquePointer?
    private var insert: OpaquePointer?
    let path: String
    /// Claims made since the last commit, in order.
    private var pending: [(key: String, owner: Owner)] = []

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
        try exec(
            """
            CREATE TABLE IF NOT EXISTS credits (
              key TEXT PRIMARY KEY,      -- 't:<transaction_id>' or 'o:<original_transaction_id>'
              order_id TEXT,
              user_id TEXT
            ) WITHOUT ROWID
            """)
        try prepare("SELECT order_id, user_id FROM credits WHERE key = ?1", &select)
        try prepare("INSERT OR IGNORE INTO credits (key, order_id, user_id) VALUES (?1, ?2, ?3)", &insert)
    }

    deinit {
        // Claims not committed are dropped: a run that did not finish leaves the ledger as it was.
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

    /// Keeps a claim for the next commit.
    func record(_ key: String, _ owner: Owner) {
        pending.append((key, owner))
    }

    /// Writes the claims made since the last commit in one short transaction.
    func commit() throws(LedgerError) {
        guard !pending.isEmpty else { return }
        try exec("BEGIN IMMEDIATE")
        for (key, owner) in pending {
            sqlite3_reset(insert)
            sqlite3_bind_text(insert, 1, key, -1, SQLITE_TRANSIENT_)
            bind(insert, 2, owner.order)
            bind(insert, 3, owner.user)
            guard sqlite3_step(insert) == SQLITE_DONE else {
                let message = String(cString: sqlite3_errmsg(db))
                sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
                throw LedgerError(message: "ledger '\(path)': a claim could not be written (\(message)); nothing was committed")
            }
        }
        try exec("COMMIT")
        pending.removeAll()
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
package struct LedgerError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
