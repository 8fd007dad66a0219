import Foundation
import Testing

@testable import SiftLedgerPostgres
@testable import SiftReceipts

/// A run's blocks in flight on the PostgreSQL ledger (`ClaimsStore` contract, clause 5): one
/// block committed while the next is settled and the one after it looked up, each on a
/// connection of the run's own.
@Suite(.enabled(if: TestServer.available, "no PostgreSQL server (SIFT_TEST_POSTGRES_URL); scripts/test starts one"))
struct PostgresPipelineTests {
    let alice = Owner(order: "o-1", user: "u-1"), bob = Owner(order: "o-2", user: "u-2")

    /// A block sent is seen by the next as made. When it loses a race (another connection held
    /// its key, uncommitted, then committed), `confirm` says so and the block settled since is
    /// dropped with it: neither keeps anything, and the next block sees the winner's claim.
    @Test func aBlockSentIsSeenByTheNextAndDroppedWithIt() throws {
        let url = try TestServer.ledger()
        let store = try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: true)
        let holder = try PostgresSession(PostgresLedgerURL(url), password: TestServer.password)
        defer { holder.close() }
        try holder.execute("BEGIN")
        try holder.execute("INSERT INTO sift_claims (key, order_id, user_id) VALUES ('t:1', 'o-2', 'u-2')")

        store.prefetch(["t:1", "t:2"])
        #expect(store.owner(of: "t:1") == nil)
        store.record("t:1", alice)
        try store.send()  // returns while its claim waits for the holder's
        store.prefetch(["t:3"])
        #expect(store.owner(of: "t:1") == alice)
        store.record("t:3", alice)
        #expect(store.prefetchNext(["t:4"], alone: false))
        try holder.execute("COMMIT")
        let error = #expect(throws: LedgerError.self) { try store.confirm() }
        #expect(error?.kind == .lostRace)
        #expect(error?.message.hasSuffix(#"(duplicate key value violates unique constraint "sift_claims_pkey")"#) == true)

