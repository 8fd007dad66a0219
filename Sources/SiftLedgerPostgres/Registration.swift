import SiftCore
import SiftReceipts

/// The PostgreSQL ledger backend: what opens `postgresql://` ledgers (docs/LEDGER.md).
package enum PostgresLedger {
    /// The opener for `RunEnvironment.ledgerOpeners["postgresql"]`; the password from
    /// `passwordFile`, `PGPASSWORD` or `.pgpass`.
    package static func opener(passwordFile: String?) -> LedgerOpener {
        LedgerOpener { url, claimsAreFinal in
            let parsed = try PostgresLedgerURL(url)
            return try PostgresClaimsStore(parsed, password: try parsed.password(file: passwordFile), claimsAreFinal: claimsAreFinal)
        }
    }

    /// Creates the ledger's tables at `url` (`sift ledger init`); returns whether they were made now.
    package static func initialize(_ url: String, passwordFile: String?) throws -> Bool {
        let parsed = try PostgresLedgerURL(url)
        let db = try PostgresSession(parsed, password: try parsed.password(file: passwordFile))
        defer { db.close() }
        return try PostgresSchema.create(db)
    }
}
