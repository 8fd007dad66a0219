import Foundation
import SiftTesting
import Testing

@testable import SiftCore
@testable import SiftReceipts
import SiftConfig
@_spi(Batch) @testable import SiftJSON

/// The contract of `ClaimsStore` (its doc comment, docs/LEDGER.md), run against every store.
/// `open` opens a new connection to one and the same ledger each time it is called.
struct ClaimsStoreContract {
    let open: (_ claimsAreFinal: Bool) throws -> any ClaimsStore

    let alice = Owner(order: "o-1", user: "u-1")
    let bob = Owner(order: "o-2", user: "u-2")

    /// Every clause, in order.
    func runAll() throws {
        try claimsAreSeenInTheirBlockAndByOthersOnceCommitted()
        try aReleaseRemovesAClaimAndNotesRoundTrip()
        try provisionalClaimsCountWhileTheirRunLivesAndGoWithIt()
        try finishedClaimsStay()
        try aFailedBlockKeepsNothing()
        try aRunFindsItsOwnClaimsInLaterBlocks()
        try aClaimReleasedInItsOwnBlockIsNeverKept()
        try textWithANulIsKeptAsUFFFDAndFoundAgain()
        try aSQLiteLedgerIsCopiedInOnceAndConflictsAreLeftAlone()
        try racingBlocksAreDecidedByTheStore()
        try theEntitlementSignedLastIsKeptWithTheFirstBuyer()
    }

    /// `putEntitlement`: the row signed last wins whatever the order of the blocks; the buyer's
    /// ids are filled in once and kept; a failed block keeps none; found by account or user.
    func theEntitlementSignedLastIsKeptWithTheFirstBuyer() throws {
        func row(_ at: Int64, _ state: String, uuid: String?, user: String? = nil) -> EntitlementRow {
            var r = EntitlementRow(
                originalTransactionID: "e-1", transactionID: "e-\(at)", productID: "p", account: "5f0e", state: state,
                expiresMs: 9_000, graceExpiresMs: nil, billingRetry: false, autoRenew: true, signedMs: at, via: "notification")
            (r.notificationUUID, r.user, r.order) = (uuid, user, user.map { "o-" + $0 })
            return r
        }
        let a = try open(true)
        a.putEntitlement(row(20, "refunded", uuid: "n-2"))
        try a.commit()
        let b = try open(true)
        b.putEntitlement(row(10, "active", uuid: "n-1", user: "u-1"))  // older: the buyer only
        try b.commit()
        let c = try open(true)
        c.putEntitlement(row(30, "active", uuid: "n-3", user: "u-2"))  // newer: the state only
        c.putEntitlement(row(25, "expired", uuid: "n-9"))
        c.record("t:e", alice)
        c.record("t:e", bob)  // a key claimed twice: the block fails, its entitlements too
        #expect(throws: LedgerError.self) { try c.commit() }
        let d = try open(true)
        d.putEntitlement(row(25, "expired", uuid: "n-9"))  // two in one block: as if written one after the other
        d.putEntitlement(row(30, "active", uuid: "n-3", user: "u-2"))
        d.putEntitlement(row(26, "expired", uuid: "n-8"))
        try d.commit()
        let kept = try d.entitlements(EntitlementQuery(originalTransactionID: "e-1"))
        #expect(kept.count == 1)
        #expect(
            kept.first.map { [$0.state, $0.transactionID, $0.user, $0.order, $0.notificationUUID] } == [
                "active", "e-30", "u-1", "o-u-1", "n-3",
            ])
        #expect(kept.first?.autoRenew == true && kept.first?.billingRetry == false && kept.first?.expiresMs == 9_000)
        #expect(try d.entitlements(EntitlementQuery(account: "u-1")).count == 1)
        #expect(try d.entitlements(EntitlementQuery(account: "5F0E")).count == 1)
        #expect(try d.entitlements(EntitlementQuery(account: "u-2")).isEmpty)
        #expect(kept.first.map { $0.state(asOf: 9_000) == ("expired", "expires_ms") } == true)
    }

    func claimsAreSeenInTheirBlockAndByOthersOnceCommitted() throws {
        let a = try open(true)
        #expect(a.owner(of: "t:1") == nil)
        a.record("t:1", alice)
        #expect(a.owner(of: "t:1") == alice)
        try a.commit()
        let b = try open(true)
        #expect(b.owner(of: "t:1") == alice)
        #expect(b.owner(of: "t:2") == nil)
        try b.commit()
    }

    func aReleaseRemovesAClaimAndNotesRoundTrip() throws {
        let a = try open(true)
        var marked = alice
        marked.note = "1795132800000 2000000000000001"
        a.record("r:2000000000000001", marked)
        try a.commit()
        #expect(a.owner(of: "r:2000000000000001")?.note == "1795132800000 2000000000000001")
        a.release("r:2000000000000001")
        #expect(a.owner(of: "r:2000000000000001") == nil)
        try a.commit()
        let b = try open(true)
        #expect(b.owner(of: "r:2000000000000001") == nil)
        try b.commit()
    }

    func provisionalClaimsCountWhileTheirRunLivesAndGoWithIt() throws {
        var run: (any ClaimsStore)? = try open(false)
        run!.record("t:3", bob)
        try run!.commit()
        let other = try open(true)
        #expect(other.owner(of: "t:3") == bob, "a live run's provisional claim is a claim")
        try other.commit()
        run = nil  // the run ends without finishing: its claims were never seen
        let next = try open(true)
        #expect(next.owner(of: "t:3") == nil)
        try next.commit()
    }

    func finishedClaimsStay() throws {
        let run = try open(false)
        run.record("t:4", bob)
        try run.commit()
        try run.finish()
        let next = try open(true)
        #expect(next.owner(of: "t:4") == bob)
        try next.commit()
    }
}

