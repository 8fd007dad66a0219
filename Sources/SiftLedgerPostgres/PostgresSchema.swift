import PostgresNIO
import SiftReceipts

/// The ledger's tables, versioned: `sift_ledger` holds the version, `sift_claims` the claims
/// (as the SQLite file's `credits`), `sift_runs` the runs whose claims are provisional and the
/// advisory lock each holds. Created by `sift ledger init`, never by a run: a run against a
/// database without them stops with a plain message.
///
/// Claim keys are compared byte by byte (`COLLATE "C"`). Ledgers made before that compare them
/// by the database's collation, which made every look-up and insert of the key index call the
/// C library's `strcoll`; the same keys are equal either way (a deterministic collation's
/// equality is the bytes'), so the version stays 1 and every Sift reads both. `sift ledger
/// init` changes such a ledger's key column in place.
///
/// A gone run's claims are found by their `run` through a BRIN index (`sift_claims_run_range`):
/// it keeps the least and greatest run of each range of table blocks, not an entry per claim.
/// Run ids grow with time (`PostgresClaimsStore.newRunID`) and a run's claims are written
/// together, so its claims lie in few ranges. Ledgers made before kept a B-tree entry per
/// provisional claim (`sift_claims_run`), every one with the same run: nearly half of the work
/// of inserting a run's claims. The same statements use either index, so the version stays 1;
/// `sift ledger init` replaces the B-tree.
enum PostgresSchema {
    /// The version this Sift writes and reads.
    static let version: Int32 = 1

    /// What `sift ledger init` did.
    enum Outcome: Equatable {
        case created
        /// What was brought up to date, in the order done.
        case upgraded([Upgrade])
        case current
    }

    /// A change `sift ledger init` makes to a ledger an older Sift made.
    enum Upgrade: Equatable {
        case keysMadeByteWise
        case runIndexMadeRanged
        case entitlementsAdded

        /// As `sift ledger init` says it, in brackets after "upgraded in place".
        var words: String {
            switch self {
            case .keysMadeByteWise: return "claim keys now compared byte by byte"
            case .runIndexMadeRanged: return "a run's claims now found through a block-range index"
            case .entitlementsAdded: return "each subscription's entitlement now kept"
            }
        }
    }

    /// The index that finds a run's claims, as this Sift makes it.
    static let runIndex: PostgresQuery =
        "CREATE INDEX sift_claims_run_range ON sift_claims USING brin (run) WITH (autosummarize = on)"

    /// The version in the database must be this one, with every table a run writes (`forRuns`:
    /// `sift ledger init` checks the version only, before it adds what is missing).
    static func check(_ db: PostgresSession, forRuns: Bool = true) throws(LedgerError) {
        let exists = try db.rows("SELECT to_regclass('sift_ledger') IS NOT NULL", as: Bool.self).first == true
        guard exists, let found = try db.rows("SELECT version FROM sift_ledger", as: Int32.self).first else {
            throw LedgerError(
                message: "ledger \(db.url.shown): the database has no Sift ledger; create it with: sift ledger init --ledger URL")
        }
        if forRuns, found == version, !(try hasEntitlements(db)) {
            throw LedgerError(
                message: "ledger \(db.url.shown): made by an older Sift, it keeps no entitlements; bring it up to date with: "
                    + "sift ledger init --ledger URL")
        }
        if found > version {
            throw LedgerError(
                message: "ledger \(db.url.shown): its schema is version \(found), made by a newer Sift (this one reads \(version))")
        }
    }

    /// Creates the tables, or brings older ones up to date in place, under the lock every block
    /// takes (a run's blocks wait for it).
    static func create(_ db: PostgresSession) throws(LedgerError) -> Outcome {
        var outcome = Outcome.current
        try db.transaction { () throws(LedgerError) in
            try db.execute("SELECT pg_advisory_xact_lock(\(PostgresClaimsStore.blockLock))")
            let exists = try db.rows("SELECT to_regclass('sift_ledger') IS NOT NULL", as: Bool.self).first == true
            if exists {
                try check(db, forRuns: false)
                var done: [Upgrade] = []
                if try keysFollowACollation(db) {
                    // Rebuilds the primary key's index with byte-wise comparisons; the rows stay.
                    try db.execute(#"ALTER TABLE sift_claims ALTER COLUMN key TYPE TEXT COLLATE "C""#)
                    done.append(.keysMadeByteWise)
                }
                let ranged = try db.rows("SELECT to_regclass('sift_claims_run_range') IS NOT NULL", as: Bool.self).first == true
                let perClaim = try db.rows("SELECT to_regclass('sift_claims_run') IS NOT NULL", as: Bool.self).first == true
                if !ranged || perClaim {
                    if !ranged { try db.execute(runIndex) }
                    try db.execute("DROP INDEX IF EXISTS sift_claims_run")
                    done.append(.runIndexMadeRanged)
                }
                if !(try hasEntitlements(db)) {
                    for statement in EntitlementSQL.create("sift_entitlements", ifMissing: false, byteWise: true) {
                        try db.execute(PostgresQuery(unsafeSQL: statement))
                    }
                    done.append(.entitlementsAdded)
                }
                if !done.isEmpty { outcome = .upgraded(done) }
                return
            }
            for statement in [
                "CREATE TABLE sift_ledger (version INTEGER NOT NULL)",
                // key: t:, o:, n:, r: (docs/LEDGER.md); run: the run that made it, while provisional;
                // note: a refund mark's '<signedMs> <transaction id>'.
                #"CREATE TABLE sift_claims (key TEXT COLLATE "C" PRIMARY KEY, order_id TEXT, user_id TEXT, run TEXT, note TEXT)"#,
                runIndex,
                "CREATE TABLE sift_runs (id TEXT PRIMARY KEY, lock BIGINT NOT NULL)",
            ] as [PostgresQuery] {
                try db.execute(statement)
            }
            for statement in EntitlementSQL.create("sift_entitlements", ifMissing: false, byteWise: true) {
                try db.execute(PostgresQuery(unsafeSQL: statement))
            }
            try db.execute("INSERT INTO sift_ledger (version) VALUES (\(version))")
            outcome = .created
        }
        return outcome
    }

    /// True when the ledger has the entitlements table (`sift ledger init` adds it to older ones).
    static func hasEntitlements(_ db: PostgresSession) throws(LedgerError) -> Bool {
        try db.rows("SELECT to_regclass('sift_entitlements') IS NOT NULL", as: Bool.self).first == true
    }

    /// True when the claims' keys are compared by a collation other than "C" (a ledger made
    /// before keys were compared byte by byte).
    private static func keysFollowACollation(_ db: PostgresSession) throws(LedgerError) -> Bool {
        let collation = try db.rows(
            """
            SELECT coalesce(c.collname, '') FROM pg_attribute a LEFT JOIN pg_collation c ON c.oid = a.attcollation
            WHERE a.attrelid = 'sift_claims'::regclass AND a.attname = 'key'
            """, as: String.self
        ).first
        return collation != "C"
    }
}
