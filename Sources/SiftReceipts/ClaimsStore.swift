import Foundation
import SiftCore
import SiftJSON

/// Where the claims of replay detection are kept across runs: who holds each key
/// (`t:<transaction id>`, `o:<original transaction id>`, `n:<notificationUUID>`, `r:...` refund
/// marks). The settler (`ReplaySettler`) is its only user; it sees records one at a time, in
/// input order, and groups them in blocks (a host's record, or a batch of a run).
///
/// The contract every store keeps (docs/LEDGER.md; `ClaimsStoreContract` in the tests runs it
/// against each store):
///
/// 1. **Blocks are atomic; racing blocks are decided by the store, never in memory.** The first
///    call of a block opens it; `commit()` ends it. A store whose blocks wait for each other (the
///    SQLite file) lets no other run claim a key between a block's `owner(of:)` and its
///    `record(_:_:)`. A store whose blocks go on side by side (PostgreSQL) finds at `commit()`
///    that another run claimed one of the block's keys first: it keeps nothing of the block and
///    throws a `LedgerError` of kind `.lostRace`; the caller settles the block's records
///    again, and the store's next block waits for every other and cannot lose. A block asked to
///    be alone (`blockAlone()`) never goes on beside another.
/// 2. **Nothing of a block that failed is kept.** A failure inside a block (I/O, a lost
///    connection) is kept and thrown by `commit()`, after which none of the block's claims or
///    releases is durable, so the caller writes none of its results.
/// 3. **Final or provisional.** Opened with `claimsAreFinal: true`, a committed claim is final.
///    Otherwise claims stay tied to this run until `finish()`; a run that never finishes
///    (killed, failed) leaves claims that the next opener drops once it can tell, from something
///    the operating system or server releases when the run dies, that the run is gone. A live
///    run's provisional claims count as claims for everyone else.
/// 4. **Owners and notes round-trip.** `owner(of:)` returns the order, user and note recorded.
/// 5. **A block sent is seen by the next.** `send()` ends the block like `commit()`, but a store
///    may return before the block is durable (PostgreSQL); `confirm()` waits until it is, or
///    throws what `commit()` would have, and then the block opened since is dropped as well (its
///    records were settled seeing the sent block's claims). Until then, the next block sees the
///    sent block's claims and releases as its own. `commit()` is `send()` then `confirm()`.
package protocol ClaimsStore: AnyObject {
    /// Who holds `key` in this block's view: a final claim, this run's, or a live run's
    /// provisional one. Nil when unclaimed, or after a failure (kept for `commit()`).
    func owner(of key: String) -> Owner?
    /// A hint that the block is about to ask for `keys`: a store may fetch them at once (one
    /// round trip to a server). It opens the block like a look-up.
    func prefetch(_ keys: [String])
    /// The block about to open (or open) waits for every other run's, and none goes on beside
    /// it: for blocks whose writes depend on keys they do not write (refund marks and their lifts).
    func blockAlone()
    /// Claims `key` for `owner` in this block, after `owner(of:)` found none.
    func record(_ key: String, _ owner: Owner)
    /// Removes `key` in this block, whichever run made it (a refund mark lifted).
    func release(_ key: String)
    /// Gives `key`, held by `prior` without an owner (a notification's claim), to `owner` in this
    /// block: as `release` then `record`, except that a store whose blocks go on side by side
    /// (PostgreSQL) removes the claim only while it is still as `prior` left it, so that a run
    /// that bound it first since wins and this block loses the race (it is settled again).
    func rebind(_ key: String, from prior: Owner, to owner: Owner)
    /// Ends the block: its claims and releases are durable, or none is and the error is thrown.
    func commit() throws(LedgerError)
    /// Ends the block and starts making it durable, after the block sent before it is: a store
    /// may return before the server answers. Throws, keeping nothing of it, when it cannot.
    func send() throws(LedgerError)
    /// Waits until the block sent last is durable; throws as `commit()` does when it is not,
    /// and then drops the block opened since.
    func confirm() throws(LedgerError)
    /// A hint for the block after the open one: the keys it will ask for, and whether it must be
    /// alone. A store may open it and look them up while the open one is settled: then it says
    /// so, and the caller need not ask for them again (`prefetch`) when that block opens.
    func prefetchNext(_ keys: [String], alone: Bool) -> Bool
    /// After the run's results are complete: this run's provisional claims become final.
    func finish() throws(LedgerError)
    /// Every claim, in key order, for `sift ledger status` and `export` (outside any block).
    func claims() throws(LedgerError) -> [LedgerRow]
    /// How many runs hold provisional claims now (each live: gone ones were dropped on opening).
    func liveRuns() throws(LedgerError) -> Int
    /// Writes an entitlement in this block (`EntitlementRow`): kept when it ranks above the one the
    /// ledger has for its original transaction (`EntitlementRow.rank`); the buyer's ids filled in
    /// when missing. A block not kept writes none.
    func putEntitlement(_ row: EntitlementRow)
    /// The entitlements `query` asks for, in original transaction order (outside any block).
    func entitlements(_ query: EntitlementQuery) throws(LedgerError) -> [EntitlementRow]
}

