/// Keys claimed once across runs, processes and hosts (`unique_across_runs`), kept in the run's
/// ledger beside the receipts' claims, with its exactly-once guarantees (docs/LEDGER.md). The
/// receipts family provides it (`PluginRegistry.keyClaims`); the core only asks.
package protocol KeyClaims: AnyObject {
    /// Claims the key made of `prefix` and a digest of `value` (canonical JSON bytes) for the
    /// record at `place` (`RecordPosition.note`); when it was claimed before, by this run or
    /// another, returns that claim's place and whether this run made it, and claims nothing.
    func claim(prefix: String, value: [UInt8], place: String) -> (place: String, thisRun: Bool)?
    /// A hint that the next records will claim these keys: fetch them at once.
    func prefetch(prefix: String, values: [[UInt8]])
    /// Ends the block of claims made since the last call and starts making it durable
    /// (`Settler.send`).
    func send() throws
    /// Waits until the block sent last is durable (`Settler.confirm`), or throws.
    func confirm() throws
    /// After the run's results are complete.
    func finish() throws
}

/// Why a run cannot start (a rule that needs a ledger the run was not given).
package struct RunSetupError: Error, Sendable, CustomStringConvertible {
    package let description: String
    package init(_ message: String) { description = message }
}

/// Opens the key claims of a run's ledger: nil when the run has no ledger (`--ledger`).
package typealias KeyClaimsOpener = @Sendable (RunEnvironment) throws -> (any KeyClaims)?
