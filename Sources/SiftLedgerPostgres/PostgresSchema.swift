import PostgresNIO
import SiftReceipts

/// The ledger's tables, versioned: `sift_ledger` holds the version, `sift_claims` the claims
/// (as the SQLite file's `credits`), `sift_runs` the runs whose claims are provisional and the
/// advisory lock each holds. Created by `sift ledger init`, never by a run: a run against a
/// database without them stops with a plain message.
///
/// Versions: 1, the first; 2, keys compared byte by byte (`COLLATE "C"`) instead of by the
/// database's collation, which made every look-up and insert of the index call the C library's
/// `strcoll` (the same keys are equal either way: a deterministic collation's equality is the
/// bytes'). A run reads either; `sift ledger init` upgrades a version 1 ledger in place.
enum PostgresSchema {
    /// The version this Sift writes; it reads every version up to this one.
    static let version: Int32 = 2

    /// What `sift ledger init` did.
    enum Outcome: Equatable {
        case created
        case upgraded(from: Int32)
        case current
    }

    /// The version in the database must be one this Sift reads.
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

    /// Creates the tables, or upgrades older ones in place, under the lock every block takes (a
    /// run's blocks wait for it).
    static func create(_ db: PostgresSession) throws(LedgerError) -> Outcome {
        var outcome = Outcome.current
        try db.transaction { () throws(LedgerError) in
            try db.execute("SELECT pg_advisory_xact_lock(\(PostgresClaimsStore.blockLock))")
            let exists = try db.rows("SELECT to_regclass('sift_ledger') IS NOT NULL", as: Bool.self).first == true
            if exists {
                let found = try db.rows("SELECT version FROM sift_ledger", as: Int32.self).first ?? 0
                guard found <= version else { try check(db); return }
                if found < version {
                    try upgrade(db, from: found)
                    outcome = .upgraded(from: found)
                }
                return
            }
            for statement in [
                "CREATE TABLE sift_ledger (version INTEGER NOT NULL)",
                // key: t:, o:, n:, r: (docs/LEDGER.md); run: the run that made it, while provisional;
                // note: a refund mark's '<signedMs> <transaction id>'.
                #"CREATE TABLE sift_claims (key TEXT COLLATE "C" PRIMARY KEY, order_id TEXT, user_id TEXT, run TEXT, note TEXT)"#,
                "CREATE INDEX sift_claims_run ON sift_claims (run) WHERE run IS NOT NULL",
                "CREATE TABLE sift_runs (id TEXT PRIMARY KEY, lock BIGINT NOT NULL)",
            ] as [PostgresQuery] {
                try db.execute(statement)
            }
            try db.execute("INSERT INTO sift_ledger (version) VALUES (\(version))")
            outcome = .created
        }
        return outcome
    }

    /// From `found` to this version, in the caller's transaction: all or nothing.
    private static func upgrade(_ db: PostgresSession, from found: Int32) throws(LedgerError) {
        if found < 2 {
            // Rebuilds the primary key's index with byte-wise comparisons.
            try db.execute(#"ALTER TABLE sift_claims ALTER COLUMN key TYPE TEXT COLLATE "C""#)
        }
        try db.execute("UPDATE sift_ledger SET version = \(version)")
    }
}
