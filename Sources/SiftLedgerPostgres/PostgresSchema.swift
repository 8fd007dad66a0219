import PostgresNIO
import SiftReceipts

/// The ledger's tables, versioned: `sift_ledger` holds the version, `sift_claims` the claims
/// (as the SQLite file's `credits`), `sift_runs` the runs whose claims are provisional and the
/// advisory lock each holds. Created by `sift ledger init`, never by a run: a run against a
/// database without them stops with a plain message.
enum PostgresSchema {
    /// The version this Sift writes and reads.
    static let version: Int32 = 1

    /// The version in the database must be this one (older ones are migrated in place).
    static func check(_ db: PostgresSession) throws(LedgerError) {
        let exists = try db.rows("SELECT to_regclass('sift_ledger') IS NOT NULL", as: Bool.self).first == true
        guard exists, let found = try db.rows("SELECT version FROM sift_ledger", as: Int32.self).first else {
            throw LedgerError(
                message: "ledger \(db.url.shown): the database has no Sift ledger; create it with: sift ledger init --ledger URL")
        }
        if found > version {
            throw LedgerError(
                message: "ledger \(db.url.shown): its schema is version \(found), made by a newer Sift (this one reads \(version))")
        }
    }

    /// Creates the tables (or finds them), under the lock every block takes; returns whether
    /// they were made now.
    @discardableResult
    static func create(_ db: PostgresSession) throws(LedgerError) -> Bool {
        var made = false
        try db.transaction { () throws(LedgerError) in
            try db.execute("SELECT pg_advisory_xact_lock(\(PostgresClaimsStore.blockLock))")
            let exists = try db.rows("SELECT to_regclass('sift_ledger') IS NOT NULL", as: Bool.self).first == true
            if exists {
                let found = try db.rows("SELECT version FROM sift_ledger", as: Int32.self).first ?? 0
                guard found <= version else { try check(db); return }
                return
            }
            for statement in [
                "CREATE TABLE sift_ledger (version INTEGER NOT NULL)",
                // key: t:, o:, n:, r: (docs/LEDGER.md); run: the run that made it, while provisional;
                // note: a refund mark's '<signedMs> <transaction id>'.
                "CREATE TABLE sift_claims (key TEXT PRIMARY KEY, order_id TEXT, user_id TEXT, run TEXT, note TEXT)",
                "CREATE INDEX sift_claims_run ON sift_claims (run) WHERE run IS NOT NULL",
                "CREATE TABLE sift_runs (id TEXT PRIMARY KEY, lock BIGINT NOT NULL)",
            ] as [PostgresQuery] {
                try db.execute(statement)
            }
            try db.execute("INSERT INTO sift_ledger (version) VALUES (\(version))")
            made = true
        }
        return made
    }
}
