/// Where the claims of replay detection are kept across runs: who holds each key
/// (`t:<transaction id>`, `o:<original transaction id>`, `n:<notificationUUID>`, `r:...` refund
/// marks). The settler (`ReplaySettler`) is its only user; it sees records one at a time, in
/// input order, and groups them in blocks (a host's record, or a batch of a run).
///
/// The contract every store keeps (docs/LEDGER.md; `ClaimsStoreContract` in the tests runs it
/// against each store):
///
/// 1. **Blocks are atomic and exclusive.** The first call of a block opens it; `commit()` ends
///    it. Between a block's `owner(of:)` of a key and its `record(_:_:)` of it, no other run on
///    any host can claim that key: racing runs are decided by the store, never in memory.
/// 2. **Nothing of a block that failed is kept.** A failure inside a block (I/O, a lost
///    connection) is kept and thrown by `commit()`, after which none of the block's claims or
///    releases is durable, so the caller writes none of its results.
/// 3. **Final or provisional.** Opened with `claimsAreFinal: true`, a committed claim is final.
///    Otherwise claims stay tied to this run until `finish()`; a run that never finishes
///    (killed, failed) leaves claims that the next opener drops once it can tell, from something
///    the operating system or server releases when the run dies, that the run is gone. A live
///    run's provisional claims count as claims for everyone else.
/// 4. **Owners and notes round-trip.** `owner(of:)` returns the order, user and note recorded.
protocol ClaimsStore: AnyObject {
    /// Who holds `key` in this block's view: a final claim, this run's, or a live run's
    /// provisional one. Nil when unclaimed, or after a failure (kept for `commit()`).
    func owner(of key: String) -> Owner?
    /// Claims `key` for `owner` in this block, after `owner(of:)` found none.
    func record(_ key: String, _ owner: Owner)
    /// Removes `key` in this block, whichever run made it (a refund mark lifted).
    func release(_ key: String)
    /// Ends the block: its claims and releases are durable, or none is and the error is thrown.
    func commit() throws(LedgerError)
    /// After the run's results are complete: this run's provisional claims become final.
    func finish() throws(LedgerError)
}

enum ClaimsStores {
    /// The store a ledger names: today a SQLite file.
    static func open(_ ledger: String, claimsAreFinal: Bool) throws(LedgerError) -> any ClaimsStore {
        try Ledger(path: ledger, claimsAreFinal: claimsAreFinal)
    }
}
