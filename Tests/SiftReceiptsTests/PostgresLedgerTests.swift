import Foundation
import Sift
import SiftTesting
import Testing

@testable import SiftLedgerPostgres
@testable import SiftReceipts

/// The throw-away server scripts/pg-cluster starts (scripts/test starts one): its URL and
/// password come from the environment. Without one the tests below are skipped, saying so,
/// unless SIFT_REQUIRE_POSTGRES=1 (scripts/test, CI), where its absence fails them.
enum TestServer {
    static let environment = ProcessInfo.processInfo.environment
    static let url = environment["SIFT_TEST_POSTGRES_URL"]
    static let socketURL = environment["SIFT_TEST_POSTGRES_SOCKET"]
    static let password = environment["PGPASSWORD"]
    static let required = environment["SIFT_REQUIRE_POSTGRES"] == "1"
    static let available = url != nil || required

    /// A new, empty database on the server: the URL of it.
    static func freshDatabase(_ base: String? = url) throws -> String {
        let base = try #require(base, "no PostgreSQL server: SIFT_TEST_POSTGRES_URL is not set (run scripts/pg-cluster start)")
        let name = "sift_test_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let admin = try PostgresSession(PostgresLedgerURL(base), password: password)
        defer { admin.close() }
        try admin.execute("CREATE DATABASE \(unescaped: name)")
        return try renamed(base, name)
    }

    /// `url` naming the database `name`.
    static func renamed(_ url: String, _ name: String) throws -> String {
        var c = try #require(URLComponents(string: url))
        c.path = "/" + name
        return try #require(c.string)
    }

    /// A fresh database with the ledger's tables.
    static func ledger(_ base: String? = url) throws -> String {
        let url = try freshDatabase(base)
        _ = try PostgresLedger.initialize(url, passwordFile: nil)
        return url
    }
}