extension ClaimsStoreContract {
    /// A key claimed twice in one block breaks the key's uniqueness: the commit throws and the
    /// block's other claim is gone too (the settler keeps no copy to forget: the store is all).
    func aFailedBlockKeepsNothing() throws {
        let a = try open(true)
        a.record("t:5", alice)
        a.record("t:6", alice)
        a.record("t:6", bob)
        let error = #expect(throws: LedgerError.self) { try a.commit() }
        #expect(error.map { $0.kind != .lostRace } == true, "a block's own mistake is not a race: settling it again would not help")
        #expect(a.owner(of: "t:5") == nil)
        #expect(a.owner(of: "t:6") == nil)
        try a.commit()
        let b = try open(true)
        #expect(b.owner(of: "t:5") == nil)
        try b.commit()
    }

    /// A run whose claims are provisional finds them in its later blocks.
    func aRunFindsItsOwnClaimsInLaterBlocks() throws {
        let run = try open(false)
        run.prefetch(["t:7"])
        run.record("t:7", bob)
        try run.commit()
        run.prefetch(["t:7", "t:8"])
        #expect(run.owner(of: "t:7") == bob)
        #expect(run.owner(of: "t:8") == nil)
        try run.commit()
        try run.finish()
    }

    /// A claim made and released in the same block is neither kept nor read.
    func aClaimReleasedInItsOwnBlockIsNeverKept() throws {
        let a = try open(true)
        a.record("r:9", alice)
        a.release("r:9")
        #expect(a.owner(of: "r:9") == nil)
        try a.commit()
        let b = try open(true)
        #expect(b.owner(of: "r:9") == nil)
        try b.commit()
    }

    /// A NUL (from a record's id) is kept as U+FFFD, in keys and owners alike: the key is found
    /// again, prefetched or not, and a key cut at the NUL is not the same key.
    func textWithANulIsKeptAsUFFFDAndFoundAgain() throws {
        let odd = Owner(order: "o-\u{0}1", user: "u-1")
        let a = try open(true)
        a.prefetch(["t:10\u{0}x"])
        a.record("t:10\u{0}x", odd)
        #expect(a.owner(of: "t:10\u{0}x") == Owner(order: "o-\u{FFFD}1", user: "u-1"))
        try a.commit()
        let b = try open(true)
        b.prefetch(["t:10\u{0}x", "t:10"])
        #expect(b.owner(of: "t:10\u{0}x") == Owner(order: "o-\u{FFFD}1", user: "u-1"))
        #expect(b.owner(of: "t:10") == nil)
        try b.commit()
    }