        store.prefetch(["t:1", "t:3"])
        #expect(store.owner(of: "t:1") == bob)
        #expect(store.owner(of: "t:3") == nil)
        try store.commit()
        #expect(try holder.rows("SELECT key || ' ' || order_id FROM sift_claims ORDER BY key", as: String.self) == ["t:1 o-2"])
    }

    /// The block opened ahead looks its keys up before the block in flight commits (here its
    /// release waits for another connection's lock on the key): it sees that block's claims and
    /// releases as made, and its own look-up cannot undo them.
    @Test func theBlockOpenedAheadSeesTheBlockInFlight() throws {
        let url = try TestServer.ledger()
        let store = try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: true)
        store.prefetch(["t:1"])
        store.record("t:1", alice)
        try store.commit()
        let holder = try PostgresSession(PostgresLedgerURL(url), password: TestServer.password)
        defer { holder.close() }
        try holder.execute("BEGIN")
        try holder.execute("SELECT key FROM sift_claims WHERE key = 't:1' FOR UPDATE")
        store.prefetch(["t:2"])
        store.record("t:2", bob)
        store.release("t:1")
        try store.send()  // its release waits for the holder
        store.prefetch(["t:3"])
        #expect(store.prefetchNext(["t:1", "t:2"], alone: false))
        Thread.sleep(forTimeInterval: 0.2)  // the look-up ahead answers meanwhile: t:1 held, t:2 not yet
        store.record("t:3", alice)
        try holder.execute("COMMIT")
        try store.send()
        #expect(store.owner(of: "t:1") == nil)
        #expect(store.owner(of: "t:2") == bob)
        try store.commit()
        #expect(try holder.rows("SELECT key || ' ' || order_id FROM sift_claims ORDER BY key", as: String.self) == ["t:2 o-2", "t:3 o-1"])
    }

    /// A block that must be alone is not opened ahead (its lock would wait for the open block).
    @Test func aBlockThatMustBeAloneIsNotOpenedAhead() throws {
        let url = try TestServer.ledger()
        let store = try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: true)
        store.prefetch(["t:1"])
        #expect(!store.prefetchNext(["r:1"], alone: true))
        #expect(store.prefetchNext(["t:2"], alone: false))
        try store.commit()
    }

    /// A block opened ahead of an open block that must be alone waits for it, never the other way
    /// round (on new connections, whose statements are prepared before their first block).
    @Test(.timeLimit(.minutes(1))) func aBlockAheadOfABlockAloneWaitsForIt() throws {
        let url = try TestServer.ledger()
        let store = try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: true)
        for round in 0..<3 {
            store.blockAlone()
            store.prefetch(["r:\(round)"])
            #expect(store.prefetchNext(["t:\(round)"], alone: false))
            store.record("r:\(round)", alice)
            try store.send()
            #expect(store.owner(of: "t:\(round)") == nil)
            store.record("t:\(round)", bob)
            try store.commit()
        }
        #expect(try store.claims().map(\.key) == ["r:0", "r:1", "r:2", "t:0", "t:1", "t:2"])
    }

    /// A run stays live while any of its connections does: with the connection that registered
    /// it gone, another run opening the ledger keeps its claims, since the run's other
    /// connections still hold its lock.
    @Test func aRunIsLiveWhileAnyOfItsConnectionsIs() throws {
        let url = try TestServer.ledger()
        let run = try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: false)
        run.prefetch(["t:1"])
        run.record("t:1", alice)
        try run.send()
        run.prefetch(["t:2"])  // the next block, on a second connection
        run.record("t:2", alice)
        try run.commit()
        let admin = try PostgresSession(PostgresLedgerURL(url), password: TestServer.password)
        defer { admin.close() }
        let pids = try admin.rows(
            """
            SELECT l.pid FROM pg_locks l JOIN pg_stat_activity a USING (pid), sift_runs r
            WHERE l.locktype = 'advisory' AND l.granted AND ((l.classid::bigint << 32) | l.objid::bigint) = r.lock
            ORDER BY a.backend_start
            """, as: Int32.self)
        #expect(pids.count == 2)
        let first = try #require(pids.first)
        #expect(try admin.rows("SELECT pg_terminate_backend(\(first))", as: Bool.self) == [true])
        let other = try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: false)
        #expect(try other.liveRuns() == 2)
        #expect(try other.claims().map(\.key) == ["t:1", "t:2"])
    }

    /// A run holds at most the connections its URL allows (`connections=`): with 3 a block is
    /// opened ahead at every part, with 2 only while none is in flight, with 1 never, and each
    /// block is committed when it is sent.
    @Test(arguments: [(1, [false, false, false, false]), (2, [true, false, false, false]), (3, [true, true, true, true])])
    func aRunHoldsTheConnectionsItsURLAllows(_ connections: Int, _ aheads: [Bool]) throws {
        let url = try TestServer.ledger() + "&connections=\(connections)"
        let run = try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: false)
        let admin = try PostgresSession(PostgresLedgerURL(url), password: TestServer.password)
        defer { admin.close() }
        var opened: [Bool] = []
        for part in 0..<4 {
            run.prefetch(["t:\(part)"])
            opened.append(run.prefetchNext(["t:\(part + 1)"], alone: false))
            run.record("t:\(part)", alice)
            try run.send()
            if connections == 1 { #expect(try admin.rows("SELECT count(*) FROM sift_claims", as: Int64.self) == [Int64(part + 1)]) }
        }
        try run.commit()
        #expect(opened == aheads)
        let held = try admin.rows(
            """
            SELECT count(*) FROM pg_locks l, sift_runs r
            WHERE l.locktype = 'advisory' AND l.granted AND ((l.classid::bigint << 32) | l.objid::bigint) = r.lock
            """, as: Int64.self)
        #expect(held == [Int64(connections)])
        try run.finish()
        #expect(try run.claims().map(\.key) == ["t:0", "t:1", "t:2", "t:3"])
    }

    /// With one connection a lost race is found when the block is sent, and the block after it
    /// takes the ledger's lock exclusively (alone, it cannot lose again).
    @Test func withOneConnectionTheBlockAfterALossIsAlone() throws {
        let url = try TestServer.ledger() + "&connections=1"
        let loser = try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: true)
        let claimForBob = try bobsClaims(url)  // opened before the loser's block: opening waits for blocks
        loser.prefetch(["t:1"])
        #expect(loser.owner(of: "t:1") == nil)
        try claimForBob("t:1")  // after the loser looked it up
        loser.record("t:1", alice)
        let error = #expect(throws: LedgerError.self) { try loser.send() }
        #expect(error?.kind == .lostRace)

        loser.prefetch(["t:1", "t:2"])
        #expect(loser.owner(of: "t:1") == bob)
        let modes = try blockLockModes(url)
        #expect(modes == ["ExclusiveLock"])
        loser.record("t:2", alice)
        try loser.commit()
        #expect(try loser.claims().map { "\($0.key) \($0.owner.order ?? "")" } == ["t:1 o-2", "t:2 o-1"])
    }

    /// Another store, opened now (opening a store waits for every block): the returned function
    /// claims a key for bob there and commits.
    private func bobsClaims(_ url: String) throws -> (String) throws -> Void {
        let winner = try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: true)
        return { [bob] key in
            winner.prefetch([key])
            winner.record(key, bob)
            try winner.commit()
        }
    }

    /// The modes in which the ledger's block lock is held in the database of `url` (advisory
    /// locks are per database: other suites' runs hold theirs elsewhere).
    private func blockLockModes(_ url: String) throws -> [String] {
        let admin = try PostgresSession(PostgresLedgerURL(url), password: TestServer.password)
        defer { admin.close() }
        return try admin.rows(
            """
            SELECT mode FROM pg_locks l JOIN pg_database d ON d.oid = l.database
            WHERE l.locktype = 'advisory' AND l.granted AND d.datname = current_database()
            AND ((l.classid::bigint << 32) | l.objid::bigint) = \(PostgresClaimsStore.blockLock)
            """, as: String.self)
    }

    /// The ledger at `url` as a new role, with a password of its own, that may hold at most
    /// `limit` connections (the server refuses one more with SQLSTATE 53300, as it does at
    /// `max_connections`). Left on the server, as the test's database is.
    private func ledgerForARoleWithFewConnections(_ url: String, limit: Int) throws -> (url: String, password: String) {
        let role = "sift_few_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let password = String(UInt64.random(in: 0...UInt64.max), radix: 36)  // letters and digits: no quoting
        let admin = try PostgresSession(PostgresLedgerURL(url), password: TestServer.password)
        defer { admin.close() }
        try admin.execute(
            "CREATE ROLE \(unescaped: role) LOGIN PASSWORD '\(unescaped: password)' CONNECTION LIMIT \(unescaped: String(limit))")
        try admin.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON sift_claims, sift_runs, sift_ledger TO \(unescaped: role)")
        var c = try #require(URLComponents(string: url))
        c.user = role
        return (try #require(c.string), password)
    }

    /// A run whose server refuses it a second or third connection goes on with those it has. With
    /// one, the second part's block waits for the first part's COMMIT on that connection (its
    /// look-up is not opened ahead); with two, no block is opened ahead while one is in flight.
    @Test(arguments: [1, 2]) func aRunGoesOnWithTheConnectionsTheServerGives(_ limit: Int) throws {
        let url = try TestServer.ledger()
        let few = try ledgerForARoleWithFewConnections(url, limit: limit)
        let run = try PostgresClaimsStore(PostgresLedgerURL(few.url), password: few.password, claimsAreFinal: false)
        for part in 0..<3 {
            run.prefetch(["t:\(part)"])
            run.record("t:\(part)", alice)
            try run.send()
        }
        var opened: [Bool] = []
        for part in 3..<6 {
            run.prefetch(["t:\(part)"])
            opened.append(run.prefetchNext(["t:\(part + 1)"], alone: false))
            run.record("t:\(part)", alice)
            try run.send()
        }
        try run.commit()
        // Never opened ahead: with 1 no connection is tried; with 2 the third is refused at part 3.
        #expect(opened == [false, false, false])
        let admin = try PostgresSession(PostgresLedgerURL(url), password: TestServer.password)
        defer { admin.close() }
        let held = try admin.rows(
            """
            SELECT count(*) FROM pg_locks l, sift_runs r
            WHERE l.locktype = 'advisory' AND l.granted AND ((l.classid::bigint << 32) | l.objid::bigint) = r.lock
            """, as: Int64.self)
        #expect(held == [Int64(limit)])
        try run.finish()
        #expect(try run.claims().map(\.key) == (0..<6).map { "t:\($0)" })
    }

    /// When the block in flight, whose COMMIT the open block waited for on the one connection,
    /// lost a race, the open block is dropped with it: `send` says so, and both are settled again.
    @Test func aBlockThatWaitedForALoserIsDroppedWithIt() throws {
        let url = try TestServer.ledger()
        let few = try ledgerForARoleWithFewConnections(url, limit: 1)
        let loser = try PostgresClaimsStore(PostgresLedgerURL(few.url), password: few.password, claimsAreFinal: true)
        let claimForBob = try bobsClaims(url)  // opened before the loser's block: opening waits for blocks
        loser.prefetch(["t:1"])
        #expect(loser.owner(of: "t:1") == nil)
        try claimForBob("t:1")  // after the loser looked it up
        loser.record("t:1", alice)
        try loser.send()  // its INSERT fails at the server; nothing waits for it yet
        loser.prefetch(["t:2"])  // no second connection: waits for the first's COMMIT
        #expect(loser.owner(of: "t:1") == alice)  // as sent, until it is confirmed
        loser.record("t:2", alice)
        let error = #expect(throws: LedgerError.self) { try loser.send() }
        #expect(error?.kind == .lostRace)
        loser.prefetch(["t:1", "t:2"])
        #expect(loser.owner(of: "t:1") == bob)
        #expect(loser.owner(of: "t:2") == nil)
        let modes = try blockLockModes(url)
        #expect(modes == ["ExclusiveLock"])  // settled again alone
        loser.record("t:2", alice)
        try loser.commit()
        #expect(try loser.claims().map { "\($0.key) \($0.owner.order ?? "")" } == ["t:1 o-2", "t:2 o-1"])
    }
}