@Suite(.enabled(if: TestServer.available, "no PostgreSQL server (SIFT_TEST_POSTGRES_URL); scripts/test starts one"))
struct PostgresClaimsStoreTests {
    @Test func thePostgresLedgerKeepsTheContractOverTCP() throws {
        let url = try TestServer.ledger()
        try ClaimsStoreContract(open: {
            try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: $0)
        }).runAll()
    }

    /// With fewer connections a run keeps fewer blocks going; the contract holds the same.
    @Test(arguments: [1, 2]) func andWithFewerConnections(_ connections: Int) throws {
        let url = try TestServer.ledger() + "&connections=\(connections)"
        try ClaimsStoreContract(open: {
            try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: $0)
        }).runAll()
    }

    @Test func andOverAUnixSocket() throws {
        let url = try TestServer.ledger(TestServer.socketURL)
        try ClaimsStoreContract(open: {
            try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: $0)
        }).runAll()
    }

    /// Blocks of two runs go on side by side (here on one thread: one waiting for the other would
    /// never end); the one that commits second, having claimed a key the first claimed since its
    /// look-up, keeps nothing and says it lost the race; its next block finds the winner's claim.
    @Test func blocksGoOnSideBySideAndTheLoserSettlesAgain() throws {
        let url = try TestServer.ledger()
        let open = { try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: true) }
        let a = try open(), b = try open()
        let alice = Owner(order: "o-1", user: "u-1"), bob = Owner(order: "o-2", user: "u-2")
        a.prefetch(["t:1", "t:2"])
        #expect(a.owner(of: "t:1") == nil)
        #expect(b.owner(of: "t:1") == nil)
        b.record("t:1", bob)
        try b.commit()
        a.record("t:1", alice)
        a.record("t:2", alice)
        let error = #expect(throws: LedgerError.self) { try a.commit() }
        #expect(error?.kind == .lostRace)
        #expect(
            error?.message == "ledger \(try PostgresLedgerURL(url).shown): another run claimed a key of the block first "
                + #"(duplicate key value violates unique constraint "sift_claims_pkey")"#)
        #expect(a.owner(of: "t:1") == bob)
        #expect(a.owner(of: "t:2") == nil)
        try a.commit()
    }

    /// A statement the tables changed under (`sift ledger init` changing the key's collation while
    /// a run goes on: SQLSTATE 0A000) fails its block as a lost race, and is prepared again when
    /// the block is settled again.
    @Test func aStatementTheTablesChangedUnderIsPreparedAgain() throws {
        let url = try TestServer.ledger()
        let store = try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: true)
        store.prefetch(["t:1"])
        store.record("t:1", Owner(order: "o-1", user: "u-1"))
        try store.commit()
        let admin = try PostgresSession(PostgresLedgerURL(url), password: TestServer.password)
        defer { admin.close() }
        try admin.execute(#"ALTER TABLE sift_claims ALTER COLUMN key TYPE TEXT COLLATE "default""#)
        store.prefetch(["t:1"])
        let error = #expect(throws: LedgerError.self) { try store.commit() }
        #expect(error?.kind == .lostRace)
        store.prefetch(["t:1"])
        #expect(store.owner(of: "t:1") == Owner(order: "o-1", user: "u-1"))
        try store.commit()
    }

    /// A block asked to be alone (it makes refund marks) waits for the blocks going on, and
    /// others wait for it.
    @Test func aBlockAloneWaitsForOthersAndOthersForIt() throws {
        let url = try TestServer.ledger()
        let open = { try PostgresClaimsStore(PostgresLedgerURL(url), password: TestServer.password, claimsAreFinal: true) }
        let a = try open()
        nonisolated(unsafe) let b = try open()
        a.blockAlone()
        #expect(a.owner(of: "r:1") == nil)
        nonisolated(unsafe) var seen: Owner?? = .none
        let done = DispatchSemaphore(value: 0)
        Thread {
            seen = .some(b.owner(of: "r:1"))
            try? b.commit()
            done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + 0.5) == .timedOut, "b's block waits for a's")
        a.record("r:1", Owner(order: "o-1", user: "u-1", note: "1795132800000 1"))
        try a.commit()
        done.wait()
        #expect(seen == .some(Owner(order: "o-1", user: "u-1")), "b's look-up came after a's block")
    }

    @Test func initIsIdempotent() throws {
        let url = try TestServer.freshDatabase()
        #expect(try PostgresLedger.initialize(url, passwordFile: nil) == "created")
        #expect(try PostgresLedger.initialize(url, passwordFile: nil) == "is set up already")
    }

    /// Run ids sort by the time they were made, in 21 hex digits, so that a run's claims (written
    /// together) lie in few block ranges of the BRIN index that finds them; two made at once differ.
    @Test func runIDsSortByTimeAndDiffer() {
        let t = Date(timeIntervalSince1970: 1_795_000_000.25)
        let ids = [0, 0.000_001, 1, 3600, 86_400 * 365 * 50].map { PostgresClaimsStore.newRunID(now: t.addingTimeInterval($0)) }
        #expect(ids.allSatisfy { $0.count == 21 && $0.allSatisfy(\.isHexDigit) && $0 == $0.lowercased() })
        #expect(ids == ids.sorted())
        #expect(ids[0].prefix(13) == "6608b01630090")
        #expect(PostgresClaimsStore.newRunID(now: Date(timeIntervalSince1970: 0)).prefix(13) == "0000000000000")
        #expect(Set((0..<100).map { _ in PostgresClaimsStore.newRunID(now: t) }).count == 100)
    }

    /// Each problem in one plain line naming the host and database, never the password.
    @Test func problemsAreOnePlainLine() throws {
        let url = try TestServer.freshDatabase()
        let parsed = try PostgresLedgerURL(url)
        func problem(_ body: () throws -> Void) -> String {
            do { try body() } catch { return "\(error)" }
            return "no error"
        }
        let open = { (u: String, password: String?) in
            _ = try PostgresClaimsStore(PostgresLedgerURL(u), password: password, claimsAreFinal: true)
        }
        let missing = try TestServer.renamed(url, "nothing_here")
        let messages = [
            problem { try open(url, "not-the-password") },
            problem { try open("postgresql://sift@127.0.0.1:1/sift?sslmode=disable", TestServer.password) },
            problem { try open(url, TestServer.password) },
            problem { try open(missing, TestServer.password) },
        ]
        #expect(
            messages == [
                "ledger \(parsed.shown): authentication failed for user sift",
                "ledger postgresql://sift@127.0.0.1:1/sift: cannot connect (connection refused)",
                "ledger \(parsed.shown): the database has no Sift ledger; create it with: sift ledger init --ledger URL",
                "ledger \(try PostgresLedgerURL(missing).shown): database nothing_here does not exist",
            ])
        _ = try PostgresLedger.initialize(url, passwordFile: nil)
        let admin = try PostgresSession(parsed, password: TestServer.password)
        try admin.execute("UPDATE sift_ledger SET version = 99")
        admin.close()
        #expect(
            problem { try open(url, TestServer.password) }
                == "ledger \(parsed.shown): its schema is version 99, made by a newer Sift (this one reads 1)")
        for m in messages { #expect(!m.contains(TestServer.password ?? "\u{0}")) }
    }
}

