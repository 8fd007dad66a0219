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

    /// Creates the ledger's tables at `url`, or upgrades them in place (`sift ledger init`);
    /// returns what it did, in the words `sift ledger init` prints after the URL.
    package static func initialize(_ url: String, passwordFile: String?) throws -> String {
        let parsed = try PostgresLedgerURL(url)
        let db = try PostgresSession(parsed, password: try parsed.password(file: passwordFile))
        defer { db.close() }
        switch try PostgresSchema.create(db) {
        case .created: return "created"
        case .upgraded(let done): return "upgraded in place (\(done.map(\.words).joined(separator: "; ")))"
        case .current: return "is set up already"
        }
    }
}

extension LedgerConfiguration {
    /// A ledger in a PostgreSQL database, shared by every host and run that names it
    /// (docs/LEDGER.md): `postgresql://USER@HOST:PORT/DB?sslmode=disable|require|verify-full`, or
    /// a Unix socket with `?host=/run/postgresql`. The password is `password`, else
    /// `PGPASSWORD`, else the matching `.pgpass` line; never in the URL. The database's tables
    /// are made once, by `sift ledger init --ledger URL`.
    ///
    /// Throws, in one plain line naming the host and the database, for a URL it cannot use or a
    /// password file it cannot read; the server is reached when a session opens the ledger.
    public static func postgres(_ url: String, password: String? = nil) throws -> LedgerConfiguration {
        let parsed = try PostgresLedgerURL(url)
        let secret = try password ?? parsed.password(file: nil)
        return LedgerConfiguration(
            url: url, scheme: "postgresql",
            opener: LedgerOpener { url, claimsAreFinal in
                try PostgresClaimsStore(try PostgresLedgerURL(url), password: secret, claimsAreFinal: claimsAreFinal)
            })
    }
}