    /// `sift ledger copy` into this store: final claims and refund marks (with their notes) are
    /// copied, a gone run's provisional claims are not, a second copy changes nothing, a key held
    /// here by someone else is reported and left alone, and a source with a live run is refused.
    func aSQLiteLedgerIsCopiedInOnceAndConflictsAreLeftAlone() throws {
        let path = TemporaryFiles.path("sift-copy-source-", ".sqlite")
        let source = try Ledger(path: path, claimsAreFinal: true)
        var marked = alice
        marked.note = "1795132800000 3000000000000009"
        for (key, owner) in [("t:c1", alice), ("o:c1", alice), ("n:c-uuid", alice), ("r:c9", marked), ("t:c2", bob)] {
            source.record(key, owner)
        }
        try source.commit()
        var gone: Ledger? = try Ledger(path: path, claimsAreFinal: false)
        gone!.record("t:c-gone", bob)
        try gone!.commit()
        gone = nil
        let here = try open(true)
        here.record("t:c2", alice)  // the target gives t:c2 to someone else
        try here.commit()

        let first = try LedgerCopy.copy(from: try Ledger(path: path, claimsAreFinal: true), to: try open(true), blockSize: 2)
        #expect(first.copied == 4 && first.present == 0)
        #expect(first.conflicts == [LedgerCopy.Conflict(key: "t:c2", source: bob, target: alice)])
        let after = try open(true)
        #expect(after.owner(of: "r:c9")?.note == "1795132800000 3000000000000009")
        #expect(after.owner(of: "t:c2") == alice && after.owner(of: "t:c-gone") == nil && after.owner(of: "n:c-uuid") == alice)
        try after.commit()

        let second = try LedgerCopy.copy(from: try Ledger(path: path, claimsAreFinal: true), to: try open(true))
        #expect(second.copied == 0 && second.present == 4 && second.conflicts.count == 1)

        let live = try Ledger(path: path, claimsAreFinal: false)
        live.record("t:c-live", bob)
        try live.commit()
        do {
            _ = try LedgerCopy.copy(from: try Ledger(path: path, claimsAreFinal: true), to: try open(true))
            Issue.record("a source with a live run was copied")
        } catch let error as LedgerError {
            #expect(error.message == "the source has 1 provisional claim of 1 live run: copy once it ends")
        }
        try live.finish()
    }
}

@Suite struct SQLiteClaimsStoreTests {
    @Test func theSQLiteLedgerKeepsTheContract() throws {
        let path = TemporaryFiles.path("sift-claims-contract-", ".sqlite")
        try ClaimsStoreContract(open: { try Ledger(path: path, claimsAreFinal: $0) }).runAll()
    }

    /// A ledger written before refund marks had notes gets the column, and its rows read as unnoted.
    @Test func anOlderLedgerGetsTheNoteColumn() throws {
        let path = TemporaryFiles.path("sift-claims-old-", ".sqlite")
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [
            path,
            "CREATE TABLE credits (key TEXT PRIMARY KEY, order_id TEXT, user_id TEXT, run TEXT) WITHOUT ROWID;"
                + "INSERT INTO credits VALUES ('r:9', 'o', 'u', NULL);",
        ]
        try sqlite.run()
        sqlite.waitUntilExit()
        let store = try Ledger(path: path, claimsAreFinal: true)
        #expect(store.owner(of: "r:9") == Owner(order: "o", user: "u"))
        #expect(store.owner(of: "r:9")?.note == nil)
        try store.commit()
    }
}