/// The ledger URL and where its password comes from (no server needed).
@Suite struct PostgresLedgerURLTests {
    /// Messages never show a password: not after the user, not with an '@' inside it, not as a parameter.
    @Test func shownURLsHoldNoPassword() {
        // URLs with a password are made at run time, not written whole in the sources.
        let secret = ["s3cret", "p@ss"].map { ":" + $0 + "@" }
        #expect(LedgerURL.shown("postgresql://app" + secret[0] + "db/claims") == "postgresql://app@db/claims")
        #expect(
            LedgerURL.shown("postgresql://app" + secret[1] + "db:5432/claims?sslmode=require")
                == "postgresql://app@db:5432/claims?sslmode=require")
        #expect(
            LedgerURL.shown("postgresql://app@db/claims?password=s3cret&sslmode=disable") == "postgresql://app@db/claims?sslmode=disable")
        #expect(LedgerURL.shown("postgresql://db/claims?PASSWORD=x") == "postgresql://db/claims")
        #expect(LedgerURL.shown("rules/claims.sqlite") == "rules/claims.sqlite")
    }

    @Test func theURLIsReadAsLibpqReadsIt() throws {
        let u = try PostgresLedgerURL("postgresql://app@db.example.com:6432/claims?sslmode=require")
        #expect([u.user, u.host, "\(u.port)", u.database, u.sslMode.rawValue] == ["app", "db.example.com", "6432", "claims", "require"])
        let s = try PostgresLedgerURL("postgres://app@localhost/claims?host=/run/postgresql")
        #expect(s.socketDirectory == "/run/postgresql")
        #expect(s.sslMode == .disable)
        #expect(try PostgresLedgerURL("postgresql://app@db/claims").sslMode == .verifyFull)
        #expect(try PostgresLedgerURL("postgresql://app@db/claims").connections == 3)
        #expect(try PostgresLedgerURL("postgresql://app@db/claims?connections=1&sslmode=require").connections == 1)
    }

    /// A URL that carries a password (made here, so that no such URL is written in the sources).
    static let withPassword = "postgresql://app" + ":" + String(repeating: "x", count: 6) + "@db/claims"

    @Test(arguments: [
        (
            withPassword,
            "ledger postgresql://app@db/claims: give the password in PGPASSWORD, a .pgpass file or --ledger-password-file, not in the URL"
        ),
        (
            "postgresql://app@db/claims?sslmode=prefer",
            "ledger postgresql://app@db/claims?sslmode=prefer: sslmode is disable, require or verify-full, not 'prefer'"
        ),
        (
            "postgresql://app@db/claims?options=x",
            "ledger postgresql://app@db/claims?options=x: unknown parameter 'options' (known: sslmode, host, connections)"
        ),
        (
            "postgresql://app@db/claims?connections=4",
            "ledger postgresql://app@db/claims?connections=4: connections is 1, 2 or 3, not '4'"
        ),
        (
            "postgresql://app@db/claims?connections=",
            "ledger postgresql://app@db/claims?connections=: connections is 1, 2 or 3, not ''"
        ),
    ])
    func aBadURLIsOnePlainLine(_ url: String, _ message: String) {
        #expect(throws: LedgerError.self) { try PostgresLedgerURL(url) }
        do { _ = try PostgresLedgerURL(url) } catch { #expect(error.message == message) }
    }

    @Test func thePasswordComesFromTheFileThenTheEnvironmentThenPgpass() throws {
        let u = try PostgresLedgerURL("postgresql://app@db:5432/claims")
        let file = TemporaryFiles.path("sift-pw-")
        try "from-file\nignored\n".write(toFile: file, atomically: true, encoding: .utf8)
        let pgpass = TemporaryFiles.path("sift-pgpass-")
        try "# comment\nother:5432:claims:app:no\ndb:*:claims:app:pa\\:ss\n".write(toFile: pgpass, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: pgpass)
        #expect(try u.password(file: file, environment: ["PGPASSWORD": "env"]) == "from-file")
        #expect(try u.password(file: nil, environment: ["PGPASSWORD": "env", "PGPASSFILE": pgpass]) == "env")
        #expect(try u.password(file: nil, environment: ["PGPASSFILE": pgpass]) == "pa:ss")
        #expect(try u.password(file: nil, environment: ["PGPASSFILE": "/nonexistent"]) == nil)
        // As libpq: a password file others may read is not used; Sift says so and stops.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: pgpass)
        #expect(throws: LedgerError.self) { try u.password(file: nil, environment: ["PGPASSFILE": pgpass]) }
        do {
            _ = try u.password(file: nil, environment: ["PGPASSFILE": pgpass])
        } catch {
            #expect(
                error.message
                    == "ledger postgresql://app@db:5432/claims: the password file \(pgpass) may be read by others (mode 644); "
                    + "make it private: chmod 600 \(pgpass)")
        }
        // An empty password file says so.
        let empty = TemporaryFiles.path("sift-pw-empty-")
        try "\n".write(toFile: empty, atomically: true, encoding: .utf8)
        do {
            _ = try u.password(file: empty)
            Issue.record("an empty password file was taken")
        } catch { #expect(error.message == "ledger postgresql://app@db:5432/claims: the password file '\(empty)' is empty") }
    }
}