/// Text as every ledger keeps it: neither SQLite's C strings nor PostgreSQL's TEXT hold a NUL,
/// so one (from a record's transaction, order or user id) is kept as U+FFFD, the same on every
/// look-up, claim and comparison. Text without a NUL is returned as it is.
package enum LedgerText {
    package static func stored(_ s: String) -> String {
        let hasNul = s.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? s.utf8.contains(0)
        return hasNul ? s.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : s
    }

    /// `owner` as a ledger gives it back.
    package static func stored(_ owner: Owner) -> Owner {
        Owner(order: owner.order.map(stored), user: owner.user.map(stored), note: owner.note.map(stored))
    }
}

/// One claim as `sift ledger export` writes it.
package struct LedgerRow: Sendable, Equatable {
    package let key: String
    package let owner: Owner
    /// True while the run that made it is live (its results not yet written).
    package let provisional: Bool

    package init(key: String, owner: Owner, provisional: Bool) {
        self.key = key
        self.owner = owner
        self.provisional = provisional
    }

    /// True for a purchase's claim (`t:`, `o:`) made without an owner: a notification with no
    /// `appAccountToken`. The first arrival with an owner binds it.
    package var unbound: Bool {
        (key.hasPrefix("t:") || key.hasPrefix("o:")) && owner.order == nil && owner.user == nil && Buyer(owner).account == nil
    }

    /// `{"key":...,"order_id":...,"user_id":...,"note":...,"provisional":false}`, and
    /// `"unbound":true` for a purchase claimed without an owner.
    package var json: String {
        var w = JSONWriter()
        w.beginObject()
        w.field("key", key)
        if let o = owner.order { w.field("order_id", o) }
        if let u = owner.user { w.field("user_id", u) }
        if let n = owner.note { w.field("note", n) }
        if unbound { w.field("unbound", true) }
        w.field("provisional", provisional)
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }
}

extension ClaimsStore {
    package func prefetch(_ keys: [String]) {}
    package func prefetchNext(_ keys: [String], alone: Bool) -> Bool { false }
    /// A store that commits only while the caller waits: sending is committing.
    package func send() throws(LedgerError) { try commit() }
    package func confirm() throws(LedgerError) {}
    /// A store whose blocks always wait for each other has nothing to do.
    package func blockAlone() {}
    /// A store whose blocks take turns (no other run writes between the look-up and this) releases
    /// and claims again.
    package func rebind(_ key: String, from prior: Owner, to owner: Owner) {
        release(key)
        record(key, owner)
    }
}

