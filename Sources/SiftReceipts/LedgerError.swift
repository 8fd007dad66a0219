import SiftCore

/// A ledger that cannot be opened or written: what kind of failure it is (a caller switches on
/// `kind`), and the sentence a person reads.
package struct LedgerError: Error, Sendable, CustomStringConvertible {
    /// The kinds of ledger failure; each says what a caller may do about it.
    package struct Kind: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable { case failed, busy, lostRace, noConnectionToSpare, usage }
        let base: Base
        private init(_ base: Base) { self.base = base }

        /// The ledger could not be read or written: the run stops (exit code 3).
        package static let failed = Kind(.failed)
        /// The ledger was locked by another connection past the wait: tried again until the deadline.
        package static let busy = Kind(.busy)
        /// The block lost a race with another run for a key (a server's ledger, whose blocks do
        /// not wait for each other): nothing of it was kept, and its records are settled again.
        package static let lostRace = Kind(.lostRace)
        /// A server's ledger refused a further connection (too many): what the store has goes on.
        package static let noConnectionToSpare = Kind(.noConnectionToSpare)
        /// The ledger was named wrongly (a malformed URL, an unknown parameter): a usage error
        /// (exit code 2), not a failure of the ledger.
        package static let usage = Kind(.usage)

        package var description: String { base.rawValue }
    }

    package var kind: Kind
    public var message: String
    public var description: String { message }

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A ledger that could not be read or written (`.failed`).
    package init(message: String) { self.init(.failed, message) }

    /// A ledger named wrongly (`.usage`).
    package init(usage message: String) { self.init(.usage, message) }
}