/// Hosts on one PostgreSQL ledger (`RecordSession(pipeline:ledger:)`): sessions racing for the
/// same transactions credit each once, and a session outlives its connection being dropped.
@Suite(.enabled(if: TestServer.available, "no PostgreSQL server (SIFT_TEST_POSTGRES_URL); scripts/test starts one"))
struct PostgresHostSessionTests {
    func receipt(_ i: Int, order: String) -> String {
        record(order: order, user: "u-" + order, inApp: "[\(tx("coins", String(5_000_000 + i)))]")
    }

    @Test func twoSessionsInOneProcessCreditEachTransactionOnce() async throws {
        let ledger = try LedgerConfiguration.postgres(try TestServer.ledger(), password: TestServer.password)
        #expect(!ledger.description.contains(TestServer.password ?? "\u{0}"))
        let p = try pipeline()
        let a = try RecordSession(pipeline: p, ledger: ledger)
        let b = try RecordSession(pipeline: p, ledger: ledger)
        // Both sessions get the same 200 transactions at once, each for an order of its own.
        let credits = await withTaskGroup(of: Int.self) { group in
            for (name, session) in [("a", a), ("b", b)] {
                group.addTask {
                    var valid = 0
                    for i in 0..<200 where await session.validate(json: self.receipt(i, order: name + "-\(i)")).isValid { valid += 1 }
                    return valid
                }
            }
            return await group.reduce(0, +)
        }
        #expect(credits == 200)
        // Each transaction: credited to exactly one session (sent again, a redelivery to it), a
        // replay for the other.
        var credited = 0
        for i in 0..<200 {
            let va = await a.validate(json: receipt(i, order: "a-\(i)")), vb = await b.validate(json: receipt(i, order: "b-\(i)"))
            let pair = [va, vb].map { $0.receipt?.creditable.first?.redelivery != nil ? "redelivery" : $0.reasons.first ?? "" }.sorted()
            #expect(pair == ["receipt.replayed_transaction", "redelivery"], "transaction \(i): \(pair)")
            credited += pair == ["receipt.replayed_transaction", "redelivery"] ? 1 : 0
        }
        #expect(credited == 200)
        try await a.finish()
        try await b.finish()
    }

    /// A host's record whose claim loses a race is settled again: another connection claims its
    /// transaction after the session looked it up, and commits while the session's claim waits
    /// for it. The verdict is then a replay of that claim, not a failure, and nothing is credited.
    @Test func aRecordWhoseClaimLosesARaceIsSettledAgain() async throws {
        let url = try TestServer.ledger()
        let holder = try PostgresSession(PostgresLedgerURL(url), password: TestServer.password)
        defer { holder.close() }
        try holder.execute("BEGIN")
        try holder.execute("INSERT INTO sift_claims (key, order_id, user_id) VALUES ('t:5000007', 'o-9', 'u-9')")
        let session = try RecordSession(
            pipeline: try pipeline(), ledger: try LedgerConfiguration.postgres(url, password: TestServer.password))
        async let verdict = session.validate(json: receipt(7, order: "h-7"))
        let watcher = try PostgresSession(PostgresLedgerURL(url), password: TestServer.password)
        defer { watcher.close() }
        var waited = false
        for _ in 0..<400 where !waited {
            waited =
                try watcher.rows(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'", as: Int64.self)
                == [1]
            if !waited { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(waited, "the session's claim waits for the other connection's")
        try holder.execute("COMMIT")
        let v = await verdict
        #expect(v.reasons == ["receipt.replayed_transaction"])
        #expect(v.violations.first?.message.en == "transaction_id 5000007 was already credited to order o-9, user u-9: a replayed receipt")
        #expect(try watcher.rows("SELECT order_id FROM sift_claims", as: String.self) == ["o-9"])
        try await session.finish()
    }

    @Test func aSessionWhoseConnectionIsDroppedConnectsAgain() async throws {
        let url = try TestServer.ledger()
        let session = try RecordSession(pipeline: try pipeline(), ledger: try .postgres(url, password: TestServer.password))
        #expect(await session.validate(json: receipt(1, order: "o-1")).isValid)
        // The server ends every other connection to the ledger's database (a restart, a failover).
        let admin = try PostgresSession(PostgresLedgerURL(url), password: TestServer.password)
        try admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        admin.close()
        usleep(200_000)
        #expect(await session.validate(json: receipt(2, order: "o-2")).isValid)
        #expect(await session.validate(json: receipt(1, order: "o-9")).reasons == ["receipt.replayed_transaction"])
        try await session.finish()
    }
}