package enum ClaimsStores {
    /// Creates a SQLite ledger file (or finds it), as a run would; `sift ledger init`.
    package static func initializeFile(_ path: String) throws(LedgerError) {
        let store = try Ledger(path: path, claimsAreFinal: true)
        try store.commit()
    }

    /// Opens an existing ledger to read it (`sift ledger status`, `export`): a file that does not
    /// exist is an error, not a new ledger.
    package static func openToRead(_ ledger: String, _ environment: RunEnvironment) throws -> any ClaimsStore {
        try LedgerURL.refuseMistyped(ledger)
        if LedgerURL.scheme(of: ledger) == nil, !FileManager.default.fileExists(atPath: ledger) {
            throw LedgerError(message: "ledger '\(ledger)': no such file")
        }
        return try open(ledger, environment)
    }

    /// The store a ledger names: a URL whose scheme has an opener in the environment
    /// (`postgresql://...`), otherwise a SQLite file.
    package static func open(_ ledger: String, _ environment: RunEnvironment) throws -> any ClaimsStore {
        try LedgerURL.refuseMistyped(ledger)
        guard let scheme = LedgerURL.scheme(of: ledger) else {
            return try Ledger(path: ledger, claimsAreFinal: environment.claimsAreFinal)
        }
        guard let opener = environment.ledgerOpeners[scheme] else {
            throw LedgerError(message: "ledger \(LedgerURL.shown(ledger)): this program cannot open \(scheme) ledgers")
        }
        guard let store = try opener.open(ledger, environment.claimsAreFinal) as? any ClaimsStore else {
            throw LedgerError(message: "ledger \(LedgerURL.shown(ledger)): the \(scheme) backend gave no claims store")
        }
        return store
    }
}

/// Ledgers named by a URL rather than a file.
package enum LedgerURL {
    /// `postgresql` of `postgresql://...` (and `postgres://`); nil for a file path.
    package static func scheme(of ledger: String) -> String? {
        guard let r = ledger.range(of: "://") else { return nil }
        let scheme = ledger[..<r.lowerBound].lowercased()
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" }) else { return nil }
        return scheme == "postgres" ? "postgresql" : scheme
    }

    /// Refuses `postgresql:/host/db` (one slash): a mistyped URL, not a SQLite file to create.
    package static func refuseMistyped(_ ledger: String) throws(LedgerError) {
        guard scheme(of: ledger) == nil, let colon = ledger.firstIndex(of: ":"),
            ["postgresql", "postgres"].contains(ledger[..<colon].lowercased())
        else { return }
        throw LedgerError(usage: "ledger '\(shown(ledger))': not a URL; write postgresql://HOST/DATABASE (two slashes)")
    }

    /// The URL as messages may show it: never a password (`user:secret@` loses `:secret`, even
    /// a secret with an `@` in it; a `password=` parameter is left out).
    package static func shown(_ ledger: String) -> String {
        var text = ledger
        if let q = text.firstIndex(of: "?") {
            let kept = text[text.index(after: q)...].split(separator: "&").filter { !$0.lowercased().hasPrefix("password=") }
            text = String(text[..<q]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        }
        guard let r = text.range(of: "://") else { return text }
        let authorityEnd = text[r.upperBound...].firstIndex { $0 == "/" || $0 == "?" } ?? text.endIndex
        guard let at = text[r.upperBound..<authorityEnd].lastIndex(of: "@") else { return text }
        let userinfo = text[r.upperBound..<at]
        guard let colon = userinfo.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + String(text[at...])
    }
}

/// A rule file's `ledger:`: only a SQLite file inside the rules folder. A database is chosen by
/// the operator (`--ledger`, `SIFT_LEDGER`), so no rule file carries a server's address.
package enum RuleFileLedger {
    package static func resolve(_ options: PluginOptions, _ context: inout BuildContext) -> String? {
        guard let ledger = options.string("ledger") else { return nil }
        if LedgerURL.scheme(of: ledger) != nil {
            context.error(
                ReceiptsMessages.ruleFileNamesOnlySqlite(),
                at: options.mark("ledger"))
            return nil
        }
        if context.overrides["ledger"] != nil { return ledger }
        return context.pathInsideRules(ledger, option: .ledger, flag: "--ledger", at: options.mark("ledger"))
    }
}
