/// The claims ledger of a host's session (docs/LEDGER.md): where the claims that make a purchase
/// credited once are kept, across restarts and, in a database, across hosts. The host chooses it,
/// as the operator does with `sift run --ledger`; a rule file names at most a SQLite file beside
/// the rules, so no rule file carries a server's address or password.
///
///     // A SQLite file, for one machine:
///     let session = try RecordSession(pipeline: pipeline, ledger: .file("/var/lib/app/claims.sqlite"))
///     // One PostgreSQL database for every server (import SiftLedgerPostgres):
///     let shared = try RecordSession(
///         pipeline: pipeline, ledger: try .postgres("postgresql://app@db.internal/claims?sslmode=verify-full", password: secret))
public struct LedgerConfiguration: Sendable, CustomStringConvertible {
    /// The file, or the URL (which never holds a password).
    public let location: String
    /// What opens a ledger that is not a SQLite file, by URL scheme.
    package let opener: (scheme: String, open: LedgerOpener)?

    /// A SQLite ledger file: made on first use, shared by the runs and sessions of this machine
    /// that name it.
    public static func file(_ path: String) -> LedgerConfiguration { LedgerConfiguration(location: path, opener: nil) }

    /// A ledger a backend module opens (`SiftLedgerPostgres`): `url` with `scheme`.
    package init(url: String, scheme: String, opener: LedgerOpener) {
        self.init(location: url, opener: (scheme, opener))
    }

    private init(location: String, opener: (scheme: String, open: LedgerOpener)?) {
        self.location = location
        self.opener = opener
    }

    /// The location: a path or a URL, never a password.
    public var description: String { location }
}

extension RunEnvironment {
    /// The environment with `ledger` in place of every ledger the rules name.
    package mutating func use(_ ledger: LedgerConfiguration) {
        overrides["ledger"] = ledger.location
        if let opener = ledger.opener { ledgerOpeners[opener.scheme] = opener.open }
    }
}

/// Opens a ledger named by a URL (`postgresql://...`): given the URL and whether claims are
/// final when made, returns the store (the receipt family's `ClaimsStore`).
package struct LedgerOpener: Sendable {
    public let open: @Sendable (_ url: String, _ claimsAreFinal: Bool) throws -> AnyObject

    public init(_ open: @escaping @Sendable (_ url: String, _ claimsAreFinal: Bool) throws -> AnyObject) {
        self.open = open
    }
}
