import SiftCore

/// A ledger that cannot be opened or written.
package struct LedgerError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The ledger was locked by another connection past the wait.
    var busy = false
    /// The block lost a race with another run for a key (a server's ledger, whose blocks do not
    /// wait for each other): nothing of it was kept, and its records are settled again.
    package var lostRace = false
    /// A server's ledger refused a further connection (too many): what the store has goes on.
    package var noConnectionToSpare = false
    /// The ledger was named wrongly (a malformed URL, an unknown parameter): a usage error (exit
    /// code 2), not a failure of the ledger.
    package var usage = false
    public var description: String { message }

    package init(message: String) {
        self.message = message
    }

    init(message: String, busy: Bool) {
        self.message = message
        self.busy = busy
    }

    package init(usage message: String) {
        self.message = message
        self.usage = true
    }

    package init(message: String, lostRace: Bool) {
        self.message = message
        self.lostRace = lostRace
    }
}