extension ClaimsStoreContract {
    /// Two runs race for one key, each looking it up before the other's block ends. Exactly one
    /// keeps it. The other either waited for the first block and found the key taken (a store
    /// whose blocks wait for each other), or lost the race at its commit (one whose blocks go on
    /// side by side): then none of its block's claims is kept, the error says so (kind `.lostRace`),
    /// and its next block, settled again, finds the winner's claim.
    func racingBlocksAreDecidedByTheStore() throws {
        let a = try open(true)
        nonisolated(unsafe) let b = try open(true)
        #expect(a.owner(of: "t:20") == nil)
        // b on a thread of its own: where blocks wait for each other, b's waits for a's.
        nonisolated(unsafe) var seenByB: [Owner?] = []
        let bDone = DispatchSemaphore(value: 0)
        let bob = self.bob
        Thread {
            defer { bDone.signal() }
            for _ in 0..<3 {  // settled again after a lost race
                let prior = b.owner(of: "t:20")
                seenByB.append(prior)
                if prior == nil { b.record("t:20", bob) }
                do throws(LedgerError) { return try b.commit() } catch  where error.kind == .lostRace { continue } catch { return }
            }
        }.start()
        Thread.sleep(forTimeInterval: 0.5)  // b's block is over (side by side), or waits for a's
        a.record("t:20", alice)
        a.record("t:21", alice)
        let aCommitted: Bool
        do throws(LedgerError) {
            try a.commit()
            aCommitted = true
        } catch {
            #expect(error.kind == .lostRace, "\(error)")
            aCommitted = false
        }
        bDone.wait()
        let c = try open(true)
        let (t20, t21) = (c.owner(of: "t:20"), c.owner(of: "t:21"))
        try c.commit()  // before a's next block, which waits for every other block
        if aCommitted {
            #expect(t20 == alice)
            #expect(t21 == alice)
            #expect(seenByB.last == .some(alice), "b settled last and found a's claim")
        } else {
            #expect(t20 == bob)
            #expect(t21 == nil, "nothing of a lost block is kept")
            #expect(seenByB.first == .some(nil))
            #expect(a.owner(of: "t:20") == bob, "settled again, a finds the winner's claim")
            try a.commit()
        }
    }
}

/// A store that records what the settler asks of it, in order.
private final class RecordingStore: ClaimsStore {
    var calls: [String] = []
    func owner(of key: String) -> Owner? {
        calls.append("owner \(key)")
        return nil
    }
    func prefetch(_ keys: [String]) { calls.append("prefetch") }
    func blockAlone() { calls.append("alone") }
    func record(_ key: String, _ owner: Owner) { calls.append("record \(key)") }
    func release(_ key: String) { calls.append("release \(key)") }
    func commit() throws(LedgerError) { calls.append("commit") }
    func finish() throws(LedgerError) {}
    func claims() throws(LedgerError) -> [LedgerRow] { [] }
    func liveRuns() throws(LedgerError) -> Int { 0 }
    func putEntitlement(_ row: EntitlementRow) { calls.append("entitlement \(row.originalTransactionID)") }
    func entitlements(_ query: EntitlementQuery) throws(LedgerError) -> [EntitlementRow] { [] }
}

private struct NoOutput: StageOutput {
    var key: String { "receipt" }
    func write(into w: inout JSONWriter) { w.beginObject(); w.endObject() }
}

/// The settler asks for a block alone before anything else of a record that makes or lifts
/// refund marks (`ReceiptPending.needsBlockAlone`), in a run's block (`prepare`) and a host's;
/// a record that only credits never asks.
@Suite struct BlockAloneTests {
    func pending(marks: [String] = [], lifts: [String] = []) -> StageResult {
        var p = ReceiptPending(
            candidates: [], lookedUp: [], replayKey: .transaction, creditable: true, seen: [], replayOwner: .orderAndUser,
            order: "o-1", user: "u-1", rule: Mark(file: "rules.yaml", line: 1, column: 1), output: { _ in NoOutput() })
        p.marks = marks
        p.lifts = lifts
        return StageResult(pending: p)
    }

    @Test func aRecordThatMarksIsAlone() throws {
        let store = RecordingStore()
        let settler = ReplaySettler(ledger: store)
        settler.prepare([pending(), pending(marks: ["r:1"])], next: nil)
        #expect(store.calls == ["alone", "prefetch"])
        store.calls = []
        var r = pending(marks: ["r:1"])
        settler.settle(&r, context: EvaluationContext(record: try JSONDocument(bytes: Array("{}".utf8)).root, asOfMillis: 0))
        #expect(store.calls == ["alone", "owner r:1", "record r:1"])
    }

    @Test func aRecordThatLiftsIsAloneAndOneThatCreditsIsNot() throws {
        let store = RecordingStore()
        let settler = ReplaySettler(ledger: store)
        settler.prepare([pending(lifts: ["r:2"])], next: nil)
        #expect(store.calls.first == "alone")
        store.calls = []
        settler.prepare([pending(), pending()], next: nil)
        #expect(!store.calls.contains("alone"))
    }
}
